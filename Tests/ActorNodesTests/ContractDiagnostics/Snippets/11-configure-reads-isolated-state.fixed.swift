// Fixed: copy the value first; the closure captures a Sendable copy.
import ActorNodes

actor Title: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  var isHighlighted = false

  func refresh() async {
    let alpha = isHighlighted ? 1.0 : 0.5
    await configure { $0.alpha = alpha }
  }
}
