/// The loaded nodes whose main-actor work waits for a window's next turn.
///
/// The work itself waits on each node (``PendingWork``); the queue only
/// lists the nodes that have some, weakly, so that waiting work never keeps
/// a node alive. A node's work goes to the queue of the window it was last
/// in (``NodeCore/turnQueue``); nodes never in a window use ``shared``, which
/// is automatic. The queue lives on the ``HierarchyActor``, which orders
/// structural work.
@HierarchyActor
final class TurnQueue {
  /// The queue of loaded nodes that are in no window.
  static let shared = TurnQueue(mode: .automatic)

  let mode: TurnMode
  /// Counts turns; read on the main actor.
  nonisolated let recorder = TurnRecorder()
  /// The layout passes of the trees whose work this queue takes.
  private(set) lazy var layoutScheduler = LayoutScheduler(queue: self)
  /// The nodes registered since the last take; a node that moved to another queue is skipped here.
  private var registered: [WeakNode] = []
  /// Work that features queued for the next take, in order.
  private var features: [any MainTurnFeature] = []
  private var drainScheduled = false
  /// Set once the window is gone: everything goes to ``shared`` from then on.
  private(set) var isRetired = false
  /// The number of the latest take for a turn.
  private var lastTaken: UInt64 = 0
  /// Takes whose turn has not finished yet.
  private var applying: Set<UInt64> = []
  /// Callers of ``waitForQueuedWork()``, each with the take whose turn it waits for.
  private var waiters: [(take: UInt64, continuation: CheckedContinuation<Void, Never>)] = []
  /// Callers of ``waitForQueuedWork(of:)``, each with the take it waits for and its node's core.
  private var nodeWaiters: [(take: UInt64, core: ObjectIdentifier, continuation: CheckedContinuation<Bool, Never>)] =
    []

  nonisolated init(mode: TurnMode) {
    self.mode = mode
  }

  /// The queue that takes `node`'s main-actor work.
  static func queue(of node: any DisplayNode) -> TurnQueue {
    queue(of: node.nodeCore)
  }

  /// The queue that takes the main-actor work of the node whose core is `core` (``shared`` for a released one:
  /// work that holds its core weakly, as a display's commit does, applies nothing then).
  static func queue(of core: NodeCore?) -> TurnQueue {
    guard let queue = core?.turnQueue, !queue.isRetired else { return shared }
    return queue
  }

  /// `items`, the parts of a feature's work queued in `queue`, grouped by the queue that takes the work of each
  /// one's node now (``queue(of:)``), in order; `nil` if every one goes to `queue`, as all do unless a node moved
  /// to another window (or out of every window) since the work was made.
  static func parts<Items: Collection>(
    of items: Items, queuedIn queue: TurnQueue, core: (Items.Element) -> NodeCore?
  ) -> [(queue: TurnQueue, items: [Items.Element])]? {
    guard items.contains(where: { Self.queue(of: core($0)) !== queue }) else { return nil }
    var parts: [(queue: TurnQueue, items: [Items.Element])] = []
    for item in items {
      let target = Self.queue(of: core(item))
      if let index = parts.firstIndex(where: { $0.queue === target }) {
        parts[index].items.append(item)
      } else {
        parts.append((target, [item]))
      }
    }
    return parts
  }

  /// Lists `node`, whose ``NodeCore/pending`` work has just become non-empty or moved here.
  ///
  /// An automatic queue schedules one turn for everything registered before it runs.
  func register(_ node: any DisplayNode) {
    registered.append(WeakNode(node: node))
    scheduleTurn()
  }

  /// Queues a feature's work (see ``MainTurnFeature``) for the next take: each node's part in the queue that
  /// takes its node's work now.
  func submit(_ feature: any MainTurnFeature) {
    for (queue, work) in feature.routed(from: self) { queue.enqueue(work) }
  }

  private func enqueue(_ feature: any MainTurnFeature) {
    guard !isRetired else { return TurnQueue.shared.enqueue(feature) }
    features.append(feature)
    scheduleTurn()
  }

