// Rule: the layout and display hooks' contexts are lent for their call only, like LoadContext: no escaping
// closure, task or stored property can keep one.
import ActorNodes

actor Card: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  @MainActor var isAsynchronous: (@MainActor () -> Bool)?

  @MainActor func layoutDidFinish(_ context: borrowing LayoutContext) {  // expected-error {{'context' cannot be captured by an escaping closure since it is a borrowed parameter}}
    Task { @MainActor in print(context.layout.size) }  // expected-note {{closure capturing 'context' here}}
  }

  @MainActor func displayDidFinish(_ context: borrowing DisplayContext) {  // expected-error {{'context' cannot be captured by an escaping closure since it is a borrowed parameter}}
    isAsynchronous = { context.isAsynchronous }  // expected-note {{closure capturing 'context' here}}
  }
}
