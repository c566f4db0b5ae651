import ActorNodes
import Synchronization
import Testing

// Scenarios a Texture user would write hook by hook, from the contract table's rows (construction, loading and the
// hierarchy; layout; display): how many times each hook runs over a node's whole life, in which order, and what
// state each one sees when it runs. Public API only; waits are a user's (manual windows and `flush()`,
// `layoutIfNeeded()`, `waitForPendingDisplays()`). (Adversarial round 34; the shared nodes and logs are those of
// PublicAPIScenarioTests.swift and UserScenarioTests.swift.)

// MARK: - A user's own node

/// A node that logs, in each hook, the state Texture's contract says the hook sees: whether it is loaded and in the
/// hierarchy, its view's window and bounds.
actor HookStateNode: DisplayNode {
  nonisolated let nodeCore: NodeCore
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let log: ScenarioLog
  var children: [any DisplayNode] = []
  var fixedSize: Size?
  var layoutChanges = 0
  /// A node whose `isInHierarchy` this node's hierarchy hooks log too (a subnode, say).
  nonisolated let watched: (any DisplayNode)?
  /// How many times `calculatedLayoutDidChange` ran, and the size of `calculatedLayout` in the last run; read by the
  /// main-actor hooks.
  nonisolated let changes = Atomic<Int>(0)
  nonisolated let changedToWidth = Atomic<Int>(-1)

  init(
    _ name: String, log: ScenarioLog, size: Size? = nil, isLayerBacked: Bool = false,
    watching watched: (any DisplayNode)? = nil
  ) {
    self.name = name
    self.log = log
    self.watched = watched
    nodeCore = NodeCore(isLayerBacked: isLayerBacked)
    nodeState = NodeState(debugName: name)
    fixedSize = size
  }

  func setChildren(_ nodes: [any DisplayNode]) { children = nodes }
  func setFixedSize(_ size: Size?) { fixedSize = size }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    if let fixedSize { return .size(fixedSize) }
    return .spec(.stack(.vertical, spacing: 0, alignItems: .stretch, children: children.map { .node($0) }))
  }
  func calculatedLayoutDidChange() {
    layoutChanges += 1
    changedToWidth.store(Int(calculatedLayout?.size.width ?? -1), ordering: .relaxed)
    changes.add(1, ordering: .relaxed)
  }

  @MainActor private func state(_ node: any DisplayNode) -> String {
    let watching = watched.map { " sub:\($0.isInHierarchy)" } ?? ""
    return "loaded:\(node.isNodeLoaded) in:\(node.isInHierarchy)\(watching)"
  }
  @MainActor func didLoad(_ context: borrowing LoadContext) {
    log.add("\(name).didLoad \(state(context.node))")
  }
  @MainActor func willEnterHierarchy(_ context: borrowing HierarchyContext) {
    log.add("\(name).willEnter \(state(context.node))")
  }
  @MainActor func didEnterHierarchy(_ context: borrowing HierarchyContext) {
    log.add("\(name).didEnter \(state(context.node))")
  }
  @MainActor func didExitHierarchy(_ context: borrowing HierarchyContext) {
    log.add("\(name).didExit \(state(context.node))")
  }
  @MainActor func layout(_ context: borrowing LayoutContext) {
    let bounds = context.layer.bounds.size
    let applied = context.node.appliedLayout?.size
    log.add(
      "\(name).layout bounds:\(bounds == context.layout.size) applied:\(applied == context.layout.size) "
        + "changes:\(changes.load(ordering: .relaxed)) width:\(changedToWidth.load(ordering: .relaxed))")
  }
  @MainActor func layoutDidFinish(_ context: borrowing LayoutContext) { log.add("\(name).layoutDidFinish") }
  @MainActor func subnodeDisplayWillStart(_ context: borrowing DisplayContext) { log.add("\(name).subWillStart") }
  @MainActor func subnodeDisplayDidFinish(_ context: borrowing DisplayContext) { log.add("\(name).subDidFinish") }
  @MainActor func hierarchyDisplayDidFinish(_ context: borrowing DisplayContext) {
    log.add("\(name).hierarchyDidFinish")
  }
}