  /// Whether features have work waiting here, which may have to follow nodes that left (``routeFeatures()``).
  var hasFeatures: Bool { !features.isEmpty }

  /// Sends the features' work for nodes that went to another queue after it was queued along with them.
  func routeFeatures() {
    let queued = features
    features = []
    for feature in queued {
      for (queue, work) in feature.routed(from: self) {
        if queue === self { features.append(work) } else { queue.enqueue(work) }
      }
    }
  }

  /// Removes and returns, in order, the features' work queued here for the nodes of a tree that leaves the window
  /// (their cores' identities `cores`), for the detach's turn (see ``MainTurnFeature/parted(leaving:)``).
  func takeWork(leaving cores: Set<ObjectIdentifier>) -> [any MainTurnFeature] {
    let queued = features
    features = []
    var taken: [any MainTurnFeature] = []
    for feature in queued {
      let (leaving, staying) = feature.parted(leaving: cores)
      if let leaving { taken.append(leaving) }
      if let staying { features.append(staying) }
    }
    return taken
  }

  /// In automatic mode, schedules one turn for everything queued before it runs.
  private func scheduleTurn() {
    guard mode == .automatic, !drainScheduled else { return }
    drainScheduled = true
    Task { @HierarchyActor in
      let (operations, take) = self.takeForTurn()
      await MainTurn.apply(consume operations, recorder: self.recorder).record()
      self.turnFinished(take)
    }
  }

  /// Applies the work waiting for `core`'s window: waits for the next turn of an automatic queue, runs one
  /// of a manual queue now (as ``Window/flush()`` does) if work is waiting, else waits for a turn in progress.
  static func applyQueuedWork(of core: NodeCore) async {
    let queue = queue(of: core)
    // An empty turn would apply nothing and count a turn in the window's statistics.
    guard queue.mode == .manual, queue.hasWaitingWork else { return await queue.waitForQueuedWork() }
    let (operations, take) = queue.takeForTurn()
    await MainTurn.apply(consume operations, recorder: queue.recorder).record()
    queue.turnFinished(take)
  }

  /// Takes the waiting work for a turn; the caller reports the turn's end with ``turnFinished(_:)``.
  func takeForTurn() -> (operations: [MainOperation], take: UInt64) {
    lastTaken += 1
    applying.insert(lastTaken)
    return (take(), lastTaken)
  }

  /// The latest take whose turn, and every earlier take's, has been applied.
  private var appliedThrough: UInt64 { (applying.min() ?? lastTaken + 1) - 1 }

