// Fixed: set view state in didLoad (on the main actor), or pending state with configure.
import ActorNodes

actor Badge: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  init() async {
    await configure { $0.backgroundColor = .red }
  }

  @MainActor func didLoad(_ context: borrowing LoadContext) {
    context.view?.isUserInteractionEnabled = false
  }
}