/// A drawing node that logs, in its display hooks, whether its layer has contents, whether it is in the hierarchy,
/// and how many times `drawParameters()` ran so far.
actor HookDrawingNode: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let log: ScenarioLog
  nonisolated let parameterCalls = Atomic<Int>(0)
  var color: Color

  init(_ name: String, log: ScenarioLog, color: Color = .red, frame: Rect = Rect(x: 0, y: 0, width: 8, height: 8)) {
    self.name = name
    self.log = log
    self.color = color
    nodeState = NodeState(debugName: name) { $0.frame = frame }
  }

  func setColor(_ color: Color) { self.color = color }
  func drawParameters() -> Color {
    parameterCalls.add(1, ordering: .relaxed)
    return color
  }
  static func draw(_ color: Color, in context: inout GraphicsContext, request: DisplayRequest) {
    context.fill(request.bounds, with: color)
  }

  @MainActor private func state(_ context: borrowing DisplayContext) -> String {
    let node = context.node
    return "contents:\(node.layer?.contents != nil) in:\(node.isInHierarchy) "
      + "params:\(parameterCalls.load(ordering: .relaxed))"
  }
  @MainActor func displayWillStart(_ context: borrowing DisplayContext) {
    log.add("\(name).willStart \(state(context))")
  }
  @MainActor func displayDidFinish(_ context: borrowing DisplayContext) {
    log.add("\(name).didFinish \(state(context))")
  }
  @MainActor func hierarchyDisplayDidFinish(_ context: borrowing DisplayContext) {
    log.add("\(name).hierarchyDidFinish")
  }
}

@MainActor
private func hooks(_ log: ScenarioLog, of name: String) -> [String] {
  log.entries.filter { $0.hasPrefix(name + ".") }
}

@MainActor
private func count(_ log: ScenarioLog, _ name: String, _ hook: String) -> Int {
  log.entries.filter { $0 == "\(name).\(hook)" || $0.hasPrefix("\(name).\(hook) ") }.count
}

// MARK: - Scenarios

/// A node wrapping a view its factory makes (Texture's view block) that lays out a subnode with a spec and logs its
/// layout hooks.
actor HookFactoryNode: DisplayNode {
  nonisolated let nodeCore = NodeCore(makeView: { View() })
  let nodeState = NodeState(debugName: "factory")
  nonisolated let log: ScenarioLog
  let child: any DisplayNode

  init(log: ScenarioLog, child: any DisplayNode) {
    self.log = log
    self.child = child
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    .spec(.inset(EdgeInsets(top: 5, left: 5, bottom: 5, right: 5), .node(child)))
  }
  @MainActor func layout(_ context: borrowing LayoutContext) { log.add("factory.layout") }
  @MainActor func layoutDidFinish(_ context: borrowing LayoutContext) { log.add("factory.layoutDidFinish") }
}

