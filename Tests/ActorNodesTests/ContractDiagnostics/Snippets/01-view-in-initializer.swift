// Rule: a node's initializer runs in any isolation domain, so it cannot touch the node's view (Texture: init).
import ActorNodes

actor Badge: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  init() {
    view?.backgroundColor = .red  // expected-error {{main actor-isolated property 'view' can not be mutated from a nonisolated context}} expected-error {{main actor-isolated property 'backgroundColor' can not be mutated from a nonisolated context}}
  }
}
