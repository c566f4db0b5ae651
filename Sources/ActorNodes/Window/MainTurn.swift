import Synchronization

/// Applies queued ``MainOperation``s in one main-actor turn.
///
/// A turn runs in phases, so that the outcome does not depend on the order
/// of the operations it was given:
/// 1. create the views of loaded subtrees and apply their pending state;
///    record structure changes in each node's mirror (newest version wins);
/// 2. make the view tree match the mirror;
/// 3. run `didLoad` for new views, each after its subnodes' (as in Texture),
///    then their `onDidLoad` blocks (see ``runDidLoad()`` for the order), each
///    after the writes parked before it was registered; a node whose subnode's
///    view has not arrived yet waits for a later turn;
/// 4. apply property writes (newest version wins, per property);
/// 5. run `onDidLoad` blocks registered after load;
/// 6. update hierarchy membership and call the hierarchy hooks, the exits of
///    the subtrees that edits removed first. A node is in
///    a window's hierarchy only once its `didLoad` has run, and the main actor
///    keeps it alive while it is (Texture's view keeps its node alive), so
///    every `willEnterHierarchy` gets its `didExitHierarchy` before the node dies;
/// 7. apply the features' work (``MainTurnFeature``: a layout pass's frames and hooks), in queue order.
@MainActor
enum MainTurn {
  /// Whether a turn is being applied (what it triggers is sent when it ends).
  private(set) static var isApplying = false
  /// The recorder of the window whose turn is being applied, for features that count what they did.
  private(set) static var currentRecorder: TurnRecorder?
  private static var lastStamp: UInt64 = 0
  /// Placements set aside to break a transient cycle; every turn looks at them again.
  static var suspended: [ViewSlot] = []
  /// The last cycle search's stamp; unique across turns, like the turn stamps.
  static var lastSearch: UInt64 = 0
  /// Loaded slots whose `didLoad` has not run: new this turn, or waiting for a subnode's view.
  static var awaitingDidLoad: [ViewSlot] = []
  /// Roots of windows that went away during the turn (a hook dropped the last reference): their trees leave
  /// the hierarchy once the turn is over, so that the nodes the turn is entering get their enter hooks first.
  private static var exitsAfterTurn: [ViewSlot] = []

  /// Applies `operations` now, as one turn, and records it in `recorder`.
  ///
  /// The turn consumes the operations: whatever only they still hold (a
  /// dropped node's core and, through it, its view) is released here, in the
  /// turn, not later wherever the caller resumes; so once a turn is over, its
  /// releases are scheduled (see ``MainRelease``).
  /// - Returns: The slots whose views the turn created, for the caller to ``LoadedSlots/record()`` on the
  ///   ``HierarchyActor``, where it reports the turn's end anyway.
  @discardableResult
  static func apply(_ operations: consuming [MainOperation], recorder: TurnRecorder) -> LoadedSlots {
    // Hooks are synchronous and every turn entry point is `async`, so only the library could nest turns.
    contractPrecondition(!isApplying, "a main-actor turn cannot start inside another one")
    isApplying = true
    currentRecorder = recorder
    defer {
      isApplying = false
      currentRecorder = nil
    }
    let clock = ContinuousClock()
    let start = clock.now
    lastStamp &+= 1
    let work = TurnWork(stamp: lastStamp)
    work.run(operations)
    let count = operations.count
    _ = consume operations
    recorder.statistics.turns += 1
    recorder.statistics.operations += count
    recorder.statistics.viewsLoaded += work.viewsLoaded
    recorder.statistics.mainActorTime += clock.now - start
    work.releaseExitedNodes()
    while !exitsAfterTurn.isEmpty {
      let roots = exitsAfterTurn
      exitsAfterTurn = []
      for root in roots { exitHierarchy(from: root) }
    }
    DisplayTriggers.sendGathered()
    LayoutTriggers.sendGathered()
    return work.loadedSlots
  }

  /// Applies a write made through the node by main-actor code, before that code resumes (Texture:
  /// a bridged write on the main thread goes straight to the view).
  ///
  /// Not a turn: it touches one view, which main-actor code may do at any
  /// time. Inside a turn (from a hook) the write is left for the queue, as is
  /// a write to a node whose `didLoad` has not run yet.
  ///
  /// - Returns: Whether the write was applied; if not, the caller queues it.
  static func applyNow(_ write: PropertyWrite, to core: NodeCore) -> Bool {
    guard !isApplying, let slot = core.slot else { return false }
    defer { DisplayTriggers.sendGathered() }
    return slot.apply(write)
  }

