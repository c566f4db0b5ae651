// Rule: a node's actor is not the main actor: even the node's own loaded view is used only on the main actor.
import ActorNodes

actor Fader: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  func fade() {
    view?.alpha = 0  // expected-error {{main actor-isolated property 'alpha' can not be mutated on a nonisolated actor instance}} expected-error {{main actor-isolated property 'view' can not be mutated on a different actor instance}}
  }
}
