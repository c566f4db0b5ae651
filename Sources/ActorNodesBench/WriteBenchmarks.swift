import ActorNodes

extension BenchmarkRunner {
  /// Writes to loaded nodes from off the main actor, and the turn that applies them.
  func runWriteBenchmarks() async throws {
    guard wants("write.") else { return }
    var writes: [Double] = []
    var lockWrites: [Double] = []
    var flush: [Double] = []
    var lockFlush: [Double] = []
    var turns: [Double] = []
    let count = Double(FeedTree.nodeCount)
    for sample in 0..<samples {
      progress("write", sample: sample + 1)
      let tree = try await FeedTree.makeActorTree()
      let window = Window(turnMode: .manual)
      try await window.attach(tree)
      let nodes = await Self.allNodes(of: tree)
      writes.append(await Self.writeAlpha(to: nodes))
      let turnsBefore = window.statistics.turns
      let timeBefore = window.statistics.mainActorTime
      await window.flush()
      flush.append((window.statistics.mainActorTime - timeBefore).nanoseconds)
      turns.append(Double(window.statistics.turns - turnsBefore))
      await window.detach()

      let lockTree = await FeedTree.makeLockTree()
      lockTree.loadViews(into: View())
      let controller = LockPendingStateController()
      let lockNodes = await Self.allLockNodes(of: lockTree, count: FeedTree.nodeCount)
      lockWrites.append(await Self.writeAlpha(to: lockNodes, controller: controller))
      lockFlush.append(await measureNanoseconds { controller.flush() })
    }
    record("write.postload.actor.ns_per_write", writes.map { $0 / count }, unit: "ns")
    record("write.postload.locks.ns_per_write", lockWrites.map { $0 / count }, unit: "ns")
    recordRatio("write.postload.vs_locks", writes, lockWrites)
    record("write.flush.main_us_per_1k_writes", flush.map { $0 / 1_000 / (count / 1_000) }, unit: "us")
    record("write.flush.locks.main_us_per_1k_writes", lockFlush.map { $0 / 1_000 / (count / 1_000) }, unit: "us")
    recordRatio("write.flush.vs_locks", flush, lockFlush)
    record("write.flush.main_turns", turns, unit: "count")
  }

  @concurrent
  private static func allNodes(of root: any DisplayNode) async -> [any DisplayNode] {
    var nodes: [any DisplayNode] = []
    var stack: [any DisplayNode] = [root]
    while let node = stack.popLast() {
      nodes.append(node)
      stack.append(contentsOf: await node.subnodes)
    }
    return nodes
  }

  @concurrent
  private static func writeAlpha(to nodes: [any DisplayNode]) async -> Double {
    await measureNanoseconds {
      for (index, node) in nodes.enumerated() {
        let alpha = Double(index % 10) / 10
        await node.configure { $0.alpha = alpha }
      }
    }
  }

  @concurrent
  private static func allLockNodes(of root: LockNode, count: Int) async -> [LockNode] {
    // The baseline keeps no public child list; the bench rebuilds the list it made.
    var nodes: [LockNode] = []
    nodes.reserveCapacity(count)
    root.forEachNode { nodes.append($0) }
    return nodes
  }

  @concurrent
  private static func writeAlpha(to nodes: [LockNode], controller: LockPendingStateController) async -> Double {
    await measureNanoseconds {
      for (index, node) in nodes.enumerated() {
        node.setAlphaAfterLoad(Double(index % 10) / 10, controller: controller)
      }
    }
  }
}
