// Fixed: the block describes the layout from the node it is given and the Sendable values it captures.
import ActorNodes

func spec(_ node: isolated BasicNode, _ range: SizeRange) throws -> LayoutSpec {
  .spacer
}

func makeCell() -> BasicNode {
  BasicNode(layoutSpec: spec)
}

@MainActor func makeTitle(title: TextNode, isCompact: Bool) -> BasicNode {
  BasicNode(automaticallyManagesSubnodes: true) { _, _ in
    isCompact ? .spacer : .node(title)
  }
}
