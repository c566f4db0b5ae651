import Synchronization

extension DisplayNode {
  /// The layout the last layout pass applied to the node (Texture's `calculatedLayout`); `nil` before the first.
  ///
  /// Measuring with ``layout(thatFits:parentSize:scale:)`` does not change
  /// it: only a pass does (a window's, or ``layoutIfNeeded()``).
  public var calculatedLayout: Layout? {
    state.layoutStorage?.applied.map { $0.layout.layout(of: self) }
  }

  /// The node's size as last measured (Texture's `calculatedSize`).
  ///
  /// The size of the latest measurement if the node has not been
  /// invalidated since, else that of ``calculatedLayout``, else zero.
  public var calculatedSize: Size {
    guard let storage = state.layoutStorage else { return .zero }
    let version = nodeCore.layoutVersion.load(ordering: .acquiring)
    if let key = storage.lastMeasured, let entry = storage.cache.entry(for: key, version: version) {
      return entry.layout.size
    }
    return storage.applied?.layout.size ?? .zero
  }

  /// The layout whose frames the node's view shows, read synchronously on the main actor.
  ///
  /// Set in the main-actor turn that applies a pass (with the frames), or
  /// at load for a node laid out before its view loaded. `nil` before. Its
  /// sublayouts are the frames of the subnodes' views; its size is the size
  /// the node was laid out at, which a window's root gets from its window
  /// (``Window/size``) whatever frame the app gave the root's view.
  @MainActor
  public var appliedLayout: Layout? {
    guard let slot = nodeCore.slot, let applied = slot.appliedLayout else { return nil }
    return applied.layout(of: self)
  }

  /// Lays out the node's subtree if it needs it, from any isolation domain (Texture's `layoutIfNeeded`).
  ///
  /// - For a node whose view has loaded, layout passes run by themselves
  ///   (see ``Window/layoutIfNeeded()``): this waits for the passes of its
  ///   window that take the requests made before the call, then for the turn that applies
  ///   them (of a ``TurnMode/manual`` window, a turn it runs itself, as
  ///   ``Window/flush()``, applying all the window's queued work). A loaded
  ///   node in no window frames itself: it is laid out at its bounds, as
  ///   after load, in the turns of the window it was last in (in the range
  ///   of its latest ``layout(thatFits:parentSize:scale:)`` or of its applied
  ///   layout while its bounds are that layout's size, taking the size it
  ///   measures to there, as Texture's root resizes itself).
  /// - For a node that is not loaded, this runs a pass now, off the main
  ///   actor: the node is laid out at the size of its bounds (nothing
  ///   happens while they are empty, as in Texture), and every node
  ///   its layouts place takes its frame and its layout, kept until its view
  ///   loads. Nothing of it reaches the main actor before that. A subnode
  ///   whose size changed in the range its supernode's layout gave it is
  ///   still laid out at its bounds, and marks its ancestors' layouts as out
  ///   of date, so that the supernode's next layout (its own
  ///   `layoutIfNeeded()`, say) places it at its new size, as Texture's does.
  ///   A root (a node with no supernode) framed at the size of its latest
  ///   ``layout(thatFits:parentSize:scale:)`` is laid out from that
  ///   measurement, in its range, and so again later: if its content changes,
  ///   it takes the size it measures to in that range (its frame's origin
  ///   kept), as Texture's root resizes itself. Else it is laid out in exactly
  ///   its bounds.
  ///
  /// - Throws: The first error the layout code threw; the rest of the tree is laid out all the same.
  ///   ``LayoutError/layoutPassAwaitedFromLayoutCode`` for a loaded node, if called from layout code (the
  ///   pass it runs in would wait for it).
  public nonisolated func layoutIfNeeded() async throws {
    let core = nodeCore
    guard !core.layoutPassesEnabled else {
      try LayoutScope.refuseWaitingForPasses()
      // A loaded root outside any window that no pass laid out yet is laid out now (Texture lays a new view
      // out at its bounds); a window's root and the nodes its passes place were laid out as they loaded.
      if core.supernodeID.load(ordering: .relaxed) == 0 { await requestPassIfNeverLaidOut() }
      let errors = await LayoutScheduler.waitUntilIdle(of: self)
      await TurnQueue.applyQueuedWork(of: core)
      if let error = errors.first { throw error }
      return
    }
    let size = await viewProperties().bounds.size
    guard size.width > 0, size.height > 0 else { return }
    // Measured first in the range its supernode's layout gave it, as Texture's `__layout` measures a node in the
    // range of its calculated layout: a new size there marks every ancestor's layout as out of date (Texture's
    // `_u_setNeedsLayoutFromAbove`), so that the supernode's next layout places it at that size.
    if core.supernodeID.load(ordering: .acquiring) != 0, await sizeChangedInAppliedRange(LayoutEnvironment(scale: 1)) {
      var ancestor = await supernode
      while let node = ancestor {
        node.invalidateCalculatedLayout()
        ancestor = await node.supernode
      }
    }
    var range = SizeRange(exactly: size)
    if core.supernodeID.load(ordering: .acquiring) == 0, let kept = await rangeForPassAsUnloadedRoot(at: size) {
      range = kept.range
      if let newSize = kept.newSize {
        // Texture's `_rootNodeDidInvalidateSize`: a root that measures to another size in that range takes it
        // (`displayNodeDidInvalidateSizeNewSize:` sets its bounds, its frame's origin kept).
        await configure { $0.frame = Rect(origin: $0.frame.origin, size: newSize) }
      }
    }
    let outcome = await LayoutPass.run(
      roots: [LayoutPass.Root(node: self, target: .range(range), frame: nil)],
      environment: LayoutEnvironment(scale: 1))
    if outcome.application.entries.contains(where: { $0.frameWrite != nil }) {
      // Some subnode loaded meanwhile: its frame goes to its window like any write.
      await Self.submit(outcome.application, for: self)
    }
    if let error = outcome.errors.first { throw error }
  }

