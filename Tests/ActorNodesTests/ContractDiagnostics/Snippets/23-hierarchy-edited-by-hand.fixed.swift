// Fixed: edit with the methods; a copy of the subnodes can be changed, and changes nothing in the tree.
import ActorNodes

@HierarchyActor func edit(_ parent: BasicNode, _ child: BasicNode) async throws {
  try await parent.addSubnode(child)
  var copy = parent.subnodes
  copy.removeAll()
  _ = copy
}
