// Rule: layout code runs in the node's isolation, off the main actor; it cannot touch a view.
import ActorNodes

actor Card: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  let title = TextNode()

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    title.view?.alpha = 0.5  // expected-error {{main actor-isolated property 'alpha' can not be mutated on a nonisolated actor instance}} expected-error {{main actor-isolated property 'view' can not be mutated on a nonisolated actor instance}} expected-note 2 {{consider declaring an isolated method on 'MainActor' to perform the mutation}}
    return .spec(.node(title))
  }
}
