import Dispatch
import Synchronization
import Testing

@testable import ActorNodes

/// A main-actor object that holds a view: it is `Sendable`, so its last reference can be dropped anywhere.
@MainActor
final class ViewHolder {
  let view: View

  init(onViewDeinit: @escaping @Sendable () -> Void) {
    view = View(onDeinit: onViewDeinit)
  }
}

/// A `Sendable` box that holds a user's container view and layer, for another task to drop.
final class ContainerDrop: Sendable {
  /// A main-actor object (so `Sendable`) that holds the containers.
  @MainActor
  final class Containers {
    let view = View()
    let layer = Layer()
  }

  private let containers: Mutex<Containers?>
  private let dropped = Atomic<Bool>(false)

  /// Puts `subview` in a new container view and `sublayer` in a new container layer, held only by the box.
  @MainActor
  init(holding subview: View, _ sublayer: Layer) {
    let containers = Containers()
    containers.view.addSubview(subview)
    containers.layer.addSublayer(sublayer)
    self.containers = Mutex(containers)
  }

  /// Drops the containers off the main actor and returns once they are dropped, blocking the main actor meanwhile,
  /// so that their deinitializers (isolated to the main actor) wait behind the caller's job.
  @MainActor
  func dropOffTheMainActorAndWait() {
    Task.detached {
      self.containers.withLock { $0 = nil }
      self.dropped.store(true, ordering: .releasing)
    }
    while !dropped.load(ordering: .acquiring) {}  // spins for the detached task: the main actor must not run a job
  }
}

/// Records, for each view, whether it died inside a main-actor release job and which one.
final class ViewReleaseLog: Sendable {
  private let jobs = Mutex<[UInt64?]>([])

  var releases: [UInt64?] { jobs.withLock { $0 } }

  /// Makes `view` report its deinitialization here.
  @MainActor
  func watch(_ view: View) {
    view.onDeinit = { [self] in
      let job = MainRelease.currentJob
      jobs.withLock { $0.append(job) }
    }
  }
}

@Suite("Releasing nodes and views", .timeLimit(.minutes(6)))
struct TeardownTests {
  @Test(
    "A window keeps its tree alive; detaching lets it go (Texture: testAddingNodeToHierarchyRetainsNode)",
    .tags(.texturePort))
  @MainActor
  func windowRetainsTree() async throws {
    let lifetime = LifetimeCounter()
    let window = Window(turnMode: .manual)
    weak var weakChild: RecordingNode?
    do {
      let root = RecordingNode("root", lifetime: lifetime)
      let child = RecordingNode("child", lifetime: lifetime)
      weakChild = child
      try await root.addSubnode(child)
      try await window.attach(root)
    }
    #expect(weakChild != nil)
    #expect(lifetime.count == 0)
    await window.detach()
    #expect(lifetime.count == 2)
    #expect(weakChild == nil)
  }

