// Rule: a hook's context is lent for its call only, so a hook cannot be replayed with it later.
import ActorNodes

actor Photo: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  @MainActor func didLoad(_ context: borrowing LoadContext) {  // expected-error {{'context' cannot be captured by an escaping closure since it is a borrowed parameter}}
    Task.detached { await self.didLoad(context) }  // expected-error {{passing closure as a 'sending' parameter risks causing data races between main actor-isolated code and concurrent execution of the closure}} expected-note {{closure captures 'self' allowing access to main actor-isolated state within the closure}} expected-error {{sending 'context' risks causing data races}} expected-note {{sending task-isolated 'context' to main actor-isolated instance method 'didLoad' risks causing data races between main actor-isolated and task-isolated uses}} expected-note {{closure capturing 'context' here}}
  }
}
