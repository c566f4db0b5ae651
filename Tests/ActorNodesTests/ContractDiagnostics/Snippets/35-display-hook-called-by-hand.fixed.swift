// Fixed: ask for a display; the library calls the hooks when it starts and commits.
import ActorNodes

actor Badge: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  func drawParameters() -> Color { .red }
}

func redraw(_ badge: Badge) async {
  await badge.setNeedsDisplay()
}
