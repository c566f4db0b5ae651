internal import Foundation
import Synchronization

/// Releases node trees iteratively, and views on the main actor in batches.
///
/// Releasing a node releases its subnodes, which release theirs: left alone,
/// a 100,000-deep chain would recurse 100,000 deinitializers deep and
/// overflow the stack. Instead, a dying ``NodeCore`` hands its subnodes to
/// a per-thread list that the outermost release drains in a loop, so the
/// stack depth stays constant. The main-actor sides (with the views) that
/// the drain collects go to the main actor in one job per drain.
enum Teardown {
  /// Takes over `nodes` and `mainSide` from a dying core.
  ///
  /// `nodes` is emptied before the drain: if the caller kept references, the
  /// children would die only after the drain, one level of recursion each.
  static func release(_ nodes: inout [any DisplayNode], mainSide: ViewSlot?) {
    let yard = Graveyard.current
    yard.nodes.append(contentsOf: nodes)
    nodes.removeAll()
    if let mainSide { yard.slots.append(mainSide) }
    guard !yard.isDraining else { return }
    yard.isDraining = true
    while let node = yard.nodes.popLast() {
      // Dropping `node` may run its deinitializer, which appends its subnodes
      // to `yard.nodes` and returns: the loop, not the stack, walks the tree.
      _ = node
    }
    yard.isDraining = false
    let slots = yard.slots
    yard.slots = []
    if !slots.isEmpty { MainRelease.schedule(slots) }
  }
}

/// The per-thread list of a release in progress.
private final class Graveyard {
  var nodes: [any DisplayNode] = []
  var slots: [ViewSlot] = []
  var isDraining = false

  private static let key = "ActorNodes.Graveyard"

  /// This thread's list; only this thread ever touches it.
  static var current: Graveyard {
    let storage = Thread.current.threadDictionary
    if let yard = storage[key] as? Graveyard { return yard }
    let yard = Graveyard()
    storage[key] = yard
    return yard
  }
}

/// Releases the views of dead nodes on the main actor, one job per batch.
enum MainRelease {
  /// Release jobs scheduled and not yet finished.
  static let pending = Atomic<Int>(0)
  /// Release jobs scheduled since the process started.
  static let scheduled = Atomic<Int>(0)
  private static let nextJob = Atomic<UInt64>(1)

  /// The release job running in the current task, if any; lets tests check where a view died.
  @TaskLocal package static var currentJob: UInt64?

  static func schedule(_ slots: [ViewSlot]) {
    pending.add(1, ordering: .sequentiallyConsistent)
    scheduled.add(1, ordering: .relaxed)
    let job = nextJob.wrappingAdd(1, ordering: .relaxed).oldValue
    Task { @MainActor in
      $currentJob.withValue(job) {
        for slot in slots { slot.releaseViews() }
      }
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
