import Synchronization
import Testing

@testable import ActorNodes

/// `didLoad` runs subnodes first, exactly once, whatever order loads were queued in and whatever loads race.
@Suite("Load order: subnodes first, whatever loads race", .timeLimit(.minutes(5)), .tags(.reentrancy))
struct LoadOrderTests {
  @Test("A subnode whose load was queued after its parent's still runs didLoad first, inside the parent's view")
  @MainActor
  func queuedAfterParent() async throws {
    let log = EventLog()
    let root = RecordingNode("root", log: log)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    let parent = RecordingNode("p", log: log)
    let child = RecordingNode("c", log: log)
    await parent.onDidLoad { context in log.record("p.subviews=\(context.view?.subviews.count ?? -1)") }
    try await root.addSubnode(parent)  // root is loaded: p's load is queued
    try await parent.addSubnode(child)  // p counts as loaded: c's load is queued after p's
    log.clear()
    await window.flush()
    #expect(
      log.entries == [
        "c.didLoad", "p.didLoad", "p.subviews=1",
        "p.willEnter(true)", "c.willEnter(true)", "c.didEnter", "p.didEnter",
      ])
    #expect(child.view?.superview === parent.view)
  }

  @Test(
    "Loads of unrelated subtrees applied in one turn run didLoad and the enter hooks in the order they were prepared, each subtree subnodes first"
  )
  @MainActor
  func unrelatedLoadsRunInEditOrder() async throws {
    let log = EventLog()
    let root = RecordingNode("root", log: log)
    let (a, b) = (RecordingNode("a", log: log), RecordingNode("b", log: log))
    try await root.addSubnodes([a, b])
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    let (c, c1, d) = (RecordingNode("c", log: log), RecordingNode("c1", log: log), RecordingNode("d", log: log))
    try await c.addSubnode(c1)
    try await b.addSubnode(c)  // c's load (with c1) is prepared first...
    try await a.addSubnode(d)  // ...then d's, under a node before b.
    log.clear()
    await window.flush()
    // Not the post-order of the tree as it is in the turn (d, under a, would go first): the order of the edits,
    // as Texture's addSubnode loads and inserts at once.
    #expect(
      log.entries == [
        "c1.didLoad", "c.didLoad", "d.didLoad",
        "c.willEnter(true)", "c1.willEnter(true)", "c1.didEnter", "c.didEnter",
        "d.willEnter(true)", "d.didEnter",
      ])
  }

  @Test(
    "A subtree that loads as a whole in the turn that applies newer moves of its inner nodes: every view where its node is, didLoad subnodes first, enter hooks once",
    arguments: [false, true])
  @MainActor
  func subtreeLoadingWhileItsNodesMove(movesFirst: Bool) async throws {
    let log = EventLog()
    let root = RecordingNode("root", log: log)
    let other = RecordingNode("other", log: log)
    try await root.addSubnode(other)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    // a [b [c, d], e, f]: a loads with its subtree, its views linked as they are created.
    let (a, b, c, d, e, f) = (
      RecordingNode("a", log: log), RecordingNode("b", log: log), RecordingNode("c", log: log),
      RecordingNode("d", log: log), RecordingNode("e", log: log, isLayerBacked: true), RecordingNode("f", log: log)
    )
    try await b.addSubnodes([c, d])
    try await a.addSubnodes([b, e, f])
    try await root.addSubnode(a)
    let loads = await window.turnQueue.take()  // Lists a's subnodes as [b, e, f].
    try await other.addSubnode(b)  // An inner node moves out with its subnodes...
    await f.removeFromSupernode()  // ...another leaves the tree...
    try await a.insertSubnode(f, at: 0)  // ...and comes back in front of its old siblings.
    let moves = await window.turnQueue.take()
    log.clear()
    // Both takes in one turn, in either order: the newer lists win whatever comes first.
    MainTurn.apply(movesFirst ? moves + loads : loads + moves, recorder: TurnRecorder())
    #expect(await viewTreeMatchesNodeTree(root))
    #expect(b.view?.superview === other.view)
    #expect(a.view?.subviews.map(ObjectIdentifier.init) == [f].map { ObjectIdentifier($0.view!) })
    #expect(a.layer?.sublayers.map(ObjectIdentifier.init) == [f, e].map { ObjectIdentifier($0.layer!) })
    for node in [a, b, c, d, e, f] {
      #expect(log.entries(containing: "\(node.name).didLoad").count == 1, "\(node.name)")
      #expect(log.entries(containing: "\(node.name).willEnter(true)").count == 1, "\(node.name)")
      #expect(log.entries(containing: "\(node.name).didEnter").count == 1, "\(node.name)")
      #expect(node.isInHierarchy)
    }
    let order = log.entries.filter { $0.hasSuffix(".didLoad") }
    for (parent, child) in [(a, e), (a, f), (b, c), (b, d)] {
      #expect(order.firstIndex(of: "\(child.name).didLoad")! < order.firstIndex(of: "\(parent.name).didLoad")!)
    }
    let firstEnter = log.entries.firstIndex { $0.contains("willEnter") }!
    #expect(log.entries[..<firstEnter].allSatisfy { $0.hasSuffix(".didLoad") })
    #expect(log.entries.firstIndex(of: "b.willEnter(true)")! < log.entries.firstIndex(of: "c.willEnter(true)")!)
    #expect(log.entries.firstIndex(of: "c.didEnter")! < log.entries.firstIndex(of: "b.didEnter")!)
  }

  @Test(
    "A loadView() still gathering when its supernode is attached: the attach waits for it, subnodes first",
    arguments: [true, false])
  @MainActor
  func standaloneLoadInFlight(childGatheredFirst: Bool) async throws {
    let log = EventLog()
    let executor = ManualExecutor()
    var jobs = executor.makeJobQueue()
    let parent = ScheduledNode("p", executor: executor, log: log)
    let child = ScheduledNode("c", executor: executor, log: log)
    try await parent.addSubnode(child)
    let window = Window(turnMode: .manual)

    let childLoad = Task.detached { await child.loadView() }
    let childSnapshot = await jobs.next()  // c is marked loading; its state is being gathered
    let attach = Task { try await window.attach(parent) }
    let parentSnapshot = await jobs.next()  // the attach prepared p (and found c on its way)
    if childGatheredFirst {
      executor.run(childSnapshot)
      executor.run(parentSnapshot)
    } else {
      executor.run(parentSnapshot)
      executor.run(childSnapshot)
    }
    await jobs.runNext()  // the attach lays the root out (the window sizes it)
    try await attach.value
    #expect(parent.isInHierarchy && child.isInHierarchy, "the attach returns with the whole tree in the window")
    await childLoad.value
    #expect(Array(log.entries.prefix(2)) == ["c.didLoad", "p.didLoad"])
    #expect(log.entries(containing: "didLoad").count == 2)
    #expect(log.entries(containing: "willEnter") == ["p.willEnter(true)", "c.willEnter(true)"])
    #expect(child.view?.superview === parent.view)
  }

  @Test(
    "A subnode still gathering its implicit load, moved under a node that then loads: subnodes first",
    arguments: [true, false])
  @MainActor
  func implicitLoadInFlight(flushBeforeChildGathers: Bool) async throws {
    let log = EventLog()
    let executor = ManualExecutor()
    var jobs = executor.makeJobQueue()
    let root = RecordingNode("root", log: log)
    let first = RecordingNode("first", log: log)
    try await root.addSubnode(first)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    let slow = ScheduledNode("c", executor: executor, log: log)
    let q = RecordingNode("q", log: log)

    let add = Task { try await first.addSubnode(slow) }  // first is loaded: c's load gathers slowly
    let snapshot = await jobs.next()
    try await q.addSubnode(slow)  // c moves under q, which is not loaded
    try await root.addSubnode(q)  // q loads; c is still on its way
    log.clear()
    if flushBeforeChildGathers {
      await window.flush()
      #expect(log.entries.isEmpty, "q waits for its subnode: no didLoad, no hierarchy hook")
      #expect(!q.isInHierarchy)
    }
    executor.run(snapshot)
    try await add.value
    await window.flush()
    #expect(Array(log.entries.prefix(2)) == ["c.didLoad", "q.didLoad"])
    #expect(log.entries(containing: "willEnter") == ["q.willEnter(true)", "c.willEnter(true)"])
    #expect(q.isInHierarchy && slow.isInHierarchy)
    #expect(slow.view?.superview === q.view && q.view?.superview === root.view)
  }

  @Test(
    "An onDidLoad block registered after a write sees it, even when didLoad waits a turn for a subnode (adversarial round 26)"
  )
  @MainActor
  func blockSeesTheWritesBeforeItWhenDidLoadWaits() async throws {
    let log = EventLog()
    let executor = ManualExecutor()
    var jobs = executor.makeJobQueue()
    let root = RecordingNode("root", log: log)
    let first = RecordingNode("first", log: log)
    try await root.addSubnode(first)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    let slow = ScheduledNode("c", executor: executor, log: log)
    let q = RecordingNode("q", log: log)
    let add = Task { try await first.addSubnode(slow) }  // c's load gathers slowly
    let snapshot = await jobs.next()
    try await q.addSubnode(slow)
    try await root.addSubnode(q)  // q's load is gathered; c is still on its way
    await q.configure { $0.alpha = 0.5 }  // after q's snapshot: queued for the main actor
    await q.onDidLoad { context in log.record("q.block(\(context.view?.alpha ?? -1))") }
    await q.configure { $0.alpha = 0.25 }  // after the block: it must not see this one
    await window.flush()  // q's view is made; its didLoad waits for c
    #expect(log.entries(containing: "q.").isEmpty, "no didLoad, no block, no hook yet")
    executor.run(snapshot)
    try await add.value
    await window.flush()
    // Texture: q is loaded when addSubnode returns; each write reaches its view and the block runs at once.
    #expect(log.entries.filter { $0 == "q.didLoad" || $0.hasPrefix("q.block") } == ["q.didLoad", "q.block(0.5)"])
    #expect(q.view?.alpha == 0.25)
  }
}

