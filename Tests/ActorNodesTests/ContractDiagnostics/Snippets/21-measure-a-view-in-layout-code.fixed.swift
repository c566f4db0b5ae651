// Fixed: measure the subnode, off the main actor, in the range the layout offers.
import ActorNodes

actor Card: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  let title = TextNode()

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let width = try await title.layout(thatFits: range).size.width
    return .size(Size(width: width, height: 20))
  }
}
