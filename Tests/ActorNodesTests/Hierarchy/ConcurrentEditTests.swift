import Testing

@testable import ActorNodes

@Suite("Concurrent structural edits", .timeLimit(.minutes(5)), .tags(.stress))
struct ConcurrentEditTests {
  @Test("A→B and B→A at the same time: exactly one succeeds, never a cycle")
  func opposingMoves() async throws {
    for _ in 0..<100 {
      let a = BasicNode(debugName: "a")
      let b = BasicNode(debugName: "b")
      try await a.addSubnode(BasicNode())
      try await b.addSubnode(BasicNode())
      let results = await race({ try await a.addSubnode(b) }, { try await b.addSubnode(a) })
      #expect(results.filter { $0 }.count == 1)
      let aParent = await a.supernode
      let bParent = await b.supernode
      #expect((aParent === b) != (bParent === a), "exactly one is the other's parent")
    }
  }

  @Test(
    "allSubnodes(ofType:), supernodes and supernode(ofType:includingSelf:) read one state of a tree that other tasks move nodes in: no node twice or missing, no chain half from before a move and half from after"
  )
  func ancestryReadsOneState() async throws {
    // root → a → leaves, and root → c → b: each move takes a leaf from a to b or back, in one HierarchyActor step.
    let root = BasicNode(debugName: "root")
    let a = BasicNode(debugName: "a")
    let c = BasicNode(debugName: "c")
    let b = BasicNode(debugName: "b")
    try await root.addSubnodes([a, c])
    try await c.addSubnode(b)
    let leaves = (0..<20).map { BasicNode(debugName: "leaf\($0)") }
    try await a.addSubnodes(leaves)
    let watched = leaves[3]
    let chains = [[a, root], [b, c, root]].map { $0.map(\.nodeCore.id) }
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for step in 0..<400 {
          try? await (step % 2 == 0 ? b : a).addSubnode(leaves[step % leaves.count])
          await Task.yield()
        }
      }
      group.addTask {
        for _ in 0..<400 {
          let ids = await root.allSubnodes(ofType: BasicNode.self).map(\.nodeCore.id)
          #expect(ids.count == 23 && Set(ids).count == 23, "every node once")
          #expect(chains.contains(await watched.supernodes.map(\.nodeCore.id)))
          let closest = await watched.supernode(ofType: BasicNode.self)
          #expect(closest === a || closest === b)
          await Task.yield()
        }
      }
    }
  }

  @Test("Many tasks moving, removing and configuring nodes: no subnode lost or duplicated, no cycle; views follow")
  @MainActor
  func stress() async throws {
    let root = BasicNode(debugName: "root")
    let containers = (0..<5).map { BasicNode(debugName: "container\($0)") }
    let leaves = (0..<40).map { BasicNode(debugName: "leaf\($0)") }
    for container in containers { try await root.addSubnode(container) }
    for (index, leaf) in leaves.enumerated() { try await containers[index % 5].addSubnode(leaf) }
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    let all: [BasicNode] = containers + leaves

    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<8 {
        group.addTask {
          var random = SeededRandom(seed: UInt64(worker))
          for step in 0..<150 {
            let node = all.randomElement(using: &random)!
            switch Int.random(in: 0..<5, using: &random) {
            case 0, 1:
              let parent = ([root] + all).randomElement(using: &random)!
              try? await parent.addSubnode(node)
            case 2:
              let parent = ([root] + all).randomElement(using: &random)!
              let count = await parent.subnodes.count
              try? await parent.insertSubnode(node, at: Int.random(in: 0...count, using: &random))
            case 3:
              if step % 7 == 0 { await node.removeFromSupernode() }
            default:
              let alpha = Double(step % 10) / 10
              await node.configure { $0.alpha = alpha }
            }
            await Task.yield()
          }
        }
      }
    }

    // The tree: every node once at most, links agree, no cycle.
    #expect(await brokenLinks(root: root, nodes: all) == [])
    // The views: after one turn, they mirror the nodes; detached nodes have no superlayer.
    await window.flush()
    #expect(await viewTreeMatchesNodeTree(root))
    for node in all where await node.supernode == nil {
      #expect(node.layer?.superlayer == nil)
    }
    for node in all {
      let recorded = await node.recordedProperties().alpha
      #expect(node.view?.alpha == recorded)
    }
  }
}
