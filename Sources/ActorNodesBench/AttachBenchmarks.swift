import ActorNodes

extension BenchmarkRunner {
  /// Attaching the FEED tree to a window: loading every view, in main-actor time and turns.
  ///
  /// The baseline's synchronous load does the same work as the turn: views or layers, pending state,
  /// `didLoad` subnodes first, `isInHierarchy` and both enter hooks, called through dynamic dispatch.
  func runAttachBenchmarks() async throws {
    guard wants("attach.") else { return }
    let thousands = Double(FeedTree.nodeCount) / 1_000
    var main: [Double] = []
    var wall: [Double] = []
    var turns: [Double] = []
    var locks: [Double] = []
    for sample in 0..<samples {
      progress("attach", sample: sample + 1)
      let tree = try await FeedTree.makeActorTree()
      let window = Window(turnMode: .manual)
      wall.append(try await measureNanoseconds { try await window.attach(tree) })
      main.append(window.statistics.mainActorTime.nanoseconds)
      turns.append(Double(window.statistics.turns))
      await window.detach()

      let lockTree = await FeedTree.makeLockTree()
      let host = View()
      let hooksBefore = LockFeedNode.hookCalls
      locks.append(await measureNanoseconds { lockTree.loadViews(into: host) })
      // The baseline does Texture's work: didLoad, willEnterHierarchy and didEnterHierarchy for every node,
      // layout and layoutDidFinish for every node with subnodes (the root, each row and its text container).
      let laidOut = 1 + 2 * FeedTree.rows
      precondition(
        LockFeedNode.hookCalls - hooksBefore == 3 * FeedTree.nodeCount + 2 * laidOut, "the baseline skipped hooks")
    }
    record("attach.tree10k.main_us_per_1k_nodes", main.map { $0 / 1_000 / thousands }, unit: "us")
    record("attach.tree10k.main_turns", turns, unit: "count")
    record("attach.tree10k.total_us_per_1k_nodes", wall.map { $0 / 1_000 / thousands }, unit: "us")
    record(
      "attach.tree10k.offmain_ns_per_node", zip(wall, main).map { ($0 - $1) / (thousands * 1_000) }, unit: "ns")
    record("attach.tree10k.locks.main_us_per_1k_nodes", locks.map { $0 / 1_000 / thousands }, unit: "us")
    recordRatio("attach.tree10k.vs_locks", main, locks)
  }
}
