// Rule: whether a node is loaded is main-actor state (Texture reads isNodeLoaded anywhere); elsewhere it is awaited.
import ActorNodes

func isShown(_ node: BasicNode) -> Bool {  // expected-note {{add '@MainActor' to make global function 'isShown' part of global actor 'MainActor'}}
  node.isNodeLoaded  // expected-error {{main actor-isolated property 'isNodeLoaded' can not be referenced from a nonisolated context}}
}
