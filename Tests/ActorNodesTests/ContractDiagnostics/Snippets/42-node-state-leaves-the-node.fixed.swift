// Fixed: ask the node, with await, for the Sendable values its state holds.
import ActorNodes

func makeCell(_ title: TextNode) -> BasicNode {
  BasicNode { node, _ in
    Task.detached { print(await node.viewProperties().alpha) }
    return .node(title)
  }
}