  /// The range an unloaded root's ``layoutIfNeeded()`` lays it out in, and its new size if it has another one there;
  /// `nil` to lay it out at exactly its bounds (see ``keptRange(at:_:)``).
  private func rangeForPassAsUnloadedRoot(at bounds: Size) async -> (range: SizeRange, newSize: Size?)? {
    let environment = LayoutEnvironment(scale: 1)
    let size = environment.grid.ceil(bounds)
    guard let range = keptRange(at: size, environment), range != SizeRange(exactly: size) else { return nil }
    // A failure is the pass's to report: laid out in that range, it fails there again.
    guard let entry = try? await cachedEntry(in: range, environment), entry.layout.size != size else {
      return (range, nil)
    }
    return (range, entry.layout.size)
  }

  /// The range a pass lays a root at `bounds` (on the pixel grid of `environment`) out in; `nil` for exactly its
  /// bounds.
  ///
  /// Texture's `_locked_constrainedSizeForLayoutPass`, for a loaded root and an
  /// unloaded one alike: the range of the node's latest measurement
  /// (`layout(thatFits:)`, its pending layout) if that measurement had the
  /// bounds' size (the caller framed the node at the size it measured), even if
  /// the node changed since (Texture takes a stale pending layout's range too),
  /// else the range of its applied layout if that has the bounds' size, else its
  /// bounds. So a node measured in a range and framed at the result is laid out
  /// from that measurement, not measured again, and once its content changes
  /// (before its first layout or after) it is measured in that range again and
  /// takes the size it measures to there, as Texture's root does.
  private func keptRange(at bounds: Size, _ environment: LayoutEnvironment) -> SizeRange? {
    guard let storage = state.layoutStorage else { return nil }
    if let key = storage.lastMeasured, key.scale == environment.grid.scale, storage.lastMeasuredSize == bounds {
      return key.range
    }
    if let applied = storage.applied, applied.layout.size == bounds { return applied.range }
    return nil
  }

  /// Whether the node measures to another size than its applied layout's in that layout's range (Texture compares
  /// its new layout's size with its bounds); `false` without an applied layout, or if its layout code throws (the
  /// pass reports that).
  private func sizeChangedInAppliedRange(_ environment: LayoutEnvironment) async -> Bool {
    guard let applied = state.layoutStorage?.applied,
      let entry = try? await cachedEntry(in: applied.range, environment)
    else { return false }
    return entry.layout.size != applied.layout.size
  }

  private func requestPassIfNeverLaidOut() {
    guard state.layoutStorage?.applied == nil else { return }
    nodeCore.requestLayoutPass(for: self)
  }

  @HierarchyActor
  private static func submit(_ application: LayoutApplication, for node: any DisplayNode) {
    TurnQueue.queue(of: node).submit(application)
  }

