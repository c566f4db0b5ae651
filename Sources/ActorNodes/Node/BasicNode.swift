/// A node with no state of its own: a container, a leaf, or a wrapper of a factory-made view.
///
/// Use it where Texture code uses a plain `ASDisplayNode`, including
/// `initWithViewBlock:` / `initWithLayerBlock:`.
public actor BasicNode: DisplayNode {
  /// The node's identity, tree links and loaded view.
  public nonisolated let nodeCore: NodeCore
  /// The library's node-isolated state.
  public let nodeState: NodeState

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
}
