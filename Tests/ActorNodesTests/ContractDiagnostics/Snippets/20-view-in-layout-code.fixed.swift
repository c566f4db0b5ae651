// Fixed: layout code describes the layout; view properties change through the node, or in a main-actor hook.
import ActorNodes

actor Card: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  let title = TextNode()

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    .spec(.node(title))
  }

  @MainActor func layoutDidFinish(_ context: borrowing LayoutContext) {
    context.view?.alpha = 0.5
  }
}