  /// Takes `root`'s subtree out of its window when its window went away: right away, or once the turn in
  /// progress (whose hook let the window go) is over.
  static func exitHierarchyOfClosedWindow(from root: ViewSlot) {
    if isApplying {
      exitsAfterTurn.append(root)
    } else {
      exitHierarchy(from: root)
    }
  }

  /// Takes `root`'s subtree out of every window right away (its window is going away, or its node died).
  ///
  /// A subtree whose removal from the tree waits for a turn (its node has another supernode, or none, on the
  /// hierarchy actor) leaves first, as Texture's `removeFromSupernode` exits it at once, before the window goes;
  /// then the rest, in pre-order (adversarial round 30; a detach takes such changes into its own turn instead, see
  /// ``Tree/detach(_:from:)``). A subtree moved within the tree leaves first too: the main actor cannot see where to.
  static func exitHierarchy(from root: ViewSlot) {
    lastStamp &+= 1
    let work = TurnWork(stamp: lastStamp)
    for departed in departedSubtrees(of: root) { work.propagate(0, into: departed) }
    work.propagate(0, into: root)
    work.releaseExitedNodes()
    DisplayTriggers.sendGathered()
  }
}

extension MainTurn {
  /// The subtrees of `root`'s whose nodes the hierarchy actor has taken from the supernodes their slots are in, in
  /// pre-order (their changes wait for a turn).
  fileprivate static func departedSubtrees(of root: ViewSlot) -> [ViewSlot] {
    var departed: [ViewSlot] = []
    var stack = [root]
    while let slot = stack.popLast() {
      guard let core = slot.liveNode?.nodeCore else { continue }
      if slot !== root, let parentID = slot.parent?.liveNode?.nodeCore.id,
        core.supernodeID.load(ordering: .acquiring) != parentID
      {
        departed.append(slot)
        continue
      }
      for child in slot.children.reversed() where child.parent === slot { stack.append(child) }
    }
    return departed
  }
}

/// A ``Placement`` resolved to the slots of one turn.
private enum SlotPlacement {
  case top
  case bottom
  case below(ViewSlot)
  case above(ViewSlot)
}

/// The state of one turn.
@MainActor
private final class TurnWork {
  let stamp: UInt64
  var viewsLoaded = 0
  /// The slots whose views this turn created (see ``LoadedSlots``).
  var loadedSlots = LoadedSlots()
  /// Nodes that left a window this turn: the main actor stops keeping them alive once the turn is over.
  private var exited: [any DisplayNode] = []
  /// Slots whose subviews must be rebuilt from their mirror.
  var rebuilds: [ViewSlot] = []
  /// Slots whose place in the tree changed (new parent, no parent, or a window).
  var moved: [ViewSlot] = []
  /// Slots that this turn's edits took out of their parent's subnodes (a subset of ``moved``).
  private var removed: [ViewSlot] = []
  /// Windows whose root changed.
  var windows: [Window] = []
  /// Parked writes whose node's `didLoad` ran in this turn and that no block waited for (the turn's own writes
  /// stay in its operations).
  var unparkedWrites: [(slot: ViewSlot, write: PropertyWrite)] = []
  /// Where this turn's edits put subnodes, by parent slot; kept only for parents with views no node owns.
  private var placements: [ObjectIdentifier: [(child: ViewSlot, placement: SlotPlacement)]] = [:]
  var blocks: [(slot: ViewSlot, version: UInt64, block: DidLoadBlock)] = []
  /// The slots awaiting `didLoad` that may head a subtree of awaiting slots, in the order they began to wait:
  /// all of them but those a load linked straight into a parent that loads in this turn too (that parent
  /// waits as well, so they are never first; see ``linkToParent(_:)``).
  private var didLoadTops: [ViewSlot] = []

  init(stamp: UInt64) {
    self.stamp = stamp
  }

  func run(_ operations: [MainOperation]) {
    for slot in MainTurn.awaitingDidLoad { slot.awaitStamp = stamp }  // Still waiting from an earlier turn.
    didLoadTops = MainTurn.awaitingDidLoad
    let suspended = MainTurn.suspended
    MainTurn.suspended = []
    for slot in suspended {
      slot.isSuspended = false
      markMoved(slot)
    }
    for index in operations.indices {
      switch operations[index] {
      case .load(let entries):
        load(entries)
      case .setChildren(let parent, let children, let version, let placements):
        setChildren(of: parent.mainSlot, to: children, version: version, placements: placements)
      case .setWindow(let root, let window, let version):
        setWindow(of: root.mainSlot, to: window, version: version)
      case .writes:
        continue  // Phase 4.
      case .afterLoad(let core, let version, let block):
        blocks.append((core.mainSlot, version, block))
      case .feature:
        continue  // Phase 7.
      }
    }
    realizeStructure()
    runDidLoad()
    applyWrites(from: operations)
    runBlocks()
    updateHierarchy()
    for operation in operations {
      if case .feature(let feature) = operation { feature.apply() }
    }
  }

