// Fixed: the snapshot is node-isolated, the display nonisolated and static.
import ActorNodes

actor Badge: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  func drawParameters() -> Color { .red }

  static func display(_ color: Color, request: DisplayRequest) -> Image? {
    nil
  }
}

actor Dot: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  func drawParameters() -> Color { .red }
}