  /// Measures the node again for a pass, in the range of its applied layout.
  ///
  /// A node whose applied range is exact on an axis was sized by its
  /// supernode (a stack's flexing or stretching, a second measurement in a
  /// shrunk range): the same size there says nothing about what it wants, so
  /// its supernode lays out again, unless its own style fixes that axis (a
  /// width, a height or a preferred size: what it wants there is the style's,
  /// which did not change). Texture measures such a node again only in
  /// the shrunk range and keeps the old layout (its
  /// `testCallingSetNeedsLayoutOnANodeThatWasSubjectToMultipassLayout` pins
  /// that as a known bug).
  ///
  /// The same for a node that keeps its size in its applied range but not in
  /// another range it was measured in at the same version: a stack measures
  /// an item unbounded for its basis, then at its share, and a text that grew
  /// may wrap to the same size at its share while its basis grew. The
  /// supernode's layout was computed from the old basis, so the supernode lays
  /// out again (Texture keeps its layout; a fresh tree would not).
  ///
  /// A node whose style changed since its applied layout was measured is not
  /// measured here: its applied range was resolved from the old style (its
  /// size, its minimum and maximum), so its supernode lays out again and
  /// resolves the new one (Texture measures it in the range its supernode
  /// offered, restricted by its current style, and the new size makes the
  /// supernode lay out again).
  ///
  /// A node whose bounds are no longer the size of its applied layout (its
  /// frame was written since, by `configure` or by its supernode's
  /// `layout(_:)`) is laid out at its bounds, alone: Texture's
  /// `constrainedSizeForLayoutPass` falls back to the bounds when no layout it
  /// kept has their size, whoever placed the node (its supernode's next
  /// layout gives a node its spec sizes its spec's frame again).
  ///
  /// A node laid out since the invalidation that asked for this pass (by a
  /// pass that measured it inside its supernode's layout meanwhile) cannot
  /// tell whether its size changed: the old size is gone, and that layout of
  /// the supernode may have combined the new measurement with measurements of
  /// the node's old content that the supernode's ancestors had cached (a
  /// stack measures a flexible item twice). So its supernode lays out again,
  /// as in Texture, where a node that changes size relayouts every ancestor.
  ///
  /// - Parameter invalidatedAt: The layout version the node's invalidation made, for the node that asked for the
  ///   pass; 0 for an ancestor the pass reached from it.
  /// - Returns: What the measurement showed, and the stamp of the node's applied layout as the pass chose from it
  ///   (0 for none): a pass lays the node out only if no other step took it since (see
  ///   ``passStep(_:frame:placedBy:checksLink:chosenAt:anchor:_:)``).
  func remeasureForPass(
    _ environment: LayoutEnvironment, invalidatedAt: UInt64 = 0
  ) async throws -> (PassRemeasurement, chosenAt: UInt64) {
    let chosenAt = state.layoutStorage?.applied?.stamp ?? 0
    return (try await remeasurement(environment, invalidatedAt: invalidatedAt), chosenAt)
  }

