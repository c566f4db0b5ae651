// Fixed: do the work during the call; the library calls didLoad, once.
import ActorNodes

actor Photo: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  @MainActor func didLoad(_ context: borrowing LoadContext) {
    context.view?.isUserInteractionEnabled = false
  }
}
