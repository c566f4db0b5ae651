// Fixed: the parameters are a value copied from the node's state.
import ActorNodes

actor Badge: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  var count = 3

  struct Parameters: Sendable {
    let count: Int
  }

  func drawParameters() -> Parameters { Parameters(count: count) }

  static func draw(_ parameters: Parameters, in context: inout GraphicsContext, request: DisplayRequest) {
    if parameters.count > 0 { context.fill(request.bounds, with: .red) }
  }
}
