import ActorNodes
import Testing

@Suite("Subtrees linked in one step", .timeLimit(.minutes(5)))
struct SubtreeTests {
  @Test("A described subtree links like the matching addSubnodes calls")
  func linksAsDescribed() async throws {
    let row = BasicNode(debugName: "row")
    let image = BasicNode(debugName: "image")
    let text = BasicNode(debugName: "text")
    let title = BasicNode(debugName: "title")
    let body = BasicNode(debugName: "body")
    let subtree = Subtree(row) {
      image
      Subtree(text) {
        title
        body
      }
    }
    #expect(subtree.nodeCount == 5)
    try await subtree.assemble()
    #expect(await subnodeNames(of: row) == ["image", "text"])
    #expect(await subnodeNames(of: text) == ["title", "body"])
    #expect(await title.supernode === text)
    #expect(await text.supernode === row)
    #expect(await row.supernode == nil)
  }

  @Test("A 100,000-deep description is copied, read and freed without growing the stack")
  func deepDescription() {
    let depth = 100_000
    let bottom = BasicNode(debugName: "bottom")
    var below: Subtree
    do {
      var subtree = Subtree(bottom)
      for _ in 1..<depth { subtree = Subtree(BasicNode(), subnodes: [subtree]) }
      #expect(subtree.nodeCount == depth)
      below = subtree.subnodes[0]
      subtree.subnodes = []  // Frees the top's box; `below` still holds the levels under it.
      #expect(subtree.nodeCount == 1)
    }
    #expect(below.nodeCount == depth - 1, "a level another copy holds stays whole")
    var deepest = below
    while let next = deepest.subnodes.first { deepest = next }
    #expect(deepest.node === bottom)
    below = Subtree(bottom)  // Crashed: freeing an array of subtrees freed their arrays recursively.
    #expect(below.nodeCount == 1)
  }

