import ActorNodes

extension BenchmarkRunner {
  /// What the concurrency runtime costs here: the numbers every design decision above rests on.
  func runHopBenchmarks() async throws {
    guard wants("hop.") else { return }
    var actorCall: [Double] = []
    var mainHop: [Double] = []
    for sample in 0..<samples {
      progress("hop", sample: sample + 1)
      actorCall.append(await Self.actorCalls(10_000) / 10_000)
      mainHop.append(await Self.mainRoundTrips(200) / 200 / 1_000)
    }
    record("hop.actor_call.ns", actorCall, unit: "ns")
    record("hop.main_round_trip.us", mainHop, unit: "us")
  }

  @concurrent
  private static func actorCalls(_ count: Int) async -> Double {
    let node = BasicNode(debugName: "hop")
    return await measureNanoseconds {
      for _ in 0..<count { _ = await node.debugName }
    }
  }

  @concurrent
  private static func mainRoundTrips(_ count: Int) async -> Double {
    await measureNanoseconds {
      for _ in 0..<count { await MainActor.run {} }
    }
  }

  /// Releasing a loaded FEED tree off the main actor: nodes right away, views in main-actor jobs.
  func runReleaseBenchmarks() async throws {
    guard wants("release.") else { return }
    var release: [Double] = []
    var lockRelease: [Double] = []
    var jobs: [Double] = []
    let count = Double(FeedTree.nodeCount)
    for sample in 0..<samples {
      progress("release", sample: sample + 1)
      let before = ReleaseTracker.scheduledJobs
      release.append(try await Self.dropLoadedTree())
      jobs.append(Double(ReleaseTracker.scheduledJobs - before))
      await ReleaseTracker.shared.waitUntilIdle()
      lockRelease.append(await Self.dropLockTree())
    }
    record("release.tree10k.actor.ns_per_node", release.map { $0 / count }, unit: "ns")
    record("release.tree10k.locks.ns_per_node", lockRelease.map { $0 / count }, unit: "ns")
    record("release.tree10k.main_jobs", jobs, unit: "count")
  }

  /// Builds and loads a FEED tree, then drops the only reference off the main actor; times the drop.
  @concurrent
  private static func dropLoadedTree() async throws -> Double {
    var tree: BasicNode? = try await FeedTree.makeActorTree()
    await tree?.loadView()
    let elapsed = await measureNanoseconds { tree = nil }
    precondition(tree == nil)
    return elapsed
  }

  @concurrent
  private static func dropLockTree() async -> Double {
    var tree: LockNode? = await FeedTree.makeLockTree()
    let elapsed = await measureNanoseconds { tree = nil }
    precondition(tree == nil)
    return elapsed
  }
}