  // MARK: - Phase 1: loads and mirrors

  private func load(_ entries: [LoadEntry]) {
    // Each entry is read in place: a copy retains its node (the slow path, through the node's side table),
    // its subnode list and everything its snapshot holds, and releases them again.
    for index in entries.indices { load(entries[index]) }
  }

  private func load(_ entry: borrowing LoadEntry) {
    let core = entry.node.nodeCore
    let slot = core.mainSlot
    guard !slot.isLoaded, !slot.isReleased, entry.snapshot != nil else { return }
    slot.node = entry.node
    let (view, layer) = makeViewAndLayer(core: core, isLayerBacked: entry.isLayerBacked)
    slot.install(
      view: view, layer: layer,
      label: NodeLabel(type: type(of: entry.node), id: core.id, debugName: entry.snapshot?.debugName))
    apply(entry.snapshot!, to: slot, view: view, layer: layer, core: core)
    slot.setDrawsContents(core.hasDisplayFlag(NodeCore.drawsContents))
    slot.managesSubnodes = core.automaticallyManagesSubnodes
    mirrorChildren(of: slot, entry.children, version: entry.childrenVersion)
    if !linkToParent(slot) {
      markMoved(slot)
      if let window = slot.window { windows.append(window) }  // A root whose placement came first.
      didLoadTops.append(slot)
    }
    slot.awaitStamp = stamp
    MainTurn.awaitingDidLoad.append(slot)
    viewsLoaded += 1
    loadedSlots.entries.append((core, slot))
  }

  /// Gives a new view its node's pending state.
  private func apply(
    _ snapshot: borrowing LoadSnapshot, to slot: ViewSlot, view: View?, layer: Layer, core: NodeCore
  ) {
    // (The factory is looked at only for a pending frame: most loads have none, and it costs a retain.)
    if let frame = snapshot.frame, view != nil, case .view = core.viewFactory {
      // Texture sets a synchronous node's pending frame on the view it made, after every other pending property
      // (the anchor point first): split against the view's anchor point and bounds origin, which the node's record
      // does not know. Bounds or a position written after the frame give way to it (the bounds keep their origin).
      snapshot.properties.apply(snapshot.written.subtracting(.frame), to: layer, view: view)
      frame.apply(to: layer, newer: .frame)
    } else {
      snapshot.properties.apply(snapshot.written, to: layer, view: view)
    }
    snapshot.actions.apply(to: layer)
    slot.propertyVersions = PropertyVersions(snapshotVersion: snapshot.version)
    // The layout a pass applied before the snapshot was taken, unless a pass applied a newer one to the slot since
    // (before the view existed, which owes its hooks: `LayoutApplication.apply()`).
    if let (layout, isManual, stamp) = snapshot.appliedLayout, stamp >= slot.appliedLayoutStamp {
      slot.appliedLayout = layout
      slot.appliedLayoutStamp = stamp
      slot.placesSubnodesByHand = isManual
      LayoutTriggers.nodeLoaded(withLayout: slot)
    } else if slot.appliedLayout != nil, slot.layoutRequested {
      LayoutTriggers.nodeLoaded(withLayout: slot)
    }
    if !snapshot.didLoadBlocks.isEmpty {
      slot.pendingBlocks.insert(contentsOf: snapshot.didLoadBlocks.map { (version: 0, block: $0) }, at: 0)
    }
  }

  private func makeViewAndLayer(core: NodeCore, isLayerBacked: Bool) -> (View?, Layer) {
    switch core.viewFactory {
    case .view(let makeView):
      let view = makeView()
      // A view already in a tree (a window's own view, or one in another view's subviews) would be linked into the
      // node's tree without leaving its own: a window's view under its root's view is a cycle, which hangs a walk.
      contractPrecondition(
        !view.isOwnedByNode && view.hostingWindow == nil && view.superview == nil,
        "a view factory must return a new view that no node owns, in no view tree and not a window's view")
      return (view, view.layer)
    case .layer(let makeLayer):
      let layer = makeLayer()
      contractPrecondition(
        !layer.isOwnedByNode && !layer.isViewLayer && layer.superlayer == nil,
        "a layer factory must return a new layer that no node or view owns, in no layer tree")
      return (nil, layer)
    case nil:
      if isLayerBacked { return (nil, Layer()) }
      let view = View()
      return (view, view.layer)
    }
  }

