// Rule: the snapshot crosses from the node's isolation to the display threads, so it must be Sendable.
import ActorNodes

final class Style {  // expected-note {{class 'Style' does not conform to the 'Sendable' protocol}}
  var color = Color.red
}

actor Badge: DrawingNode {  // expected-error {{type 'Style' does not conform to the 'Sendable' protocol}}
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  let style = Style()

  func drawParameters() -> Style { style }
}