  private func remeasurement(_ environment: LayoutEnvironment, invalidatedAt: UInt64) async throws -> PassRemeasurement
  {
    guard let storage = state.layoutStorage else { return .notLaidOut }
    let bounds = environment.grid.ceil(boundsForPass(storage))
    let hasBounds = bounds.width > 0 && bounds.height > 0
    guard let applied = storage.applied else {
      return storage.isPlacedByHand && hasBounds ? .sameSize(SizeRange(exactly: bounds)) : .notLaidOut
    }
    if storage.styleVersion > applied.version { return .resized(applied.range) }
    // A root in no window frames itself, in the range `passRangeAsRoot` picks (that of its newest measurement whose
    // size its bounds have, a `layout(thatFits:)` newer than its applied layout too), read before this measurement
    // replaces its newest one (adversarial round 29: it was measured in its applied range, or at exactly its
    // bounds, and never grew in the newer range).
    if hasBounds, nodeCore.supernodeID.load(ordering: .acquiring) == 0,
      nodeCore.hostWindowID.load(ordering: .acquiring) == 0, let range = passRangeAsRoot(environment)
    {
      let size = try await cachedEntry(in: range, environment).layout.size
      return .root(range, frame: size == bounds ? nil : Rect(origin: state.properties.frame.origin, size: size))
    }
    if hasBounds, bounds != applied.layout.size {
      // Its frame is its own now, until a layout of its supernode places it again (see `passStep`).
      storage.isPlacedByHand = true
      return .sameSize(SizeRange(exactly: bounds))
    }
    // Laid out since its invalidation: its old size is gone, so its supernode, whose range sized it, decides (rule (o)
    // of AN-0004); not for a node placed by hand, whose range is its bounds.
    if invalidatedAt != 0, applied.version >= invalidatedAt, !storage.isPlacedByHand { return .resized(applied.range) }
    // Read before measuring: a new measurement drops the entries of older versions.
    let otherSizes = storage.cache.sizes(at: applied.version, scale: environment.grid.scale, except: applied.range)
    let layout = try await cachedEntry(in: applied.range, environment).layout
    // (A node placed by hand at its bounds has an exact range of its own: a layout of the same size is its. An
    // axis its own style fixes is not the supernode's doing either: what it wants there cannot have changed, since
    // a style change counts as a new size above.)
    let own = storage.style.sizeRange(parentSize: Size(width: .nan, height: .nan))
    let sizedBySupernode =
      !storage.isPlacedByHand
      && ((applied.range.min.width == applied.range.max.width && own.min.width != own.max.width)
        || (applied.range.min.height == applied.range.max.height && own.min.height != own.max.height))
    guard layout.size == applied.layout.size else { return .resized(applied.range) }
    for (range, size) in otherSizes where try await cachedEntry(in: range, environment).layout.size != size {
      return .resized(applied.range)
    }
    return sizedBySupernode ? .sizedBySupernode(applied.range) : .sameSize(applied.range)
  }

  /// ``passRangeAsRoot(_:)``, and the frame the node takes if it measures to another size than its bounds' there.
  ///
  /// Texture's `_rootNodeDidInvalidateSize`: a root laid out in the range it
  /// kept resizes itself to its new size (`displayNodeDidInvalidateSizeNewSize:`
  /// sets its bounds; its frame's origin is kept), so its view shows the
  /// layout applied to it.
  func passPlacementAsRoot(_ environment: LayoutEnvironment) async -> (range: SizeRange, frame: Rect?)? {
    guard let range = passRangeAsRoot(environment) else { return nil }
    let bounds = environment.grid.ceil(boundsForPass(state.layoutStorage))
    // A failure is the pass's to report: laid out in that range, it fails there again.
    guard range != SizeRange(exactly: bounds), let entry = try? await cachedEntry(in: range, environment),
      entry.layout.size != bounds
    else { return (range, nil) }
    return (range, Rect(origin: state.properties.frame.origin, size: entry.layout.size))
  }

  /// The range a pass lays the node out in as a root outside any window, which frames itself; `nil` for none.
  ///
  /// Texture lays a view out at its bounds: in the range of its latest
  /// measurement or of its applied layout (it keeps the range a supernode it
  /// left gave it) if that layout has their size, else at exactly their size
  /// (never measured nor laid out, or its frame was written since); see
  /// ``keptRange(at:_:)``. Without bounds, in the range of its applied layout.
  /// From now on the node is placed by hand: a new size written to its frame
  /// asks for a pass.
  func passRangeAsRoot(_ environment: LayoutEnvironment) -> SizeRange? {
    let storage = state.layout
    storage.isPlacedByHand = true
    let bounds = environment.grid.ceil(boundsForPass(storage))
    guard bounds.width > 0, bounds.height > 0 else { return storage.applied?.range }
    return keptRange(at: bounds, environment) ?? SizeRange(exactly: bounds)
  }

  /// The size of the node's bounds for a pass: the one its supernode's `layout(_:)` gave its view, if newer
  /// than its record's.
  private func boundsForPass(_ storage: NodeLayoutState?) -> Size {
    storage?.boundsFromView ?? state.properties.bounds.size
  }

  /// Marks a node that entered a window under a supernode that places its subnodes itself, and that no pass laid
  /// out, as placed by hand (see ``LayoutTriggers``); asks for a pass at its bounds if they are not empty.
  func enteredUnderHandPlacement() {
    let storage = state.layout
    guard storage.applied == nil else { return }  // A pass laid it out meanwhile.
    storage.isPlacedByHand = true
    let size = state.properties.bounds.size
    guard size.width > 0, size.height > 0 else { return }  // A size written later asks (see `recordWrite`).
    nodeCore.requestLayoutPass(for: self)
  }