  /// Mirrors the subnodes of `parent`, whose view loads now.
  ///
  /// A subnode that was never placed anywhere (it loads in this turn too,
  /// later in pre-order, or in a later one) is placed here without marking
  /// anything: if its view loads in this turn, ``linkToParent(_:)`` puts it
  /// straight into this one's, so a subtree that loads as a whole is linked
  /// as it is created, with no rebuild and no cycle search for its inner
  /// nodes (they have only this one parent, and whatever moves them later
  /// in the turn is checked as usual). Any other subnode is placed as by
  /// ``setChildren(of:to:version:placements:)``, which rebuilds this view.
  private func mirrorChildren(of parent: ViewSlot, _ children: [NodeCore], version: UInt64) {
    guard parent.children.isEmpty, version > parent.childrenVersion else {
      setChildren(of: parent, to: children, version: version)
      return markRebuild(parent)
    }
    var slots: [ViewSlot] = []
    slots.reserveCapacity(children.count)
    var isLinkedAsItLoads = true
    for (index, core) in children.enumerated() {
      let slot = core.mainSlot
      slots.append(slot)
      if slot.placementVersion == 0, !slot.isLoaded, !slot.isReleased {
        slot.placedParent = parent
        slot.placementVersion = version
        slot.linkStamp = stamp
        slot.linkIndex = index
      } else {
        isLinkedAsItLoads = false
        place(slot, under: parent, version: version)
      }
    }
    parent.children = slots
    parent.childrenVersion = version
    if !isLinkedAsItLoads { markRebuild(parent) }
  }

  /// Puts the view (or bare layer) that `slot` just loaded into its parent's, if its parent's load placed it
  /// in this turn and every subnode before it is in place: that is what a rebuild of the parent would do.
  ///
  /// - Returns: Whether it did; if not, the slot is marked as moved, which rebuilds its parent.
  private func linkToParent(_ slot: ViewSlot) -> Bool {
    guard slot.linkStamp == stamp, let parent = slot.placedParent, !slot.isSuspended,
      let parentLayer = parent.layer, let layer = slot.layer, parentLayer.sublayers.count == slot.linkIndex
    else { return false }
    parentLayer.appendNewSublayer(layer)
    if let view = slot.view, let parentView = parent.view { parentView.appendNewSubview(view) }
    return true
  }

  private func setChildren(
    of parent: ViewSlot, to children: [NodeCore], version: UInt64, placements: [ObjectIdentifier: Placement] = [:]
  ) {
    guard version > parent.childrenVersion, !parent.isReleased else { return }
    let old = parent.children
    let slots = children.map(\.mainSlot)
    if !placements.isEmpty { recordPlacements(placements, of: parent, old: old, new: slots) }
    parent.children = slots
    parent.childrenVersion = version
    for slot in slots { place(slot, under: parent, version: version) }
    if !old.isEmpty {
      let kept = Set(slots.lazy.map(ObjectIdentifier.init))
      for slot in old where slot.placedParent === parent && !kept.contains(ObjectIdentifier(slot)) {
        slot.placedParent = nil
        markMoved(slot)
        if slot.isInHierarchy { removed.append(slot) }
      }
    }
    markRebuild(parent)
  }

  /// Keeps `placements` for the rebuild of `parent`'s sublayers, if it has layers no node owns.
  ///
  /// Without such layers the node order alone decides, so the common case pays nothing.
  private func recordPlacements(
    _ placements: [ObjectIdentifier: Placement], of parent: ViewSlot, old: [ViewSlot], new: [ViewSlot]
  ) {
    guard parent.layer?.sublayers.contains(where: { !$0.isOwnedByNode }) == true else { return }
    var byCore: [ObjectIdentifier: ViewSlot] = [:]
    for slot in old { byCore[slot.coreID] = slot }
    for slot in new { byCore[slot.coreID] = slot }
    var resolved = self.placements[ObjectIdentifier(parent)] ?? []
    for (childID, placement) in placements {
      guard let child = byCore[childID] else { continue }
      switch placement {
      case .top: resolved.append((child, .top))
      case .bottom: resolved.append((child, .bottom))
      case .below(let sibling): if let slot = byCore[sibling] { resolved.append((child, .below(slot))) }
      case .above(let sibling): if let slot = byCore[sibling] { resolved.append((child, .above(slot))) }
      }
    }
    self.placements[ObjectIdentifier(parent)] = resolved
  }