  @Test("Descriptions compare by structure, their nodes by identity, and deep ones in constant stack")
  func descriptionsCompareByStructureAndNodeIdentity() {
    let row = BasicNode(), image = BasicNode(), text = BasicNode(), title = BasicNode()
    func described() -> Subtree {
      Subtree(row) {
        image
        Subtree(text) { title }
      }
    }
    #expect(described() == described())
    #expect(described().hashValue == described().hashValue)
    #expect(described() == Subtree(row, subnodes: [Subtree(image), Subtree(text, subnodes: [Subtree(title)])]))
    let expected = described()
    let texts = Subtree(text, subnodes: [Subtree(title)])
    #expect(expected != Subtree(row, subnodes: [Subtree(image), Subtree(text)]))
    #expect(expected != Subtree(row, subnodes: [texts, Subtree(image)]), "order counts")
    #expect(expected != Subtree(BasicNode(), subnodes: [Subtree(image), texts]), "another node, though alike")
    #expect(expected != Subtree(row, subnodes: [Subtree(image), Subtree(text, subnodes: [Subtree(BasicNode())])]))
    #expect(expected == Subtree(row, subnodes: [Subtree(image), texts]))
    #expect(Set([described(), described(), Subtree(row)]).count == 2)

    let depth = 100_000
    func deep() -> Subtree {
      var subtree = Subtree(title)
      for _ in 1..<depth { subtree = Subtree(row, subnodes: [subtree]) }
      return subtree
    }
    let a = deep(), b = deep()
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a != Subtree(row, subnodes: [a]))
  }

  @Test("The builder takes if, if-else and for; described subnodes go after existing ones")
  func builderAndAppending() async throws {
    let parent = BasicNode(debugName: "parent")
    try await parent.addSubnode(BasicNode(debugName: "existing"))
    let showBadge = false
    let items = (0..<3).map { BasicNode(debugName: "item\($0)") }
    let subtree = Subtree(parent) {
      if showBadge {
        BasicNode(debugName: "badge")
      }
      if items.isEmpty {
        BasicNode(debugName: "empty")
      } else {
        BasicNode(debugName: "header")
      }
      for item in items {
        item
      }
    }
    try await subtree.assemble()
    #expect(await subnodeNames(of: parent) == ["existing", "header", "item0", "item1", "item2"])
  }

  @Test("A described node that is already a subnode of its described parent stays where it is, as with addSubnodes")
  @MainActor
  func describedSubnodeStaysWhereItIs() async throws {
    // Adversarial round 20: the subtree moved it to the end, above its later siblings, where `addSubnodes` leaves it.
    func home() async throws -> (home: BasicNode, m: BasicNode) {
      let (home, m) = (BasicNode(debugName: "home"), BasicNode(debugName: "m"))
      try await home.addSubnodes([BasicNode(debugName: "x"), m, BasicNode(debugName: "y")])
      return (home, m)
    }
    let (byCalls, m1) = try await home()
    try await byCalls.addSubnodes([m1, BasicNode(debugName: "z")])
    let (described, m2) = try await home()
    try await Subtree(described) {
      m2
      BasicNode(debugName: "z")
    }.assemble()
    #expect(await subnodeNames(of: byCalls) == ["x", "m", "y", "z"])
    #expect(await subnodeNames(of: described) == ["x", "m", "y", "z"])
    // Loaded, in a window: its view stays below its later sibling's.
    let (loaded, m3) = try await home()
    let window = Window(size: Size(width: 10, height: 10), turnMode: .manual)
    try await window.attach(loaded)
    await window.flush()
    try await Subtree(loaded) { m3 }.assemble()
    await window.flush()
    #expect(await subnodeNames(of: loaded) == ["x", "m", "y"])
    #expect(loaded.view?.subviews.map { $0 === m3.view } == [false, true, false])
  }

  @Test("addSubnodes(_:) with subtrees appends their tops; a described node in another tree moves")
  func addSubtreesAndMove() async throws {
    let list = BasicNode(debugName: "list")
    let other = BasicNode(debugName: "other")
    let title = BasicNode(debugName: "title")
    try await other.addSubnode(title)
    let cell = BasicNode(debugName: "cell")
    try await list.addSubnodes([Subtree(cell) { title }, Subtree(BasicNode(debugName: "cell2"))])
    #expect(await subnodeNames(of: list) == ["cell", "cell2"])
    #expect(await subnodeNames(of: cell) == ["title"])
    #expect(await other.subnodes.isEmpty)
    #expect(await title.supernode === cell)
  }

  @Test("A refused subtree changes nothing: listed twice, window root, layer backing, cycle")
  @MainActor
  func refusedChangesNothing() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let c = BasicNode(debugName: "c")
    let moved = BasicNode(debugName: "moved")
    let home = BasicNode(debugName: "home")
    try await home.addSubnodes([BasicNode(debugName: "x"), moved, BasicNode(debugName: "y")])
    try await a.addSubnode(b)

    // `moved` would move first, then the duplicate is found: nothing may have moved.
    await #expect(throws: HierarchyError.nodeListedTwice) {
      try await Subtree(c) {
        moved
        Subtree(b) { c }
      }.assemble()
    }
    await #expect(throws: HierarchyError.nodeListedTwice) { try await c.addSubnodes([Subtree(moved), Subtree(c)]) }
    await #expect(throws: HierarchyError.nodeListedTwice) {
      try await Subtree.assemble([Subtree(c) { moved }, Subtree(a) { moved }])
    }

    let window = Window(turnMode: .manual)
    let root = BasicNode(debugName: "root")
    try await window.attach(root)
    await #expect(throws: HierarchyError.nodeIsWindowRoot) {
      try await Subtree(c) {
        moved
        root
      }.assemble()
    }

    let layerBacked = BasicNode(debugName: "layer", isLayerBacked: true)
    await #expect(throws: HierarchyError.viewBackedSubnodeOfLayerBackedNode) {
      try await Subtree(c) {
        moved
        Subtree(layerBacked) { BasicNode(debugName: "view") }
      }.assemble()
    }

    // `b` is under `a`: describing `a` under `b` closes a cycle through b's own ancestors.
    await #expect(throws: HierarchyError.wouldCreateCycle) {
      try await Subtree(b) {
        moved
        a
      }.assemble()
    }
    await #expect(throws: HierarchyError.wouldCreateCycle) {
      try await Subtree(b) { Subtree(c) { a } }.assemble()
    }

    // Two tops, a cycle only through both descriptions: p under s, q under r; r under p, s under q.
    let (p, q, r, s) = (BasicNode(), BasicNode(), BasicNode(), BasicNode())
    try await s.addSubnode(p)
    try await r.addSubnode(q)
    await #expect(throws: HierarchyError.wouldCreateCycle) {
      try await Subtree.assemble([Subtree(p) { r }, Subtree(q) { s }])
    }
    #expect(await q.supernode === r)
    #expect(await p.supernode === s)
    #expect(await p.subnodes.isEmpty)

    #expect(await subnodeNames(of: home) == ["x", "moved", "y"])
    #expect(await moved.supernode === home)
    #expect(await subnodeNames(of: a) == ["b"])
    #expect(await b.subnodes.isEmpty)
    #expect(await c.subnodes.isEmpty)
    #expect(await layerBacked.subnodes.isEmpty)
    #expect(await a.supernode == nil)
  }

  @Test("A subtree added to a loaded node loads in the next turn: subnodes' didLoad first, then the hierarchy")
  @MainActor
  func loadsUnderLoadedParent() async throws {
    let log = EventLog()
    let root = RecordingNode("root", log: log)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    log.clear()
    let cell = RecordingNode("cell", log: log)
    let title = RecordingNode("title", log: log)
    let badge = RecordingNode("badge", log: log, isLayerBacked: true)
    try await root.addSubnode(
      Subtree(cell) {
        title
        badge
      })
    #expect(cell.view == nil, "manual mode: nothing before the turn")
    await window.flush()
    #expect(await viewTreeMatchesNodeTree(root))
    #expect(cell.isInHierarchy && title.isInHierarchy && badge.isInHierarchy)
    #expect(log.entries(containing: "didLoad") == ["title.didLoad", "badge.didLoad", "cell.didLoad"])
    #expect(
      log.entries(containing: "Enter")
        == [
          "cell.willEnter(true)", "title.willEnter(true)", "title.didEnter", "badge.willEnter(true)",
          "badge.didEnter", "cell.didEnter",
        ])
  }

  @Test(
    "A description that lifts a node's descendant above it links without a cycle, loaded or not (x > m > y becomes top > y > x > m)",
    arguments: [false, true])
  @MainActor
  func liftingADescendantAboveItsAncestor(isLoaded: Bool) async throws {
    let (root, top) = (BasicNode(debugName: "root"), BasicNode(debugName: "top"))
    let (x, m, y) = (BasicNode(debugName: "x"), BasicNode(debugName: "m"), BasicNode(debugName: "y"))
    try await Subtree(root) {
      top
      Subtree(x) { Subtree(m) { y } }
    }.assemble()
    let window = Window(turnMode: .manual)
    if isLoaded { try await window.attach(root) }
    // Linked from the deepest level up, x goes under y while y is still below x, for a moment.
    try await Subtree(top) { Subtree(y) { x } }.assemble()
    #expect(await subnodeNames(of: root) == ["top"])
    #expect(await subnodeNames(of: top) == ["y"])
    #expect(await subnodeNames(of: y) == ["x"])
    #expect(await subnodeNames(of: x) == ["m"])
    #expect(await m.subnodes.isEmpty)
    await window.flush()
    if isLoaded { #expect(await viewTreeMatchesNodeTree(root)) }
    #expect([root, top, x, m, y].allSatisfy { $0.isInHierarchy == isLoaded })
  }

  @Test(
    "A described subtree added to a loaded node of an automatic window runs didLoad in Texture's post-order (adversarial round 15)"
  )
  @MainActor
  func describedSubtreeDidLoadInPostOrder() async throws {
    let log = EventLog()
    let root = RecordingNode("root", log: log)
    let window = Window()
    try await window.attach(root)
    await window.waitForQueuedWork()
    log.clear()
    let (p, a, a1, b) = (
      RecordingNode("p", log: log), RecordingNode("a", log: log), RecordingNode("a1", log: log),
      RecordingNode("b", log: log)
    )
    try await root.addSubnodes([
      Subtree(p) {
        Subtree(a) { a1 }
        b
      }
    ])
    await window.waitForQueuedWork()
    // Each level loaded in a batch of its own: b, a1, a, p.
    #expect(log.entries(containing: "didLoad") == ["a1.didLoad", "a.didLoad", "b.didLoad", "p.didLoad"])
  }

  @Test(
    "A described subtree added to a loaded node loads as a whole, in one load, deep or wide (adversarial round 15)",
    arguments: [false, true])
  @MainActor
  func describedSubtreeLoadsInOneTurn(isDeep: Bool) async throws {
    let count = 200
    let window = Window()
    let root = BasicNode(debugName: "root")
    try await window.attach(root)
    await window.waitForQueuedWork()
    let nodes = (0..<count).map { BasicNode(debugName: "\($0)") }
    var description = Subtree(nodes[0], subnodes: nodes.dropFirst().map { Subtree($0) })
    if isDeep {
      description = Subtree(nodes[count - 1])
      for node in nodes.dropLast().reversed() { description = Subtree(node, subnodes: [description]) }
    }
    let before = window.statistics
    try await root.addSubnodes([description])
    await window.waitForQueuedWork()
    #expect(nodes.allSatisfy { $0.isInHierarchy })
    #expect(await viewTreeMatchesNodeTree(root))
    // The load's turn, and the turn of the layout pass the new nodes get (one turn if the pass is quick). Linked
    // top-down, each node was linked under a parent already loading: a load, and a turn, per node (201).
    #expect(window.statistics.turns - before.turns <= 2)
    #expect(window.statistics.viewsLoaded - before.viewsLoaded == count)
  }

  @Test("Initial properties given to the initializer reach the view at load, and only those")
  @MainActor
  func initialProperties() async throws {
    let node = BasicNode(debugName: "avatar") {
      $0.alpha = 0.25
      $0.cornerRadius = 8
      $0.setNeedsDisplay()
    }
    let recorded = await node.viewProperties()
    #expect(recorded.alpha == 0.25 && recorded.cornerRadius == 8)
    #expect(await node.debugName == "avatar")
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    #expect(node.view?.alpha == 0.25)
    #expect(node.layer?.cornerRadius == 8)
    #expect(node.layer?.needsDisplay == true)
    #expect(node.view?.isHidden == false)
  }
}

