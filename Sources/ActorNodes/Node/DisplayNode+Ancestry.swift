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

  /// The first node of type `type` in the node's subtree, the node itself left out, or `nil`: Texture's
  /// `ASDisplayNodeFindFirstSubnodeOfClass`.
  ///
  /// Texture's search order: each subnode's own subtree is searched before the subnode itself, and earlier
  /// siblings before later ones, so the deepest match of the first branch that has one wins (in `a { b { c } }`,
  /// with `b` and `c` both of the type, `c` is found). That is the last node of ``allSubnodes(ofType:)``'s order
  /// only when there is one branch; use `allSubnodes(ofType:).first` for the shallowest match of the first branch.
  ///
  /// `type` may be a protocol's existential, as for ``allSubnodes(ofType:)``. Read in one ``HierarchyActor``
  /// step, so no edit lands halfway through it.
  @HierarchyActor
  public func firstSubnode<Node>(ofType type: Node.Type) -> Node? {
    firstInPostOrder(includingSelf: false) { $0 is Node } as? Node
  }

  /// Every node in the node's subtree for which `isIncluded` is true, the node itself left out, in the order of
  /// ``allSubnodes(ofType:)``: Texture's `ASDisplayNodeFindAllSubnodes`.
  ///
  /// The whole search is one ``HierarchyActor`` step, so `isIncluded` runs on that actor: it can read each node's
  /// links (`subnodes`, `supernode`), ``isLayerBacked``, its type and its nonisolated members, not the state on its
  /// own actor (which a synchronous block cannot reach; read it with `await` on the nodes returned).
  @HierarchyActor
  public func allSubnodes(
    where isIncluded: @HierarchyActor @Sendable (any DisplayNode) -> Bool
  ) -> [any DisplayNode] {
    Tree.preorder(from: self).dropFirst().lazy.map(\.node).filter(isIncluded)
  }

  /// The first node of the node's subtree for which `matches` is true, in the order of
  /// ``firstSubnode(ofType:)`` (a subnode's subtree before the subnode): Texture's `ASDisplayNodeFindFirstSubnode`,
  /// or, with `includingSelf`, `ASDisplayNodeFindFirstNode`, which tries the node itself last.
  ///
  /// `matches` runs on the ``HierarchyActor``, in one step; see ``allSubnodes(where:)`` for what it can read.
  @HierarchyActor
  public func firstSubnode(
    includingSelf: Bool = false, where matches: @HierarchyActor @Sendable (any DisplayNode) -> Bool
  ) -> (any DisplayNode)? {
    firstInPostOrder(includingSelf: includingSelf, where: matches)
  }

  /// The first node of the subtree, in post-order (iterative, so any depth works), for which `matches` is true: a
  /// node is tried once all of its subnodes' subtrees were, and the node itself, if included, last.
  @HierarchyActor
  private func firstInPostOrder(
    includingSelf: Bool, where matches: (any DisplayNode) -> Bool
  ) -> (any DisplayNode)? {
    var stack: [(node: any DisplayNode, subnodesSearched: Bool)] = nodeCore.subnodes.reversed().map { ($0, false) }
    while let (node, subnodesSearched) = stack.popLast() {
      if subnodesSearched {
        if matches(node) { return node }
        continue
      }
      stack.append((node, true))
      stack.append(contentsOf: node.nodeCore.subnodes.reversed().map { ($0, false) })
    }
    return includingSelf && matches(self) ? self : nil
  }

  /// The closest node that is both this node or one of its supernodes and `other` or one of `other`'s, or `nil`
  /// when they are in different trees: Texture's `ASDisplayNodeFindClosestCommonAncestor`.
  ///
  /// A node is its own ancestor here, as in Texture: the closest common ancestor of a node and one of its
  /// subnodes is the node, and of a node and itself the node. Where Texture asserts that there is one, this
  /// returns `nil`.
  ///
  /// Read in one ``HierarchyActor`` step, so no edit lands halfway through it.
  @HierarchyActor
  public func closestCommonAncestor(with other: any DisplayNode) -> (any DisplayNode)? {
    var otherChain: Set<ObjectIdentifier> = [ObjectIdentifier(other.nodeCore)]
    for supernode in other.supernodes { otherChain.insert(ObjectIdentifier(supernode.nodeCore)) }
    if otherChain.contains(ObjectIdentifier(nodeCore)) { return self }
    return supernodes.first { otherChain.contains(ObjectIdentifier($0.nodeCore)) }
  }
}
