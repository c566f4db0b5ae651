import ActorNodes
import Testing

@Suite("Entering and leaving a window's hierarchy", .timeLimit(.minutes(5)))
struct AppearanceTests {
  @Test(
    "A root entering and leaving a window gets one willEnter/didEnter and one didExit; isInHierarchy tracks (Texture: testAppearanceMethodsCalledWithRootNodeInWindowLayer, …View)",
    .tags(.texturePort), arguments: [false, true])
  @MainActor
  func rootInWindow(isLayerBacked: Bool) async throws {
    let log = EventLog()
    let root = RecordingNode("root", log: log, isLayerBacked: isLayerBacked)
    let window = Window(turnMode: .manual)
    #expect(!root.isInHierarchy)
    try await window.attach(root)
    #expect(root.isInHierarchy)
    #expect(log.entries == ["root.didLoad", "root.willEnter(true)", "root.didEnter"])
    log.clear()
    await window.detach()
    #expect(!root.isInHierarchy)
    #expect(log.entries == ["root.didExit(false)"])
    if isLayerBacked {
      #expect(root.layer?.superlayer == nil)
    } else {
      #expect(root.view?.window == nil)
    }
  }

  @Test(
    "A node's view put in a window's view tree by hand, through a superview of yours, does not enter the hierarchy; attach does (Texture: testAppearanceMethodsCalledWithRootNodeInWindowLayer, …View, changed)",
    .tags(.texturePort), arguments: [false, true])
  @MainActor
  func viewPlacedInAWindowByHandDoesNotEnter(isLayerBacked: Bool) async throws {
    let log = EventLog()
    let root = RecordingNode("root", log: log, isLayerBacked: isLayerBacked)
    let window = Window(turnMode: .manual)
    await root.loadView()
    let layer = try #require(root.layer)
    let superview = View()
    if let view = root.view { superview.addSubview(view) } else { superview.layer.addSublayer(layer) }
    #expect(log.entries(containing: "Enter").isEmpty)
    // Changed: Texture's view enters the hierarchy here; views follow their nodes (View's "Nodes' views").
    window.view.addSubview(superview)
    await window.flush()
    #expect(!root.isInHierarchy)
    #expect(log.entries(containing: "Enter").isEmpty)
    superview.removeFromSuperview()
    try await window.attach(root)
    #expect(root.isInHierarchy)
    #expect(log.entries(containing: "Enter") == ["root.willEnter(true)", "root.didEnter"])
    #expect(layer.superlayer === window.view.layer, "attach moves the view into the window")
  }

