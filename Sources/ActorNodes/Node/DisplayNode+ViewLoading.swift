extension DisplayNode {
  /// The node's view once loaded; `nil` before, and always for a layer-backed node.
  ///
  /// Main-actor code reads it synchronously: the view lives on the main
  /// actor, in the node's ``NodeCore``, and cannot leave it.
  @MainActor
  public var view: View? { nodeCore.slot?.view }

  /// The node's layer once loaded: the view's layer, or the bare layer of a layer-backed node.
  @MainActor
  public var layer: Layer? { nodeCore.slot?.layer }

  /// Whether the node's view (or layer) exists (Texture's `isNodeLoaded`).
  @MainActor
  public var isNodeLoaded: Bool { nodeCore.slot?.isLoaded ?? false }

  /// Whether the node's view is in a window's view tree (Texture's `isInHierarchy`).
  ///
  /// Becomes `true` just before ``willEnterHierarchy(_:)`` and `false` just
  /// before ``didExitHierarchy(_:)``.
  @MainActor
  public var isInHierarchy: Bool { nodeCore.slot?.isInHierarchy ?? false }

  /// Loads the views of the node and its subtree, outside any window.
  ///
  /// The pending state is gathered off the main actor, then one main-actor
  /// turn creates the views and runs `didLoad`. Returns right away if the
  /// node is already loaded or loading: while another load of the node (an
  /// attach, another `loadView()`, an implicit load in a window's tree) is on
  /// its way, the view may not exist yet when this returns (Texture's `view`
  /// getter loads synchronously; here that load's turn makes it). A window's ``Window/attach(_:)``
  /// loads its tree itself; this is for nodes shown elsewhere.
  public nonisolated func loadView() async {
    guard let prepared = await Tree.prepareStandaloneLoad(of: self) else { return }
    let gathered = await Loading.takeSnapshots(of: prepared)
    await Self.applyStandaloneLoad(prepared, gathered: gathered)
  }

  /// Finishes a standalone load and applies it from the `HierarchyActor`, so that its turn is
  /// ordered after the turns that took work before it (see ``Tree/finishLoad(_:gathered:)``).
  @HierarchyActor
  private static func applyStandaloneLoad(_ prepared: PreparedLoad, gathered: LoadBatch?) async {
    await MainTurn.apply(await Tree.finishLoad(prepared, gathered: gathered), recorder: TurnQueue.shared.recorder)
      .record()
  }

  /// Runs `block` on the main actor once the node's view has loaded, after ``didLoad(_:)``.
  ///
  /// Blocks run in the order they were added. If the view is already
  /// loaded, the block runs in the next main-actor turn of the node's window
  /// (Texture runs it at once on the main thread and asserts elsewhere;
  /// ActorNodes never loses it instead). The block sees every write made with
  /// ``DisplayNode/configure(_:)`` before it was added, even one that waited with it for
  /// a `didLoad` delayed by a subnode's view still on its way.
  public func onDidLoad(_ block: @escaping DidLoadBlock) async {
    let state = self.state
    guard state.isLoaded else {
      state.didLoadBlocks.append(block)
      return
    }
    state.writeVersion += 1
    await Tree.queueBlock(block, version: state.writeVersion, for: self)
  }

  /// Takes the pending state for loading; from now on writes go to the main actor.
  func takeLoadSnapshot() -> LoadSnapshot {
    let state = self.state
    state.isLoaded = true
    var snapshot = LoadSnapshot(
      properties: state.properties,
      written: state.pendingWrites,
      frame: state.pendingFrame,
      actions: state.pendingActions,
      version: state.writeVersion,
      didLoadBlocks: state.didLoadBlocks,
      debugName: state.debugName,
      appliedLayout: state.layoutStorage?.applied.map { ($0.layout, $0.isManual, $0.stamp) })
    if nodeCore.enableLayoutPasses() {
      snapshot.asksForPassAtLoad = true
      nodeCore.requestLayoutPass(for: self)
    }
    if Self.self is any DrawingNode.Type { nodeCore.setDisplayFlag(NodeCore.drawsContents, true) }
    state.pendingWrites = ViewPropertyMask()
    state.pendingActions = []
    state.clearPendingFrame()
    state.didLoadBlocks = []
    return snapshot
  }
}
