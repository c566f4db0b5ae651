// Rule: a layout spec block may run in any thread's turn of its node's actor, so it cannot capture a view.
import ActorNodes

@MainActor func makeCell(_ title: TextNode) -> BasicNode {
  let header = View()
  return BasicNode { _, _ in
    header.alpha = 0.5  // expected-error {{capture of 'header' with non-Sendable type 'View' in a '@Sendable' closure}} expected-error {{main actor-isolated property 'alpha' can not be mutated from a nonisolated context}}
    return .node(title)
  }
}
