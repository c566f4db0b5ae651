// Rule: views never leave the main actor, so layout code cannot measure one (Texture users read a UIView's
// frame in layoutSpecThatFits:, on whatever thread it runs).
import ActorNodes

actor Card: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  let title = TextNode()

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let width = await title.view?.frame.width ?? 0  // expected-error {{non-Sendable type 'View' cannot be sent into main actor-isolated context in call to property 'frame'}} expected-error {{non-Sendable type 'View?' of property 'view' cannot exit main actor-isolated context}}
    return .size(Size(width: width, height: 20))
  }
}
