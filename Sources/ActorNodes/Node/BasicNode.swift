/// A node with no state of its own: a container, a leaf, or a wrapper of a factory-made view.
///
/// Use it where Texture code uses a plain `ASDisplayNode`, including
/// `initWithViewBlock:` / `initWithLayerBlock:`, and a plain node given a
/// `layoutSpecBlock` (see ``init(debugName:isLayerBacked:automaticallyManagesSubnodes:layoutSpec:)``).
public actor BasicNode: DisplayNode {
  /// Texture's `ASLayoutSpecBlock`: the spec of a node that does not subclass, from the node and the size range it
  /// is offered.
  ///
  /// It runs where ``DisplayNode/layoutMethod(thatFits:)`` runs: in the node's actor (the node is its isolated
  /// parameter), off the main actor. Capture the subnodes it names, not a node that holds the block: the node comes
  /// as the parameter, as in Texture, so the block needs no reference to it.
  ///
  /// It is synchronous, as Texture's block is, so that it runs where its node runs: Swift converts a `@MainActor`
  /// `async` function to an `async` type with an isolated parameter (the call then hops to the main actor), but
  /// not a synchronous one, and a synchronous block cannot await main-actor work either. It cannot await the
  /// ``HierarchyActor`` either (``DisplayNode/subnodes``, ``DisplayNode/supernode``): capture the subnodes it
  /// names. A node that reads its tree or measures its subnodes with `await` before it describes its spec
  /// implements ``DisplayNode/layoutMethod(thatFits:)``.
  ///
  /// - Important: The node holds its block strongly, and a node holds its subnodes: a block that captures its own
  ///   node, or any of the node's supernodes, makes a reference cycle, and the node and its whole tree are never
  ///   freed, even after they leave their window and every other reference is gone (Texture's block leaks the same
  ///   way when it captures `self` strongly). Use the node the block is given; to reach a supernode, capture it
  ///   `weak`. The subnodes a block captures keep no cycle: they
  ///   are freed with the node.
  public typealias LayoutSpecBlock = @Sendable (isolated BasicNode, SizeRange) throws -> LayoutSpec

  /// The node's identity, tree links and loaded view.
  public nonisolated let nodeCore: NodeCore
  /// The library's node-isolated state.
  public let nodeState: NodeState
  /// The block that gives the node's spec, if any: Texture's `layoutSpecBlock`.
  public private(set) var layoutSpecBlock: LayoutSpecBlock?

  /// Creates a node that loads a ``View`` (or a ``Layer`` if `isLayerBacked`).
  public init(debugName: String? = nil, isLayerBacked: Bool = false) {
    nodeCore = NodeCore(isLayerBacked: isLayerBacked)
    nodeState = NodeState(debugName: debugName)
  }

  /// Creates a node with the view properties that `configure` writes, without a hop to its actor.
  ///
  /// ```swift
  /// let badge = BasicNode(isLayerBacked: true) {
  ///   $0.frame = Rect(x: 0, y: 0, width: 16, height: 16)
  ///   $0.cornerRadius = 8
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - configure: Records the initial properties; see ``NodeState/init(debugName:configure:)``.
  ///     It is `@Sendable` because an actor's initializer may be called from any isolation domain.
  public init(
    debugName: String? = nil, isLayerBacked: Bool = false, configure: @Sendable (inout ViewPropertyChanges) -> Void
  ) {
    nodeCore = NodeCore(isLayerBacked: isLayerBacked)
    nodeState = NodeState(debugName: debugName, configure: configure)
  }

  /// Creates a node laid out by the spec `layoutSpec` returns: a plain `ASDisplayNode` with a `layoutSpecBlock`.
  ///
  /// ```swift
  /// let cell = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
  ///   .stack(.horizontal, spacing: 8, children: [.node(avatar), .node(title)])
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - automaticallyManagesSubnodes: Whether the node's subnodes are exactly the nodes its spec names
  ///     (Texture's `automaticallyManagesSubnodes`, which such nodes usually set); without it the spec may name
  ///     only nodes added with `addSubnode(_:)`.
  ///   - layoutSpec: The node's spec for a size range; see ``LayoutSpecBlock``.
  public init(
    debugName: String? = nil, isLayerBacked: Bool = false, automaticallyManagesSubnodes: Bool = false,
    layoutSpec: @escaping LayoutSpecBlock
  ) {
    nodeCore = NodeCore(isLayerBacked: isLayerBacked, automaticallyManagesSubnodes: automaticallyManagesSubnodes)
    nodeState = NodeState(debugName: debugName)
    layoutSpecBlock = layoutSpec
  }

  /// Creates a node that wraps the view `makeView` returns; see ``NodeCore/init(makeView:)``.
  public init(debugName: String? = nil, makeView: @escaping @MainActor @Sendable () -> View) {
    nodeCore = NodeCore(makeView: makeView)
    nodeState = NodeState(debugName: debugName)
  }

  /// Creates a layer-backed node that wraps the layer `makeLayer` returns.
  public init(debugName: String? = nil, makeLayer: @escaping @MainActor @Sendable () -> Layer) {
    nodeCore = NodeCore(makeLayer: makeLayer)
    nodeState = NodeState(debugName: debugName)
  }

  /// Sets the block that gives the node's spec, or removes it (`nil`: the node sizes itself as a plain node does).
  ///
  /// As Texture's `layoutSpecBlock` setter, this does not invalidate the node's layout: call
  /// ``DisplayNode/setNeedsLayout()`` after it to lay the node out with the new block. A block that captures this
  /// node or one of its supernodes keeps the tree alive for ever; see ``LayoutSpecBlock``.
  public func setLayoutSpecBlock(_ block: LayoutSpecBlock?) {
    layoutSpecBlock = block
  }

  /// The spec its ``layoutSpecBlock`` returns, if it has one; else Texture's default size (see
  /// ``DisplayNode/layoutMethod(thatFits:)``).
  public func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    guard let layoutSpecBlock else { return .defaultSize(thatFits: range) }
    return .spec(try layoutSpecBlock(self, range))
  }
}
