internal import Dispatch
import Synchronization

/// What the main actor applies of one layout pass, in one turn: frames, applied layouts, then the layout hooks.
///
/// Entries come supernodes first, as the pass visited them. Frames are
/// view-property writes with their node's write version, so a newer
/// `configure` write wins over a pass's frame and an older one loses, in
/// whatever order they arrive; a frame for a view whose `didLoad` has not
/// run waits for it like any write.
struct LayoutApplication: MainTurnFeature {
  /// One node's part.
  struct Entry: Sendable {
    let core: NodeCore
    let layout: NodeLayout
    /// Whether the layout is new (or, for a node that places its subnodes itself, laid out again): the
    /// node's layout hooks run then, and when `setNeedsLayout()` asked for them (``ViewSlot/layoutRequested``).
    var changed: Bool
    /// The frame its supernode's layout gave it, for a node that was loaded when the pass reached it.
    let frameWrite: FrameWrite?
    /// The core of that supernode, by identity: a node under another supernode by the time the frame is applied
    /// has its current supernode place it again (see ``LayoutTriggers``).
    var placedBy: ObjectIdentifier? = nil
    /// Whether the node measured itself (``LayoutMethod/size(_:)``) and places its subnodes in `layout(_:)`.
    var isManual = false
    /// For a node that places its subnodes itself: the sizes they were measured at, by core.
    var measuredSizes: [ObjectIdentifier: Size] = [:]
    /// When the node took the layout, in its write versions: an entry whose node took a later layout since, and
    /// had it applied first, is stale (an older pass queued before an attach applied its own, or the pass of a
    /// window the node left); its layout and hooks are skipped, its frame loses to the newer one by version.
    var stamp: UInt64 = 0
  }

  var entries: [Entry] = []
  /// When the earliest layout request this pass answers was made (`nil` for an attach's pass): a display that
  /// started since then, at a size the pass changes, is done again (``ViewSlot/redrawIfResized(from:layoutRequestedAt:)``).
  var layoutRequestedAt: ContinuousClock.Instant?

  /// Whether the pass laid out no node.
  var isEmpty: Bool { entries.isEmpty }

  /// Each node's part goes to the queue of the window it is in now: a node that moved to another window while
  /// its frames waited (or while the pass ran) takes them in that window's turns, not at the next turn of the
  /// window it left (for a manual one, a `flush()` that may never come).
  @HierarchyActor
  func routed(from queue: TurnQueue) -> [(queue: TurnQueue, work: any MainTurnFeature)] {
    guard let parts = TurnQueue.parts(of: entries, queuedIn: queue, core: \.core) else { return [(queue, self)] }
    return parts.map { ($0.queue, LayoutApplication(entries: $0.items, layoutRequestedAt: layoutRequestedAt)) }
  }

  /// The entries of the nodes of a tree that leaves its window go with it, to be applied in the detach's turn: the
  /// entries hold their cores, and their layouts the subnodes they place, so queued until the next turn of a manual
  /// window the tree left (which may never come) they would keep a dropped tree alive.
  @HierarchyActor
  func parted(leaving cores: Set<ObjectIdentifier>) -> (
    leaving: (any MainTurnFeature)?, staying: (any MainTurnFeature)?
  ) {
    guard entries.contains(where: { cores.contains(ObjectIdentifier($0.core)) }) else { return (nil, self) }
    var leaving = LayoutApplication(layoutRequestedAt: layoutRequestedAt)
    var staying = LayoutApplication(layoutRequestedAt: layoutRequestedAt)
    for entry in entries {
      if cores.contains(ObjectIdentifier(entry.core)) {
        leaving.entries.append(entry)
      } else {
        staying.entries.append(entry)
      }
    }
    return (leaving, staying.isEmpty ? nil : staying)
  }

  /// The pixel grid of layout passes (they lay out at scale 1).
  private static let passGrid = PixelGrid(scale: 1)

