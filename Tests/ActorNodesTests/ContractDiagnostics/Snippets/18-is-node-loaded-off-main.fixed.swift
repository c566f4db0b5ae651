// Fixed: await the read; it hops to the main actor.
import ActorNodes

func isShown(_ node: BasicNode) async -> Bool {
  await node.isNodeLoaded
}
