// Fixed: snapshot the values into a Sendable struct.
import ActorNodes

final class Style {
  var color = Color.red
}

actor Badge: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  let style = Style()

  struct Parameters: Sendable {
    let color: Color
  }

  func drawParameters() -> Parameters { Parameters(color: style.color) }

  static func draw(_ parameters: Parameters, in context: inout GraphicsContext, request: DisplayRequest) {
    context.fill(request.bounds, with: parameters.color)
  }
}
