import Testing

@testable import ActorNodes

@Suite("Main-actor turns", .timeLimit(.minutes(5)))
struct TurnTests {
  /// A root with 100 rows of 9 leaves, built off the main actor: built from a main-actor test, each of its 1,000
  /// edits came back to the main actor, which the rest of the package keeps busy under ThreadSanitizer (the test
  /// took 170–200 seconds there).
  @concurrent
  private static func makeRows() async throws -> (root: BasicNode, leaves: [BasicNode]) {
    let root = BasicNode()
    var leaves: [BasicNode] = []
    for row in 0..<100 {
      let container = BasicNode(debugName: "row \(row)")
      for _ in 0..<9 {
        let leaf = BasicNode()
        leaves.append(leaf)
        try await container.addSubnode(leaf)
      }
      try await root.addSubnode(container)
    }
    return (root, leaves)
  }

  @Test("Attaching a 1,000-node tree takes one main-actor turn; 1,000 off-main writes take one more")
  @MainActor
  func turnsAreBatched() async throws {
    let (root, leaves) = try await Self.makeRows()
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    #expect(window.statistics.turns == 1)
    #expect(window.statistics.viewsLoaded == 1_001)
    await withTaskGroup(of: Void.self) { group in
      for (index, leaf) in leaves.enumerated() {
        group.addTask { await leaf.configure { $0.alpha = Double(index % 10) / 10 } }
      }
    }
    #expect(window.statistics.turns == 1, "manual mode: nothing runs before flush()")
    await window.flush()
    #expect(window.statistics.turns == 2)
    #expect(leaves.enumerated().allSatisfy { $1.view?.alpha == Double($0 % 10) / 10 })
  }

  @Test("Automatic mode applies queued work without flush()")
  @MainActor
  func automaticMode() async throws {
    let node = BasicNode()
    let window = Window(turnMode: .automatic)
    try await window.attach(node)
    await Task.detached { await node.configure { $0.alpha = 0.2 } }.value
    await node.waitForQueuedWork()
    #expect(node.view?.alpha == 0.2)
  }

  @Test("A stale write that arrives after a newer one does not survive")
  @MainActor
  func staleWriteLoses() async throws {
    let node = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await applyNewestFirst(in: window) {
      await node.configure { $0.alpha = 0.3 }
      await node.configure {
        $0.alpha = 0.7
        $0.cornerRadius = 2
      }
    }
    #expect(node.view?.alpha == 0.7)
    #expect(node.layer?.cornerRadius == 2)
  }

