// Fixed: read what the hook needs from its context during the call; the node it names can be sent.
import ActorNodes

actor Tracker: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  @MainActor func willEnterHierarchy(_ context: borrowing HierarchyContext) {
    let node = context.node
    _ = node
  }

  @MainActor func didExitHierarchy(_ context: borrowing HierarchyContext) {
    let node = context.node
    Task.detached { _ = await node.debugName }
  }
}