/// Work queued for a node follows it: a window's flush brings its whole tree up to date, wherever the work was queued.
@Suite("Queued work follows its node into another window", .timeLimit(.minutes(5)))
struct QueueFollowingTests {
  @Test("An implicit load queued on one manual window is applied by the window whose tree the node moved to")
  @MainActor
  func implicitLoadFollowsNode() async throws {
    let log = EventLog()
    let a = Window(turnMode: .manual)
    let b = Window(turnMode: .manual)
    let rootA = RecordingNode("rootA", log: log)
    let rootB = RecordingNode("rootB", log: log)
    let x = RecordingNode("x", log: log)
    try await a.attach(rootA)
    try await b.attach(rootB)
    try await rootA.addSubnode(x)  // implicit load, queued for a
    try await rootB.addSubnode(x)  // x is now in b's tree
    await b.flush()
    #expect(x.isNodeLoaded)
    #expect(x.view?.superview === rootB.view)
    #expect(x.isInHierarchy && x.view?.window === b)
    await a.flush()
    #expect(x.view?.window === b)
    #expect(rootA.view?.subviews.isEmpty == true)
    #expect(log.entries(containing: "x.") == ["x.didLoad", "x.willEnter(true)", "x.didEnter"])
  }

  @Test("Subnode changes queued on one manual window are applied by the window the parent moved to")
  @MainActor
  func subnodeChangesFollowParent() async throws {
    let a = Window(turnMode: .manual)
    let b = Window(turnMode: .manual)
    let rootA = BasicNode(debugName: "rootA")
    let rootB = BasicNode(debugName: "rootB")
    let parent = BasicNode(debugName: "p")
    let leaving = BasicNode(debugName: "leaving")
    let arriving = BasicNode(debugName: "arriving")
    try await parent.addSubnode(leaving)
    try await rootA.addSubnode(parent)
    try await a.attach(rootA)
    try await b.attach(rootB)
    await leaving.removeFromSupernode()  // queued for a
    try await parent.addSubnode(arriving)  // queued for a, with arriving's implicit load
    try await rootB.addSubnode(parent)  // p's subtree moves to b's tree
    await b.flush()
    #expect(parent.view?.window === b)
    #expect(parent.view?.subviews.count == 1)
    #expect(arriving.view?.superview === parent.view)
    #expect(leaving.view?.superview == nil && !leaving.isInHierarchy)
    #expect(arriving.isInHierarchy && arriving.view?.window === b)
    #expect(await viewTreeMatchesNodeTree(rootB))
  }

