import Synchronization

extension DisplayNode {
  /// The node's own layout style.
  ///
  /// A spec that names the node can override fields of it for that use
  /// (``LayoutSpec/flexGrow(_:)`` and the other modifiers).
  public var style: LayoutStyle { state.style }

  /// Changes the node's own layout style; invalidates its layout if the style changed.
  ///
  /// ```swift
  /// await title.setStyle { $0.flexShrink = 1 }
  /// ```
  ///
  /// Called from layout code, it asks for a layout pass, as a change of what
  /// the node shows does (see ``invalidateCalculatedLayout()``); except from
  /// the layout code of its supernode, before that code asks the node for a
  /// layout itself (a style set on a subnode before returning the spec that
  /// names it, as Texture's users set `style.flexGrow` in
  /// `layoutSpecThatFits:`): that layout measures the node with its new
  /// style, so no pass lays it out again, as Texture's style setters call
  /// nothing on the node.
  public func setStyle(_ body: @Sendable (inout LayoutStyle) -> Void) {
    var style = state.style
    body(&style)
    guard style != state.style else { return }
    let storage = state.layout
    storage.style = style
    let core = nodeCore
    let supernodeID = core.supernodeID.load(ordering: .acquiring)
    let measuredNext =
      supernodeID != 0
      && LayoutScope.currentIfAny?.isLayoutCode(ofSupernode: supernodeID, beforeItAsks: core.id) == true
    invalidateCalculatedLayout(asksForPassFromLayoutCode: !measuredNext)
    // Read after the bump; no pass can look at the node before this returns (it runs in the node's isolation).
    storage.styleVersion = nodeCore.layoutVersion.load(ordering: .acquiring)
  }

  /// Marks every layout measured for the node so far as out of date, from any isolation domain.
  ///
  /// Texture's `invalidateCalculatedLayout`: call it when state that the
  /// node's ``layoutMethod(thatFits:)`` reads changes. The next request for a
  /// layout measures again; a measurement running now is not cached. Once
  /// the node's view has loaded, this also asks its window for a layout pass
  /// (many invalidations before the pass starts cost one pass, and those of
  /// one main-actor job always do: a pass asked for there starts after the
  /// job, as Texture lays out once per main-thread turn): the node is
  /// measured again off the main actor, its supernode too if its size
  /// changed (once, however many of its subnodes changed size), and the new
  /// frames are applied in the window's next turn.
  /// Called from layout code (any node's `layoutMethod(thatFits:)` while it
  /// is measured), or from the node's own `calculatedLayoutDidChange()`,
  /// `layout(_:)` or `layoutDidFinish(_:)`, it asks for no pass, as Texture's
  /// never does: the pass would run that code again, which would invalidate
  /// again, for ever. A layout of the node being measured is returned but
  /// not cached, and whatever measures the node next (its supernode's layout
  /// under way, or the next pass something else asks for) measures it anew.
  /// A change of what the node shows (``setNeedsLayout()``, a text node's
  /// text, an image node's image, ``setStyle(_:)`` unless its supernode's
  /// layout code calls it before it measures the node) asks for a pass from
  /// layout code too, as Texture's `setNeedsLayout` does: the next pass
  /// after the current one. A chain of passes, each asked for by code that
  /// the one before ran, ends after four of them (Texture would run such code
  /// again at every frame, for ever), so that a wait for the passes returns.
  public nonisolated func invalidateCalculatedLayout() {
    invalidateCalculatedLayout(asksForPassFromLayoutCode: false)
  }

