// Fixed: ask the node for a Sendable snapshot of its properties (read on the main actor after load).
import ActorNodes

func readOffMain(_ node: BasicNode) async -> Double {
  await node.viewProperties().alpha
}
