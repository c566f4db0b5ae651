// Fixed: mark the hook @MainActor.
import ActorNodes

actor Photo: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  @MainActor func didLoad(_ context: borrowing LoadContext) {}
}
