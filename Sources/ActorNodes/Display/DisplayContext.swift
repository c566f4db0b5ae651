/// What a display hook is told: the node, whether the display runs off the main actor, and the subnode concerned.
///
/// Only the library makes one, so only the library calls the display hooks
/// (``DisplayNode/displayWillStart(_:)``, ``DisplayNode/displayDidFinish(_:)``,
/// ``DisplayNode/subnodeDisplayWillStart(_:)``, ``DisplayNode/subnodeDisplayDidFinish(_:)``,
/// ``DisplayNode/hierarchyDisplayDidFinish(_:)``). It is lent to one call and cannot be kept.
@MainActor
public struct DisplayContext: ~Copyable {
  /// The node whose hook is called.
  public let node: any DisplayNode
  /// Whether the display draws off the main actor (Texture's `asynchronously` argument).
  public let isAsynchronous: Bool
  /// For the `subnodeDisplay…` hooks, the subnode whose display started or finished; else `nil`.
  public let subnode: (any DisplayNode)?

  init(node: any DisplayNode, isAsynchronous: Bool, subnode: (any DisplayNode)? = nil) {
    self.node = node
    self.isAsynchronous = isAsynchronous
    self.subnode = subnode
  }
}

@available(*, unavailable, message: "a DisplayContext is lent to one hook call and cannot leave it")
extension DisplayContext: Sendable {}