  /// ``invalidateCalculatedLayout()``; with `asksForPassFromLayoutCode`, for a change of what the node shows,
  /// which layout code makes too (Texture's `setNeedsLayout`), so that the change shows after the next pass.
  nonisolated func invalidateCalculatedLayout(asksForPassFromLayoutCode: Bool) {
    let core = nodeCore
    let version = core.layoutVersion.wrappingAdd(1, ordering: .releasing).newValue
    // The shortcut could not answer any more; dropped, so that its layout keeps no removed subnode alive.
    core.dropShortcut()
    var generation = 0
    if let scope = LayoutScope.currentIfAny {
      // Code that a pass runs asks for a follow-up of it: a chain of them ends (see `followUpPassLimit`).
      generation = scope.passGeneration + 1
      // From layout code, an invalidation alone asks for no pass, as Texture's never does: the pass would run
      // that code again, which would invalidate again, forever (a node's code invalidating the node, its supernode,
      // its subnode, or a node whose code invalidates it back). A measurement of the node under way in this task
      // is returned but not cached; whatever measures the node next measures it anew. The same from the node's
      // own `calculatedLayoutDidChange()`; another node's still asks (it runs once per new layout). A change of
      // what the node shows asks, as Texture's `setNeedsLayout` marks the view whatever code calls it: without
      // the pass, nothing might measure the node again, and the change would never show.
      if scope.noteInvalidation(ofNodeWithID: core.id), !asksForPassFromLayoutCode { return }
      guard generation <= LayoutScope.followUpPassLimit else { return }
    }
    // The same from its own `layout(_:)` or `layoutDidFinish(_:)`, on the main actor.
    if LayoutApplication.nodeRunningHooks.load(ordering: .relaxed) == core.id, LayoutApplication.isOnMainQueue {
      return
    }
    core.latestInvalidation.store(version, ordering: .releasing)
    core.unhandledInvalidation.store(version, ordering: .releasing)
    core.requestLayoutPass(for: self, generation: generation)
  }

  /// Measures the node's layout within `range`, without applying it: Texture's `layoutThatFits:parentSize:`.
  ///
  /// The node's style, resolved against `parentSize`, narrows the range
  /// first (where they disagree, `range` wins). The result is cached per
  /// range until the node's layout is invalidated, and concurrent requests for
  /// the same range share one measurement. Children are measured in their
  /// own isolation, several at once where that pays.
  ///
  /// - Parameters:
  ///   - range: The sizes the node may take.
  ///   - parentSize: The size fractions in the node's style refer to; `range.max` by default. A NaN or
  ///     infinite dimension is unknown: a fraction of it counts as `auto`.
  ///   - scale: Pixels per point: every size is rounded up to this grid.
  /// - Returns: The node's layout, flattened: its sublayouts are its direct subnodes.
  /// - Throws: ``LayoutError`` for a spec that names a node that is not a
  ///   subnode (or names one twice), an invalid size, or positions that add up
  ///   past `Double`'s largest value; whatever the node's layout code throws;
  ///   `CancellationError` if the task is cancelled.
  /// - Precondition: `parentSize` is not negative.
  public nonisolated func layout(thatFits range: SizeRange, parentSize: Size? = nil, scale: Double = 1) async throws
    -> Layout
  {
    if let parentSize {
      contractPrecondition(
        !(parentSize.width < 0) && !(parentSize.height < 0),
        "a parent size must not be negative (NaN: unknown): got \(parentSize)")
    }
    if Task.isCancelled {
      LayoutScope.currentIfAny?.noteRefusedCancelledMeasurement()  // The caller's measurement, if any, is not cached.
      throw CancellationError()
    }
    let core = nodeCore
    if let scope = LayoutScope.currentIfAny {
      // Asked by layout code: if it is the supernode's own, a pass lays this node out in the same range again
      // whenever it applies the layout this request is part of (Texture measures such a subnode again).
      let supernodeID = core.supernodeID.load(ordering: .acquiring)
      if supernodeID != 0 {
        let request = SubnodeRequest(coreID: core.id, range: range, parentSize: parentSize)
        scope.noteSubnodeRequest(request, supernodeID: supernodeID)
      }
    }
    let version = core.layoutVersion.load(ordering: .acquiring)
    let stamp = core.measuredStamp.load(ordering: .acquiring)
    let shortcut = core.layoutShortcut.withLock { shortcut in
      shortcut.flatMap { $0.matches(range, parentSize, scale, version: version, stamp: stamp) ? $0.layout : nil }
    }
    if let shortcut { return shortcut.layout(of: self) }
    return try await layout(thatFits: range, parentSize: parentSize, environment: LayoutEnvironment(scale: scale))
  }