  /// Records that the turn of `take` has been applied, and resumes the waiters it satisfies.
  func turnFinished(_ take: UInt64) {
    applying.remove(take)
    let done = appliedThrough
    if nodeWaiters.contains(where: { $0.take <= done }) {
      let ready = nodeWaiters.filter { $0.take <= done }
      nodeWaiters.removeAll { $0.take <= done }
      for waiter in ready { waiter.continuation.resume(returning: false) }
    }
    guard waiters.contains(where: { $0.take <= done }) else { return }
    let ready = waiters.filter { $0.take <= done }
    waiters.removeAll { $0.take <= done }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Whether the current task is layout code that would wait here for a manual window's turn: the calls that run
  /// that turn (``Window/layoutIfNeeded()``, a node's `layoutIfNeeded()`, ``DisplayNode/recursivelyEnsureDisplay()``)
  /// wait for the window's layout passes first, so it could be waiting for the pass it runs in. Such a wait for
  /// queued work returns at once (``Window/waitForQueuedWork()``, ``DisplayNode/waitForQueuedWork()``).
  nonisolated var isAwaitedFromLayoutCode: Bool { mode == .manual && LayoutScope.isInLayoutCode }

  /// Returns once the work waiting in this queue when it was called has been applied on the main actor.
  ///
  /// In automatic mode that is the next turn (scheduled already if work is
  /// waiting); in manual mode it is the next ``Window/flush()``.
  func waitForQueuedWork() async {
    let target = hasWaitingWork ? lastTaken + 1 : lastTaken
    guard target > appliedThrough else { return }
    await withCheckedContinuation { waiters.append((target, $0)) }
  }

  /// As ``waitForQueuedWork()``, for the node whose core is `core`; ends early if the node's work moves to
  /// another queue (its node entered another window's tree, or this window went away).
  ///
  /// - Returns: Whether the node's work moved before this queue applied it: wait in its new queue then.
  func waitForQueuedWork(of core: NodeCore) async -> Bool {
    // The next take if the node has work waiting for it (another node's waiting work is not waited for); else
    // the takes made so far, which may hold some of the node's work.
    let target = core.pending.isRegistered ? lastTaken + 1 : lastTaken
    guard target > appliedThrough else { return false }
    return await withCheckedContinuation { nodeWaiters.append((target, ObjectIdentifier(core), $0)) }
  }

  /// Ends the waits of ``waitForQueuedWork(of:)`` for `core`'s node, whose work now goes to another queue.
  ///
  /// A wait for a take already made stays: that take's turn applies the node's work, wherever the node goes.
  func nodeLeft(_ core: NodeCore) {
    guard !nodeWaiters.isEmpty else { return }
    let id = ObjectIdentifier(core)
    let moved = nodeWaiters.filter { $0.core == id && $0.take > lastTaken }
    guard !moved.isEmpty else { return }
    nodeWaiters.removeAll { $0.core == id && $0.take > lastTaken }
    for waiter in moved { waiter.continuation.resume(returning: true) }
  }

  /// Returns once the turns of the takes made so far have been applied.
  func waitForTurnsTaken() async {
    let target = lastTaken
    guard target > appliedThrough else { return }
    await withCheckedContinuation { waiters.append((target, $0)) }
  }

  /// Whether nodes or features have work waiting for the next turn.
  var hasWaitingWork: Bool { !registered.isEmpty || !features.isEmpty }

  /// Removes and returns the waiting work of every node registered here that still belongs here.
  ///
  /// Subnode lists are read now, so any number of edits of one parent cost
  /// one list. Implicit loads come first, in one batch.
  func take() -> [MainOperation] {
    drainScheduled = false
    let nodes = registered
    registered = []
    var loads: [LoadEntry] = []
    var operations: [MainOperation] = []
    var writes = QueuedWrites()
    for entry in nodes {
      guard let node = entry.node else { continue }  // Dropped: its work went with it.
      let core = node.nodeCore
      guard core.pending.isRegistered, TurnQueue.queue(of: node) === self else { continue }
      if let load = Tree.takeLoad(of: node) { loads.append(load) }
      if let change = Tree.takeChildrenChange(of: core) { operations.append(change) }
      let work = core.pending
      core.pending = PendingWork()
      for write in work.writes { writes.append(write, of: core, slot: core.loadedSlot) }
      for (version, block) in work.blocks { operations.append(.afterLoad(core, version: version, block: block)) }
    }
    if !loads.isEmpty { operations.insert(.load(loads), at: 0) }
    if !writes.isEmpty { operations.append(.writes(writes)) }
    operations.append(contentsOf: features.lazy.map { .feature($0) })
    features = []
    return operations
  }

  /// Sends the registered nodes, and all future work, to the shared queue: the window is gone.
  func retire() {
    isRetired = true
    let nodes = registered
    registered = []
    drainScheduled = false
    for entry in nodes {
      if let node = entry.node { TurnQueue.shared.register(node) }
    }
    for feature in features { TurnQueue.shared.enqueue(feature) }
    features = []
    layoutScheduler.move(to: TurnQueue.shared.layoutScheduler)
    // The waiting work went to the shared queue: so do its waiters (a take of this queue still
    // being applied finishes on its own; its waiters are satisfied by the shared queue's next turn).
    let movedNodes = nodeWaiters
    nodeWaiters = []
    for waiter in movedNodes { waiter.continuation.resume(returning: true) }
    let moved = waiters
    waiters = []
    for waiter in moved {
      Task { @HierarchyActor in
        await TurnQueue.shared.waitForQueuedWork()
        waiter.continuation.resume()
      }
    }
  }
}

/// A weak reference to a node, for lists that must not keep nodes alive.
struct WeakNode {
  weak var node: (any DisplayNode)?
}
