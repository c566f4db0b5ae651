/// Why a structural edit, a window attachment or a change of layer backing was refused.
///
/// A refused edit leaves every tree unchanged.
public enum HierarchyError: Error, Hashable, Sendable {
  /// A node cannot be its own subnode.
  case cannotAddNodeToItself
  /// The node to add is an ancestor of the receiver: adding it would make a cycle.
  case wouldCreateCycle
  /// The index is outside `validRange`.
  case indexOutOfBounds(index: Int, validRange: ClosedRange<Int>)
  /// The sibling or the node to replace is not a subnode of the receiver.
  case notASubnode
  /// A view-backed node cannot be a subnode of a layer-backed node: a layer cannot host a view.
  case viewBackedSubnodeOfLayerBackedNode
  /// The node is the root of a window; detach it from the window first.
  case nodeIsWindowRoot
  /// A window's root node must not have a supernode.
  case rootHasSupernode
  /// The window already has a root node; detach it first.
  case windowHasRoot
  /// Layer backing cannot change once the node's view has loaded.
  case nodeIsLoaded
  /// A node that wraps a factory-made view or layer has the factory's backing.
  case backingIsSetByFactory
  /// A ``Subtree`` names the same node twice (or names the node it is added to).
  case nodeListedTwice
  /// A node's layout code (``DisplayNode/layoutMethod(thatFits:)``) changed the subnodes of a node being laid out.
  ///
  /// Texture throws here too: a layout is computed from the subnodes as they
  /// are, and must not change them. Add subnodes before layout (in the
  /// node's initializer, or where its state changes).
  case editedInLayoutCode
  /// Layout code (a node's ``DisplayNode/layoutMethod(thatFits:)`` or ``DisplayNode/calculatedLayoutDidChange()``)
  /// attached a root to a window.
  ///
  /// An attach lays its tree out before it returns, and attaches and
  /// detaches wait for each other: from layout code, the call could wait for
  /// the layout it runs in (an attach's own pass), for ever. In Texture a
  /// window's views change on the main thread only, never in layout code.
  case windowChangedInLayoutCode
  /// The node's subnodes are those its layout names (``NodeCore/automaticallyManagesSubnodes``): they are
  /// not added, inserted, replaced or moved out by hand.
  ///
  /// Texture lets the two mix and corrupts its subnode indexes; ActorNodes refuses. A layout pass reports it too
  /// when a managing node's layout names a node that another managing node in a tree keeps naming (one of the two
  /// layouts is wrong); a node whose managing node drops it, or is dropped, in the same pass moves.
  case subnodesManagedByLayout
  /// The nodes of a coordinate conversion have no common ancestor: they are in different trees, whose spaces
  /// are unrelated (Texture asserts).
  case noCommonAncestor
}

extension HierarchyError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .cannotAddNodeToItself: "a node cannot be its own subnode"
    case .wouldCreateCycle: "adding an ancestor as a subnode would create a cycle"
    case .indexOutOfBounds(let index, let range): "subnode index \(index) is outside \(range)"
    case .notASubnode: "the sibling or replaced node is not a subnode of the receiver"
    case .viewBackedSubnodeOfLayerBackedNode: "a view-backed node cannot be a subnode of a layer-backed node"
    case .nodeIsWindowRoot: "the node is a window's root; detach it from the window first"
    case .rootHasSupernode: "a window's root node must not have a supernode"
    case .windowHasRoot: "the window already has a root node; detach it first"
    case .nodeIsLoaded: "layer backing cannot change after the node's view has loaded"
    case .backingIsSetByFactory: "a node made with a view or layer factory has the factory's backing"
    case .nodeListedTwice: "a subtree lists the same node twice"
    case .editedInLayoutCode: "layout code must not add or remove subnodes of a node being laid out"
    case .windowChangedInLayoutCode: "layout code must not attach or detach a window's root"
    case .subnodesManagedByLayout:
      "the subnodes of a node that automatically manages its subnodes come from its layout, not from edits"
    case .noCommonAncestor:
      "the nodes are in different trees: coordinates convert only between nodes with a common ancestor"
    }
  }
}
