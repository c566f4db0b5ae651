// Fixed: the factory captures a copy of the value it needs.
import ActorNodes

actor Avatar: DisplayNode {
  var side = 40.0
  nonisolated let nodeCore: NodeCore
  let nodeState = NodeState()

  init() {
    let side = side
    nodeCore = NodeCore(makeView: { View(frame: Rect(x: 0, y: 0, width: side, height: side)) })
  }
}
