// Fixed: the block names nodes; view properties change through the node (or in a main-actor hook).
import ActorNodes

@MainActor func makeCell(_ title: TextNode) async -> BasicNode {
  await title.configure { $0.alpha = 0.5 }
  return BasicNode { _, _ in .node(title) }
}
