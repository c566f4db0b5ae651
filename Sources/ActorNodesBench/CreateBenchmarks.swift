import ActorNodes
import Foundation

extension BenchmarkRunner {
  /// Creating and configuring the FEED tree off the main actor: actors vs the lock baseline.
  ///
  /// The actor tree is built as an app builds cells (properties in the
  /// initializer, rows linked as ``Subtree``s); `actor_by_edits` builds it one
  /// call at a time (`configure` after `init`, `addSubnodes` per parent), the
  /// cost of those calls.
  func runCreateBenchmarks() async throws {
    guard wants("create.") else { return }
    let nodes = Double(FeedTree.nodeCount)
    let tasks = 2 * ProcessInfo.processInfo.activeProcessorCount
    var actor: [Double] = []
    var locks: [Double] = []
    var concurrent: [Double] = []
    var locksConcurrent: [Double] = []
    var byEdits: [Double] = []
    _ = try await FeedTree.makeActorTree(rows: 100)  // warm-up
    _ = await FeedTree.makeLockTree(rows: 100)
    for sample in 0..<samples {
      progress("create", sample: sample + 1)
      // Each tree is released before the next measurement starts: a release inside a timed
      // region would add the teardown of the previous tree to the construction of the next.
      // Alternate the order, so that neither variant always runs on a warm or a cold machine.
      if sample % 2 == 0 {
        actor.append(try await measureActor { try await FeedTree.makeActorTree() })
        locks.append(await measureLocks { await FeedTree.makeLockTree() })
      } else {
        locks.append(await measureLocks { await FeedTree.makeLockTree() })
        actor.append(try await measureActor { try await FeedTree.makeActorTree() })
      }
      concurrent.append(try await measureActor { try await FeedTree.makeActorTreeConcurrently(tasks: tasks) })
      locksConcurrent.append(await measureLocks { await FeedTree.makeLockTreeConcurrently(tasks: tasks) })
      byEdits.append(try await measureActor { try await FeedTree.makeActorTreeByEdits() })
    }
    record("create.tree10k.actor.ns_per_node", actor.map { $0 / nodes }, unit: "ns")
    record("create.tree10k.locks.ns_per_node", locks.map { $0 / nodes }, unit: "ns")
    recordRatio("create.tree10k.vs_locks", actor, locks)
    record("create.tree10k.actor_concurrent.ns_per_node", concurrent.map { $0 / nodes }, unit: "ns")
    recordRatio("create.tree10k.concurrent_speedup", actor, concurrent)
    record("create.tree10k.locks_concurrent.ns_per_node", locksConcurrent.map { $0 / nodes }, unit: "ns")
    recordRatio("create.tree10k.concurrent_vs_locks", concurrent, locksConcurrent)
    record("create.tree10k.actor_by_edits.ns_per_node", byEdits.map { $0 / nodes }, unit: "ns")
    recordRatio("create.tree10k.actor_by_edits.vs_locks", byEdits, locks)
  }

  /// The time `make` takes; the tree is released after the measurement.
  private func measureActor(_ make: () async throws -> BasicNode) async throws -> Double {
    var tree: BasicNode?
    let time = try await measureNanoseconds { tree = try await make() }
    withExtendedLifetime(tree) {}
    return time
  }

  private func measureLocks(_ make: () async -> LockNode) async -> Double {
    var tree: LockNode?
    let time = await measureNanoseconds { tree = await make() }
    withExtendedLifetime(tree) {}
    return time
  }
}
