// Fixed: wrap a factory-made view in a subnode; the library makes it on the main actor, at load.
import ActorNodes

actor Badge: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  let label = BasicNode(makeView: { View() })

  init() async throws {
    try await addSubnode(label)
  }
}
