// Rule: a layout spec block runs in its node's actor, off the main actor, and synchronously (Texture's
// ASLayoutSpecBlock): a main-actor function cannot be the block, and the block cannot await main-actor work.
import ActorNodes

@MainActor final class Screen {
  let title = TextNode()
  var isCompact = false
}

@MainActor func spec(_ node: BasicNode, _ range: SizeRange) throws -> LayoutSpec {
  .spacer
}

func makeCell() -> BasicNode {
  BasicNode(layoutSpec: spec)  // expected-error {{converting function value of type '@MainActor @Sendable (BasicNode, SizeRange) throws -> LayoutSpec' to 'BasicNode.LayoutSpecBlock' (aka '@Sendable (isolated BasicNode, SizeRange) throws -> LayoutSpec') loses global actor 'MainActor'}}
}

func makeTitle(_ screen: Screen) -> BasicNode {
  BasicNode { _, _ in  // expected-error {{cannot pass function of type '@Sendable (isolated BasicNode, SizeRange) async -> LayoutSpec' to parameter expecting synchronous function type}}
    await screen.isCompact ? .spacer : .node(screen.title)  // expected-note {{'async' inferred from asynchronous operation used here}}
  }
}
