/// One piece of main-actor work caused by a change off the main actor.
///
/// Operations are state, not deltas, and carry versions, so the main actor
/// can apply any set of them in any order and still end with the newest
/// state: a node's subnodes (newest structure version wins), a node's place
/// under a window, a node's properties (newest write version wins, per
/// property). This is what lets windows flush independently and lets writes
/// from concurrent tasks arrive in any order.
///
/// Operations name nodes by their ``NodeCore``, not the node: the main actor
/// needs only the core's slot, and a core, unlike a node, has no weak
/// references to it, so retaining it stays on the fast path. Operations
/// exist only between a take and its turn: waiting work is kept on the
/// nodes (``PendingWork``), where it keeps nothing alive.
enum MainOperation: Sendable {
  /// Create the views of loading nodes and apply their pending state.
  case load([LoadEntry])
  /// A loaded node's subnodes are now `children`, as of structure `version`; `placements`
  /// say where edits put some of them among the parent's sublayers (by subnode core).
  case setChildren(parent: NodeCore, children: [NodeCore], version: UInt64, placements: [ObjectIdentifier: Placement])
  /// `root` is now the root of `window` (or of no window), as of structure `version`.
  case setWindow(root: NodeCore, window: Window?, version: UInt64)
  /// Loaded nodes' properties were written off the main actor: every write of one take, in one batch.
  case writes(QueuedWrites)
  /// Run a block registered with `onDidLoad` after the node loaded.
  case afterLoad(NodeCore, version: UInt64, block: DidLoadBlock)
  /// Work a feature owns (a layout pass's frames and hooks), applied after the turn's own phases.
  case feature(any MainTurnFeature)
}

/// The nodes of a subtree whose views load together, in pre-order, as one load prepared them.
struct LoadBatch: Sendable {
  var entries: [LoadEntry]
  /// Says when the batch's state has been gathered; other loads may wait for it.
  let ticket: LoadTicket
}

/// One node whose view loads.
struct LoadEntry: Sendable {
  let node: any DisplayNode
  /// The cores of the node's subnodes as of ``childrenVersion``.
  let children: [NodeCore]
  /// The structure version at which ``children`` was read.
  let childrenVersion: UInt64
  let isLayerBacked: Bool
  /// The node's pending state, taken on the node's actor.
  var snapshot: LoadSnapshot?
}

/// A node's pending state at the moment its view started to load.
struct LoadSnapshot: Sendable {
  let properties: ViewProperties
  /// The properties written before load: the only ones copied onto the view.
  let written: ViewPropertyMask
  /// The frame written last before load, whatever was written after it (see ``NodeState/pendingFrame``).
  let frame: FrameForView?
  let actions: ViewActions
  /// The node's write version at the snapshot; later writes have higher versions.
  let version: UInt64
  let didLoadBlocks: [DidLoadBlock]
  /// The node's debug name, for view-tree descriptions.
  let debugName: String?
  /// The layout a pass applied before the view loaded, if any, and whether the node places its subnodes itself.
  let appliedLayout: (layout: NodeLayout, isManual: Bool, stamp: UInt64)?
  /// Whether the node was invalidated, unloaded, after its supernode measured it (``NodeCore/notePassAtLoad(for:)``):
  /// its load asked for a pass, since that supernode's layout may place it at its old size.
  var asksForPassAtLoad = false
}

/// The property writes of one take, each with the core of its node, in the order the nodes were registered.
///
/// One operation for all of them, in two parallel arrays, so that a turn
/// reads each write once, in place: copying a write out of a list of
/// operations copies its whole ``ViewProperties`` and retains its node's
/// core, and on a cold tree that copy was most of a flush's time.
struct QueuedWrites: Sendable {
  private(set) var cores: [NodeCore] = []
  /// Each core's loaded slot, if the ``HierarchyActor`` knew it when it queued the write (``NodeCore/loadedSlot``).
  private(set) var slots: [ViewSlot?] = []
  private(set) var writes: [PropertyWrite] = []

  var isEmpty: Bool { writes.isEmpty }

  mutating func append(_ write: PropertyWrite, of core: NodeCore, slot: ViewSlot?) {
    cores.append(core)
    slots.append(slot)
    writes.append(write)
  }
}

extension MainOperation {
  /// This operation, with a batch of writes split into one operation per write.
  ///
  /// The writes of different takes reach the main actor in any order; tests
  /// split a take's batch to apply its writes in any order and grouping too.
  var splitWrites: [MainOperation] {
    guard case .writes(let queued) = self else { return [self] }
    return queued.writes.indices.map { index in
      var single = QueuedWrites()
      single.append(queued.writes[index], of: queued.cores[index], slot: queued.slots[index])
      return .writes(single)
    }
  }
}

/// The slots whose views a turn created, each with its node's core.
///
/// The ``HierarchyActor`` keeps each as its core's ``NodeCore/loadedSlot``, so
/// that it queues the node's later writes with the slot: a turn then reaches
/// the slot without touching the core. The callers of ``MainTurn/apply(_:recorder:)``
/// record them where they report the turn's end, on the ``HierarchyActor``.
struct LoadedSlots: Sendable {
  var entries: [(core: NodeCore, slot: ViewSlot)] = []

