// Rule: drawing never runs on the main actor (unless the node asks for synchronous display), so a draw method
// cannot be made @MainActor.
import ActorNodes

actor Badge: DrawingNode {  // expected-error {{conformance of 'Badge' to protocol 'DrawingNode' crosses into main actor-isolated code and can cause data races}} expected-note {{isolate this conformance to the main actor with '@MainActor'}} expected-note {{turn data races into runtime errors with '@preconcurrency'}}
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  func drawParameters() -> Color { .red }

  @MainActor static func draw(_ color: Color, in context: inout GraphicsContext, request: DisplayRequest) {  // expected-note {{main actor-isolated static method 'draw(_:in:request:)' cannot satisfy nonisolated requirement}}
    context.fill(request.bounds, with: color)
  }
}