extension SubtreeTests {
  @Test("Several tops, each with described nodes among its ancestors, link as the matching addSubnodes calls do")
  func severalTopsWithDescribedAncestorsLink() async throws {
    // A list and a cell already in it, each given new subnodes (adversarial round 23: refused as a cycle).
    let list = BasicNode(debugName: "list")
    let existing = BasicNode(debugName: "existing")
    try await list.addSubnode(existing)
    let (added, badge) = (BasicNode(debugName: "added"), BasicNode(debugName: "badge"))
    try await Subtree.assemble([Subtree(list) { added }, Subtree(existing) { badge }])
    #expect(await subnodeNames(of: list) == ["existing", "added"])
    #expect(await badge.supernode === existing)

    // A top's supernode, described under another top, takes the first top along with it.
    let (first, second, child, holder) = (BasicNode(), BasicNode(), BasicNode(), BasicNode())
    try await holder.addSubnode(first)
    try await Subtree.assemble([Subtree(first) { child }, Subtree(second) { holder }])
    #expect(await holder.supernode === second)
    #expect(await first.supernode === holder)
    #expect(await child.supernode === first)
  }
}

@Suite("Subtrees under concurrency", .timeLimit(.minutes(5)), .tags(.stress))
struct ConcurrentSubtreeTests {
  @Test("Two subtrees that would make a cycle together, at the same time: exactly one is linked")
  func opposingSubtrees() async throws {
    for _ in 0..<100 {
      let a = BasicNode(debugName: "a")
      let b = BasicNode(debugName: "b")
      let results = await race({ try await Subtree(a) { b }.assemble() }, { try await Subtree(b) { a }.assemble() })
      #expect(results.filter { $0 }.count == 1)
      let aParent = await a.supernode
      let bParent = await b.supernode
      #expect((aParent === b) != (bParent === a), "exactly one is the other's parent")
    }
  }

