import ActorNodes

extension BenchmarkRunner {
  /// The cost of serializing every structural edit on the one HierarchyActor.
  func runHierarchyBenchmarks() async throws {
    guard wants("hierarchy.") else { return }
    let edits = 10_000
    var add: [Double] = []
    var addLocks: [Double] = []
    var move: [Double] = []
    var contended: [Double] = []
    var moveLoaded: [Double] = []
    var flushLoaded: [Double] = []
    for sample in 0..<samples {
      progress("hierarchy", sample: sample + 1)
      add.append(try await Self.addLeaves(edits: edits, tasks: 1))
      addLocks.append(await Self.addLockLeaves(edits: edits))
      move.append(try await Self.moveLeaves(edits: edits))
      contended.append(try await Self.addLeaves(edits: edits, tasks: 4))
      let (moving, flushing) = try await moveLoadedLeaves(edits: edits)
      moveLoaded.append(moving)
      flushLoaded.append(flushing)
    }
    let count = Double(edits)
    record("hierarchy.add.actor.ns_per_edit", add.map { $0 / count }, unit: "ns")
    record("hierarchy.add.locks.ns_per_edit", addLocks.map { $0 / count }, unit: "ns")
    recordRatio("hierarchy.add.vs_locks", add, addLocks)
    record("hierarchy.move.actor.ns_per_edit", move.map { $0 / count }, unit: "ns")
    record("hierarchy.add_4_tasks.actor.ns_per_edit", contended.map { $0 / count }, unit: "ns")
    record("hierarchy.move_loaded.actor.ns_per_edit", moveLoaded.map { $0 / count }, unit: "ns")
    record(
      "hierarchy.move_loaded.flush_main_us_per_1k_edits", flushLoaded.map { $0 / 1_000 / (count / 1_000) }, unit: "us")
  }

  /// Adds `edits` fresh leaves to 100 parents from `tasks` concurrent tasks; returns the wall time.
  @concurrent
  private static func addLeaves(edits: Int, tasks: Int) async throws -> Double {
    let parents = (0..<100).map { _ in BasicNode() }
    let leaves = (0..<edits).map { _ in BasicNode() }
    return try await measureNanoseconds {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for task in 0..<tasks {
          group.addTask {
            for index in stride(from: task, to: edits, by: tasks) {
              try await parents[index % 100].addSubnode(leaves[index])
            }
          }
        }
        try await group.waitForAll()
      }
    }
  }

  @concurrent
  private static func addLockLeaves(edits: Int) async -> Double {
    let parents = (0..<100).map { _ in LockNode() }
    let leaves = (0..<edits).map { _ in LockNode() }
    return await measureNanoseconds {
      for index in 0..<edits { parents[index % 100].addSubnode(leaves[index]) }
    }
  }

  /// Moves each of `edits` leaves to the next of 100 unloaded parents.
  @concurrent
  private static func moveLeaves(edits: Int) async throws -> Double {
    let parents = (0..<100).map { _ in BasicNode() }
    let leaves = (0..<edits).map { _ in BasicNode() }
    for (index, leaf) in leaves.enumerated() { try await parents[index % 100].addSubnode(leaf) }
    return try await measureNanoseconds {
      for (index, leaf) in leaves.enumerated() { try await parents[(index + 1) % 100].addSubnode(leaf) }
    }
  }

  /// Moves loaded leaves (queueing main-actor work), then applies it in one flush; returns both times.
  private func moveLoadedLeaves(edits: Int) async throws -> (Double, Double) {
    let root = BasicNode()
    let parents = (0..<100).map { _ in BasicNode() }
    let leaves = (0..<edits).map { _ in BasicNode() }
    for parent in parents { try await root.addSubnode(parent) }
    for (index, leaf) in leaves.enumerated() { try await parents[index % 100].addSubnode(leaf) }
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    let moving = try await Self.moveAll(leaves, among: parents)
    let before = window.statistics.mainActorTime
    await window.flush()
    let flushing = (window.statistics.mainActorTime - before).nanoseconds
    await window.detach()
    return (moving, flushing)
  }

  @concurrent
  private static func moveAll(_ leaves: [BasicNode], among parents: [BasicNode]) async throws -> Double {
    try await measureNanoseconds {
      for (index, leaf) in leaves.enumerated() { try await parents[(index + 1) % parents.count].addSubnode(leaf) }
    }
  }
}
