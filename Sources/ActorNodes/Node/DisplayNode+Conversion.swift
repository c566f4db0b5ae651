extension DisplayNode {
  /// Converts a point from the node's coordinate space to `node`'s (Texture's `convertPoint:toNode:`), from any
  /// isolation domain.
  ///
  /// The conversion goes up the supernode links from this node to the
  /// closest ancestor it shares with `node`, then down to `node`, and reads
  /// the bounds, position and anchor point of each node on the way: before
  /// load the values written with ``configure(_:)``, after load the view's
  /// (writes still queued for the window's next turn are not seen yet, as
  /// with ``viewProperties()``). The loaded nodes' views are read in one
  /// main-actor turn, the others' records one by one, so, as with Texture's
  /// per-node locks, a node moved or resized during the call may be seen
  /// before or after the change.
  ///
  /// ```swift
  /// let inCell = try await badge.convert(Point(x: 4, y: 4), to: cell)
  /// ```
  ///
  /// Main-actor code holding loaded nodes can convert synchronously with their views or layers:
  /// `badge.layer?.convert(point, to: cell.layer)`.
  ///
  /// - Parameters:
  ///   - point: A point in the node's bounds' coordinates.
  ///   - node: The node whose coordinates to convert to; `nil` for the
  ///     window's coordinates if the node is in a window's tree, else for its
  ///     topmost supernode's.
  /// - Throws: ``HierarchyError/noCommonAncestor`` if `node` is in another tree.
  /// - Precondition: `point` is finite, and so is the result.
  /// - Important: This method suspends.
  public nonisolated func convert(_ point: Point, to node: (any DisplayNode)?) async throws(HierarchyError) -> Point {
    try await NodeSpaces.translation(from: self, to: node).apply(to: point)
  }

  /// Converts a point from `node`'s coordinate space to the node's (Texture's `convertPoint:fromNode:`).
  ///
  /// `nil` converts from the window's coordinates if the node is in a
  /// window's tree, else from its topmost supernode's; see
  /// ``convert(_:to:)-(Point,_)`` for what is read.
  ///
  /// - Throws: ``HierarchyError/noCommonAncestor`` if `node` is in another tree.
  /// - Precondition: `point` is finite, and so is the result.
  /// - Important: This method suspends.
  public nonisolated func convert(_ point: Point, from node: (any DisplayNode)?) async throws(HierarchyError) -> Point {
    try await NodeSpaces.translation(from: self, to: node).inverse.apply(to: point)
  }

  /// Converts a rectangle from the node's coordinate space to `node`'s (Texture's `convertRect:toNode:`): its
  /// origin moves, its size stays. `nil` and what is read are as for points.
  ///
  /// - Throws: ``HierarchyError/noCommonAncestor`` if `node` is in another tree.
  /// - Precondition: `rect` is finite, and so is the result.
  /// - Important: This method suspends.
  public nonisolated func convert(_ rect: Rect, to node: (any DisplayNode)?) async throws(HierarchyError) -> Rect {
    try await NodeSpaces.translation(from: self, to: node).apply(to: rect)
  }

  /// Converts a rectangle from `node`'s coordinate space to the node's (Texture's `convertRect:fromNode:`).
  ///
  /// - Throws: ``HierarchyError/noCommonAncestor`` if `node` is in another tree.
  /// - Precondition: `rect` is finite, and so is the result.
  /// - Important: This method suspends.
  public nonisolated func convert(_ rect: Rect, from node: (any DisplayNode)?) async throws(HierarchyError) -> Rect {
    try await NodeSpaces.translation(from: self, to: node).inverse.apply(to: rect)
  }

  /// Where the origin of the node's bounds lies in its supernode's coordinates, from the node's record (the
  /// values written with ``configure(_:)``).
  fileprivate func recordedOffsetInSupernode() -> Point {
    state.properties.offsetInSuperlayer
  }
}

/// Conversions between the coordinate spaces of nodes.
private enum NodeSpaces {
  /// The translation from `source`'s space to `target`'s (see ``DisplayNode/convert(_:to:)-(Point,_)``).
  static func translation(
    from source: any DisplayNode, to target: (any DisplayNode)?
  ) async throws(HierarchyError) -> SpaceTranslation {
    let (up, down) = try await path(from: source, to: target)
    let offsets = await offsetsInSupernodes(of: up + down)
    var translation = SpaceTranslation()
    for offset in offsets[..<up.count] { translation.goUp(by: offset) }
    for offset in offsets[up.count...] { translation.goDown(by: offset) }
    return translation
  }

  /// Where the origin of each node's bounds lies in its supernode's coordinates: from its layer once its view
  /// loaded (all of them read in one main-actor turn), else from its record (a hop into the node).
  private static func offsetsInSupernodes(of nodes: [any DisplayNode]) async -> [Point] {
    let fromLayers: [Point?]
    if nodes.contains(where: { $0.nodeCore.isViewLoaded }) {  // Only a loaded node has a layer.
      fromLayers = await MainActor.run { nodes.map { $0.nodeCore.slot?.layer?.offsetInSuperlayer } }
    } else {
      fromLayers = Array(repeating: nil, count: nodes.count)
    }
    var offsets: [Point] = []
    offsets.reserveCapacity(nodes.count)
    for (node, fromLayer) in zip(nodes, fromLayers) {
      if let fromLayer {
        offsets.append(fromLayer)
      } else {
        offsets.append(await node.recordedOffsetInSupernode())
      }
    }
    return offsets
  }

  /// The nodes whose offsets are added (up) and taken away (down), read from the tree links in one step.
  @HierarchyActor
  private static func path(
    from source: any DisplayNode, to target: (any DisplayNode)?
  ) throws(HierarchyError) -> (up: [any DisplayNode], down: [any DisplayNode]) {
    let path = CoordinatePath(
      from: source, to: target, parent: { $0.nodeCore.supernode }, identity: { ObjectIdentifier($0.nodeCore) })
    guard path.isConnected else { throw .noCommonAncestor }
    var up = path.up
    // A window's root sits in the window's view: its own offset takes a point to the window's coordinates.
    if target == nil, path.sourceRoot.nodeCore.isWindowRoot { up.append(path.sourceRoot) }
    return (up, path.down)
  }
}