  /// ``layout(thatFits:parentSize:scale:)`` with a choice of concurrency, for the benchmarks.
  package func layout(
    thatFits range: SizeRange, parentSize: Size? = nil, scale: Double = 1, concurrency: LayoutConcurrency
  ) async throws -> Layout {
    try await layout(
      thatFits: range, parentSize: parentSize, environment: LayoutEnvironment(scale: scale, concurrency: concurrency))
  }

  private func layout(thatFits range: SizeRange, parentSize: Size?, environment: LayoutEnvironment) async throws
    -> Layout
  {
    var style = state.style
    var entry: LayoutCache.Entry
    var restyled = 0
    while true {
      let resolved = range.intersection(style.sizeRange(parentSize: parentSize ?? range.max))
      // Measuring for a caller: in a scope of its own (the caller may be any task, one started by layout code too).
      entry = try await cachedEntry(in: resolved, environment, inScopeOfItsOwn: true)
      // The style changed while the node was measured (its actor is reentrant): the range resolved from the old
      // one is not the node's range any more. Measured again in the new one, as an invalidated measurement is.
      let newest = state.style
      guard newest != style, restyled < LayoutCache.supersededMeasurementLimit else { break }
      style = newest
      restyled += 1
    }
    let core = nodeCore
    let shortcut = LayoutShortcut(
      range: range, parentSize: parentSize, scale: environment.grid.scale, version: entry.version,
      stamp: core.measuredStamp.load(ordering: .acquiring), layout: entry.layout)
    core.keepShortcut(shortcut)
    return entry.layout.layout(of: self)
  }

  /// Measures the node as an element of a spec: resolves the request against its style with the spec's overrides.
  func measure(_ request: ChildRequest, override: StyleOverride, in environment: LayoutEnvironment) async throws
    -> Measured
  {
    // The core and the layout state are read once: a spec measures thousands of nodes per pass.
    let core = nodeCore
    // A spec names this node: the node whose spec it is checks that it may.
    try environment.measuringNode?.check(core, label: label)
    let storage = state(with: core).layout
    let style = override.applied(to: storage.style)
    if request.skipsMeasuring(style) { return Measured(skippedWith: style) }
    let (range, parentSize) = request.resolve(style)
    let resolved = range.intersection(style.sizeRange(parentSize: parentSize))
    let request = LayoutCache.Key(range: resolved, scale: environment.grid.scale).fingerprint
    let entry = try await cachedEntry(in: resolved, environment, core: core, storage: storage)
    let size = entry.layout.size
    core.requestFromAbove.store(request, ordering: .relaxed)
    core.requestFromAboveVersion.store(entry.version, ordering: .relaxed)
    return Measured(size: size, style: style, request: request)
  }

  /// The entry for `range` (the style already applied): from the cache, from a measurement in flight, or measured.
  ///
  /// A measurement runs in the current task's ``LayoutScope``; in one of its
  /// own if `inScopeOfItsOwn` or if the task has none.
  func cachedEntry(
    in range: SizeRange, _ environment: LayoutEnvironment, inScopeOfItsOwn: Bool = false
  ) async throws -> LayoutCache.Entry {
    let core = nodeCore
    return try await cachedEntry(
      in: range, environment, inScopeOfItsOwn: inScopeOfItsOwn, core: core, storage: state(with: core).layout)
  }