  @MainActor
  func apply() {
    // The frames first, then the hooks of the nodes that need them: listed on the way, so that the second loop
    // reads no core or slot of the rest (on a large pass, every such read was a cache miss). The first loop
    // reads each block of entries ahead of applying it, for the same misses.
    var hooks: [(entry: Int, slot: ViewSlot)] = []
    var placersOfResized: [ViewSlot] = []
    var readAhead = ReadAhead()
    for block in ReadAhead.blocks(of: entries.count) {
      read(block, into: &readAhead)
      for index in block {
        let slot = entries[index].core.mainSlot
        guard !slot.isReleased else { continue }
        if let write = entries[index].frameWrite {
          if !slot.apply(write, layoutRequestedAt: layoutRequestedAt) { slot.parkedWrites.append(write.propertyWrite) }
          // Moved under another supernode since that layout placed it (a pass of the window it left, applied
          // after the move): its newest write version wins, so the supernode it has now places it again.
          if let placer = entries[index].placedBy, let parent = slot.parent, parent.coreID != placer {
            LayoutTriggers.nodeMoved(slot)
          }
        }
        // Texture keeps one calculated layout per node, the newest.
        guard entries[index].stamp >= slot.appliedLayoutStamp else { continue }
        // New against the layout the views show, too: steps of a node can arrive out of order, and a step taken
        // after a newer layout (so not new to the node) may be the one applied, the newer one's entry skipped after
        // it. (Compared only when the step found nothing new: a first layout, or a full pass, costs no comparison.)
        let runsHooks =
          entries[index].changed || slot.layoutRequested
          || slot.appliedLayout.map { !$0.hasSameFrames(as: entries[index].layout) } ?? true
        slot.appliedLayoutStamp = entries[index].stamp
        slot.appliedLayout = entries[index].layout
        slot.placesSubnodesByHand = entries[index].isManual
        if runsHooks { hooks.append((index, slot)) }
        // A node placed by hand whose supernode's hooks gave it another size since this layout was asked for
        // (a frame set back to the size of the layout applied before, which asked for nothing): its layout
        // must follow its bounds, as Texture's `__layout` measures a node at the bounds it has. (A pass lays it
        // out at its bounds rounded up to the grid of passes: a size off the grid asks for nothing more.)
        if entries[index].frameWrite == nil, let placer = slot.parent, placer.placesSubnodesByHand,
          let size = slot.layer?.bounds.size, Self.passGrid.ceil(size) != entries[index].layout.size,
          !placersOfResized.contains(where: { $0 === placer })
        {
          placersOfResized.append(placer)
        }
      }
    }
    readAhead.keep()
    for (index, slot) in hooks {
      let entry = entries[index]
      guard !slot.isReleased else { continue }
      guard slot.isLoaded else {
        // Texture lays out loaded nodes only. Its view is on its way (a pass lays a node out once its load
        // snapshot is taken): the hooks are owed to the layout applied here, and run once it loads.
        slot.layoutRequested = true
        continue
      }
      slot.layoutRequested = false
      let layout = entry.layout
      let sizes = entry.measuredSizes
      guard slot.hasRunDidLoad, let node = slot.liveNode, let layer = slot.layer else {
        // Right after `didLoad`, after the blocks registered before this pass.
        slot.pendingBlocks.append(
          (
            .max,
            { context in
              Self.runHooks(
                of: context.node, slot: context.node.nodeCore.mainSlot, view: context.view, layer: context.layer,
                layout, sizes)
            }
          ))
        continue
      }
      Self.runHooks(of: node, slot: slot, view: slot.view, layer: layer, layout, sizes)
    }
    // After the hooks: a placer whose hooks ran in this turn has just placed its subnodes again (the sizes the
    // first loop saw are the ones it replaced), and its hooks asked for the subnodes it resized.
    guard !placersOfResized.isEmpty else { return }
    let placedAgain = Set(hooks.lazy.map { ObjectIdentifier($0.slot) })
    for placer in placersOfResized where !placedAgain.contains(ObjectIdentifier(placer)) {
      Self.layOutResizedSubnodes(of: placer)
    }
  }

  /// Reads the layouts, slots and layers of a block of entries before the loop applies them (see ``ReadAhead``).
  @MainActor
  private func read(_ block: Range<Int>, into readAhead: inout ReadAhead) {
    for index in block {
      readAhead.read(UInt64(entries[index].layout.sublayouts.count))
      if let slot = entries[index].core.slot { readAhead.read(slot.appliedLayoutStamp) }
    }
    for index in block {
      if let slot = entries[index].core.slot, let layer = slot.layer { readAhead.read(layer.opacity.bitPattern) }
    }
  }

  /// Asks for a pass for each subnode that a node's `layout(_:)` just gave a size its layout does not have.
  ///
  /// A node that places its subnodes itself sets their frames on their
  /// views; in Texture, a view whose bounds change size lays its subviews
  /// out again (`layoutSubviews`, which measures at the new bounds). The main
  /// actor never measures: each such subnode takes the size in its own
  /// isolation and a pass lays it out at it, applied in a later turn. A
  /// subnode no pass laid out yet is asked only if it has subnodes to place
  /// or its layout names its subnodes (automatic subnode management).
  @MainActor
  private static func layOutResizedSubnodes(of slot: ViewSlot) {
    var resized: [(node: any DisplayNode, size: Size, version: UInt64)] = []
    for child in slot.children where child.parent === slot && child.hasRunDidLoad && !child.isReleased {
      // The node last: most subnodes are where their layout put them, and each retain of a node is costly.
      guard let size = child.layer?.bounds.size, size.width > 0, size.height > 0 else { continue }
      if let applied = child.appliedLayout {
        guard applied.size != size else { continue }
      } else if child.children.isEmpty, !child.managesSubnodes {
        continue  // Nothing to place (a node whose layout names its subnodes has none before its first layout).
      }
      if let node = child.liveNode { resized.append((node, size, child.propertyVersions.version(of: .bounds))) }
    }
    guard !resized.isEmpty else { return }
    MainTurn.currentRecorder?.resizedSubnodeRequests += 1
    // Counted as a registration on its way, so that a wait for the passes also waits for these.
    let registration = LayoutScheduler.registrationLeft()
    Task { @HierarchyActor in
      for (node, size, version) in resized { await node.takeBoundsFromView(size, shownAt: version) }
      LayoutScheduler.registrationArrived(registration)
    }
  }

