// Fixed: the node makes its view with a factory, called on the main actor at load; the view stays there.
import ActorNodes

actor Badge: DisplayNode {
  nonisolated let nodeCore = NodeCore(makeView: { View(frame: Rect(x: 0, y: 0, width: 20, height: 20)) })
  let nodeState = NodeState()
}
