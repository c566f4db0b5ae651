// Fixed: write through the node from the background task; the write is queued for the next turn.
import ActorNodes

@MainActor func fadeLater(_ node: BasicNode) {
  Task.detached {
    await node.configure { $0.alpha = 0 }
  }
}