  @Test("An onDidLoad block queued after load on one manual window runs at the flush of the node's new window")
  @MainActor
  func blockFollowsNode() async throws {
    let a = Window(turnMode: .manual)
    let b = Window(turnMode: .manual)
    let rootA = BasicNode()
    let rootB = BasicNode()
    let x = BasicNode()
    try await rootA.addSubnode(x)
    try await a.attach(rootA)
    try await b.attach(rootB)
    let ran = MainActorCounter()
    await x.onDidLoad { _ in ran.count += 1 }  // x is loaded: queued for a
    try await rootB.addSubnode(x)
    await b.flush()
    #expect(ran.count == 1)
    await a.flush()
    #expect(ran.count == 1)
  }

  @Test("A closed window's late clean-up leaves its root alone once the root is under another window's tree")
  @MainActor
  func closedWindowsCleanupLeavesARootThatMovedOn() async throws {
    // The clean-up a window queues on the HierarchyActor as it goes away may run after the root was added under
    // another tree (its window reference reads nil at once, so the edit is allowed): here it is run again, late.
    let holder = BasicNode()
    let manual = Window(turnMode: .manual)
    try await manual.attach(holder)
    let root = BasicNode()
    var closing: Window? = Window(turnMode: .manual)
    try await closing!.attach(root)
    closing = nil
    try await holder.addSubnode(root)
    await manual.flush()
    await Task { @HierarchyActor in
      Tree.forgetWindow(withID: root.nodeCore.hostWindowID.load(ordering: .acquiring), of: root)
    }.value
    #expect(root.view?.superview === holder.view)
    await Task.detached { await root.configure { $0.alpha = 0.5 } }.value
    for _ in 0..<1_000 { await Task.yield() }
    #expect(root.view?.alpha == 1, "the manual window's tree waits for its flush")
    await manual.flush()
    #expect(root.view?.alpha == 0.5)
  }
}
