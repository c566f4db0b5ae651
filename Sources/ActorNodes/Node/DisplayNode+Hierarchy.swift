extension DisplayNode {
  /// The node's subnodes, back to front.
  @HierarchyActor
  public var subnodes: [any DisplayNode] { nodeCore.subnodes }

  /// The node's supernode; held weakly, as in Texture.
  @HierarchyActor
  public var supernode: (any DisplayNode)? { nodeCore.supernode }

  /// Adds a subnode on top of the others, moving it from its current supernode.
  ///
  /// A node that is already a subnode of this one stays where it is, as in
  /// Texture (adding it again to make sure it is there changes nothing; use
  /// ``insertSubnode(_:at:)`` to move it among its siblings).
  ///
  /// Allowed from any isolation domain, before and after load. If this node
  /// is loaded and `subnode` is not, `subnode`'s views load: their state is
  /// gathered before this method returns, and the views appear in the next
  /// main-actor turn of the window.
  ///
  /// - Throws: ``HierarchyError`` if `subnode` is this node or one of its
  ///   ancestors, a window's root, or view-backed under a layer-backed node.
  ///   The trees are then unchanged.
  /// - Important: This method may suspend after the edit to gather state for
  ///   loading; the edit itself is one atomic step.
  @HierarchyActor
  public func addSubnode(_ subnode: any DisplayNode) async throws(HierarchyError) {
    let load = try Tree.insert(subnode, into: self, at: .end)
    await Self.finish(load)
  }

  /// Adds several subnodes on top of the others, in order, in one step.
  ///
  /// The same as calling ``addSubnode(_:)`` for each (nodes that are subnodes already stay where they are), but one hop to the
  /// ``HierarchyActor`` instead of one per node, and all or nothing: if one
  /// node cannot be added, none is.
  ///
  /// - Throws: The errors of ``addSubnode(_:)``; the trees are then unchanged.
  @HierarchyActor
  public func addSubnodes(_ subnodes: [any DisplayNode]) async throws(HierarchyError) {
    for load in try Tree.append(subnodes, to: self) { await Tree.finishImplicitLoad(load) }
  }

  /// Adds a described subtree on top of the subnodes, linking all of it in one step.
  ///
  /// The same as ``addSubnodes(_:)-([Subtree])`` with one subtree.
  public nonisolated func addSubnode(_ subtree: Subtree) async throws(HierarchyError) {
    try await addSubnodes([subtree])
  }

  /// Adds described subtrees on top of the subnodes, linking all of them in one step.
  ///
  /// The same as ``Subtree/assemble()`` for `Subtree(self, subnodes: subtrees)`:
  /// every described node gets its described subnodes, and the roots of
  /// `subtrees` are appended to this node's subnodes, in order. Build the
  /// subtrees anywhere (several tasks may build rows in parallel): none of
  /// them touches the ``HierarchyActor`` until this call.
  ///
  /// - Throws: The errors of ``addSubnode(_:)`` and
  ///   ``HierarchyError/nodeListedTwice``; the trees are then unchanged.
  public nonisolated func addSubnodes(_ subtrees: [Subtree]) async throws(HierarchyError) {
    try await Subtree(self, subnodes: subtrees).assemble()
  }

  /// Inserts a subnode at an index, moving it from its current supernode.
  ///
  /// - Parameters:
  ///   - index: The position among the subnodes once `subnode` is removed from them.
  /// - Throws: ``HierarchyError/indexOutOfBounds(index:validRange:)`` and the errors of ``addSubnode(_:)``.
  @HierarchyActor
  public func insertSubnode(_ subnode: any DisplayNode, at index: Int) async throws(HierarchyError) {
    let load = try Tree.insert(subnode, into: self, at: .index(index))
    await Self.finish(load)
  }

  /// Inserts a subnode directly below one of the subnodes.
  ///
  /// Inserting a node below itself changes nothing, as in Texture.
  ///
  /// - Throws: ``HierarchyError/notASubnode`` if `sibling` is not a subnode, and the errors of ``addSubnode(_:)``.
  @HierarchyActor
  public func insertSubnode(_ subnode: any DisplayNode, below sibling: any DisplayNode) async throws(HierarchyError) {
    let load = try Tree.insert(subnode, into: self, at: .below(sibling))
    await Self.finish(load)
  }

  /// Inserts a subnode directly above one of the subnodes.
  ///
  /// - Throws: ``HierarchyError/notASubnode`` if `sibling` is not a subnode, and the errors of ``addSubnode(_:)``.
  @HierarchyActor
  public func insertSubnode(_ subnode: any DisplayNode, above sibling: any DisplayNode) async throws(HierarchyError) {
    let load = try Tree.insert(subnode, into: self, at: .above(sibling))
    await Self.finish(load)
  }

  /// Replaces a subnode with another node, which takes its position.
  ///
  /// In a window, both reach the views in the window's next turn, which runs
  /// the old node's `didExitHierarchy` before the new node's
  /// `willEnterHierarchy` and `didEnterHierarchy`, as Texture removes the old
  /// node before it inserts the new one. (A new node's `didLoad` runs before
  /// both: a turn creates its views first.)
  ///
  /// - Throws: ``HierarchyError/notASubnode`` if `old` is not a subnode, and the errors of ``addSubnode(_:)``.
  @HierarchyActor
  public func replaceSubnode(_ old: any DisplayNode, with new: any DisplayNode) async throws(HierarchyError) {
    let load = try Tree.replace(old, with: new, in: self)
    await Self.finish(load)
  }

  /// Removes the node from its supernode; does nothing for a root.
  ///
  /// A loaded node keeps its view; the view leaves its superview in the next turn.
  ///
  /// - Precondition: The supernode does not manage its subnodes automatically
  ///   (``NodeCore/automaticallyManagesSubnodes``: its layout decides them), and
  ///   is not being laid out by the layout code that calls this. Unlike the
  ///   methods that add subnodes, which throw for these, it does not throw (as
  ///   Texture's does not): breaking either rule stops the program with a
  ///   message that names it.
  @HierarchyActor
  public func removeFromSupernode() {
    Tree.removeFromSupernode(self)
  }

  /// Gathers an implicit load's state, if the edit started one.
  @HierarchyActor
  private static func finish(_ load: LoadBatch?) async {
    guard let load else { return }
    await Tree.finishImplicitLoad(load)
  }
}