  @HierarchyActor
  func record() {
    for (core, slot) in entries { core.loadedSlot = slot }
  }
}

/// A write to a loaded node's properties from off the main actor.
///
/// A class: a write is made once, on the node's actor, and then only moved
/// (to the queue, to a turn, parked on a slot). It carries the values of its
/// written properties only (``WrittenValues``): the value of one, or the
/// node's record for a write of several.
final class PropertyWrite: Sendable {
  let version: UInt64
  let written: ViewPropertyMask
  let values: WrittenValues
  let actions: ViewActions
  /// A frame to split against the view's own anchor point and bounds origin (see ``FrameForView``).
  let frame: FrameForView?

  /// A write of the properties in `written`, whose values are in `record` (the node's record after the write).
  init(
    version: UInt64, written: ViewPropertyMask, record: ViewProperties, actions: ViewActions,
    frame: FrameForView? = nil
  ) {
    self.version = version
    self.written = written
    self.values = WrittenValues(written, of: record, frame: frame)
    self.actions = actions
    self.frame = frame
  }
}

/// The values a ``PropertyWrite`` carries for its written properties.
enum WrittenValues: Sendable {
  /// None besides the write's frame: a write of actions, or of a frame alone.
  case none
  /// The value of the one property written besides the frame.
  case one(ViewProperty, ViewPropertyValue)
  /// The node's record, for a write of several properties (boxed: most writes write one).
  indirect case record(ViewProperties)

  /// The values of `written` in `record`; a frame supplies the bounds and position itself.
  init(_ written: ViewPropertyMask, of record: ViewProperties, frame: FrameForView?) {
    let rest = frame == nil ? written : written.subtracting(.frame)
    var properties = rest.makeIterator()
    guard let first = properties.next() else {
      self = .none
      return
    }
    self = properties.next() == nil ? .one(first, ViewPropertyValue(first, of: record)) : .record(record)
  }

  /// Writes the values of the properties in `newer` (a subset of the write's) to a loaded layer and view.
  ///
  /// - Returns: Whether a property whose change redraws the view changed value.
  @MainActor
  func apply(_ newer: ViewPropertyMask, to layer: Layer, view: View?) -> Bool {
    switch self {
    case .none: false
    case .one(let property, let value): newer.contains(property) ? value.apply(to: layer, view: view) : false
    case .record(let record): record.apply(newer, to: layer, view: view)
    }
  }
}

/// A frame written to a loaded node, which the main actor splits into bounds and position against the view.
///
/// The node's record splits it against the anchor point and bounds origin it
/// knows; main-actor code may have changed the view's since (in `didLoad`,
/// or directly), and Texture splits a frame against the layer's. So the view
/// takes the frame's size and its own bounds origin (or the one the same
/// write gave), and a position that puts the frame where it was asked for
/// with its own anchor point.
struct FrameForView: Sendable {
  let frame: Rect
  /// The bounds origin the same write gave before the frame, if any.
  let boundsOrigin: Point?

  /// Sets the frame on `layer`, for the properties of `newer` (the write's, where it is the newest).
  @MainActor
  func apply(to layer: Layer, newer: ViewPropertyMask) {
    if newer.contains(.bounds) {
      layer.setBounds(Rect(origin: boundsOrigin ?? layer.bounds.origin, size: frame.size))
    }
    if newer.contains(.position) { layer.position = frame.position(ofAnchor: layer.anchorPoint) }
  }
}

/// Main-actor work that a feature (layout, display) owns and applies in a turn.
///
/// A turn applies features after its own phases (views, structure,
/// `didLoad`, writes, hierarchy), in the order they were queued, so a
/// feature sees the views and the hierarchy as of this turn, as Texture lays
/// out a view after it entered its window. Each feature keeps its operations
/// in its own type; the turn only runs them.
protocol MainTurnFeature: Sendable {
  @MainActor func apply()

  /// This work parted by the queue that takes each of its nodes' work now (``TurnQueue/queue(of:)``), in order,
  /// for work queued in `queue`: a node's work follows it into another window, as its writes do
  /// (``TurnQueue/parts(of:queuedIn:core:)`` groups it).
  @HierarchyActor
  func routed(from queue: TurnQueue) -> [(queue: TurnQueue, work: any MainTurnFeature)]

  /// This work parted for a tree that leaves its window, whose nodes' cores `cores` names: the part for those
  /// nodes, which the detach's turn applies (``TurnQueue/takeWork(leaving:)``), and the part that stays queued, each
  /// in order (`nil` for an empty part). Work that holds its nodes weakly stays whole (the default).
  @HierarchyActor
  func parted(leaving cores: Set<ObjectIdentifier>) -> (
    leaving: (any MainTurnFeature)?, staying: (any MainTurnFeature)?
  )
}

extension MainTurnFeature {
  @HierarchyActor
  func parted(leaving cores: Set<ObjectIdentifier>) -> (
    leaving: (any MainTurnFeature)?, staying: (any MainTurnFeature)?
  ) {
    (nil, self)
  }
}
