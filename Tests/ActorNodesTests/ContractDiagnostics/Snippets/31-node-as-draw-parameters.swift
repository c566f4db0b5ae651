// Rule: a node is Sendable, so it can be its own parameters, but its state still cannot be read while drawing
// (Texture #552: a draw racing with the node's setters).
import ActorNodes

actor Badge: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  var count = 3  // expected-note {{property declared here}}

  func drawParameters() -> Badge { self }

  static func draw(_ node: Badge, in context: inout GraphicsContext, request: DisplayRequest) {
    if node.count > 0 { context.fill(request.bounds, with: .red) }  // expected-error {{actor-isolated property 'count' can not be referenced from a nonisolated context}}
  }
}