  /// Takes the size that the `layout(_:)` of the node's supernode gave its view, on the main actor, and asks
  /// for a pass that lays the node out at it (as a view whose bounds change size lays its subviews out again).
  ///
  /// `version` is the version of the bounds write the view showed before the hook: a size read from a view
  /// whose bounds the node has written again since (a pass placed it, its write not applied yet when the hook
  /// ran) is stale, and taken for nothing. (Round 18: a `configure` frame applied in the turn, then the
  /// supernode's hook, took the written size after the supernode's next pass had placed the node anew, and a
  /// pass laid the node out at the stale size while its view showed the new one.)
  func takeBoundsFromView(_ size: Size, shownAt version: UInt64) {
    guard state.boundsVersion <= version else { return }
    let storage = state.layout
    storage.boundsFromView = size
    storage.isPlacedByHand = true
    nodeCore.requestLayoutPass(for: self)
  }

  /// Takes the node's layout for `target` as its applied layout, records `frame` (where the supernode with
  /// ``NodeCore/id`` `parentID` placed it) as a view-property write.
  ///
  /// - Returns: What the pass must know, or `nil` for a
  ///   ``PassTarget/latestMeasurement`` when the node has no valid measurement and empty bounds, for a
  ///   ``PassTarget/window(_:)`` of no size or whose root the node is not (any more), and when `checksLink`
  ///   and the node is not (any more) a subnode of the node with ``NodeCore/id`` `parentID`; and, for a root
  ///   that the pass chose when the node's applied layout had the stamp `chosenAt`, when another step took the
  ///   node since; when the root of the walk (`anchor`) entered another window since the walk laid it out; and
  ///   when a layout of the same supernode newer than the one that gives `frame` (its step's stamp
  ///   `parentStamp`, 0 for none) placed the node since.
  func passStep(
    _ target: PassTarget, frame: Rect?, placedBy parentID: UInt64, parentStamp: UInt64 = 0,
    checksLink: Bool = false, chosenAt: UInt64? = nil, anchor: WalkAnchor? = nil, quiet: Bool = false,
    _ environment: LayoutEnvironment
  ) async throws -> PassStep? {
    // A node that left the supernode whose layout placed it (while that layout was measured, or since) is not
    // placed by it: Texture sets frames only on a node's current subnodes. Its new place lays it out.
    if checksLink, !isSubnode(ofNodeWithID: parentID) { return nil }
    do {
      return try await takeLayout(
        target, frame: frame, placedBy: parentID, parentStamp: parentStamp, checksLink: checksLink,
        chosenAt: chosenAt, anchor: anchor, quiet: quiet, environment)
    } catch {
      // Its layout failed, but its supernode's layout, which places it, holds: its view takes the frame that
      // layout gives it (Texture sets a subnode's frame from its supernode's layout whatever the subnode's own),
      // and keeps the layout inside it that it had. The error goes to the pass's waiters; the node is laid out
      // again by the next pass.
      guard let frame, let applied = state.layoutStorage?.applied,
        !checksLink || isSubnode(ofNodeWithID: parentID), anchor?.rootMovedToAnotherWindow != true
      else { throw error }
      let storage = state.layout
      if parentStamp != 0 {
        if let placement = storage.placement, placement.parentID == parentID, placement.stamp > parentStamp {
          throw error
        }
        storage.placement = (parentID, parentStamp)
      }
      nodeCore.unsettle()
      return PassStep(
        layout: applied.layout, previous: applied.layout, changed: false, measuredAnew: false, isSilent: false,
        isManual: applied.isManual, subnodeRequests: [], frameWrite: recordFrame(frame), error: error,
        stamp: applied.stamp)
    }
  }