  /// ``cachedEntry(in:_:inScopeOfItsOwn:)`` with the node's core and layout state, read by the caller.
  ///
  /// The layout state is a class, so the writes below go to it.
  private func cachedEntry(
    in range: SizeRange, _ environment: LayoutEnvironment, inScopeOfItsOwn: Bool = false, core: NodeCore,
    storage: NodeLayoutState
  ) async throws -> LayoutCache.Entry {
    let key = LayoutCache.Key(range: range, scale: environment.grid.scale)
    var superseded = 0
    while true {
      if Task.isCancelled {
        LayoutScope.currentIfAny?.noteRefusedCancelledMeasurement()
        throw CancellationError()
      }
      let version = core.layoutVersion.load(ordering: .acquiring)
      let departures = core.subnodeDepartures.load(ordering: .acquiring)
      if let entry = storage.cache.use(key, version: version) {
        storage.noteMeasured(key, size: entry.layout.size, core)
        return entry
      }
      if let owner = storage.cache.owner(of: key) {
        // The same measurement is running: wait for it, unless this task is the one running it.
        if LayoutScope.current?.contains(owner) == true {
          throw LayoutError.layoutRequestedFromItsOwnLayoutCode(node: label)
        }
        // A caller whose task is cancelled stops waiting (the loop's first check throws), whoever measures.
        let waiter = LayoutScope.makeToken()
        await withTaskCancellationHandler {
          await waitForMeasurement(of: key, waiter: waiter)
        } onCancel: {
          Task { await self.stopWaitingForMeasurement(waiter) }
        }
        continue
      }
      guard !inScopeOfItsOwn, let scope = LayoutScope.current else {
        return try await LayoutScope.withScope {
          try await cachedEntry(in: range, environment, core: core, storage: storage)
        }
      }
      // Laid out again for a range it had a layout for: it answers from its memo and adds to it (see `ChildMemo`).
      var memoSession: ChildMemo.Session?
      if storage.cache.hasEntry(for: key) {
        // Taken out of the state, so that the session holds the only reference and the memo is updated in place.
        memoSession = ChildMemo.Session(memo: storage.childMemo.take().flatMap { $0.scale == key.scale ? $0 : nil })
      }
      let token = LayoutScope.makeToken()
      storage.cache.begin(key, owner: token)
      let outcome: Result<(layout: NodeLayout, isManual: Bool), any Error>
      scope.push(LayoutScope.Frame(token: token, nodeID: core.id))
      do {
        outcome = .success(try await computeLayout(in: range, environment, memoSession: memoSession))
      } catch {
        outcome = .failure(error)
      }
      let frame = scope.pop()
      if let session = memoSession.take() {
        let (memo, batch) = (session.memo, session.batch)
        _ = consume session
        storage.childMemo = ChildMemo.updated(memo, with: batch, scale: key.scale)
      }
      let stillCurrent = core.layoutVersion.load(ordering: .acquiring) == version
      // Its task was cancelled while the layout code ran, and a measurement that code asked for threw
      // `CancellationError`: code that falls back on a failed measurement (Texture's `layoutThatFits:` never
      // fails) computed a layout from nothing. Not cached: its waiters measure again, in their own tasks. (A
      // measurement that needed nothing refused completed as any other, and serves them.) Its own task: a child
      // task that the layout code's task group cancelled (a sibling threw) refuses too, in this frame, but the
      // caller is not cancelled, and gets the code's own error or layout (adversarial round 27).
      let wasCancelled = frame?.refusedACancelledMeasurement == true && Task.isCancelled
      let subnodeRequests = frame?.subnodeRequests ?? []
      if case .success(let result) = outcome, stillCurrent, !wasCancelled {
        storage.cache.store(
          result.layout, for: key, version: version, isManual: result.isManual,
          subnodeRequests: result.isManual ? subnodeRequests : [])
        core.noteMeasured()
      }
      for waiter in storage.cache.end(key) { waiter.continuation.resume() }
      if wasCancelled { throw CancellationError() }
      // The spec named a subnode that left the node during the measurement, as the node's layout code read its
      // subnodes before the edit: measured again, from the newest subnodes (Texture's lock would have kept them).
      // So is a node whose subnode, having left it, took it as a subnode of its own before its layout code read
      // its subnodes: that subnode's spec named this node, whose measurement it would have waited for.
      if case .failure(let error) = outcome, let error = error as? LayoutError, error.mayComeFromASubnodeThatLeft,
        core.subnodeDepartures.load(ordering: .acquiring) != departures
      {
        continue
      }
      // A layout measured while the node was invalidated is measured again, from the newest state; unless the
      // node's own layout code invalidated it, which it would do again: its caller gets this layout, cached for
      // no one (Texture caches it under the version it read first, which the invalidation made stale). So it
      // does after a few measurements superseded in a row (code that invalidates the node every time it runs,
      // from a task of its own), rather than measuring for ever.
      if !stillCurrent, frame?.invalidatedByItsOwnCode != true, superseded < LayoutCache.supersededMeasurementLimit {
        superseded += 1
        continue
      }
      let result = try outcome.get()
      storage.noteMeasured(key, size: result.layout.size, core)
      // A caller cancelled meanwhile gets `CancellationError`; what was measured all the same stays cached.
      try Task.checkCancellation()
      return LayoutCache.Entry(
        key: key, version: version, layout: result.layout, isManual: result.isManual,
        subnodeRequests: result.isManual ? subnodeRequests : [])
    }
  }

