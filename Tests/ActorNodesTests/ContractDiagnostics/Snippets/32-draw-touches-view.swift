// Rule: draw code runs off the main actor; it cannot touch the node's view.
import ActorNodes

actor Badge: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  func drawParameters() -> Badge { self }

  static func draw(_ node: Badge, in context: inout GraphicsContext, request: DisplayRequest) {  // expected-note 2 {{add '@MainActor' to make static method 'draw(_:in:request:)' part of global actor 'MainActor'}}
    node.view?.alpha = 0.5  // expected-error {{main actor-isolated property 'alpha' can not be mutated from a nonisolated context}} expected-error {{main actor-isolated property 'view' can not be mutated from a nonisolated context}}
  }
}
