// Fixed: await the read; it is one consistent snapshot from the HierarchyActor.
import ActorNodes

actor Row: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  func childCount() async -> Int {
    await subnodes.count
  }
}
