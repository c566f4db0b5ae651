// Fixed: stay on the main actor for the layer, or write through the node from elsewhere.
import ActorNodes

@MainActor func hideLater(_ node: BasicNode) async {
  node.layer?.opacity = 0
  await Task.detached { await node.configure { $0.alpha = 0 } }.value
}