  /// ``passStep(_:frame:placedBy:parentStamp:checksLink:chosenAt:anchor:_:)`` once the node is known to be
  /// placed where the step says: measures it for `target` and takes the layout.
  private func takeLayout(
    _ target: PassTarget, frame: Rect?, placedBy parentID: UInt64, parentStamp: UInt64,
    checksLink: Bool, chosenAt: UInt64?, anchor: WalkAnchor?, quiet: Bool, _ environment: LayoutEnvironment
  ) async throws -> PassStep? {
    let entry: LayoutCache.Entry
    // The measurement its supernode's layout was computed from, if the layout is that one (see `.size` below).
    var requestGiven: UInt64?
    switch target {
    case .range(let range):
      // A root outside any window when the pass chose its range, a window's root since (attached while the pass
      // waited for other measurements): laid out at its window's size, which is its range now.
      // The size only: the window itself, kept across the measurement, would outlive its app's last reference.
      let windowSize =
        nodeCore.hostWindowID.load(ordering: .acquiring) != 0 ? await Tree.passPlace(of: self).windowSize : nil
      if let size = windowSize {
        guard size != .zero else { return nil }
        entry = try await cachedEntry(in: SizeRange(exactly: size), environment)
      } else {
        entry = try await cachedEntry(in: range, environment)
      }
    case .window(let window):
      // A window of no size gives its root empty bounds, where Texture's `__layout` lays out nothing: the frames
      // stay as they are until it has a size again.
      guard let size = window.size, size != .zero, isRoot(of: window) else { return nil }
      entry = try await cachedEntry(in: SizeRange(exactly: size), environment)
      // Detached, attached elsewhere, resized or gone while it was measured: that attach or resize lays it out.
      guard isRoot(of: window), window.size == size else { return nil }
    case .size(let size, let given):
      let version = nodeCore.layoutVersion.load(ordering: .acquiring)
      let scale = environment.grid.scale
      let storage = state.layout
      // The measurement its supernode's spec took last (measured or answered from its memo), if it has that size:
      // the supernode's layout was computed from it, though the node may have been measured since in another
      // range to the same size, with other frames inside (a pass's check of a dirty node, or code asking for a
      // layout). Else the latest of that size.
      let fits = { (entry: LayoutCache.Entry) in entry.layout.size == size && entry.key.scale == scale }
      let latestFromAbove = nodeCore.requestFromAbove.load(ordering: .relaxed)
      let request = given != 0 ? given : latestFromAbove
      let fromAbove = storage.cache.latest(version: version) { $0.key.fingerprint == request && fits($0) }
      if fromAbove != nil { requestGiven = request }
      if latestFromAbove != 0, !nodeCore.layoutPassesEnabled,
        nodeCore.requestFromAboveVersion.load(ordering: .relaxed) != version
      {
        nodeCore.notePassAtLoad(for: self)  // Invalidated since its supernode measured it, unloaded.
      }
      if let measured = fromAbove ?? storage.cache.latest(version: version, where: fits) {
        // It is the node's latest measurement again (Texture measures the node again when its supernode's layout
        // is not the one measured last).
        storage.noteMeasured(measured.key, size: measured.layout.size, nodeCore)
        entry = measured
      } else {
        entry = try await cachedEntry(in: SizeRange(exactly: size), environment)
      }
    case .applied:
      guard let applied = state.layoutStorage?.applied else { return nil }
      entry = try await cachedEntry(in: applied.range, environment)
      // Invalidated since, and of another size there: laid out here, at a size its frame does not have, its view's
      // bounds would be taken for its own, and its supernode never asked. The pass its invalidation asked for lays it
      // out, and its supernode if its size changed (Texture's `__layout` asks from above).
      guard entry.layout.size == applied.layout.size else { return nil }
    case .requested(let request):
      let range = request.range.intersection(state.style.sizeRange(parentSize: request.parentSize ?? request.range.max))
      entry = try await cachedEntry(in: range, environment)
    case .latestMeasurement:
      let version = nodeCore.layoutVersion.load(ordering: .acquiring)
      let scale = environment.grid.scale
      if let measured = state.layoutStorage?.cache.latest(version: version, where: { $0.key.scale == scale }) {
        entry = measured
      } else {
        // Never measured by the node that places it: laid out at its bounds, as Texture's layout pass
        // measures such a node (nothing while they are empty).
        let size = boundsForPass(state.layoutStorage)
        guard size.width > 0, size.height > 0 else {
          // Placed by hand all the same: a size written later asks for a pass (see `recordWrite`).
          state.layout.isPlacedByHand = true
          return nil
        }
        entry = try await cachedEntry(in: SizeRange(exactly: size), environment)
      }
    }
    if checksLink, !isSubnode(ofNodeWithID: parentID) { return nil }  // It left while it was measured.
    // The walk's root entered another window since the walk laid it out (a swap of window roots): that window's
    // attach lays the tree out; this step, from the window the root left, would come after the attach's.
    if let anchor, anchor.rootMovedToAnotherWindow { return nil }
    let storage = state.layout
    // A root this pass chose from state that another step has replaced since, with a layout of the same version
    // as this one: a walk of this pass from an earlier root, or another window's pass, laid the node out from
    // newer state (its supernode placed it anew, its new window sized it), and this step, taken later, would put
    // the older choice back over it. Texture lays a view out once per pass, top down, at the bounds it has then.
    // (A step whose layout is older than this one's was measured before an invalidation this pass answers: this
    // pass lays the node out, as before.)
    if let chosenAt, let applied = storage.applied, applied.stamp != chosenAt, applied.version == entry.version {
      return nil
    }
    // A root this pass chose because it kept its size in its applied range, which its supernode's layout gave it,
    // and which no longer keeps it: its content changed again after the choice. The size is its supernode's to
    // give: this layout is not applied (its view would show a size no layout of the supernode gave, and the next
    // pass would take the node for one placed by hand), and a pass is asked for, which lays out the supernode.
    if chosenAt != nil, case .range = target, !storage.isPlacedByHand, let applied = storage.applied,
      entry.layout.size != applied.layout.size, nodeCore.supernodeID.load(ordering: .acquiring) != 0
    {
      nodeCore.requestLayoutPass(for: self)
      return nil
    }
    // A subnode placed from an older layout of its supernode than the one that placed it last: two passes (or a
    // pass and an attach) walked the supernode, and this step, from the older walk, ended after the newer one's;
    // it would put the older frame and size back. Texture sets a subnode's frame from its supernode's newest layout.
    if frame != nil, parentStamp != 0 {
      if let placement = storage.placement, placement.parentID == parentID, placement.stamp > parentStamp {
        return nil
      }
      storage.placement = (parentID, parentStamp)
    }
    switch target {
    case .size, .window:
      storage.isPlacedByHand = false
      storage.boundsFromView = nil
    case .latestMeasurement, .requested: storage.isPlacedByHand = true
    case .range, .applied: break  // A root of the pass: placed as before.
    }
    let previousApplied = storage.applied
    let previous = previousApplied?.layout
    let changed = previous.map { !$0.hasSameFrames(as: entry.layout) } ?? true
    // Texture calls the hook whenever a pass applies a layout measured anew (an invalidation or another range
    // made the applied one stale), even one equal to it; only a still-valid layout applied again is silent.
    let measuredAnew = previousApplied.map { $0.version != entry.version || $0.range != entry.key.range } ?? true
    // Laid out again only because a subnode that kept its size reached it (`quiet`), to the same frames: Texture
    // would not have laid it out (its `__layout` asks nothing from above for a node that keeps its size).
    let isSilent = quiet && !changed
    // The step's stamp, from the node's write versions: the main actor applies a pass's layout only if no later
    // step's was applied before it (passes of two windows, or one queued before an attach applied its own).
    let state = self.state
    state.writeVersion += 1
    let stamp = state.writeVersion
    storage.applied = (entry.layout, entry.key.range, entry.version, entry.isManual, stamp)
    var write: FrameWrite?
    if let frame {
      write = recordFrame(frame)
      // A layout that is not its supernode's measurement (the node was invalidated after its supernode measured
      // it, so it is laid out at the size it was placed at) may differ inside from the one the supernode's next
      // layout measures: the node is not settled, so that the supernode's next pass visits it even where it
      // leaves the frame as is (round 18 with frame writes, seed 8).
      if let requestGiven {
        nodeCore.settle(at: entry.version, request: requestGiven, placedBy: parentID)
      } else {
        nodeCore.unsettle()
      }
    }
    if (changed || measuredAnew) && !isSilent {
      // A frame of its own in the pass's scope: an invalidation from the hook asks for no pass (which would
      // call the hook again), and a wait for passes from it is refused.
      let scope = LayoutScope.current
      scope?.push(LayoutScope.Frame(token: 0, nodeID: nodeCore.id, isHook: true))
      calculatedLayoutDidChange()
      scope?.pop()
    }
    return PassStep(
      layout: entry.layout, previous: previous, changed: changed, measuredAnew: measuredAnew, isSilent: isSilent,
      isManual: entry.isManual, subnodeRequests: entry.subnodeRequests, frameWrite: write, stamp: stamp)
  }
}

