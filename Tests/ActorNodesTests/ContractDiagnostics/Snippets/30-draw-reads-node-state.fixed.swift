// Fixed: snapshot what the drawing needs in drawParameters(), in the node's isolation.
import ActorNodes

actor Badge: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  var count = 3

  func drawParameters() -> Int { count }

  static func draw(_ count: Int, in context: inout GraphicsContext, request: DisplayRequest) {
    if count > 0 { context.fill(request.bounds, with: .red) }
  }
}
