// Rule: draw code sees only the snapshot its node took; it cannot read the node's state.
import ActorNodes

actor Badge: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  var count = 3

  func drawParameters() -> Int { count }

  static func draw(_ parameters: Int, in context: inout GraphicsContext, request: DisplayRequest) {
    if count > 0 { context.fill(request.bounds, with: .red) }  // expected-error {{instance member 'count' cannot be used on type 'Badge'}}
  }
}
