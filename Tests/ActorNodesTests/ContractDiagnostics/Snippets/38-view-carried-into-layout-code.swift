// Rule: a main-actor value that holds a view is Sendable, but its view stays on the main actor: layout code that
// receives one cannot reach the view.
import ActorNodes

@MainActor struct Header {
  let view: View  // expected-note {{mutation of this property is only permitted within the actor}}
}

func makeCell(_ header: Header, _ title: TextNode) -> BasicNode {
  BasicNode { _, _ in
    header.view.alpha = 0.5  // expected-error {{main actor-isolated property 'view' can not be mutated from a nonisolated context}} expected-error {{main actor-isolated property 'alpha' can not be mutated from a nonisolated context}}
    return .node(title)
  }
}