  @Test(
    "Tasks assembling random subtrees of shared nodes while others edit them: no node lost, listed twice or in a cycle")
  @MainActor
  func randomSubtreesAndEdits() async throws {
    let root = BasicNode(debugName: "root")
    let all = (0..<48).map { BasicNode(debugName: "n\($0)") }
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    try await root.addSubnodes(Array(all.prefix(8)))

    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<8 {
        group.addTask {
          var random = SeededRandom(seed: UInt64(100 + worker))
          for step in 0..<80 {
            switch Int.random(in: 0..<4, using: &random) {
            case 0, 1:
              // A random two-level subtree of distinct nodes, under a random parent or standalone.
              let picked = Array(all.shuffled(using: &random).prefix(Int.random(in: 2...6, using: &random)))
              let subtree = Subtree(picked[0]) {
                Subtree(picked[1]) { picked.dropFirst(2).prefix(2).map { Subtree($0) } }
                picked.dropFirst(4).map { Subtree($0) }
              }
              if step % 2 == 0 {
                try? await subtree.assemble()
              } else {
                let parent = ([root] + all).randomElement(using: &random)!
                try? await parent.addSubnode(subtree)
              }
            case 2:
              let node = all.randomElement(using: &random)!
              let parent = ([root] + all).randomElement(using: &random)!
              try? await parent.addSubnode(node)
            default:
              let node = all.randomElement(using: &random)!
              if step % 3 == 0 { await node.removeFromSupernode() }
            }
            await Task.yield()
          }
        }
      }
    }

    #expect(await brokenLinks(root: root, nodes: all) == [])
    await window.flush()
    await window.flush()  // Loads stored by edits that finished during the first take.
    #expect(await viewTreeMatchesNodeTree(root))
  }

  @Test("Rows built by concurrent tasks and linked in one step each keep their own structure")
  func concurrentRows() async throws {
    let list = BasicNode(debugName: "list")
    let rows = try await withThrowingTaskGroup(of: [Subtree].self) { group in
      for task in 0..<4 {
        group.addTask {
          let made = (0..<25).map { row in
            Subtree(BasicNode(debugName: "row\(task).\(row)")) {
              BasicNode(debugName: "image")
              Subtree(BasicNode(debugName: "text")) { BasicNode(debugName: "title") }
            }
          }
          try await Subtree.assemble(made)
          return made
        }
      }
      var all: [Subtree] = []
      for try await made in group { all += made }
      return all
    }
    try await list.addSubnodes(rows.map(\.node))
    #expect(await list.subnodes.count == 100)
    for row in rows {
      #expect(await subnodeNames(of: row.node) == ["image", "text"])
      #expect(await row.node.supernode === list)
    }
  }
}