  @Test("The hooks run in Texture's order: willEnter pre-order, didEnter post-order, didExit pre-order")
  @MainActor
  func hookOrder() async throws {
    let log = EventLog()
    let (root, _, _, _) = try await makeRecordingTree(log: log)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    #expect(
      log.entries.filter { !$0.hasSuffix("didLoad") } == [
        "root.willEnter(true)", "a.willEnter(true)", "a1.willEnter(true)", "a1.didEnter", "a.didEnter",
        "b.willEnter(true)", "b.didEnter", "root.didEnter",
      ])
    log.clear()
    await window.detach()
    #expect(log.entries == ["root.didExit(false)", "a.didExit(false)", "a1.didExit(false)", "b.didExit(false)"])
  }

  @Test(
    "Subnodes added to an in-window parent enter the hierarchy exactly once, loaded or not (Texture: testAppearanceMethodsNoLayer, …NoView, …Layer, …View)",
    .tags(.texturePort), arguments: [false, true], [false, true])
  @MainActor
  func subnodesAddedInWindow(isLayerBacked: Bool, preloaded: Bool) async throws {
    let log = EventLog()
    let parent = RecordingNode("parent", log: log, isLayerBacked: isLayerBacked)
    let child = RecordingNode("child", log: log, isLayerBacked: isLayerBacked)
    let grandchild = RecordingNode("grandchild", log: log, isLayerBacked: isLayerBacked)
    try await child.addSubnode(grandchild)
    if preloaded { await child.loadView() }
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    log.clear()
    try await parent.addSubnode(child)
    #expect(!child.isInHierarchy)
    await window.flush()
    #expect(child.isInHierarchy && grandchild.isInHierarchy)
    #expect(log.entries(containing: "willEnter") == ["child.willEnter(true)", "grandchild.willEnter(true)"])
    #expect(log.entries(containing: "didEnter") == ["grandchild.didEnter", "child.didEnter"])
    #expect(log.entries(containing: "didLoad").count == (preloaded ? 0 : 2))
    await window.flush()
    #expect(log.entries(containing: "willEnter").count == 2, "no second willEnter")
  }

  @Test(
    "Node children of a factory-made wrapper node enter and leave with it (Texture: testSynchronousIntermediaryView, changed)",
    .tags(.texturePort))
  @MainActor
  func synchronousIntermediary() async throws {
    let log = EventLog()
    let wrapper = RecordingNode("wrapper", log: log, makeView: { View() })
    let layerBacked = RecordingNode("layerBacked", log: log, isLayerBacked: true)
    let viewBacked = RecordingNode("viewBacked", log: log)
    try await wrapper.addSubnodes([layerBacked, viewBacked])
    #expect(!wrapper.isInHierarchy && !layerBacked.isInHierarchy && !viewBacked.isInHierarchy)
    let window = Window(turnMode: .manual)
    try await window.attach(wrapper)
    // Changed: Texture leaves the wrapper itself out ("synchronous views are not currently marked
    // visible", a known gap); here a factory-made view is a node's view like any other.
    #expect(wrapper.isInHierarchy)
    #expect(layerBacked.isInHierarchy && viewBacked.isInHierarchy)
    await layerBacked.removeFromSupernode()
    await viewBacked.removeFromSupernode()
    await window.flush()
    #expect(!layerBacked.isInHierarchy && !viewBacked.isInHierarchy)
    try await wrapper.addSubnode(layerBacked)
    try await wrapper.insertSubnode(viewBacked, above: layerBacked)
    await window.flush()
    #expect(layerBacked.isInHierarchy && viewBacked.isInHierarchy)
    #expect(viewBacked.view?.superview === wrapper.view)
    await window.detach()
    #expect(!wrapper.isInHierarchy && !layerBacked.isInHierarchy && !viewBacked.isInHierarchy)
    #expect(log.entries(containing: "willEnter").count == log.entries(containing: "didExit").count)
  }

  @Test(
    "Subnodes added, inserted at 0 and inserted above, to in-window parents, enter once; removing the root takes all out (Texture: testAppearanceMethodsNoLayer, …NoView, …Layer, …View)",
    .tags(.texturePort), arguments: [false, true], [false, true])
  @MainActor
  func appearanceWithInsertions(isLayerBacked: Bool, preloaded: Bool) async throws {
    let log = EventLog()
    let nodes = ["parent", "a", "b", "aa", "ab"].map { RecordingNode($0, log: log, isLayerBacked: isLayerBacked) }
    let (parent, a, b, aa, ab) = (nodes[0], nodes[1], nodes[2], nodes[3], nodes[4])
    if preloaded { for node in nodes { await node.loadView() } }
    try await parent.addSubnode(a)
    #expect(nodes.allSatisfy { !$0.isInHierarchy })
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    #expect(parent.isInHierarchy && a.isInHierarchy)
    #expect(!b.isInHierarchy && !aa.isInHierarchy && !ab.isInHierarchy)
    try await parent.addSubnode(b)
    try await a.insertSubnode(aa, at: 0)
    try await a.insertSubnode(ab, above: aa)
    await window.flush()
    #expect(nodes.allSatisfy { $0.isInHierarchy })
    for node in nodes {
      #expect(log.entries.filter { $0.hasPrefix("\(node.name).willEnter") }.count == 1, "\(node.name)")
    }
    #expect(await subnodeNames(of: a) == ["aa", "ab"])
    await window.detach()
    #expect(nodes.allSatisfy { !$0.isInHierarchy })
  }

  @Test(
    "Moving a node between two parents in one window does not fire the hooks again (Texture: testMoveAcrossHierarchyLayer, …View, …Manual…)",
    .tags(.texturePort), arguments: [false, true])
  @MainActor
  func moveWithinWindow(isLayerBacked: Bool) async throws {
    let log = EventLog()
    let root = RecordingNode("root", log: log, isLayerBacked: isLayerBacked)
    let left = RecordingNode("left", log: log, isLayerBacked: isLayerBacked)
    let right = RecordingNode("right", log: log, isLayerBacked: isLayerBacked)
    let mover = RecordingNode("mover", log: log, isLayerBacked: isLayerBacked)
    let moverSubnode = RecordingNode("moverSubnode", log: log, isLayerBacked: isLayerBacked)
    try await mover.addSubnode(moverSubnode)
    try await root.addSubnode(left)
    try await root.addSubnode(right)
    try await left.addSubnode(mover)
    #expect(!mover.isInHierarchy && !moverSubnode.isInHierarchy)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    #expect([root, left, right, mover, moverSubnode].allSatisfy { $0.isInHierarchy })
    #expect(log.entries(containing: "mover.willEnter") == ["mover.willEnter(true)"])
    #expect(log.entries(containing: "moverSubnode.willEnter") == ["moverSubnode.willEnter(true)"])
    log.clear()
    try await right.addSubnode(mover)
    await window.flush()
    try await left.insertSubnode(mover, at: 0)
    await window.flush()
    #expect(log.entries.isEmpty)
    #expect(mover.isInHierarchy && moverSubnode.isInHierarchy)
    #expect(mover.layer?.superlayer === left.layer)
    // Texture's last step: removed, it leaves once, its subnode with it.
    await mover.removeFromSupernode()
    await window.flush()
    #expect(log.entries == ["mover.didExit(false)", "moverSubnode.didExit(false)"])
    #expect(!mover.isInHierarchy && !moverSubnode.isInHierarchy)
  }

  @Test(
    "Moving by removing and re-adding: no hooks when both happen before a turn; exit and enter when a turn comes between (Texture: testMoveAcrossHierarchyManualLayer, …ManualView, testDisableWithNodeAPI…, changed)",
    .tags(.texturePort), arguments: [false, true])
  @MainActor
  func moveByRemoveAndAdd(isLayerBacked: Bool) async throws {
    let log = EventLog()
    let root = RecordingNode("root", log: log, isLayerBacked: isLayerBacked)
    let parentA = RecordingNode("parentA", log: log, isLayerBacked: isLayerBacked)
    let parentB = RecordingNode("parentB", log: log, isLayerBacked: isLayerBacked)
    let child = RecordingNode("child", log: log, isLayerBacked: isLayerBacked)
    let childSubnode = RecordingNode("childSubnode", log: log, isLayerBacked: isLayerBacked)
    try await child.addSubnode(childSubnode)
    try await parentA.addSubnode(child)
    try await root.addSubnodes([parentA, parentB])
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    log.clear()
    // Texture wraps the two calls in Disable/EnableHierarchyNotifications; here the move is one
    // change of state as long as no turn runs between the calls: there is no counter to balance.
    await child.removeFromSupernode()
    try await parentB.addSubnode(child)
    await window.flush()
    await child.removeFromSupernode()
    try await parentA.insertSubnode(child, at: 0)
    await window.flush()
    #expect(log.entries.isEmpty, "no hooks: the node never left the window")
    #expect(child.layer?.superlayer === parentA.layer)
    // Changed: a turn between the removal and the re-adding shows the node out of the window.
    await child.removeFromSupernode()
    await window.flush()
    try await parentB.addSubnode(child)
    await window.flush()
    #expect(
      log.entries == [
        "child.didExit(false)", "childSubnode.didExit(false)",
        "child.willEnter(true)", "childSubnode.willEnter(true)", "childSubnode.didEnter", "child.didEnter",
      ])
  }

  @Test(
    "A subnode removed (or replaced) exits before the nodes added in the same turn enter, under its supernode or another, as Texture's edits run in order",
    arguments: ["replace", "removeThenAdd", "removeThenAddElsewhere"], [false, true])
  @MainActor
  func removalsExitBeforeAdditionsEnter(edit: String, isNewNodeLoaded: Bool) async throws {
    let log = EventLog()
    let root = RecordingNode("root", log: log)
    let (parent, other) = (RecordingNode("parent", log: log), RecordingNode("other", log: log))
    let (old, oldSubnode) = (RecordingNode("old", log: log), RecordingNode("oldSubnode", log: log))
    let new = RecordingNode("new", log: log)
    try await old.addSubnode(oldSubnode)
    try await parent.addSubnode(old)
    try await root.addSubnodes([parent, other])
    if isNewNodeLoaded { await new.loadView() }
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    log.clear()
    switch edit {
    case "replace":
      try await parent.replaceSubnode(old, with: new)
    case "removeThenAdd":
      await old.removeFromSupernode()
      try await parent.addSubnode(new)
    default:
      await other.configure { $0.alpha = 0.5 }  // `other` has work queued first: its turn operations come first.
      await old.removeFromSupernode()
      try await other.addSubnode(new)
    }
    await window.flush()
    #expect(
      log.entries.filter { !$0.hasSuffix("didLoad") } == [
        "old.didExit(false)", "oldSubnode.didExit(false)", "new.willEnter(true)", "new.didEnter",
      ])
    #expect(new.isInHierarchy && !old.isInHierarchy && !oldSubnode.isInHierarchy)
  }

  @Test(
    "A detach while a subnode's removal waits for a manual window's turn takes the subnode out first, then the tree from its root, as Texture's removeFromSupernode exits at once (adversarial round 29: the subnode exited with the tree, after the root)"
  )
  @MainActor
  func detachExitsAWaitingRemovalFirst() async throws {
    let log = EventLog()
    let (root, a, _, _) = try await makeRecordingTree(log: log)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    log.clear()
    await a.removeFromSupernode()
    await window.detach()
    #expect(log.entries == ["a.didExit(false)", "a1.didExit(false)", "root.didExit(false)", "b.didExit(false)"])
    #expect(a.view?.superview == nil)
    await window.flush()
    #expect(log.entries.count == 4, "the flush fires nothing more")
  }

  @Test(
    "The hooks see the views where the turn put them: view.window is the window entered in the enter hooks, nil in the exits of a detach, and already the new window in the exit of a move into another window's tree (changed: Texture enters in willMoveToWindow:, before the view has its window, and fires nothing for such a move)"
  )
  @MainActor
  func hooksSeeTheViewsWhereTheTurnPutThem() async throws {
    let log = EventLog()
    let first = WindowReportingNode("first", log: log)
    let second = WindowReportingNode("second", log: log)
    let mover = WindowReportingNode("mover", log: log)
    try await first.addSubnode(mover)
    let windowA = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    let windowB = Window(size: Size(width: 200, height: 200), turnMode: .manual)
    try await windowA.attach(first)
    try await windowB.attach(second)
    #expect(
      log.entries == [
        "first.willEnter@100", "mover.willEnter@100", "mover.didEnter@100", "first.didEnter@100",
        "second.willEnter@200", "second.didEnter@200",
      ])
    log.clear()
    try await second.addSubnode(mover)
    await windowB.flush()
    await windowA.flush()
    #expect(log.entries == ["mover.didExit@200", "mover.willEnter@200", "mover.didEnter@200"])
    log.clear()
    await windowA.detach()
    #expect(log.entries == ["first.didExit@none"])
  }

  @Test("Moving a node to another window exits the first and enters the second")
  @MainActor
  func moveBetweenWindows() async throws {
    let log = EventLog()
    let first = RecordingNode("first", log: log)
    let second = RecordingNode("second", log: log)
    let mover = RecordingNode("mover", log: log)
    try await first.addSubnode(mover)
    let windowA = Window(turnMode: .manual)
    let windowB = Window(turnMode: .manual)
    try await windowA.attach(first)
    try await windowB.attach(second)
    log.clear()
    try await second.addSubnode(mover)
    await windowB.flush()
    await windowA.flush()
    #expect(log.entries == ["mover.didExit(false)", "mover.willEnter(true)", "mover.didEnter"])
    #expect(mover.view?.window === windowB)
  }

  @Test(
    "A subnode removed and added back before the window's next turn never left the window: no hooks (changed: Texture fires didExit, then the enter hooks)"
  )
  @MainActor
  func removedAndAddedBackBeforeTheTurnFiresNothing() async throws {
    let log = EventLog()
    let root = RecordingNode("root", log: log)
    let child = RecordingNode("child", log: log)
    try await root.addSubnode(child)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    log.clear()
    await child.removeFromSupernode()
    try await root.addSubnode(child)
    await window.flush()
    #expect(log.entries.isEmpty)
    #expect(child.isInHierarchy && child.view?.superview === root.view)
  }

  @Test(
    "removeFromSupernode() of a window's root changes nothing; Window.detach() takes it out (changed: Texture removes the root's view from its window)"
  )
  @MainActor
  func removingAWindowsRootFromItsSupernodeDoesNothing() async throws {
    let log = EventLog()
    let root = RecordingNode("root", log: log)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    log.clear()
    await root.removeFromSupernode()
    await window.flush()
    #expect(root.isInHierarchy && log.entries.isEmpty)
    await window.detach()
    #expect(!root.isInHierarchy && log.entries == ["root.didExit(false)"])
  }

  @Test("A window that goes away while attached calls didExitHierarchy")
  @MainActor
  func windowDeallocation() async throws {
    let log = EventLog()
    let root = RecordingNode("root", log: log)
    var window: Window? = Window(turnMode: .manual)
    try await window?.attach(root)
    log.clear()
    window = nil
    #expect(log.entries == ["root.didExit(false)"])
    #expect(!root.isInHierarchy)
    let replacement = Window(turnMode: .manual)
    try await replacement.attach(root)
    #expect(root.isInHierarchy)
    #expect(root.view?.window === replacement)
  }

  @Test(
    "A window that goes away while a subnode's removal waits for its turn takes the subnode out first, then the tree from its root, as Texture's removeFromSupernode exits at once (adversarial round 30: the subnode exited with the tree, after the root)"
  )
  @MainActor
  func droppedWindowExitsAWaitingRemovalFirst() async throws {
    let log = EventLog()
    let (root, a, _, _) = try await makeRecordingTree(log: log)
    var window: Window? = Window(turnMode: .manual)
    try await window?.attach(root)
    log.clear()
    await a.removeFromSupernode()
    window = nil
    #expect(log.entries == ["a.didExit(false)", "a1.didExit(false)", "root.didExit(false)", "b.didExit(false)"])
    await root.waitForQueuedWork()
    #expect(log.entries.count == 4, "the removal's turn fires nothing more")
    #expect(a.view?.superview == nil)
  }

  @Test(
    "A window that goes away takes its root's view out of its view before the root's didExitHierarchy, as a UIWindow's subviews leave it when it goes",
    arguments: [false, true])
  @MainActor
  func windowDeallocationRemovesTheRootsViewFirst(isLayerBacked: Bool) async throws {
    let log = EventLog()
    let root = ExitObservingNode("root", log: log, isLayerBacked: isLayerBacked)
    let child = ExitObservingNode("child", log: log, isLayerBacked: isLayerBacked)
    try await root.addSubnode(child)
    var window: Window? = Window(turnMode: .manual)
    let windowView = try #require(window?.view)
    try await window?.attach(root)
    window = nil
    // The root's view has left the window's view; its subnode's view is still in the root's.
    #expect(log.entries == ["root.didExit(superlayer: false)", "child.didExit(superlayer: true)"])
    #expect(windowView.subviews.isEmpty && windowView.layer.sublayers.isEmpty)
  }

  @Test("A window that a hook lets go in the middle of a turn exits its tree once the turn has entered every node")
  @MainActor
  func windowReleasedByAHookMidTurn() async throws {
    let log = EventLog()
    let box = WindowBox(Window(turnMode: .automatic))
    let root = RecordingNode("root", log: log)
    try await box.window?.attach(root)
    let container = RecordingNode("c", log: log)
    let first = WindowDroppingNode("a", log: log)
    let second = RecordingNode("b", log: log)
    try await container.addSubnodes([first, second])
    first.onDidEnter = { box.window = nil }  // The screen is dismissed from a hook, as an app may do.
    log.clear()
    try await root.addSubnode(container)
    await root.waitForQueuedWork()
    #expect(box.window == nil)
    // Every node the turn was entering enters; then the gone window's tree leaves, each node once.
    #expect(
      log.entries.filter { !$0.hasSuffix("didLoad") } == [
        "c.willEnter(true)", "a.willEnter(true)", "a.didEnter", "b.willEnter(true)", "b.didEnter", "c.didEnter",
        "root.didExit(false)", "c.didExit(false)", "a.didExit(false)", "b.didExit(false)",
      ])
    #expect(![root, container, second].contains { $0.isInHierarchy } && !first.isInHierarchy)
  }
}

