extension DisplayNode {
  /// The node's supernodes, its supernode first, up to the root of its tree: Texture's `supernodes`.
  ///
  /// Read in one ``HierarchyActor`` step, so no edit lands halfway through it.
  @HierarchyActor
  public var supernodes: [any DisplayNode] {
    var chain: [any DisplayNode] = []
    var current = nodeCore.supernode
    while let node = current {
      chain.append(node)
      current = node.nodeCore.supernode
    }
    return chain
  }

  /// The closest supernode of type `type`, or `nil`: Texture's `supernodeOfClass:includingSelf:`.
  ///
  /// `type` may be a protocol's existential, as Texture's class matches its subclasses: actors have no subclasses,
  /// so `(any DrawingNode).self` finds the closest node that conforms.
  ///
  /// - Parameters:
  ///   - type: The node type looked for, or a protocol's existential.
  ///   - includingSelf: Whether the node itself is the first one tried.
  @HierarchyActor
  public func supernode<Node>(ofType type: Node.Type, includingSelf: Bool = false) -> Node? {
    if includingSelf, let node = self as? Node { return node }
    return supernodes.lazy.compactMap { $0 as? Node }.first
  }

  /// Every node of type `type` in the node's subtree, the node itself left out, each before its own subnodes and
  /// after its earlier siblings' subtrees: Texture's `ASDisplayNodeFindAllSubnodesOfClass`.
  ///
  /// `type` may be a protocol's existential, as Texture's class matches its subclasses: `(any DrawingNode).self`
  /// finds every node that conforms, `(any DisplayNode).self` every node.
  ///
  /// Read in one ``HierarchyActor`` step, so no edit lands halfway through it.
  @HierarchyActor
  public func allSubnodes<Node>(ofType type: Node.Type) -> [Node] {
    // The subtree's pre-order (iterative, so any depth works), the node itself first.
    Tree.preorder(from: self).dropFirst().compactMap { $0.node as? Node }
  }
}
