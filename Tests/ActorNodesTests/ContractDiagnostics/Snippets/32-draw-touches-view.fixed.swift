// Fixed: change view properties through the node (from any domain), and draw only into the context.
import ActorNodes

actor Badge: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  func drawParameters() -> Badge { self }

  static func draw(_ node: Badge, in context: inout GraphicsContext, request: DisplayRequest) {
    context.setAlpha(0.5)
    context.fill(request.bounds, with: .red)
  }

  func fade() async {
    await configure { $0.alpha = 0.5 }
  }
}