  /// Places `slot` under `parent` if the list of structure `version` is its newest inclusion.
  private func place(_ slot: ViewSlot, under parent: ViewSlot, version: UInt64) {
    guard version > slot.placementVersion else { return }
    // The newest inclusion: the node belongs here.
    if let window = slot.window { windows.append(window) }
    let wasHere = slot.placedParent === parent
    slot.placedParent = parent
    slot.window = nil
    slot.placementVersion = version
    if !wasHere { markMoved(slot) }
  }

  private func setWindow(of root: ViewSlot, to window: Window?, version: UInt64) {
    guard version > root.placementVersion else { return }
    if let old = root.window { windows.append(old) }
    if let window { windows.append(window) }
    if let parent = root.parent { markRebuild(parent) }
    root.placedParent = nil
    root.window = window
    root.placementVersion = version
    markMoved(root)
  }

  private func markRebuild(_ slot: ViewSlot) {
    guard slot.rebuildStamp != stamp else { return }
    slot.rebuildStamp = stamp
    rebuilds.append(slot)
  }

  private func markMoved(_ slot: ViewSlot) {
    if slot.linkStamp == stamp {
      // No longer where its parent's load linked it: it waits for `didLoad` like any other slot.
      slot.linkStamp = 0
      didLoadTops.append(slot)
    }
    guard slot.movedStamp != stamp else { return }
    slot.movedStamp = stamp
    moved.append(slot)
    if let parent = slot.parent { markRebuild(parent) }
  }

  // MARK: - Phase 2: the view tree follows the mirror

  private func realizeStructure() {
    var index = 0
    while index < moved.count {
      breakCycles(above: moved[index])
      index += 1
    }
    for slot in rebuilds where slot.isLoaded { rebuildSubviews(of: slot) }
    for slot in moved where slot.isLoaded && slot.window == nil {
      if let parent = slot.parent, parent.isLoaded { continue }
      slot.view?.removeFromSuperview()
      slot.layer?.removeFromSuperlayer()
    }
    var seen = Set<ObjectIdentifier>()
    for window in windows where seen.insert(ObjectIdentifier(window)).inserted {
      window.placeRoot()
    }
  }

  /// Makes sure the chain of parents above `start` ends, suspending placements that close a cycle.
  ///
  /// Every version of the tree is acyclic, but operations of several
  /// queues can arrive out of step: a node's old place (its parent's older
  /// list) may still stand while a newer list puts that parent under it. The
  /// stalest placement of such a cycle is set aside until a later turn.
  /// Each slot is walked once per turn, so a turn stays linear in its work.
  private func breakCycles(above start: ViewSlot) {
    // Common case: the parent's chain was checked already this turn (loads come in pre-order).
    guard start.acyclicStamp != stamp else { return }
    if let parent = start.parent, parent.acyclicStamp == stamp, parent !== start {
      start.acyclicStamp = stamp
      return
    }
    MainTurn.lastSearch &+= 1
    var path: [ViewSlot] = []
    var current: ViewSlot? = start
    while let slot = current, slot.acyclicStamp != stamp {
      guard slot.searchStamp != MainTurn.lastSearch else {
        let cycle = path[path.firstIndex { $0 === slot }!...]
        let stalest = cycle.min { $0.placementVersion < $1.placementVersion }!
        if let parent = stalest.parent { markRebuild(parent) }
        stalest.isSuspended = true
        MainTurn.suspended.append(stalest)
        markMoved(stalest)
        MainTurn.lastSearch &+= 1
        path.removeAll()
        current = start
        continue
      }
      slot.searchStamp = MainTurn.lastSearch
      path.append(slot)
      current = slot.parent
    }
    for slot in path { slot.acyclicStamp = stamp }
  }

  /// Makes a loaded node's sublayers (and subviews) its loaded mirrored children, in order.
  ///
  /// Views and layers that no node owns (added by the app, or by a view
  /// factory) keep their place, and moved subnodes go where their edit put
  /// them, as in Texture (see ``SublayerArrangement``).
  private func rebuildSubviews(of parent: ViewSlot) {
    guard let parentLayer = parent.layer else { return }
    var desired: [Layer] = []
    desired.reserveCapacity(parent.children.count)
    for slot in parent.children {
      if slot.parent === parent, let layer = slot.layer { desired.append(layer) }
    }
    let sublayers = SublayerArrangement.arrange(
      current: parentLayer.sublayers, desired: desired, placements: layerPlacements(of: parent))
    parentLayer.setSublayers(sublayers)
    guard let parentView = parent.view else { return }
    var nodeViews: [View] = []
    nodeViews.reserveCapacity(desired.count)
    for slot in parent.children {
      if slot.parent === parent, let view = slot.view { nodeViews.append(view) }
    }
    guard parentView.subviews.contains(where: { !$0.isOwnedByNode }) else {
      parentView.setSubviews(nodeViews)
      return
    }
    // Subviews follow the order of their layers.
    var viewsByLayer: [ObjectIdentifier: View] = [:]
    for view in parentView.subviews where !view.isOwnedByNode { viewsByLayer[ObjectIdentifier(view.layer)] = view }
    for view in nodeViews { viewsByLayer[ObjectIdentifier(view.layer)] = view }
    parentView.setSubviews(sublayers.compactMap { viewsByLayer[ObjectIdentifier($0)] })
  }