  @Test(
    "A detached tree whose specs name its nodes (a BasicNode's block capturing its subnodes) frees every node and view in one main-actor release job, not one job per level"
  )
  @MainActor
  func specNamedTreeReleasedInOneJob() async throws {
    let releases = ViewReleaseLog()
    let window = Window(size: Size(width: 200, height: 100), turnMode: .manual)
    weak var weakCell: BasicNode?
    weak var weakAvatar: BasicNode?
    do {
      let avatar = BasicNode()
      let cell = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
        .stack(.horizontal, children: [.node(avatar).preferredSize(Size(width: 40, height: 40))])
      }
      let root = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
        .inset(EdgeInsets(top: 1, left: 1, bottom: 1, right: 1), .node(cell))
      }
      weakCell = cell
      weakAvatar = avatar
      try await window.attach(root)
      await window.flush()
      for node: any DisplayNode in [root, cell, avatar] { releases.watch(node.view!) }
      await window.detach()
    }
    // The root's side holds the cell through its applied layout, and the cell's the avatar: released side by side,
    // each level died in a job of its own, after the job that released the level above.
    await ReleaseTracker.shared.waitUntilIdle()
    #expect(weakCell == nil && weakAvatar == nil, "every node is gone once the release job has run")
    #expect(releases.releases.count == 3 && Set(releases.releases).count == 1, "all views go in one job")
  }

  @Test(
    "A loaded tree released off the main actor frees every node at once and every view on the main actor, in one job (Texture: testThatUIKitDeallocationTrampoliningWorks)",
    .tags(.texturePort))
  func releaseOffMain() async throws {
    let lifetime = LifetimeCounter()
    let releases = ViewReleaseLog()
    var root: RecordingNode? = RecordingNode("root", lifetime: lifetime)
    var nodes: [RecordingNode] = [root!]
    for row in 0..<50 {
      let container = RecordingNode("row\(row)", lifetime: lifetime)
      for leaf in 0..<19 {
        let node = RecordingNode("leaf\(row).\(leaf)", lifetime: lifetime)
        nodes.append(node)
        try await container.addSubnode(node)
      }
      nodes.append(container)
      try await root!.addSubnode(container)
    }
    await root!.loadView()
    let watched = nodes
    nodes = []
    await MainActor.run {
      for node in watched { releases.watch(node.view!) }
    }
    _ = consume watched
    #expect(releases.releases.isEmpty)
    root = nil  // the last reference, dropped off the main actor
    #expect(lifetime.count == 1_001, "every node is deinitialized right away")
    await ReleaseTracker.shared.waitUntilIdle()
    let jobs = releases.releases
    #expect(jobs.count == 1_001, "every view is released")
    #expect(jobs.allSatisfy { $0 != nil }, "views are released inside a main-actor release job")
    #expect(Set(jobs).count == 1, "all views go in one main-actor job, not one per view")
  }

  @Test(
    "A node whose view is in a window stays alive until it leaves, and gets its didExitHierarchy first (Texture: testAddingNodeToHierarchyRetainsNode)",
    .tags(.texturePort))
  @MainActor
  func viewInWindowKeepsNodeAlive() async throws {
    let log = EventLog()
    let lifetime = LifetimeCounter()
    let root = RecordingNode("root", log: log)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    weak var weakChild: RecordingNode?
    do {
      let child = RecordingNode("child", log: log, lifetime: lifetime)
      weakChild = child
      try await root.addSubnode(child)
      await window.flush()
      await child.removeFromSupernode()  // queued: the view is still in the window
    }
    #expect(weakChild != nil, "its view is in a window: the node lives")
    #expect(lifetime.count == 0)
    log.clear()
    await window.flush()
    #expect(log.entries == ["child.didExit(false)"])
    #expect(lifetime.count == 1, "out of the window, the node dies")
    #expect(weakChild == nil)
  }

  @Test(
    "A window dropped with the last references to its tree frees the tree in that main-actor job: the window's clean-up holds no node, even while the HierarchyActor is busy (Texture: a UIWindow's views release their nodes as it deallocates; round 27)",
    arguments: [TurnMode.manual, .automatic])
  @MainActor
  func droppedWindowFreesItsTreeAtOnce(mode: TurnMode) async throws {
    let lifetime = LifetimeCounter()
    let log = EventLog()
    var window: Window? = Window(turnMode: mode)
    weak var weakRoot: RecordingNode?
    weak var weakChild: RecordingNode?
    do {
      let root = RecordingNode("root", log: log, lifetime: lifetime)
      let child = RecordingNode("child", log: log, lifetime: lifetime)
      weakRoot = root
      weakChild = child
      try await root.addSubnode(child)
      try await window?.attach(root)
    }
    // The clean-up the window starts on the HierarchyActor waits behind this job, which holds the actor.
    let busy = DispatchSemaphore(value: 0)
    await withCheckedContinuation { started in
      Task { @HierarchyActor in
        started.resume()
        busy.wait()
      }
    }
    log.clear()
    window = nil
    let freed = (root: weakRoot == nil, child: weakChild == nil, count: lifetime.count)
    busy.signal()
    #expect(log.entries == ["root.didExit(false)", "child.didExit(false)"], "the hooks run first")
    #expect(freed.root && freed.child)
    #expect(freed.count == 2)
  }

  @Test(
    "A window dropped while a layout pass of its root is held in layout code goes at once: its tree leaves the hierarchy then, not when the pass ends (adversarial round 29: the pass held the window)",
    arguments: [TurnMode.manual, .automatic])
  @MainActor
  func windowDroppedDuringItsPassGoesAtOnce(mode: TurnMode) async throws {
    let gate = Gate()
    let leaf = GatedLeaf()
    let root = BasicNode(debugName: "root") { _, _ in .stack(.vertical, children: [.node(leaf)]) }
    try await root.addSubnode(leaf)
    weak var weakWindow: Window?
    do {
      let window = Window(turnMode: mode)
      weakWindow = window
      try await window.attach(root)
      await leaf.hold(at: gate)
      window.resize(to: Size(width: 200, height: 300))
      await gate.waitForArrivals(1)
    }
    let (isGone, hasLeft) = (weakWindow == nil, !root.isInHierarchy)
    await gate.open()
    try await root.layoutIfNeeded()
    #expect(isGone && hasLeft)
    #expect(weakWindow == nil && !root.isInHierarchy && root.view?.superview == nil)
  }

  @Test("A surviving subnode of a released node leaves the hierarchy with its exit hooks")
  @MainActor
  func survivorOfReleasedNode() async throws {
    let log = EventLog()
    let lifetime = LifetimeCounter()
    let root = RecordingNode("root", log: log)
    let child = RecordingNode("c", log: log)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    var parent: RecordingNode? = RecordingNode("p", log: log, lifetime: lifetime)
    try await parent!.addSubnode(child)
    try await root.addSubnode(parent!)
    await window.flush()
    await parent!.removeFromSupernode()
    parent = nil
    await Task.yield()
    await window.flush()
    await ReleaseTracker.shared.waitUntilIdle()
    #expect(lifetime.count == 1)
    #expect(await child.supernode == nil)
    #expect(child.view?.superview == nil)
    #expect(!child.isInHierarchy)
    #expect(log.entries(containing: "willEnter").count == log.entries(containing: "didExit").count + 1)
    #expect(log.entries(containing: "didExit") == ["p.didExit(false)", "c.didExit(false)"])
  }

  @Test(
    "A node whose view is in a view of yours, in no window, lives until the view leaves it or that view goes away (Texture: testAddingNodeToHierarchyRetainsNode)",
    .tags(.texturePort))
  @MainActor
  func viewInAViewOfYoursKeepsItsNodeAlive() async throws {
    let lifetime = LifetimeCounter()
    let host = View()
    weak var weakNode: RecordingNode?
    do {
      let node = RecordingNode("n", lifetime: lifetime)
      try await node.addSubnode(RecordingNode("child", lifetime: lifetime))
      await node.loadView()
      host.addSubview(try #require(node.view))
      weakNode = node
    }
    #expect(weakNode != nil, "its view is in a view of yours: the node lives (Texture's _ASDisplayView keep-alive)")
    #expect(lifetime.count == 0)
    host.addSubview(View())
    host.insertSubview(host.subviews[0], at: 1)  // a move within that view keeps it
    #expect(weakNode != nil)
    host.subviews[1].removeFromSuperview()
    #expect(weakNode == nil, "out of that view, the node dies")
    #expect(lifetime.count == 2)

    var other: View? = View()
    weak var weakSecond: RecordingNode?
    do {
      let node = RecordingNode("second", lifetime: lifetime)
      await node.loadView()
      other?.insertSubview(try #require(node.view), at: 0)
      weakSecond = node
    }
    #expect(weakSecond != nil)
    other = nil
    #expect(weakSecond == nil, "a view of yours that goes away lets go of the node")
    #expect(lifetime.count == 3)

    // Texture's testThatLayerBackedSubnodesAreMarkedInvisible…WhileBeingRetained, by hand: the view put in a
    // window's view keeps its node and layer-backed subnode alive; taking it out lets both die, the view kept.
    let window = Window(turnMode: .manual)
    var nodeView: View?
    do {
      let node = RecordingNode("Node", lifetime: lifetime)
      try await node.addSubnode(RecordingNode("Subnode", lifetime: lifetime, isLayerBacked: true))
      await node.loadView()
      nodeView = node.view
      window.view.addSubview(try #require(nodeView))
    }
    #expect(lifetime.count == 3)
    nodeView?.removeFromSuperview()
    #expect(lifetime.count == 5)
    #expect(nodeView?.superview == nil)
    await ReleaseTracker.shared.waitUntilIdle()
  }

  @Test(
    "A released layer-backed node's layer stays in a layer of yours, with its surviving subnode's, and its dead subnode's leaves it (Texture: testThatLayerDelegateDoesntDangleAndCauseCrash)",
    .tags(.texturePort))
  @MainActor
  func hostedLayerOutlivesItsNode() async throws {
    // A view in a view of yours keeps its node alive (`viewInAViewOfYoursKeepsItsNodeAlive`); a layer does not,
    // as Texture's `_ASDisplayLayer` has no keep-alive.
    let host = View()
    let lifetime = LifetimeCounter()
    var node: RecordingNode? = RecordingNode("n", lifetime: lifetime, isLayerBacked: true)
    let survivor = RecordingNode("survivor", isLayerBacked: true)
    try await node!.addSubnodes([survivor, RecordingNode("dead", lifetime: lifetime, isLayerBacked: true)])
    await node!.loadView()
    let hosted = try #require(node!.layer)
    host.layer.addSublayer(hosted)
    #expect(hosted.sublayers.count == 2)
    let holder = Releasable(node!)
    node = nil
    await Task.detached { holder.drop() }.value  // the last reference, dropped off the main actor
    #expect(lifetime.count == 2)
    await ReleaseTracker.shared.waitUntilIdle()
    // Texture's -dealloc clears the node's back pointers and detaches its subnodes, and leaves its view alone.
    #expect(host.layer.sublayers.map(ObjectIdentifier.init) == [ObjectIdentifier(hosted)])
    #expect(
      hosted.sublayers.map(ObjectIdentifier.init) == [ObjectIdentifier(try #require(survivor.layer))],
      "the survivor's layer stays; the dead subnode's leaves with its node")
    #expect(await survivor.supernode == nil)
    hosted.setNeedsDisplay()  // the layer names no slot any more
    #expect(hosted.needsDisplay)
  }

  @Test("A dropped 1,001-node tree is released at once, even with unflushed moves and writes in a manual window")
  @MainActor
  func releaseDoesNotWaitForQueuedWork() async throws {
    let lifetime = LifetimeCounter()
    let releases = ViewReleaseLog()
    let window = Window(turnMode: .manual)
    var root: RecordingNode? = RecordingNode("root", lifetime: lifetime)
    var rows: [RecordingNode] = []
    var leaves: [RecordingNode] = []
    for row in 0..<10 {
      let container = RecordingNode("row\(row)", lifetime: lifetime)
      var children: [any DisplayNode] = []
      for leaf in 0..<99 {
        let node = RecordingNode("leaf\(row).\(leaf)", lifetime: lifetime)
        leaves.append(node)
        children.append(node)
      }
      try await container.addSubnodes(children)
      rows.append(container)
    }
    try await root!.addSubnodes(rows)
    try await window.attach(root!)
    for node in [root!] + rows + leaves { releases.watch(try #require(node.view)) }
    for index in 0..<20 { try await rows[(index + 1) % 10].addSubnode(leaves[index * 7]) }
    for (index, leaf) in leaves.prefix(100).enumerated() { await leaf.configure { $0.alpha = Double(index) / 100 } }
    await window.detach()
    rows = []
    leaves = []
    #expect(lifetime.count == 0)
    root = nil
    #expect(lifetime.count == 1_001, "every node is deinitialized at once: queued work holds none")
    await ReleaseTracker.shared.waitUntilIdle()
    #expect(releases.releases.count == 1_001, "every view is released without a flush")
  }

  @Test("A node dropped with an off-main write waiting in a manual window is freed, and its view released, unflushed")
  @MainActor
  func queuedWriteHoldsNothing() async throws {
    let lifetime = LifetimeCounter()
    let releases = ViewReleaseLog()
    let window = Window(turnMode: .manual)
    var node: RecordingNode? = RecordingNode("node", lifetime: lifetime)
    try await window.attach(node!)
    releases.watch(try #require(node?.view))
    await window.detach()  // Out of the window: its view no longer keeps it alive.
    await Task.detached { [node] in await node?.configure { $0.alpha = 0.5 } }.value
    node = nil
    #expect(lifetime.count == 1, "the waiting write holds no node")
    await ReleaseTracker.shared.waitUntilIdle()
    #expect(releases.releases.count == 1, "nor its core or view")
  }

  @Test(
    "A drawing node dropped with its display's commit, or the notice of its suspension, waiting for a manual window's turn is freed with its core and view, unflushed (adversarial round 32: the queued work held the core, and the core the views)",
    arguments: [false, true])
  @MainActor
  func queuedDisplayWorkHoldsNothing(suspends: Bool) async throws {
    let releases = ViewReleaseLog()
    let window = Window(size: Size(width: 10, height: 10), turnMode: .manual)
    weak var weakCore: NodeCore?
    do {
      let node = PaintNode("paint", frame: Rect(x: 0, y: 0, width: 10, height: 10))
      try await window.attach(node)
      await window.waitForPendingDisplays()
      await window.flush()
      releases.watch(try #require(node.view))
      weakCore = node.nodeCore
      if suspends { node.setDisplaySuspended(true) } else { await node.setNeedsDisplay() }
      await window.waitForPendingDisplays()  // A display's commit is queued for the next flush.
      await Task { @HierarchyActor in }.value  // So is the notice of a suspension.
      await window.detach()
    }
    await Task { @HierarchyActor in }.value
    await ReleaseTracker.shared.waitUntilIdle()
    #expect(weakCore == nil, "the queued work holds no core")
    #expect(releases.releases.count == 1, "nor its view")
    await window.flush()
  }

  @Test(
    "A tree dropped after its detach from a manual window, with a layout pass's frames waiting for that window's turn, is freed with its views, unflushed (adversarial round 33: the queued application held its nodes' cores, and its layouts the subnodes they place, until a flush that may never come)",
    arguments: [false, true])
  @MainActor
  func queuedLayoutApplicationHoldsNothing(managesSubnodes: Bool) async throws {
    let releases = ViewReleaseLog()
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    weak var weakRootCore: NodeCore?
    weak var weakChild: BasicNode?
    weak var weakLeaf: BasicNode?
    do {
      let leaf = BasicNode(debugName: "leaf")
      let child = BasicNode(debugName: "child", automaticallyManagesSubnodes: managesSubnodes) { _, _ in
        .inset(EdgeInsets(top: 1, left: 1, bottom: 1, right: 1), .node(leaf))
      }
      let root = BasicNode(debugName: "root", automaticallyManagesSubnodes: managesSubnodes) { _, _ in
        .inset(EdgeInsets(top: 2, left: 2, bottom: 2, right: 2), .node(child))
      }
      if !managesSubnodes {
        try await child.addSubnode(leaf)
        try await root.addSubnode(child)
      }
      try await window.attach(root)
      await window.flush()
      for node: any DisplayNode in [root, child, leaf] { releases.watch(try #require(node.view)) }
      #expect(child.view?.frame == Rect(x: 2, y: 2, width: 96, height: 96))
      window.resize(to: Size(width: 50, height: 50))
      try await window.waitForLayoutPasses()
      #expect(child.view?.frame == Rect(x: 2, y: 2, width: 96, height: 96), "the pass's frames wait for a flush")
      weakRootCore = root.nodeCore
      weakChild = child
      weakLeaf = leaf
      await window.detach()
    }
    await ReleaseTracker.shared.waitUntilIdle()
    #expect(weakRootCore == nil, "the queued application holds no core")
    #expect(weakChild == nil && weakLeaf == nil, "nor, through its layouts, the subnodes they place")
    #expect(releases.releases.count == 3, "nor their views")
    await window.flush()
  }

  @Test(
    "A tree detached from a manual window with a layout pass's frames waiting for that window's turn shows them once, whether or not the window flushes afterwards (adversarial round 33)"
  )
  @MainActor
  func detachedTreeTakesItsQueuedLayoutsOnce() async throws {
    let log = EventLog()
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    let child = PassNode("child", log: log)
    let root = PassNode("root", log: log) { _ in
      .spec(.inset(EdgeInsets(top: 2, left: 2, bottom: 2, right: 2), .node(child)))
    }
    try await root.addSubnode(child)
    try await window.attach(root)
    await window.flush()
    window.resize(to: Size(width: 50, height: 50))
    try await window.waitForLayoutPasses()
    #expect(child.view?.frame == Rect(x: 2, y: 2, width: 96, height: 96), "the pass's frames wait for a flush")
    log.clear()
    await window.detach()
    await window.flush()
    #expect(!root.isInHierarchy && !child.isInHierarchy)
    #expect(child.view?.frame == Rect(x: 2, y: 2, width: 46, height: 46))
    #expect(root.appliedLayout?.size == Size(width: 50, height: 50))
    #expect(
      log.entries(containing: "layout")
        == ["root.layout 50.0x50.0", "root.layoutDidFinish", "child.layout 46.0x46.0", "child.layoutDidFinish"],
      "the hooks run once")
  }

  @Test(
    "A loaded node with an off-main write waiting for the turn is not kept alive by it (Texture: DISABLED_testThatDirtyNodesAreNotRetained)",
    .tags(.texturePort))
  @MainActor
  func nodeWithQueuedWriteIsNotRetained() async throws {
    let lifetime = LifetimeCounter()
    let window = Window(turnMode: .manual)
    let root = RecordingNode("root")
    try await window.attach(root)
    weak var weakNode: RecordingNode?
    do {
      let node = RecordingNode("node", lifetime: lifetime)
      weakNode = node
      try await root.addSubnode(node)
      await window.flush()
      #expect(node.view?.alpha == 1)
      await Task.detached { await node.configure { $0.alpha = 0 } }.value
      #expect(node.view?.alpha == 1, "the write waits for the turn")
      await node.removeFromSupernode()
      await window.flush()  // the node leaves the window; its write is applied or dropped with it
    }
    #expect(weakNode == nil, "nothing queued keeps the node")
    #expect(lifetime.count == 1)
  }

  @Test(
    "Layer-backed subnodes of a node kept alive only by its view leave the window cleanly when the view does (Texture: testThatLayerBackedSubnodesAreMarkedInvisibleBeforeDeallocWhenSupernodesViewIsRemovedFromHierarchyWhileBeingRetained)",
    .tags(.texturePort))
  @MainActor
  func layerBackedSubnodesOfRetainedViewLeave() async throws {
    let log = EventLog()
    let lifetime = LifetimeCounter()
    let root = RecordingNode("root", log: log)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    var nodeView: View?
    do {
      let node = RecordingNode("Node", log: log, lifetime: lifetime)
      let subnode = RecordingNode("Subnode", log: log, lifetime: lifetime, isLayerBacked: true)
      try await node.addSubnode(subnode)
      try await root.addSubnode(node)
      await window.flush()
      nodeView = node.view
      await node.removeFromSupernode()  // queued: the view is still in the window
    }
    #expect(lifetime.count == 0, "the nodes live while their views are in the window")
    await window.flush()
    #expect(log.entries(containing: "didExit") == ["Node.didExit(false)", "Subnode.didExit(false)"])
    #expect(lifetime.count == 2, "out of the window, both die; the view we hold stays")
    #expect(nodeView?.superview == nil)
    await ReleaseTracker.shared.waitUntilIdle()
  }

  @Test("A view whose last holder is dropped off the main actor is still deinitialized on the main actor")
  func viewDiesOnMainActor() async throws {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Task.detached {
        var holder: ViewHolder? = await ViewHolder {
          MainActor.assertIsolated("a view is deinitialized on the main actor")
          continuation.resume()
        }
        _ = holder
        holder = nil  // the holder dies here, off the main actor; its view's deinitializer hops
      }
    }
  }

  @Test(
    "A view or layer dropped off the main actor is no superview or superlayer from then on, before it deinitializes")
  @MainActor
  func containerDroppedOffTheMainActorIsGoneForItsChildrenAtOnce() async {
    let subview = View()
    let sublayer = Layer()
    let drop = ContainerDrop(holding: subview, sublayer)
    #expect(subview.superview != nil && sublayer.superlayer != nil)
    drop.dropOffTheMainActorAndWait()
    // The containers' deinitializers are queued behind this job: an `unowned` pointer to them trapped here.
    #expect(subview.superview == nil)
    #expect(sublayer.superlayer == nil)
    subview.removeFromSuperview()
    sublayer.removeFromSuperlayer()
    let other = View()
    other.addSubview(subview)
    #expect(subview.superview === other && other.subviews.count == 1)
  }

  @Test("A 100,000-deep chain can be built, described and released (on a 256 KiB stack) without overflowing it")
  func deepChain() async throws {
    let depth = 100_000
    let lifetime = LifetimeCounter()
    var root: RecordingNode? = RecordingNode("n0", lifetime: lifetime)
    var deepest = root!
    for index in 1..<depth {
      let next = RecordingNode("n\(index)", lifetime: lifetime)
      try await deepest.addSubnode(next)
      deepest = next
    }
    let description = await root!.recursiveDescription()
    let lines = description.split(separator: "\n")
    #expect(lines.count == depth)
    #expect(
      lines.last?.hasPrefix(String(repeating: "| ", count: maximumDescriptionIndent) + "[depth \(depth - 1)] ") == true)
    #expect(description.utf8.count < depth * 120, "the description grows linearly with depth")
    deepest = RecordingNode("unrelated")
    let holder = Releasable(root!)
    root = nil
    #expect(lifetime.count == 0)
    await releaseOnSmallStack(holder)
    #expect(lifetime.count == depth)
  }

  /// Its 20,000 edits each hop back to the main actor, behind every other suite's main-actor work: minutes in a
  /// full parallel run under ThreadSanitizer (seconds alone); the suite's time limit allows for it.
  @Test("A 20,000-deep loaded chain can be attached, detached and released")
  @MainActor
  func deepLoadedChain() async throws {
    let depth = 20_000
    let lifetime = LifetimeCounter()
    let window = Window(turnMode: .manual)
    do {
      let root = RecordingNode("n0", lifetime: lifetime, isLayerBacked: true)
      var deepest = root
      for index in 1..<depth {
        let next = RecordingNode("n\(index)", lifetime: lifetime, isLayerBacked: true)
        try await deepest.addSubnode(next)
        deepest = next
      }
      try await window.attach(root)
      #expect(deepest.isInHierarchy)
      #expect(window.statistics.viewsLoaded == depth)
      await window.detach()
      #expect(!deepest.isInHierarchy)
    }
    #expect(lifetime.count == depth)
    await ReleaseTracker.shared.waitUntilIdle()
  }
}
