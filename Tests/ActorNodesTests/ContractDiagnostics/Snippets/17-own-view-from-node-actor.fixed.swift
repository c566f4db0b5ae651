// Fixed: the node writes its view's properties through `configure`, from its own actor or anywhere.
import ActorNodes

actor Fader: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  func fade() async {
    await configure { $0.alpha = 0 }
  }
}