  /// This turn's placements of `parent`'s subnodes, by layer.
  private func layerPlacements(of parent: ViewSlot) -> [ObjectIdentifier: LayerPlacement] {
    guard let recorded = placements[ObjectIdentifier(parent)] else { return [:] }
    var result: [ObjectIdentifier: LayerPlacement] = [:]
    for (child, placement) in recorded {
      guard let layer = child.layer else { continue }
      switch placement {
      case .top: result[ObjectIdentifier(layer)] = .top
      case .bottom: result[ObjectIdentifier(layer)] = .bottom
      case .below(let sibling): if let other = sibling.layer { result[ObjectIdentifier(layer)] = .below(other) }
      case .above(let sibling): if let other = sibling.layer { result[ObjectIdentifier(layer)] = .above(other) }
      }
    }
    return result
  }

  // MARK: - Phase 3: didLoad, subnodes first

  /// Runs `didLoad` for every loaded node whose subnodes have all run theirs, subtree by subtree.
  ///
  /// Each subtree is headed by a waiting node whose parent is not waiting
  /// (``didLoadTops``), and runs in post-order of the mirror as it is now:
  /// subnodes in order, each subtree first, then the node. So a subnode goes
  /// first even when its load was queued after its parent's (a subnode added
  /// to a node whose own load was still queued) or its view was gathered by
  /// another load. Subtrees go in the order their heads began to wait: those
  /// left waiting by an earlier turn, then, in the order of this turn's
  /// operations, its loads (so in the order they were prepared, that of the
  /// edits that asked for them, as Texture's `addSubnode` loads and inserts at
  /// once) and the nodes its edits moved from where their parent's load linked
  /// them. Nodes with no ancestor relation thus run in edit order, not in the
  /// tree's post-order (`LoadOrderTests.unrelatedLoadsRunInEditOrder`).
  /// A node with a subnode whose view has not arrived waits, with its
  /// ancestors, for the turn that brings it; it enters a window's hierarchy
  /// only once it has run.
  private func runDidLoad() {
    let waiting = MainTurn.awaitingDidLoad
    guard !waiting.isEmpty else { return }
    MainTurn.awaitingDidLoad = []
    var visited = 0
    for top in didLoadTops where top.awaitStamp == stamp && top.parent?.awaitStamp != stamp {
      visited += runDidLoadInPostorder(from: top)
    }
    // A slot whose parent chain loops back (a transient cycle) is no top: catch it here.
    if visited < waiting.count {
      for slot in waiting where slot.awaitStamp == stamp { runDidLoadIfReady(slot) }
    }
  }

  /// Runs `didLoad` for the waiting slots of `top`'s mirror subtree, each after its subnodes, subnodes in
  /// order; returns how many it looked at.
  private func runDidLoadInPostorder(from top: ViewSlot) -> Int {
    var visited = 0
    var walk: [(slot: ViewSlot, expanded: Bool)] = [(top, false)]
    while let (slot, expanded) = walk.popLast() {
      if expanded {
        runDidLoadIfReady(slot)
        visited += 1
        continue
      }
      walk.append((slot, true))
      for child in slot.children.reversed() where child.parent === slot && child.awaitStamp == stamp {
        walk.append((child, false))
      }
    }
    return visited
  }

