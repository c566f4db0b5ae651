import Synchronization

/// Releases node trees iteratively, and views on the main actor in batches.
///
/// Releasing a node releases its subnodes, which release theirs: left alone,
/// a 100,000-deep chain would recurse 100,000 deinitializers deep and
/// overflow the stack. Instead, the first dying ``NodeCore`` of a release
/// binds a graveyard (a task-local value, so deinitializers that run
/// nested on the same thread find it) and drains it in a loop; nested cores
/// only hand their subnodes over, so the stack depth stays constant. The
/// main-actor sides (with the views) that the drain collects go to the main
/// actor in one job per drain.
enum Teardown {
  /// Frees a tree of objects that own their children (views and their subviews, layers and their sublayers) with
  /// no stack frame per level: each object only `objects` holds gives up its children (`takeChildren`) before it
  /// goes, so that no release frees another; an object something else still holds stays whole.
  ///
  /// `objects` must be the only holder of its elements the caller has left: pass the array taken out of the dying
  /// parent.
  static func releaseIteratively<Object: AnyObject>(
    _ objects: consuming [Object], takingChildrenOf takeChildren: (Object) -> [Object]
  ) {
    var pending = objects
    while var object = pending.popLast() {
      guard isKnownUniquelyReferenced(&object) else { continue }
      pending.append(contentsOf: takeChildren(object))
    }
  }

  /// The graveyard of the release running on this thread, if any.
  @TaskLocal private static var graveyard: Graveyard?

  /// Takes over `nodes` and `mainSide` from a dying core.
  ///
  /// `nodes` is emptied before the drain: if the caller kept references, the
  /// children would die only after the drain, one level of recursion each.
  static func release(_ nodes: inout [any DisplayNode], mainSide: ViewSlot?) {
    // A closed graveyard was inherited by a task created during an earlier drain: start afresh.
    if let yard = graveyard, yard.bury(&nodes, mainSide) { return }
    let yard = Graveyard()
    _ = yard.bury(&nodes, mainSide)
    $graveyard.withValue(yard) {
      // Dropping a node may run its deinitializer, which buries its subnodes
      // here and returns: the loop, not the stack, walks the tree.
      while yard.dropOne() {}
    }
    let slots = yard.takeSlots()
    if !slots.isEmpty { MainRelease.schedule(slots) }
  }

  /// Runs `body`, which may drop the last references to nodes, as one release: the nodes that die in it release
  /// theirs in a loop, and their main-actor sides are returned instead of going to a job of their own.
  ///
  /// A main-actor side holds the nodes its layout places (a spec's subnodes); the release job drops them with
  /// this, so a tree laid out by specs dies in that one job, not one job per level.
  static func releasing(_ body: () -> Void) -> [ViewSlot] {
    let yard = Graveyard()
    $graveyard.withValue(yard) {
      body()
      while yard.dropOne() {}
    }
    return yard.takeSlots()
  }
}

/// The nodes and main-actor sides waiting in one release.
///
/// Only the releasing thread touches it in practice (a task created during
/// the drain inherits it, hence the lock and ``bury(_:_:)``'s closed check),
/// so its mutex is not contended; it makes the type `Sendable`, which a
/// task-local value must be.
private final class Graveyard: Sendable {
  private struct Contents {
    var nodes: [any DisplayNode] = []
    var slots: [ViewSlot] = []
    var isClosed = false
  }

  private let contents = Mutex(Contents())

  /// Takes over `nodes` and `mainSide`; returns false, taking nothing, once the drain is over.
  func bury(_ nodes: inout [any DisplayNode], _ mainSide: ViewSlot?) -> Bool {
    let taken = contents.withLock {
      guard !$0.isClosed else { return false }
      $0.nodes.append(contentsOf: nodes)
      if let mainSide { $0.slots.append(mainSide) }
      return true
    }
    if taken { nodes.removeAll() }
    return taken
  }

  /// Drops one node, outside the lock (its deinitializer may bury more).
  ///
  /// - Returns: `false` once empty; the graveyard is then closed in the same step.
  func dropOne() -> Bool {
    let node: (any DisplayNode)? = contents.withLock {
      if let node = $0.nodes.popLast() { return node }
      $0.isClosed = true
      return nil
    }
    return node != nil
  }

  func takeSlots() -> [ViewSlot] {
    contents.withLock {
      let slots = $0.slots
      $0.slots = []
      return slots
    }
  }
}

/// Releases the views of dead nodes on the main actor, one job per batch.
enum MainRelease {
  /// Release jobs scheduled and not yet finished.
  static let pending = Atomic<Int>(0)
  /// Release jobs scheduled since the process started.
  static let scheduled = Atomic<Int>(0)
  private static let nextJob = Atomic<UInt64>(1)

  /// The release job running on the main actor, if any; lets tests check where a view died.
  @MainActor package static var currentJob: UInt64?

  static func schedule(_ slots: [ViewSlot]) {
    pending.add(1, ordering: .sequentiallyConsistent)
    scheduled.add(1, ordering: .relaxed)
    let job = nextJob.wrappingAdd(1, ordering: .relaxed).oldValue
    Task { @MainActor in
      currentJob = job
      // Releasing a side drops the nodes its layout places; the sides of those that die are released here too.
      var batch = slots
      while !batch.isEmpty {
        let released = batch
        batch = Teardown.releasing { for slot in released { slot.releaseViews() } }
      }
      currentJob = nil
      let remaining = pending.subtract(1, ordering: .sequentiallyConsistent).newValue
      if remaining == 0 { await ReleaseTracker.shared.releasesFinished() }
    }
  }
}

/// Lets tests wait until every scheduled view release has run.
package actor ReleaseTracker {
  package static let shared = ReleaseTracker()

  /// The main-actor release jobs scheduled since the process started (the bench checks that a tree takes one).
  package nonisolated static var scheduledJobs: Int { MainRelease.scheduled.load(ordering: .relaxed) }
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// Returns once no view release is pending.
  package func waitUntilIdle() async {
    guard MainRelease.pending.load(ordering: .sequentiallyConsistent) > 0 else { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  fileprivate func releasesFinished() {
    guard MainRelease.pending.load(ordering: .sequentiallyConsistent) == 0 else { return }
    let resumed = waiters
    waiters = []
    for waiter in resumed { waiter.resume() }
  }
}
