// Fixed: a nonisolated draw; a node that must draw on the main actor sets setDisplaysAsynchronously(false).
import ActorNodes

actor Badge: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  init() {
    setDisplaysAsynchronously(false)
  }

  func drawParameters() -> Color { .red }

  static func draw(_ color: Color, in context: inout GraphicsContext, request: DisplayRequest) {
    context.fill(request.bounds, with: color)
  }
}