  private func runDidLoadIfReady(_ slot: ViewSlot) {
    guard slot.awaitStamp == stamp else { return }  // Already looked at this turn.
    slot.awaitStamp = 0
    guard slot.isLoaded, let layer = slot.layer, let node = slot.node else { return }  // Released.
    let ready = slot.children.allSatisfy { $0.parent !== slot || $0.hasRunDidLoad }
    guard ready else {
      MainTurn.awaitingDidLoad.append(slot)
      return
    }
    let context = LoadContext(node: node, view: slot.view, layer: layer)
    node.didLoad(context)
    slot.hasRunDidLoad = true
    let waitingBlocks = slot.pendingBlocks.sorted { $0.version < $1.version }
    slot.pendingBlocks = []
    var parked = slot.parkedWrites
    slot.parkedWrites = []
    for entry in waitingBlocks {
      // A block sees the writes made before it was registered, as on a node whose `didLoad` ran in the turn that
      // made its view (a turn applies its writes before its blocks), and as in Texture, where the node was loaded
      // when they were made: each write reached the view, and the block ran at once.
      if parked.contains(where: { $0.version < entry.version }) {
        for write in parked where write.version < entry.version { _ = slot.apply(write) }
        parked.removeAll { $0.version < entry.version }
      }
      entry.block(context)
    }
    unparkedWrites.append(contentsOf: parked.map { (slot, $0) })
    // A candidate for entering its window's hierarchy, now that it can; a slot linked as it loaded enters with
    // its parent, which loaded in this turn too and is a candidate (or enters with its own parent).
    if slot.linkStamp != stamp { markMoved(slot) }
  }

  // MARK: - Phase 4: writes, newest version wins per property

  private func applyWrites(from operations: [MainOperation]) {
    var readAhead = ReadAhead()
    for operation in operations {
      guard case .writes(let queued) = operation else { continue }
      for block in ReadAhead.blocks(of: queued.writes.count) {
        // The writes and slots first, then the layers, whose addresses are in the slots.
        for index in block {
          readAhead.read(queued.writes[index].version)
          if let slot = queued.slots[index] { readAhead.read(slot.hasRunDidLoad) }
        }
        for index in block {
          if let slot = queued.slots[index], let layer = slot.layer { readAhead.read(layer.opacity.bitPattern) }
        }
        for index in block {
          // The core is cold here (the HierarchyActor wrote it last): a third of this loop was that one load.
          let slot = queued.slots[index] ?? queued.cores[index].mainSlot
          let write = queued.writes[index]
          if !slot.apply(write) { slot.parkedWrites.append(write) }
        }
      }
    }
    readAhead.keep()
    // Writes that waited for their node's `didLoad`, which ran in this turn.
    for (slot, write) in unparkedWrites where !slot.apply(write) {
      slot.parkedWrites.append(write)
    }
  }

  // MARK: - Phase 5: onDidLoad blocks registered after load

  private func runBlocks() {
    for (slot, version, block) in blocks.sorted(by: { $0.version < $1.version }) {
      guard slot.hasRunDidLoad, let node = slot.liveNode, let layer = slot.layer else {
        slot.pendingBlocks.append((version, block))
        continue
      }
      block(LoadContext(node: node, view: slot.view, layer: layer))
    }
  }

  // MARK: - Phase 6: hierarchy membership

  private func updateHierarchy() {
    exitRemovedSubtrees()
    // Every slot whose view was created or moved this turn is in `moved`: a candidate.
    for slot in moved { slot.candidateStamp = stamp }
    for slot in moved where slot.isLoaded {
      updateMembership(of: slot)
      LayoutTriggers.nodeMoved(slot)
    }
  }

  /// Takes the subtrees that this turn's edits removed out of their window, before anything enters one.
  ///
  /// Texture removes a view as its edit runs, so a removed node's
  /// `didExitHierarchy` comes before the enter hooks of the nodes that later
  /// edits add (a replaced subnode exits before its replacement enters). The
  /// turn sees the result of its edits, not their order: the exits of
  /// removals go first. A node removed and placed elsewhere in the turn
  /// (moved, or made a window's root) is not removed.
  private func exitRemovedSubtrees() {
    for slot in removed where slot.isInHierarchy && slot.placedParent == nil && slot.window == nil {
      propagate(0, into: slot)
    }
  }

  /// Brings `slot`'s hierarchy state up to date, after that of every candidate above it.
  ///
  /// Top-down is what keeps Texture's order (a supernode's hooks first), and
  /// it makes a node's window a matter of its parent's current state. The
  /// walk up stops at slots whose ancestors are done, so a turn stays linear.
  private func updateMembership(of slot: ViewSlot) {
    // The common case, every slot of a subtree that moved or loaded as a whole: its parent, earlier in `moved`,
    // is done, so the slot is its own only candidate (no walk, and no list allocated per slot).
    if slot.ancestorsDoneStamp != stamp, (slot.parent?.ancestorsDoneStamp ?? stamp) == stamp {
      slot.ancestorsDoneStamp = stamp
      if slot.candidateStamp == stamp { updateMembership(ofCandidate: slot) }
      return
    }
    var pending: [ViewSlot] = []
    var walked: [ViewSlot] = []
    var current: ViewSlot? = slot
    while let visiting = current, visiting.ancestorsDoneStamp != stamp {
      walked.append(visiting)
      if visiting.candidateStamp == stamp { pending.append(visiting) }
      current = visiting.parent
    }
    for candidate in pending.reversed() { updateMembership(ofCandidate: candidate) }
    for visited in walked { visited.ancestorsDoneStamp = stamp }
  }