  @Test("Of a write of a frame and one more property, a newer write of that property keeps its value")
  @MainActor
  func frameWriteKeepsANewerProperty() async throws {
    let node = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    // The size it has: a new size would also ask for a layout pass.
    let frame = Rect(origin: Point(x: 10, y: 20), size: try #require(node.view).bounds.size)
    await applyNewestFirst(in: window) {
      await node.configure {
        $0.frame = frame
        $0.alpha = 0.3
      }
      await node.configure { $0.alpha = 0.7 }
    }
    #expect(node.view?.alpha == 0.7)
    #expect(node.view?.frame == frame)
  }

  /// Makes two writes from off the main actor, so that both are queued, then applies them in two turns, the
  /// newer first.
  @MainActor
  private func applyNewestFirst(in window: Window, _ writes: @escaping @Sendable () async -> Void) async {
    await Task.detached { await writes() }.value
    let operations = await window.turnQueue.take().flatMap(\.splitWrites)
    #expect(operations.count == 2)
    MainTurn.apply([operations[1]], recorder: TurnRecorder())
    MainTurn.apply([operations[0]], recorder: TurnRecorder())
  }

  @Test("A detached tree's work stays with its window: no write is lost, manual mode stays manual")
  @MainActor
  func detachKeepsQueuedWork() async throws {
    let node = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await Task.detached { await node.configure { $0.alpha = 0.4 } }.value
    await window.detach()
    await Task.detached { await node.configure { $0.cornerRadius = 5 } }.value
    #expect(node.view?.alpha == 1)
    await window.flush()
    #expect(node.view?.alpha == 0.4)
    #expect(node.layer?.cornerRadius == 5)
  }

  @Test("Writes queued for a subtree before it moves into another window's tree are applied by that window's turn")
  @MainActor
  func queuedWritesFollowAMove() async throws {
    let (first, second) = (Window(turnMode: .manual), Window(turnMode: .manual))
    let (root1, root2, child, grandchild) = (BasicNode(), BasicNode(), BasicNode(), BasicNode())
    try await child.addSubnode(grandchild)
    try await root1.addSubnode(child)
    try await first.attach(root1)
    try await second.attach(root2)
    await Task.detached {
      await child.configure { $0.alpha = 0.3 }
      await grandchild.configure { $0.alpha = 0.2 }
    }.value
    try await root2.addSubnode(child)
    await first.flush()
    #expect(child.view?.alpha == 1 && grandchild.view?.alpha == 1, "the window they left does not apply them")
    await second.flush()
    #expect(child.view?.alpha == 0.3 && grandchild.view?.alpha == 0.2)
  }

  @Test("Writes racing moves between two manual windows' trees follow the nodes: each view shows its last write")
  @MainActor
  func writesRacingMovesAreNeverStranded() async throws {
    let (first, second) = (Window(turnMode: .manual), Window(turnMode: .manual))
    let (root1, root2) = (BasicNode(), BasicNode())
    try await first.attach(root1)
    try await second.attach(root2)
    let nodes = (0..<20).map { _ in BasicNode() }
    try await root1.addSubnodes(nodes)
    await first.flush()
    let writes = Task.detached {
      for step in 1...10 {
        for node in nodes { await node.configure { $0.alpha = Double(step) / 10 } }
      }
    }
    let moves = Task.detached {
      for round in 0..<10 {
        for node in nodes { try await (round.isMultiple(of: 2) ? root2 : root1).addSubnode(node) }
      }
    }
    await writes.value
    try await moves.value
    // The last round put every node back under the first window's root: its turns alone apply everything.
    await first.flush()
    await first.flush()
    #expect(nodes.allSatisfy { $0.view?.alpha == 1 })
  }

  @Test("A window that goes away hands its queued work to the shared queue")
  @MainActor
  func droppedWindowKeepsQueuedWork() async throws {
    let node = BasicNode()
    var window: Window? = Window(turnMode: .manual)
    try await window?.attach(node)
    await node.configure { $0.alpha = 0.6 }
    window = nil
    await node.waitForQueuedWork()
    #expect(node.view?.alpha == 0.6)
  }

  @Test(
    "Operations applied in any order and any grouping give the hierarchy actor's final state, also when whole subtrees load and their inner nodes move in the same take",
    arguments: 0..<100, [false, true])
  @MainActor
  func orderIndependence(seed: UInt64, addsSubtrees: Bool) async throws {
    var random = SeededRandom(seed: seed)
    let root = BasicNode(debugName: "root")
    var nodes: [BasicNode] = []
    for index in 0..<12 {
      let node = BasicNode(debugName: "n\(index)")
      nodes.append(node)
      try await root.addSubnode(node)
    }
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    var all = nodes
    for step in 0..<60 {
      let node = all.randomElement(using: &random)!
      switch Int.random(in: 0..<5, using: &random) {
      case 0:
        let parent = ([root] + all).randomElement(using: &random)!
        try? await parent.addSubnode(node)
      case 1:
        let parent = ([root] + all).randomElement(using: &random)!
        let count = await parent.subnodes.count
        try? await parent.insertSubnode(node, at: Int.random(in: 0...count, using: &random))
      case 2:
        await node.removeFromSupernode()
      case 3:
        let fresh = BasicNode(debugName: "fresh\(step)")
        let parent = ([root] + all).randomElement(using: &random)!
        if addsSubtrees {
          // Its view loads with its subnodes', linked as they load (each inner node may move before the turn).
          let inner = (0..<3).map { BasicNode(debugName: "fresh\(step).\($0)") }
          try await inner[0].addSubnode(inner[2])
          try await fresh.addSubnodes(Array(inner.prefix(2)))
          all.append(contentsOf: inner)
        }
        try await parent.addSubnode(fresh)
        all.append(fresh)
      default:
        let value = Double(step) / 100
        await node.configure {
          $0.alpha = value
          $0.cornerRadius = value
        }
      }
    }
    var operations = await window.turnQueue.take().flatMap(\.splitWrites)
    operations.shuffle(using: &random)
    while !operations.isEmpty {
      let count = Int.random(in: 1...operations.count, using: &random)
      MainTurn.apply(Array(operations.prefix(count)), recorder: TurnRecorder())
      operations.removeFirst(count)
    }
    #expect(await viewTreeMatchesNodeTree(root), "seed \(seed), subtrees: \(addsSubtrees)")
    for node in all {
      let record = await node.recordedProperties()
      guard let layer = node.layer else { continue }
      #expect(
        layer.opacity == record.alpha && layer.cornerRadius == record.cornerRadius,
        "seed \(seed), subtrees: \(addsSubtrees)")
      if await node.supernode == nil { #expect(layer.superlayer == nil, "seed \(seed), subtrees: \(addsSubtrees)") }
      #expect(node.isInHierarchy == (node.view?.window === window), "seed \(seed), subtrees: \(addsSubtrees)")
    }
  }

  @Test("A window's root whose view arrives in a later turn than its placement is still put in the window")
  @MainActor
  func rootLoadedAfterPlacement() async throws {
    let root = BasicNode(debugName: "root")
    let window = Window(turnMode: .manual)
    // An attach's pieces, with its two turns in the order the main queue does not promise.
    let prepared = try await Tree.attach(root, to: window, queue: window.turnQueue)
    let gathered = await Loading.takeSnapshots(of: prepared.load)
    let loads = await Tree.finishLoad(prepared.load, gathered: gathered)
    window.rootNode = root
    MainTurn.apply(
      [.setWindow(root: root.nodeCore, window: window, version: prepared.version)], recorder: TurnRecorder())
    #expect(root.view == nil)
    MainTurn.apply(loads, recorder: TurnRecorder())
    #expect(root.view?.superview === window.view)
    #expect(root.isInHierarchy)
  }

  @Test("A cycle that exists only while some operations are still in flight is set aside, then resolved")
  @MainActor
  func transientCycle() async throws {
    let root = BasicNode(debugName: "root")
    let x = BasicNode(debugName: "x")
    let y = BasicNode(debugName: "y")
    try await root.addSubnode(y)
    try await y.addSubnode(x)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    await x.removeFromSupernode()  // y = []
    try await x.addSubnode(y)  // root = [], x = [y]
    try await root.addSubnode(x)  // root = [x]
    let operations = await window.turnQueue.take()
    func list(of parent: BasicNode) throws -> MainOperation {
      try #require(
        operations.first {
          if case .setChildren(let owner, _, _, _) = $0 { return owner === parent.nodeCore }
          return false
        })
    }
    let (yList, xList, rootList) = (try list(of: y), try list(of: x), try list(of: root))
    // Without y's and root's lists, the mirror still has x under y (y's old list) while x's list
    // puts y under x: a cycle.
    MainTurn.apply([xList], recorder: TurnRecorder())
    #expect(!(x.layer?.superlayer === y.layer && y.layer?.superlayer === x.layer), "no layer cycle")
    #expect(y.layer?.superlayer === x.layer, "the newer placement stands")
    #expect(x.layer?.superlayer == nil, "the stale one is set aside")
    MainTurn.apply([rootList], recorder: TurnRecorder())
    MainTurn.apply([yList], recorder: TurnRecorder())
    #expect(await viewTreeMatchesNodeTree(root))
    #expect(x.layer?.superlayer === root.layer)
    #expect(y.layer?.superlayer === x.layer)
    #expect(x.isInHierarchy && y.isInHierarchy)
  }
}
