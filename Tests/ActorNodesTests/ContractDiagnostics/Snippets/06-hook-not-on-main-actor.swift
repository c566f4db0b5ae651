// Rule: view-lifecycle hooks run on the main actor; an implementation isolated to the node does not conform.
import ActorNodes

actor Photo: DisplayNode {  // expected-error {{conformance of 'Photo' to protocol 'DisplayNode' involves isolation mismatches and can cause data races}} expected-note {{mark all declarations used in the conformance 'nonisolated'}} expected-note {{turn data races into runtime errors with '@preconcurrency'}}
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  func didLoad(_ context: borrowing LoadContext) {}  // expected-note {{actor-isolated instance method 'didLoad' cannot satisfy main actor-isolated requirement}}
}