  /// Moves `candidate`'s subtree into the window its place puts it in, if it is not there yet.
  private func updateMembership(ofCandidate candidate: ViewSlot) {
    guard candidate.isLoaded else { return }
    let window = windowID(of: candidate)
    if candidate.isInHierarchy != (window != 0) || candidate.currentWindow != window {
      propagate(window, into: candidate)
    }
  }

  /// The window that holds `slot`'s view, from its place: a window's root, or under its parent.
  ///
  /// A node whose `didLoad` has not run is in no window yet, nor is its subtree.
  private func windowID(of slot: ViewSlot) -> UInt64 {
    guard slot.hasRunDidLoad else { return 0 }
    if let window = slot.window { return window.id }
    guard let parent = slot.parent, parent.isLoaded else { return 0 }
    return parent.currentWindow
  }

  /// Moves `root`'s subtree into the window with id `window` (0: out of every window), calling the hooks in Texture's order.
  ///
  /// Exits first, pre-order, after clearing `isInHierarchy`; then enters:
  /// `willEnterHierarchy` pre-order after setting `isInHierarchy`,
  /// `didEnterHierarchy` post-order. Nodes already in that window are
  /// skipped, so a move within one window calls nothing.
  func propagate(_ window: UInt64, into root: ViewSlot) {
    let (nodes, hasExits) = loadedSubtree(of: root, enteringWindow: window)
    if hasExits {
      for (slot, _) in nodes where slot.isInHierarchy && slot.currentWindow != window {
        slot.isInHierarchy = false
        slot.currentWindow = 0
        if let node = slot.liveNode {
          node.didExitHierarchy(HierarchyContext(node: node))
          DisplayTriggers.nodeExited(slot, node: node)
        }
        if let kept = slot.keepAlive {
          exited.append(kept)
          slot.keepAlive = nil
        }
      }
    }
    guard window != 0 else { return }
    // The subtrees still open, each with the node that entered (for its `didEnterHierarchy`), if any.
    var open: [(end: Int, entered: (any DisplayNode)?)] = []
    for (index, entry) in nodes.enumerated() {
      while let top = open.last, index >= top.end {
        open.removeLast()
        if let node = top.entered { node.didEnterHierarchy(HierarchyContext(node: node)) }
      }
      let slot = entry.slot
      let node = slot.isInHierarchy ? nil : slot.node
      if let node {
        slot.isInHierarchy = true
        slot.currentWindow = window
        slot.keepAlive = node
        node.willEnterHierarchy(HierarchyContext(node: node))
        DisplayTriggers.nodeEntered(slot, node: node)
        LayoutTriggers.nodeEntered(slot)
      }
      open.append((entry.end, node))
    }
    while let top = open.popLast() {
      if let node = top.entered { node.didEnterHierarchy(HierarchyContext(node: node)) }
    }
  }

  /// Stops keeping alive the nodes that left a window; the last of them may die here.
  func releaseExitedNodes() {
    exited = []
  }

  /// The loaded mirror subtree of `root` in pre-order, each with the index just past its subtree, and whether
  /// any of it is in a window's hierarchy other than the one with id `window`.
  private func loadedSubtree(
    of root: ViewSlot, enteringWindow window: UInt64
  ) -> (nodes: [(slot: ViewSlot, end: Int)], hasExits: Bool) {
    var nodes: [(slot: ViewSlot, end: Int)] = []
    var hasExits = false
    // A slot comes off the stack twice: first to be listed (`index` < 0), then to close its subtree.
    var stack: [(slot: ViewSlot, index: Int)] = [(root, -1)]
    while let (slot, index) = stack.popLast() {
      if index >= 0 {
        nodes[index].end = nodes.count
        continue
      }
      if slot.isInHierarchy && slot.currentWindow != window { hasExits = true }
      stack.append((slot, nodes.count))
      nodes.append((slot, 0))
      for child in slot.children.reversed() where child.hasRunDidLoad && child.isLoaded && child.parent === slot {
        stack.append((child, -1))
      }
    }
    return (nodes, hasExits)
  }
}