  /// Waits until the measurement of `key` in flight ends (at once if it has), or the caller's task is cancelled.
  ///
  /// A method of its own, so that the waiter is registered in the node's
  /// isolation: the operation of `withTaskCancellationHandler` is a closure
  /// that does not run there (ThreadSanitizer caught the registration racing
  /// the measurement's end when it was written inline).
  private func waitForMeasurement(of key: LayoutCache.Key, waiter: UInt64) async {
    await withCheckedContinuation { continuation in
      state.layout.cache.wait(for: key, LayoutCache.Waiter(id: waiter, continuation: continuation))
    }
  }

  /// Resumes the caller waiting for a measurement with the id `waiter`, whose task was cancelled, if it still waits.
  ///
  /// Runs in the node's isolation, so after the caller registered (it does so
  /// before it suspends, in the same isolation).
  private func stopWaitingForMeasurement(_ waiter: UInt64) {
    state.layoutStorage?.cache.removeWaiter(id: waiter)?.continuation.resume()
  }

  /// Runs the node's layout code for `range` and turns its answer into the node's flattened layout.
  private func computeLayout(
    in range: SizeRange, _ environment: LayoutEnvironment, memoSession: ChildMemo.Session?
  ) async throws -> (layout: NodeLayout, isManual: Bool) {
    switch try await layoutMethod(thatFits: range) {
    case .size(let size):
      guard !size.width.isNaN, !size.height.isNaN, size.width >= 0, size.height >= 0 else {
        throw LayoutError.invalidSize(size, element: label)
      }
      return (NodeLayout(size: try environment.checked(range.clamp(size), of: label), sublayouts: []), true)
    case .spec(let spec):
      // Each node the spec names checks that it is a subnode when it is measured; duplicates show once flattened.
      let layout = try await spec.layout(
        in: range, parentSize: range.max, environment: environment.measuring(for: self, memoSession: memoSession))
      let size = layout.size
      var sublayouts = try Layout.nodeLayouts(placing: consume layout, grid: environment.grid)
      try checkDistinct(sublayouts)
      // The measurement of each subnode this layout was computed from: the one its spec took last, just now.
      for index in sublayouts.indices { sublayouts[index].measuredFrom = sublayouts[index].element.requestFromAbove }
      return (NodeLayout(size: size, sublayouts: sublayouts), false)
    case .layout(let layout):
      let own: Layout
      if case .node(let node) = layout.element, node.nodeCore === nodeCore {
        own = layout.positioned(at: .zero)
      } else {
        own = Layout(node: self, size: layout.size, sublayouts: [layout.positioned(at: .zero)])
      }
      let flattened = try own.flattened(grid: environment.grid)
      try checkDistinct(flattened.sublayouts)
      let named = LayoutEnvironment.MeasuringNode(self)
      for sublayout in flattened.sublayouts {
        if case .node(let node) = sublayout.element { try named.check(node.nodeCore, label: sublayout.element.label) }
      }
      // Sizes checked against Texture's limit for a layout and rounded up to the pixel grid, as `ASLayout` checks
      // and rounds every layout it is given (a spec's sizes are rounded as they are made; flattening rounds
      // positions).
      let sublayouts = try flattened.sublayouts.map { sublayout throws(LayoutError) in
        Layout(
          element: sublayout.element, size: try environment.checked(sublayout.size, of: sublayout.element.label),
          position: sublayout.position)
      }
      return (NodeLayout(size: try environment.checked(flattened.size, of: label), sublayouts: sublayouts), false)
    }
  }

