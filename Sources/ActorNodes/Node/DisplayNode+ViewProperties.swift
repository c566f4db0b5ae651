extension DisplayNode {
  /// The name shown in descriptions (Texture's `debugName`).
  public var debugName: String? { state.debugName }

  /// Sets the name shown in descriptions.
  public func setDebugName(_ name: String?) {
    state.debugName = name
  }

  /// Writes view properties, from any isolation domain.
  ///
  /// Before the node's view loads, the writes are kept on the node and
  /// copied onto the view when it loads. After, a write from another
  /// isolation domain is queued and applied together with the others on the
  /// next main-actor turn of the node's window (or at ``Window/flush()`` in
  /// manual mode); a write from the main actor reaches the view before this
  /// method returns, and nothing is queued (as Texture applies a bridged
  /// write on the main thread at once). Either way each property takes the
  /// newest value written: a write never gets lost and never overtakes a
  /// newer one. Main-actor code that holds a loaded view can also set it directly.
  ///
  /// ```swift
  /// await node.configure {
  ///   $0.frame = Rect(x: 0, y: 0, width: 40, height: 40)
  ///   $0.backgroundColor = .gray
  ///   $0.cornerRadius = 4
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - body: Reads the node's current values and records writes. It is `@Sendable` and is not
  ///     isolated to the node (the library calls it while recording on the node's actor): it sees
  ///     only the ``ViewPropertyChanges`` it is given and cannot read the node's own stored
  ///     properties. Capture what it needs as values.
  /// - Precondition: The written geometry and numbers are finite, sizes, corner radii, border widths and shadow
  ///   radii are not negative, a shadow's opacity is in `0...1` (Core Animation's ranges) and `contentsScale` is
  ///   positive.
  /// - Important: After load this method suspends twice (recording on the node, then queueing); a
  ///   later write to the same node that overtakes this one on the way to the queue still loses to
  ///   it on the main actor only if it is older: versions are taken on the node, in order.
  public nonisolated func configure(_ body: @Sendable (inout ViewPropertyChanges) -> Void) async {
    // Record on the node, then apply or queue from the caller's context: the
    // node's actor is not held (or resumed) while the write reaches the view or the queue.
    guard let write = await recordWrite(body) else { return }
    let caller: (any Actor)? = #isolation
    if caller === MainActor.shared, await MainTurn.applyNow(write, to: nodeCore) { return }
    await Tree.queueWrite(write, for: self)
  }

  /// Applies `body` to the node's record; after load, returns the write to send to the main actor.
  func recordWrite(_ body: (inout ViewPropertyChanges) -> Void) -> PropertyWrite? {
    let state = self.state
    let size = state.properties.bounds.size
    guard let changes = state.record(body) else { return nil }
    // A frame of its own: the next pass that lays out the supernode writes the layout's frame again.
    if changes.written.contains(.bounds) || changes.written.contains(.position)
      || changes.written.contains(.anchorPoint)
    {
      nodeCore.unsettle()
    }
    if changes.written.contains(.bounds) { state.layoutStorage?.boundsFromView = nil }  // The record is newer.
    guard state.isLoaded else { return nil }
    // A new size for a loaded node laid out before (or placed by hand): a pass lays it out at it, as a view whose
    // bounds change size lays its subviews out again (Texture measures a node whose bounds match none of its
    // layouts at its bounds; see `remeasureForPass`). A node its supernode's spec sizes keeps the size until that
    // supernode lays out again. So does a root that left its window (its window sized it; it frames itself now).
    if state.properties.bounds.size != size, let storage = state.layoutStorage,
      storage.isPlacedByHand || storage.applied != nil || nodeCore.hasLeftItsWindow
    {
      nodeCore.requestLayoutPass(for: self)
    }
    state.writeVersion += 1
    if changes.written.contains(.bounds) { state.boundsVersion = state.writeVersion }
    return PropertyWrite(
      version: state.writeVersion, written: changes.written, record: state.properties, actions: changes.actions,
      frame: changes.frame)
  }

  /// Reads the node's view properties, from any isolation domain.
  ///
  /// Before load these are the pending values. After load they are read
  /// from the view, on the main actor: writes still queued for the next turn
  /// are not visible yet, exactly as on the main actor itself. (Texture
  /// asserts on an off-main read after load; ActorNodes hops instead.)
  ///
  /// A layer-backed node reports `isUserInteractionEnabled` as `false`
  /// whatever was written, as Texture's getter does: a bare layer takes no
  /// touches (the written value is kept, and shows if the node becomes view-backed before load).
  /// Its `tintColor`, if none was written, is its supernode's, as Texture's
  /// getter ascends for a layer-backed node.
  ///
  /// - Important: This method suspends.
  public func viewProperties() async -> ViewProperties {
    let state = self.state
    let record = state.properties
    let core = nodeCore
    // Loaded: read from the view, unless it is still to be made (gathered, waiting for its window's turn).
    var properties: ViewProperties
    if state.isLoaded, let read = await MainActor.run(body: { core.slot?.currentProperties(fallback: record) }) {
      properties = read
    } else {
      properties = record
    }
    if await core.isLayerBacked {
      properties.isUserInteractionEnabled = false
      // A bare layer has no tint of its own to inherit: its node's is the first one set up its supernodes, loaded
      // or not (a layer-backed supernode keeps its own in its record, a view-backed one in its view).
      if properties.tintColor == nil, let supernode = await supernode {
        properties.tintColor = await supernode.viewProperties().tintColor
      }
    }
    return properties
  }

  /// Asks for a layout pass of the node, from any isolation domain (Texture's `setNeedsLayout`).
  ///
  /// Invalidates the node's calculated layout (see
  /// ``invalidateCalculatedLayout()``), which asks the window of a loaded
  /// node for a pass, and marks the view as needing layout: before load that
  /// mark is recorded and applied at load; after load it reaches the view
  /// before this returns when called on the main actor (as Texture marks the
  /// view during the call), and is queued like a property write from anywhere
  /// else. The pass that lays the node out runs its layout hooks and clears the mark.
  public nonisolated func setNeedsLayout() async {
    invalidateCalculatedLayout(asksForPassFromLayoutCode: true)
    await configure { $0.markNeedsLayoutOfRequestedPass() }
  }

  /// Whether the node loads a bare ``Layer`` instead of a ``View``.
  @HierarchyActor
  public var isLayerBacked: Bool { nodeCore.isLayerBacked }

  /// Whether the node can be layer-backed: Texture's `supportsLayerBacking`.
  ///
  /// Every node can but a factory node (``isSynchronous``), whose backing is its factory's, as in Texture, where a
  /// node with a view or layer block does not support layer backing. A node that can is still refused by
  /// ``setLayerBacked(_:)`` once loaded, or where a layer would have to host a view.
  ///
  /// ```swift
  /// for subnode in await cell.subnodes where subnode.supportsLayerBacking {
  ///   try await subnode.setLayerBacked(true)
  /// }
  /// ```
  public nonisolated var supportsLayerBacking: Bool { !nodeCore.isSynchronous }

  /// Chooses between a ``View`` and a bare ``Layer``; before load only.
  ///
  /// - Throws: ``HierarchyError/nodeIsLoaded`` after load,
  ///   ``HierarchyError/backingIsSetByFactory`` for a factory-made view, and
  ///   ``HierarchyError/viewBackedSubnodeOfLayerBackedNode`` if a layer would have to host a view.
  @HierarchyActor
  public func setLayerBacked(_ isLayerBacked: Bool) throws(HierarchyError) {
    try Tree.setLayerBacked(self, isLayerBacked)
  }
}