extension DisplayNode {
  /// Whether the node is still the root of `window`.
  fileprivate nonisolated func isRoot(of window: PassWindow) -> Bool {
    nodeCore.hostWindowID.load(ordering: .acquiring) == window.id
  }

  /// Whether the node is a subnode of the node whose ``NodeCore/id`` is `parentID`.
  fileprivate nonisolated func isSubnode(ofNodeWithID parentID: UInt64) -> Bool {
    nodeCore.supernodeID.load(ordering: .sequentiallyConsistent) == parentID
  }
}

/// The window whose root a pass lays out, held weakly: a pass, which may wait long for layout code, never keeps a
/// window that its app let go alive (with its tree in the hierarchy), as a `UIWindow` goes when its last holder
/// lets it go.
struct PassWindow: Sendable {
  weak var window: Window?
  /// The window's ``Window/id``, which its root's ``NodeCore/hostWindowID`` names while it is attached.
  let id: UInt64

  init(_ window: Window) {
    self.window = window
    id = window.id
  }

  /// The window's size; `nil` once it is gone.
  var size: Size? { window?.size }
}

/// What a layout pass asks one node to lay itself out for.
enum PassTarget: Sendable {
  /// A range: a root's, or the range a node's applied layout was measured in.
  case range(SizeRange)
  /// The size of the window whose root the node is (its frame is the window's), read when the node is laid
  /// out; nothing if the node is not that window's root any more, or the window is gone.
  case window(PassWindow)
  /// A size its supernode's layout gave it: its measurement of that size (the one for `request`, the measurement the
  /// supernode's layout was computed from, if it is not 0 and still cached), else one for exactly that size.
  case size(Size, request: UInt64 = 0)
  /// A subnode of a node that places its subnodes itself: its latest valid measurement, or, if its supernode
  /// never measured it, its bounds' size (nothing while they are empty).
  case latestMeasurement
  /// A subnode of a node that places its subnodes itself, whose applied layout was computed from this request
  /// of the subnode: its layout for it (measured again if it is not cached any more).
  case requested(SubnodeRequest)
  /// The range of its applied layout: a node whose view loaded with a layout applied before it loaded, laid
  /// out again so that its layout hooks run (and, if it places its subnodes itself, with their sizes); nothing
  /// for a node with no applied layout.
  case applied
}

