import ActorNodes
import Foundation

extension BenchmarkRunner {
  /// Creating and configuring the FEED tree off the main actor: actors vs the lock baseline.
  func runCreateBenchmarks() async throws {
    guard wants("create.") else { return }
    let nodes = Double(FeedTree.nodeCount)
    let tasks = 2 * ProcessInfo.processInfo.activeProcessorCount
    var actor: [Double] = []
    var locks: [Double] = []
    var concurrent: [Double] = []
    var locksConcurrent: [Double] = []
    _ = try await FeedTree.makeActorTree(rows: 100)  // warm-up
    _ = await FeedTree.makeLockTree(rows: 100)
    for sample in 0..<samples {
      progress("create: sample \(sample + 1)/\(samples)")
      var tree: BasicNode?
      var lockTree: LockNode?
      // Alternate the order, so that neither variant always runs on a warm or a cold machine.
      if sample % 2 == 0 {
        actor.append(try await measureNanoseconds { tree = try await FeedTree.makeActorTree() })
        locks.append(await measureNanoseconds { lockTree = await FeedTree.makeLockTree() })
      } else {
        locks.append(await measureNanoseconds { lockTree = await FeedTree.makeLockTree() })
        actor.append(try await measureNanoseconds { tree = try await FeedTree.makeActorTree() })
      }
      concurrent.append(
        try await measureNanoseconds { tree = try await FeedTree.makeActorTreeConcurrently(tasks: tasks) })
      locksConcurrent.append(
        await measureNanoseconds { lockTree = await FeedTree.makeLockTreeConcurrently(tasks: tasks) })
      tree = nil
      lockTree = nil
      _ = (tree, lockTree)
    }
    record("create.tree10k.actor.ns_per_node", actor.map { $0 / nodes }, unit: "ns")
    record("create.tree10k.locks.ns_per_node", locks.map { $0 / nodes }, unit: "ns")
    recordRatio("create.tree10k.vs_locks", actor, locks)
    record("create.tree10k.actor_concurrent.ns_per_node", concurrent.map { $0 / nodes }, unit: "ns")
    recordRatio("create.tree10k.concurrent_speedup", actor, concurrent)
    record("create.tree10k.locks_concurrent.ns_per_node", locksConcurrent.map { $0 / nodes }, unit: "ns")
    recordRatio("create.tree10k.concurrent_vs_locks", concurrent, locksConcurrent)
  }
}