@Suite("Hooks a Texture user counts and orders, public API only (adversarial round 34)", .timeLimit(.minutes(2)))
struct HookScenarioTests {
  @Test(
    "A whole life: made and configured in the background, attached, edited, resized, moved to another window, detached and let go: didLoad once per node, every enter matched by one exit, and everything freed"
  ) @MainActor func wholeLifeHookCounts() async throws {
    let log = ScenarioLog()
    weak var weakRoot: HookStateNode?
    weak var weakChild: HookStateNode?
    weak var weakLate: HookStateNode?
    weak var weakView: View?
    do {
      let (root, child) = await Task.detached {
        let child = HookStateNode("c", log: log, size: Size(width: 10, height: 10))
        let root = HookStateNode("r", log: log)
        try? await root.addSubnode(child)
        await root.setChildren([child])
        await root.configure { $0.backgroundColor = .blue }
        await child.configure { $0.alpha = 0.5 }
        return (root, child)
      }.value
      #expect(log.entries.isEmpty)
      let w1 = Window(size: Size(width: 100, height: 100), turnMode: .manual)
      try await w1.attach(root)
      #expect(root.view?.backgroundColor == .blue && child.view?.alpha == 0.5)
      let late = HookStateNode("n", log: log, size: Size(width: 5, height: 5))
      try await Task.detached {
        try await root.addSubnode(late)
        await root.setChildren([child, late])
        await root.setNeedsLayout()
      }.value
      try await w1.layoutIfNeeded()
      w1.resize(to: Size(width: 60, height: 80))
      try await w1.layoutIfNeeded()
      #expect(late.view?.frame == Rect(x: 0, y: 10, width: 60, height: 5))
      await w1.detach()
      let w2 = Window(size: Size(width: 40, height: 40), turnMode: .manual)
      try await w2.attach(root)
      try await w2.layoutIfNeeded()
      #expect(child.view?.frame == Rect(x: 0, y: 0, width: 40, height: 10))
      await w2.detach()
      weakRoot = root
      weakChild = child
      weakLate = late
      weakView = late.view
    }
    for name in ["r", "c", "n"] {
      #expect(count(log, name, "didLoad") == 1, "\(name)")
      #expect(count(log, name, "willEnter") == 2, "\(name)")
      #expect(count(log, name, "didEnter") == 2, "\(name)")
      #expect(count(log, name, "didExit") == 2, "\(name)")
      // Each node's hierarchy hooks alternate: load, then enter and exit in turn.
      let lifecycle = hooks(log, of: name).map { String($0.split(separator: " ")[0]) }
        .filter { !$0.hasSuffix("layout") && !$0.hasSuffix("layoutDidFinish") }
      #expect(
        lifecycle
          == ["didLoad", "willEnter", "didEnter", "didExit", "willEnter", "didEnter", "didExit"].map {
            "\(name).\($0)"
          }, "\(lifecycle)")
    }
    await Window(turnMode: .manual).waitForPendingDisplays()
    #expect(weakRoot == nil && weakChild == nil && weakLate == nil && weakView == nil)
  }

  @Test(
    "isInHierarchy changes node by node, as the hooks run: a supernode's willEnterHierarchy sees its subnode not in yet, its didExitHierarchy sees it still in"
  ) @MainActor func hierarchyFlagsChangeNodeByNode() async throws {
    let log = ScenarioLog()
    let child = HookStateNode("c", log: log, size: Size(width: 10, height: 10))
    let root = HookStateNode("r", log: log, watching: child)
    try await root.addSubnode(child)
    let window = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await window.attach(root)
    #expect(log.entries.contains("r.willEnter loaded:true in:true sub:false"))
    #expect(log.entries.contains("r.didEnter loaded:true in:true sub:true"))
    log.entries.removeAll()
    await window.detach()
    #expect(
      log.entries == ["r.didExit loaded:true in:false sub:true", "c.didExit loaded:true in:false"])
  }

  @Test(
    "A subtree added to an in-window node loads subnodes first, with didLoad out of the hierarchy, enters pre-order and finishes entering post-order, then lays out supernodes first"
  ) @MainActor func subtreeAddedInWindowHookOrder() async throws {
    let log = ScenarioLog()
    let root = HookStateNode("r", log: log)
    let window = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await window.attach(root)
    let leaf = HookStateNode("l", log: log, size: Size(width: 5, height: 5))
    let middle = HookStateNode("m", log: log)
    try await middle.addSubnode(leaf)
    await middle.setChildren([leaf])
    await middle.onDidLoad { context in
      log.add("m.onDidLoad loaded:\(context.node.isNodeLoaded) in:\(context.node.isInHierarchy)")
    }
    log.entries.removeAll()
    try await Task.detached {
      try await root.addSubnode(middle)
      await root.setChildren([middle])
      await root.setNeedsLayout()
    }.value
    #expect(log.entries.isEmpty)
    try await window.layoutIfNeeded()
    let hierarchy = log.entries.filter { !$0.hasPrefix("r.") && !$0.contains("layout") }
    #expect(
      hierarchy == [
        "l.didLoad loaded:true in:false", "m.didLoad loaded:true in:false", "m.onDidLoad loaded:true in:false",
        "m.willEnter loaded:true in:true", "l.willEnter loaded:true in:true", "l.didEnter loaded:true in:true",
        "m.didEnter loaded:true in:true",
      ])
    let layouts = log.entries.filter { $0.contains(".layout") }.map { String($0.split(separator: " ")[0]) }
    #expect(
      layouts.filter { !$0.hasPrefix("r.") } == ["m.layout", "m.layoutDidFinish", "l.layout", "l.layoutDidFinish"])
    let lastHierarchyHook = try #require(log.entries.lastIndex(of: "m.didEnter loaded:true in:true"))
    let firstLayout = try #require(log.entries.firstIndex { $0.hasPrefix("m.layout") })
    #expect(lastHierarchyHook < firstLayout)
  }

  @Test(
    "A subtree removed from an in-window node exits pre-order, each node out of the hierarchy at its own hook, its views kept and out of the window"
  ) @MainActor func subtreeRemovedExitsPreOrder() async throws {
    let log = ScenarioLog()
    let root = HookStateNode("r", log: log)
    let leaf = HookStateNode("l", log: log, size: Size(width: 5, height: 5))
    let middle = HookStateNode("m", log: log, watching: leaf)
    try await middle.addSubnode(leaf)
    try await root.addSubnode(middle)
    let window = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await window.attach(root)
    log.entries.removeAll()
    await Task.detached { await middle.removeFromSupernode() }.value
    #expect(middle.isInHierarchy && leaf.isInHierarchy)
    await window.flush()
    #expect(log.entries == ["m.didExit loaded:true in:false sub:true", "l.didExit loaded:true in:false"])
    #expect(middle.view?.superview == nil && middle.view?.window == nil)
    #expect(leaf.view?.superview === middle.view)
    #expect(middle.isNodeLoaded && leaf.isNodeLoaded)
  }

  @Test(
    "A node moved from a window's tree to a supernode in no window leaves the hierarchy once; when that supernode is attached, only the supernode loads and the node enters again once"
  ) @MainActor func movedOutOfWindowThenBackIn() async throws {
    let log = ScenarioLog()
    let root = HookStateNode("r", log: log)
    let node = HookStateNode("n", log: log, size: Size(width: 5, height: 5))
    try await root.addSubnode(node)
    let w1 = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await w1.attach(root)
    let holder = HookStateNode("h", log: log)
    await holder.setChildren([node])
    log.entries.removeAll()
    try await holder.addSubnode(node)
    await w1.flush()
    #expect(log.entries == ["n.didExit loaded:true in:false"])
    #expect(!node.isInHierarchy && node.isNodeLoaded)
    #expect(root.view?.subviews.isEmpty == true)
    #expect(node.view?.window == nil)
    log.entries.removeAll()
    let w2 = Window(size: Size(width: 30, height: 30), turnMode: .manual)
    try await w2.attach(holder)
    #expect(count(log, "n", "didLoad") == 0 && count(log, "h", "didLoad") == 1)
    #expect(count(log, "n", "willEnter") == 1 && count(log, "n", "didEnter") == 1)
    #expect(node.view?.superview === holder.view && node.view?.window === w2)
  }

  @Test(
    "A node loaded outside any window runs its layout hooks when laid out (Texture: a loaded node's layoutIfNeeded runs -layout), once, and again after setNeedsLayout"
  ) @MainActor func loadedOutsideWindowLaysOutWithHooks() async throws {
    let log = ScenarioLog()
    let root = HookStateNode("r", log: log)
    let child = HookStateNode("c", log: log, size: Size(width: 10, height: 10))
    try await root.addSubnode(child)
    await root.setChildren([child])
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 40, height: 40) }
    await root.loadView()
    #expect(root.isNodeLoaded && !root.isInHierarchy)
    log.entries.removeAll()
    try await root.layoutIfNeeded()
    #expect(child.view?.frame == Rect(x: 0, y: 0, width: 40, height: 10))
    let first = log.entries.map { String($0.split(separator: " ")[0]) }
    #expect(first == ["r.layout", "r.layoutDidFinish", "c.layout", "c.layoutDidFinish"], "\(log.entries)")
    log.entries.removeAll()
    try await root.layoutIfNeeded()
    #expect(log.entries.isEmpty)
    await root.setNeedsLayout()
    try await root.layoutIfNeeded()
    #expect(log.entries.map { String($0.split(separator: " ")[0]) } == ["r.layout", "r.layoutDidFinish"])
  }

  @Test(
    "calculatedLayoutDidChange runs before the main actor's layout(_:) for the same layout, and sees calculatedLayout already the new one"
  ) @MainActor func calculatedLayoutDidChangeBeforeLayoutHook() async throws {
    let log = ScenarioLog()
    let root = HookStateNode("r", log: log)
    let window = Window(size: Size(width: 70, height: 50), turnMode: .manual)
    try await window.attach(root)
    #expect(log.entries.contains { $0.hasPrefix("r.layout ") && $0.hasSuffix("changes:1 width:70") })
    log.entries.removeAll()
    window.resize(to: Size(width: 90, height: 50))
    try await window.layoutIfNeeded()
    #expect(log.entries.first?.hasSuffix("changes:2 width:90") == true, "\(log.entries)")
    #expect(await root.layoutChanges == 2)
  }

  @Test(
    "A node at empty bounds (a zero rectangle) runs no layout hooks (Texture's __layout returns early); given a size, it runs them once"
  ) @MainActor func emptyBoundsRunNoLayoutHooks() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: ScenarioLog())
    let empty = HookStateNode("e", log: log, size: .zero)
    try await root.addSubnode(empty)
    await root.setChildren([empty])
    let window = Window(size: Size(width: 0, height: 50), turnMode: .manual)
    try await window.attach(root)
    #expect(empty.view?.frame == .zero)
    #expect(count(log, "e", "layout") == 0 && count(log, "e", "layoutDidFinish") == 0)
    // One pass (two passes applied in one turn run their hooks pass by pass: AN-0004's deliberate difference): the
    // new size is measured in the new width's range, which no layout is cached for.
    await empty.setFixedSize(Size(width: 20, height: 6))
    window.resize(to: Size(width: 20, height: 50))
    try await window.layoutIfNeeded()
    #expect(empty.view?.frame == Rect(x: 0, y: 0, width: 20, height: 6))
    #expect(count(log, "e", "layout") == 1 && count(log, "e", "layoutDidFinish") == 1, "\(log.entries)")
  }

  @Test(
    "A display's hooks see Texture's order: drawParameters before displayWillStart, in the hierarchy, no contents yet; displayDidFinish after the contents are on the layer"
  ) @MainActor func displayHooksSeeTheirState() async throws {
    let log = ScenarioLog()
    let node = HookDrawingNode("d", log: log)
    let window = Window(size: Size(width: 20, height: 20), turnMode: .manual)
    try await window.attach(node)
    await window.waitForPendingDisplays()
    #expect(log.entries == ["d.willStart contents:false in:true params:1"])
    await window.flush()
    #expect(
      log.entries == [
        "d.willStart contents:false in:true params:1", "d.didFinish contents:true in:true params:1",
        "d.hierarchyDidFinish",
      ])
  }

  @Test(
    "A drawing node's displays over a whole life: one per window entered, none while detached, none for a resize that keeps its bounds or a move within the window"
  ) @MainActor func displaysOverALife() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: ScenarioLog())
    let a = UserNode("a", log: ScenarioLog(), size: Size(width: 8, height: 8))
    let b = UserNode("b", log: ScenarioLog(), size: Size(width: 8, height: 8))
    let node = HookDrawingNode("d", log: log)
    try await root.addSubnodes([a, b])
    try await a.addSubnode(node)
    let w1 = Window(size: Size(width: 20, height: 20), turnMode: .manual)
    try await w1.attach(root)
    await node.recursivelyEnsureDisplay()
    #expect(count(log, "d", "willStart") == 1 && count(log, "d", "didFinish") == 1)
    w1.resize(to: Size(width: 30, height: 30))
    try await w1.layoutIfNeeded()
    try await b.addSubnode(node)
    await w1.flush()
    await w1.waitForPendingDisplays()
    await w1.flush()
    #expect(node.view?.superview === b.view)
    #expect(scenarioColor(of: node.layer) != nil)
    #expect(count(log, "d", "willStart") == 1 && count(log, "d", "didFinish") == 1)
    await w1.detach()
    #expect(node.layer?.contents == nil)
    await node.setNeedsDisplay()
    await w1.waitForPendingDisplays()
    await w1.flush()
    #expect(count(log, "d", "willStart") == 1)
    let w2 = Window(size: Size(width: 20, height: 20), turnMode: .manual)
    try await w2.attach(root)
    await root.recursivelyEnsureDisplay()
    #expect(count(log, "d", "willStart") == 2 && count(log, "d", "didFinish") == 2)
    #expect(scenarioColor(of: node.layer) != nil)
  }

  @Test(
    "A grandchild's display is its supernode's business only: the grandparent hears no subnode display hook and no hierarchyDisplayDidFinish (Texture's is not recursive)"
  ) @MainActor func hierarchyDisplayDidFinishIsNotRecursive() async throws {
    let log = ScenarioLog()
    let grand = HookStateNode("g", log: log)
    let parent = HookStateNode("p", log: log)
    let leaf = HookDrawingNode("d", log: log)
    try await grand.addSubnode(parent)
    try await parent.addSubnode(leaf)
    let window = Window(size: Size(width: 20, height: 20), turnMode: .manual)
    try await window.attach(grand)
    await grand.recursivelyEnsureDisplay()
    let display = log.entries.filter { $0.contains("Start") || $0.contains("DidFinish") || $0.contains("didFinish") }
      .filter { !$0.contains("layout") }
    #expect(
      display.map { String($0.split(separator: " ")[0]) } == [
        "d.willStart", "p.subWillStart", "d.didFinish", "d.hierarchyDidFinish", "p.subDidFinish",
        "p.hierarchyDidFinish",
      ])
  }

  @Test(
    "Inserting a node that has another supernode at an index out of range throws indexOutOfBounds and moves nothing: it stays under its supernode, in the window, with no hook"
  ) @MainActor func outOfRangeInsertMovesNothing() async throws {
    let log = ScenarioLog()
    let root = HookStateNode("r", log: log)
    let a = HookStateNode("a", log: log)
    let b = HookStateNode("b", log: log)
    let node = HookStateNode("n", log: log)
    try await root.addSubnodes([a, b])
    try await a.addSubnode(node)
    let window = Window(size: Size(width: 20, height: 20), turnMode: .manual)
    try await window.attach(root)
    log.entries.removeAll()
    await #expect(throws: HierarchyError.indexOutOfBounds(index: 2, validRange: 0...0)) {
      try await b.insertSubnode(node, at: 2)
    }
    await #expect(throws: HierarchyError.indexOutOfBounds(index: -1, validRange: 0...0)) {
      try await b.insertSubnode(node, at: -1)
    }
    await window.flush()
    #expect(await node.supernode === a)
    #expect(await b.subnodes.isEmpty)
    #expect(node.view?.superview === a.view && node.isInHierarchy)
    #expect(log.entries.isEmpty)
  }

  @Test(
    "addSubnodes is all or nothing: one refused node (the receiver itself, an ancestor) leaves every other node where it was, with no hook"
  ) @MainActor func addSubnodesAllOrNothing() async throws {
    let log = ScenarioLog()
    let root = HookStateNode("r", log: log)
    let a = HookStateNode("a", log: log)
    let b = HookStateNode("b", log: log)
    let loose = HookStateNode("x", log: log)
    let c = HookStateNode("c", log: log)
    try await root.addSubnodes([a, b])
    try await a.addSubnode(c)
    let window = Window(size: Size(width: 20, height: 20), turnMode: .manual)
    try await window.attach(root)
    log.entries.removeAll()
    await #expect(throws: HierarchyError.cannotAddNodeToItself) { try await a.addSubnodes([loose, b, a]) }
    await #expect(throws: HierarchyError.wouldCreateCycle) { try await c.addSubnodes([b, a]) }
    await window.flush()
    #expect(await a.subnodes.map(\.nodeCore.id) == [c.nodeCore.id])
    #expect(await c.subnodes.isEmpty)
    #expect(await loose.supernode == nil)
    #expect(await b.supernode === root)
    #expect(b.view?.superview === root.view && b.isInHierarchy)
    #expect(!loose.isNodeLoaded && log.entries.isEmpty)
  }

  @Test(
    "A layer-backed subtree under a view-backed node gets the same hooks in the same order, its layers in the window's layer tree and no views"
  ) @MainActor func layerBackedSubtreeHooks() async throws {
    let log = ScenarioLog()
    let root = HookStateNode("r", log: log)
    let leaf = HookStateNode("l", log: log, size: Size(width: 5, height: 5), isLayerBacked: true)
    let middle = HookStateNode("m", log: log, isLayerBacked: true, watching: leaf)
    try await middle.addSubnode(leaf)
    await middle.setChildren([leaf])
    try await root.addSubnode(middle)
    await root.setChildren([middle])
    let window = Window(size: Size(width: 30, height: 30), turnMode: .manual)
    try await window.attach(root)
    let hierarchy = log.entries.filter { !$0.hasPrefix("r.") && !$0.contains("layout") }
    #expect(
      hierarchy == [
        "l.didLoad loaded:true in:false", "m.didLoad loaded:true in:false sub:false",
        "m.willEnter loaded:true in:true sub:false", "l.willEnter loaded:true in:true",
        "l.didEnter loaded:true in:true",
        "m.didEnter loaded:true in:true sub:true",
      ])
    #expect(middle.view == nil && leaf.view == nil)
    #expect(middle.layer?.superlayer === root.layer && leaf.layer?.superlayer === middle.layer)
    #expect(leaf.layer?.frame == Rect(x: 0, y: 0, width: 30, height: 5))
    log.entries.removeAll()
    await window.detach()
    #expect(
      log.entries == [
        "r.didExit loaded:true in:false", "m.didExit loaded:true in:false sub:true", "l.didExit loaded:true in:false",
      ])
  }

  @Test(
    "A subnode removed from a window's tree and let go before the turn still gets its didExitHierarchy at the turn (Texture: exits come before dealloc), then is freed"
  ) @MainActor func removedAndReleasedBeforeTheTurnStillExits() async throws {
    let log = ScenarioLog()
    let root = HookStateNode("r", log: log)
    weak var weakChild: HookStateNode?
    weak var weakView: View?
    let window = Window(size: Size(width: 30, height: 30), turnMode: .manual)
    do {
      let child = HookStateNode("c", log: log, size: Size(width: 5, height: 5))
      try await root.addSubnode(child)
      try await window.attach(root)
      weakChild = child
      weakView = child.view
      log.entries.removeAll()
      await Task.detached { await child.removeFromSupernode() }.value
    }
    #expect(log.entries.isEmpty)
    await window.flush()
    #expect(log.entries == ["c.didExit loaded:true in:false"])
    #expect(root.view?.subviews.isEmpty == true)
    await window.waitForPendingDisplays()
    #expect(weakChild == nil && weakView == nil)
  }

  @Test(
    "setNeedsLayout on a node that keeps its size lays out that node only: its calculatedLayoutDidChange and layout hooks once, nothing for its supernode or siblings (Texture's setNeedsLayout goes up only when the size changes)"
  ) @MainActor func setNeedsLayoutKeepingItsSizeStaysLocal() async throws {
    let log = ScenarioLog()
    let root = HookStateNode("r", log: log)
    let fixed = HookStateNode("f", log: log, size: Size(width: 10, height: 10))
    let middle = HookStateNode("m", log: log)
    let leaf = HookStateNode("l", log: log, size: Size(width: 5, height: 5))
    try await middle.addSubnode(leaf)
    await middle.setChildren([leaf])
    try await root.addSubnodes([fixed, middle])
    await root.setChildren([fixed, middle])
    let window = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await window.attach(root)
    let changes = [await root.layoutChanges, await fixed.layoutChanges, await middle.layoutChanges]
    #expect(changes == [1, 1, 1])
    for (node, name) in [(fixed, "f"), (leaf, "l"), (middle, "m")] {
      log.entries.removeAll()
      await Task.detached { await node.setNeedsLayout() }.value
      try await window.layoutIfNeeded()
      #expect(log.entries.map { String($0.split(separator: " ")[0]) } == ["\(name).layout", "\(name).layoutDidFinish"])
    }
    #expect(await root.layoutChanges == 1)
    #expect([await fixed.layoutChanges, await middle.layoutChanges, await leaf.layoutChanges] == [2, 2, 2])
    #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: 50, height: 5))
  }

  @Test(
    "A tree laid out before it loads gets calculatedLayoutDidChange then, and no layout hook (Texture calls -layout for a loaded node only); attached at that size, it runs its layout hooks once and measures nothing again"
  ) @MainActor func laidOutBeforeLoadThenAttached() async throws {
    let log = ScenarioLog()
    let root = HookStateNode("r", log: log)
    let child = HookStateNode("c", log: log, size: Size(width: 10, height: 10))
    try await root.addSubnode(child)
    await root.setChildren([child])
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 40, height: 40) }
    try await Task.detached { try await root.layoutIfNeeded() }.value
    #expect([await root.layoutChanges, await child.layoutChanges] == [1, 1])
    #expect(await root.calculatedLayout?.size == Size(width: 40, height: 40))
    #expect(log.entries.isEmpty)
    let window = Window(size: Size(width: 40, height: 40), turnMode: .manual)
    try await window.attach(root)
    let layouts = log.entries.filter { $0.contains("layout") }.map { String($0.split(separator: " ")[0]) }
    #expect(layouts == ["r.layout", "r.layoutDidFinish", "c.layout", "c.layoutDidFinish"])
    #expect(log.entries.contains { $0.hasPrefix("c.layout ") && $0.contains("bounds:true applied:true") })
    #expect([await root.layoutChanges, await child.layoutChanges] == [1, 1])
    #expect(child.view?.frame == Rect(x: 0, y: 0, width: 40, height: 10))
  }

  @Test(
    "replaceSubnode with a sibling moves the sibling into the old node's place, which leaves alone; replacing a node with itself changes nothing"
  ) @MainActor func replaceWithASibling() async throws {
    let log = ScenarioLog()
    let root = HookStateNode("r", log: log)
    let a = HookStateNode("a", log: log)
    let b = HookStateNode("b", log: log)
    let c = HookStateNode("c", log: log)
    try await root.addSubnodes([a, b, c])
    let window = Window(size: Size(width: 30, height: 30), turnMode: .manual)
    try await window.attach(root)
    log.entries.removeAll()
    try await root.replaceSubnode(b, with: b)
    await window.flush()
    #expect(await root.subnodes.map(\.nodeCore.id) == [a, b, c].map(\.nodeCore.id))
    #expect(log.entries.isEmpty)
    try await root.replaceSubnode(a, with: c)
    await window.flush()
    #expect(await root.subnodes.map(\.nodeCore.id) == [c, b].map(\.nodeCore.id))
    #expect(await a.supernode == nil)
    #expect(root.view?.subviews.count == 2)
    #expect(root.view?.subviews.first === c.view && root.view?.subviews.last === b.view)
    #expect(log.entries == ["a.didExit loaded:true in:false"])
    #expect(c.isInHierarchy && !a.isInHierarchy && a.view?.superview == nil)
  }

  @Test(
    "A window that goes away takes a whole tree out: every node's didExitHierarchy once, pre-order, each out of the hierarchy at its hook"
  ) @MainActor func windowGoingAwayExitsWholeTreePreOrder() async throws {
    let log = ScenarioLog()
    let leaf = HookStateNode("l", log: log, size: Size(width: 5, height: 5))
    let middle = HookStateNode("m", log: log, watching: leaf)
    let side = HookStateNode("s", log: log, size: Size(width: 5, height: 5))
    let root = HookStateNode("r", log: log, watching: middle)
    try await middle.addSubnode(leaf)
    try await root.addSubnodes([middle, side])
    do {
      let window = Window(size: Size(width: 30, height: 30), turnMode: .manual)
      try await window.attach(root)
      log.entries.removeAll()
    }
    #expect(
      log.entries == [
        "r.didExit loaded:true in:false sub:true", "m.didExit loaded:true in:false sub:true",
        "l.didExit loaded:true in:false", "s.didExit loaded:true in:false",
      ])
    #expect(!root.isInHierarchy && !middle.isInHierarchy && !leaf.isInHierarchy && !side.isInHierarchy)
  }

  @Test("A dimension written as a string that is not a number before pt or % stops the program, naming the rule")
  func dimensionStringNotANumber() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let dimension = Dimension("wide pt")
      print(dimension)
    }
    let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(output.contains("ActorNodes contract violation: a dimension's string must be a number with pt or %"))
  }

  @Test(
    "Each node's onDidLoad blocks run right after its own didLoad, in the order added, before its supernode's didLoad (Texture: the blocks follow -didLoad, subnodes first)"
  ) @MainActor func onDidLoadBlocksFollowEachNodesDidLoad() async throws {
    let log = ScenarioLog()
    let leaf = HookStateNode("l", log: log, size: Size(width: 5, height: 5))
    let middle = HookStateNode("m", log: log)
    let root = HookStateNode("r", log: log)
    try await middle.addSubnode(leaf)
    try await root.addSubnode(middle)
    for (node, name) in [(leaf, "l"), (middle, "m"), (root, "r")] {
      await node.onDidLoad { _ in log.add("\(name).block1") }
      await Task.detached { await node.onDidLoad { _ in log.add("\(name).block2") } }.value
    }
    let window = Window(size: Size(width: 30, height: 30), turnMode: .manual)
    try await window.attach(root)
    let loads = log.entries.filter { $0.contains("block") || $0.contains("didLoad") }
      .map { String($0.split(separator: " ")[0]) }
    #expect(
      loads == [
        "l.didLoad", "l.block1", "l.block2", "m.didLoad", "m.block1", "m.block2", "r.didLoad", "r.block1", "r.block2",
      ])
  }

  @Test(
    "A subnode added to a node loaded outside any window loads with no hierarchy hook, and enters once, with its supernode, when that supernode is attached"
  ) @MainActor func subnodeOfStandaloneLoadedNode() async throws {
    let log = ScenarioLog()
    let root = HookStateNode("r", log: log)
    await root.loadView()
    let child = HookStateNode("c", log: log, size: Size(width: 5, height: 5))
    await root.setChildren([child])
    try await Task.detached { try await root.addSubnode(child) }.value
    await child.waitForQueuedWork()
    #expect(child.isNodeLoaded && !child.isInHierarchy)
    #expect(child.view?.superview === root.view)
    #expect(log.entries == ["r.didLoad loaded:true in:false", "c.didLoad loaded:true in:false"])
    let window = Window(size: Size(width: 30, height: 30), turnMode: .manual)
    try await window.attach(root)
    #expect(count(log, "c", "didLoad") == 1 && count(log, "c", "willEnter") == 1 && count(log, "c", "didEnter") == 1)
    #expect(child.view?.window === window && child.view?.frame == Rect(x: 0, y: 0, width: 30, height: 5))
  }

  @Test(
    "setLayerBacked refuses, with a typed error and nothing changed, a backing a layer would have to host a view for, a factory's backing, and any change once loaded"
  ) @MainActor func layerBackingRefusals() async throws {
    let log = ScenarioLog()
    let parent = HookStateNode("p", log: log)
    let child = HookStateNode("c", log: log)
    try await parent.addSubnode(child)
    await #expect(throws: HierarchyError.viewBackedSubnodeOfLayerBackedNode) { try await parent.setLayerBacked(true) }
    #expect(await !parent.isLayerBacked)
    try await child.setLayerBacked(true)
    try await parent.setLayerBacked(true)
    await #expect(throws: HierarchyError.viewBackedSubnodeOfLayerBackedNode) { try await child.setLayerBacked(false) }
    #expect(await child.isLayerBacked)
    let factory = BasicNode(makeView: { View() })
    #expect(!factory.supportsLayerBacking)
    await #expect(throws: HierarchyError.backingIsSetByFactory) { try await factory.setLayerBacked(true) }
    #expect(await !factory.isLayerBacked)
    let window = Window(size: Size(width: 30, height: 30), turnMode: .manual)
    try await window.attach(parent)
    #expect(parent.view == nil && parent.layer != nil && child.layer?.superlayer === parent.layer)
    await #expect(throws: HierarchyError.nodeIsLoaded) { try await parent.setLayerBacked(false) }
    #expect(await parent.isLayerBacked && parent.view == nil)
    await #expect(throws: HierarchyError.viewBackedSubnodeOfLayerBackedNode) { try await parent.addSubnode(factory) }
    await window.flush()
    #expect(await factory.supernode == nil && !factory.isNodeLoaded)
    #expect(await parent.subnodes.count == 1)
  }

  @Test(
    "A node wrapping a factory's view is laid out as any node: its layout hooks run and its subnodes are placed (Texture's view block routes no layout: a deliberate difference)"
  ) @MainActor func factoryNodeIsLaidOut() async throws {
    let log = ScenarioLog()
    let leaf = BasicNode(debugName: "leaf")
    let factory = HookFactoryNode(log: log, child: leaf)
    try await factory.addSubnode(leaf)
    let root = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .start, children: [.node(factory).preferredSize(Size(width: 40, height: 30))])
    }
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    try await window.layoutIfNeeded()
    #expect(factory.isSynchronous)
    #expect(factory.view?.frame == Rect(x: 0, y: 0, width: 40, height: 30))
    #expect(leaf.view?.frame == Rect(x: 5, y: 5, width: 30, height: 20))
    #expect(log.entries == ["factory.layout", "factory.layoutDidFinish"])
  }
}