  /// Runs the node's layout hooks; then asks for passes of the subnodes whose views no longer have the size of
  /// their layouts.
  ///
  /// A node that places its subnodes itself sets their frames in `layout(_:)`; a spec node places them at the
  /// sizes of their layouts, and its hooks may set one by hand all the same (the subclassing guide's
  /// `subnode.frame = self.bounds`, or an override of its spec's frame): either way the subnode is laid out at
  /// its new size.
  @MainActor
  private static func runHooks(
    of node: any DisplayNode, slot: ViewSlot, view: View?, layer: Layer, _ layout: NodeLayout,
    _ sizes: [ObjectIdentifier: Size]
  ) {
    // Texture's `__layout` lays out nothing at empty bounds (at the origin, of no size): the hooks would compute
    // frames from nothing. (A window's root takes the window's size whatever its own bounds: its layout's counts.)
    // The pass laid the view out: its mark is answered once the hooks return (a mark the node makes on its own view
    // from them asked for nothing: `LayoutTriggers.layoutMarked(_:)`).
    defer { layer.clearNeedsLayout() }
    guard layer.bounds != .zero || layout.size != .zero else { return }
    let context = LayoutContext(
      node: node, view: view, layer: layer, layout: layout.layout(of: node), measuredSizes: sizes)
    _ = mainQueueKey  // Marks the main queue before the first hook can ask.
    let outer = nodeRunningHooks.exchange(node.nodeCore.id, ordering: .relaxed)
    node.layout(context)
    node.layoutDidFinish(context)
    nodeRunningHooks.store(outer, ordering: .relaxed)
    layOutResizedSubnodes(of: slot)
  }

  /// The id of the node whose layout hooks the main actor is running (0 when none).
  ///
  /// Written by the main actor only; read with ``DisplayNode/invalidateCalculatedLayout()`` together with
  /// ``isOnMainQueue``, so that a node's invalidation of itself from its own `layout(_:)` asks for no pass
  /// (which would run the hook again, forever), as Texture's invalidation never asks for one. Another thread's
  /// invalidation of the same node at the same time does not run on the main queue, and asks for its pass.
  nonisolated static let nodeRunningHooks = Atomic<UInt64>(0)

  /// A key set on the main queue, which runs the main actor's jobs: on Linux the main actor is not the main
  /// thread (a worker drains the main queue), so asking for the OS main thread cannot tell, and the queue's key can.
  private nonisolated static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs on the main queue (so on the main actor), once a hook has run.
  nonisolated static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueueKey) == true }
}

/// A frame from a layout pass: a write of a view's bounds and position with its node's write version.
///
/// Recorded and applied like any ``PropertyWrite``, by the same versions, but
/// as a value rather than an object: a pass writes a frame for every node it
/// moves. It carries the frame alone, which the view splits into bounds and
/// position against its own anchor point and bounds origin (see ``FrameForView``).
struct FrameWrite: Sendable {
  let version: UInt64
  let frame: Rect

  /// The same write as a general one (for a view whose `didLoad` has not run: it waits with the others).
  var propertyWrite: PropertyWrite {
    PropertyWrite(
      version: version, written: .frame, record: ViewProperties(), actions: [],
      frame: FrameForView(frame: frame, boundsOrigin: nil))
  }
}

extension ViewSlot {
  /// Applies a frame where it is newer than what the view shows; a new size redraws as
  /// ``redrawIfResized(from:layoutRequestedAt:)`` says.
  ///
  /// - Returns: `false`, applying nothing, if the view does not exist or its node's `didLoad` has not run.
  func apply(_ write: FrameWrite, layoutRequestedAt: ContinuousClock.Instant?) -> Bool {
    guard hasRunDidLoad, let layer else { return false }
    let newer = takeNewer(.frame, version: write.version)
    let size = layer.bounds.size
    FrameForView(frame: write.frame, boundsOrigin: nil).apply(to: layer, newer: newer)
    if newer.contains(.position) { positionIsFromFrame = true }
    if newer.contains(.bounds) { redrawIfResized(from: size, layoutRequestedAt: layoutRequestedAt) }
    return true
  }
}

extension DisplayNode {
  /// Records the frame its supernode's layout gives the node, as `configure { $0.frame = frame }` would.
  ///
  /// - Returns: The write for the main actor, or `nil` before load (the frame is pending, applied at load).
  func recordFrame(_ frame: Rect) -> FrameWrite? {
    let state = self.state
    state.properties.frame = frame
    guard state.isLoaded else {
      state.pendingWrites.formUnion(.frame)
      state.recordPendingFrame(frame)
      return nil
    }
    state.writeVersion += 1
    state.boundsVersion = state.writeVersion
    return FrameWrite(version: state.writeVersion, frame: frame)
  }
}