  /// Checks that no node has two of `sublayouts`.
  private func checkDistinct(_ sublayouts: [Layout]) throws(LayoutError) {
    func duplicate(_ index: Int) -> LayoutError {
      .elementListedTwice(node: sublayouts[index].element.label, parent: label)
    }
    // By index, so that no layout is copied (each copy retains its node).
    if sublayouts.count <= 16 {
      // Few elements: comparing pairs costs less than hashing.
      for index in sublayouts.indices {
        guard let node = sublayouts[index].element.nodeIdentifier else { continue }
        for other in (index + 1)..<sublayouts.count where sublayouts[other].element.nodeIdentifier == node {
          throw duplicate(index)
        }
      }
      return
    }
    var seen = Set<ObjectIdentifier>(minimumCapacity: sublayouts.count)
    for index in sublayouts.indices {
      guard let node = sublayouts[index].element.nodeIdentifier else { continue }
      guard seen.insert(node).inserted else { throw duplicate(index) }
    }
  }

  /// `<Type #id>`, for layout messages.
  private nonisolated var label: String { Layout.Element.node(self).label }
}

/// The layout a caller asked a node for last, kept in its ``NodeCore`` so that asking again costs no hop.
///
/// Texture answers a repeated `layoutThatFits:` from its cache under the
/// node's lock; this answers it under a small lock of its own, without
/// entering the node's actor. It is valid while the node's layout version
/// is the one it was measured at (every invalidation, style change
/// included, bumps it) and the node's latest measurement is still of its
/// range (so that ``DisplayNode/calculatedSize`` stays Texture's "size of the
/// latest measurement"). Anything else goes to the node's actor.
///
/// A class: every core has room for one, and few nodes are asked directly;
/// inline, it made each core about a hundred bytes larger.
final class LayoutShortcut: Sendable {
  let range: SizeRange
  let parentSize: Size?
  let scale: Double
  let version: UInt64
  let stamp: UInt64
  let layout: NodeLayout

  init(range: SizeRange, parentSize: Size?, scale: Double, version: UInt64, stamp: UInt64, layout: NodeLayout) {
    self.range = range
    self.parentSize = parentSize
    self.scale = scale
    self.version = version
    self.stamp = stamp
    self.layout = layout
  }

  /// Whether it answers a request for `range`, `parentSize` and `scale` at `version` and `stamp`.
  func matches(_ range: SizeRange, _ parentSize: Size?, _ scale: Double, version: UInt64, stamp: UInt64) -> Bool {
    self.version == version && self.stamp == stamp && self.range == range && self.parentSize == parentSize
      && self.scale == scale
  }
}

extension NodeLayoutState {
  /// Records `key` as the node's latest measurement, of `size`, ending its ``LayoutShortcut`` if that is another
  /// range.
  func noteMeasured(_ key: LayoutCache.Key, size: Size, _ core: NodeCore) {
    lastMeasuredSize = size
    guard lastMeasured != key else { return }
    lastMeasured = key
    core.measuredStamp.wrappingAdd(1, ordering: .releasing)
  }
}