/// Holds a window that a hook may let go.
@MainActor
final class WindowBox {
  var window: Window?

  init(_ window: Window) { self.window = window }
}

/// A node that records its hooks and runs an action of the test's in its first `didEnterHierarchy`.
actor WindowDroppingNode: HookRecording {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let log: EventLog?
  @MainActor var onDidEnter: (@MainActor () -> Void)?

  init(_ name: String, log: EventLog) {
    nodeState = NodeState(debugName: name)
    self.name = name
    self.log = log
  }

  @MainActor func didEnterHierarchy(_ context: borrowing HierarchyContext) {
    log?.record("\(name).didEnter")
    let action = onDidEnter
    onDidEnter = nil
    action?()
  }
}

/// A node that records, in its `didExitHierarchy`, whether its layer is still in a superlayer.
actor ExitObservingNode: DisplayNode {
  nonisolated let nodeCore: NodeCore
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let log: EventLog

  init(_ name: String, log: EventLog, isLayerBacked: Bool = false) {
    nodeCore = NodeCore(isLayerBacked: isLayerBacked)
    nodeState = NodeState(debugName: name)
    self.name = name
    self.log = log
  }

  @MainActor func didExitHierarchy(_ context: borrowing HierarchyContext) {
    let isInSuperview = view.map { $0.superview != nil } ?? true
    log.record("\(name).didExit(superlayer: \(layer?.superlayer != nil && isInSuperview))")
  }
}

/// A node that records each hierarchy hook with the width of the window its view is in then (`none`: no window).
actor WindowReportingNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let log: EventLog

  init(_ name: String, log: EventLog) {
    nodeState = NodeState(debugName: name)
    self.name = name
    self.log = log
  }

  @MainActor private var windowWidth: String { view?.window.map { "\(Int($0.size.width))" } ?? "none" }

  @MainActor func willEnterHierarchy(_ context: borrowing HierarchyContext) {
    log.record("\(name).willEnter@\(windowWidth)")
  }

  @MainActor func didEnterHierarchy(_ context: borrowing HierarchyContext) {
    log.record("\(name).didEnter@\(windowWidth)")
  }

  @MainActor func didExitHierarchy(_ context: borrowing HierarchyContext) {
    log.record("\(name).didExit@\(windowWidth)")
  }
}