/// What measuring a node again in its applied range showed.
enum PassRemeasurement: Sendable {
  /// It keeps its size: its supernode need not lay out again.
  case sameSize(SizeRange)
  /// Its size changed: its supernode must lay out again.
  case resized(SizeRange)
  /// It kept its size, in a range exact on an axis that its supernode decides (a stack stretched or flexed it)
  /// and its own style does not fix, and in every other range it was measured in for that layout: its size there
  /// says nothing of what it wants now, so its supernode lays out again (Texture's multipass case, where Texture
  /// measures such a node only in the range that fixed it and misses a change), but runs no hook and keeps its
  /// layout if that comes out the same, as in Texture, which does not lay it out at all.
  case sizedBySupernode(SizeRange)
  /// No pass laid it out yet.
  case notLaidOut
  /// A root outside any window, laid out in the range as it frames itself (`frame` if it takes another size there;
  /// see ``DisplayNode/passPlacementAsRoot(_:)``).
  case root(SizeRange, frame: Rect?)
}

/// What one node took in a pass.
struct PassStep: Sendable {
  let layout: NodeLayout
  /// The layout applied before, if any: its subnodes that keep their frames and are settled need no visit.
  let previous: NodeLayout?
  /// Whether the layout differs from the one applied before (or is the first).
  let changed: Bool
  /// Whether the layout was measured anew (an invalidation or another range made the applied one stale), even
  /// if it equals the one applied before: subnodes invalidated since may have new layouts in the same frames.
  let measuredAnew: Bool
  /// Whether the node runs no hook though it was measured anew: only nodes that kept their sizes, in ranges
  /// exact on an axis their supernodes decide, reached it, and its layout has the frames of the one applied
  /// before (see ``PassRemeasurement/sizedBySupernode(_:)``).
  let isSilent: Bool
  /// Whether the node measured itself and places its subnodes in `layout()`.
  let isManual: Bool
  /// For a node that measured itself: what its layout code asked of its subnodes for this layout.
  let subnodeRequests: [SubnodeRequest]
  /// The frame its supernode's layout gave it, as a write for the main actor (`nil` before load: it is pending).
  let frameWrite: FrameWrite?
  /// What measuring the node threw, if it did: the step then only gives the node its frame, keeping the layout
  /// it had, and the walk does not go below it.
  var error: (any Error)? = nil
  /// The node's write version when it took the layout: a later step of the node has a higher one.
  let stamp: UInt64
}
