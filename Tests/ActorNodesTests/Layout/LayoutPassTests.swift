import Synchronization
import Testing

@testable import ActorNodes

/// A node whose layout its test sets and changes; it counts its layout calls and records its layout hooks.
actor PassNode: HookRecording {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let log: EventLog?
  let lifetime: LifetimeCounter?
  private var method: @Sendable (SizeRange) -> LayoutMethod
  private(set) var layoutCalls = 0
  /// ``layoutCalls``, readable from any isolation without a hop (by a main-actor job that must not suspend).
  nonisolated let layoutCallCount = Atomic<Int>(0)
  private(set) var changes = 0
  /// Layout calls made in the node's own isolation (its executor is not the main actor's): all of them.
  private(set) var isolatedLayoutCalls = 0

  init(
    _ name: String, log: EventLog? = nil, lifetime: LifetimeCounter? = nil,
    _ method: @escaping @Sendable (SizeRange) -> LayoutMethod = { .size($0.max.isFinite ? $0.max : .zero) }
  ) {
    nodeState = NodeState(debugName: name)
    self.name = name
    self.log = log
    self.lifetime = lifetime
    self.method = method
  }

  /// A leaf of a fixed size.
  init(_ name: String, size: Size, log: EventLog? = nil) {
    self.init(name, log: log) { _ in .size(size) }
  }

  /// Changes the layout and invalidates the node, as a node whose state changed does.
  func setMethod(_ method: @escaping @Sendable (SizeRange) -> LayoutMethod) {
    self.method = method
    invalidateCalculatedLayout()
  }

  /// Changes the layout without invalidating the node: the test invalidates it where it chooses.
  func replaceMethod(_ method: @escaping @Sendable (SizeRange) -> LayoutMethod) {
    self.method = method
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    layoutCalls += 1
    layoutCallCount.add(1, ordering: .relaxed)
    // Stops the test if the call is not on the node's executor (the main actor never runs it).
    preconditionIsolated("layout code runs in the node's isolation")
    isolatedLayoutCalls += 1
    return method(range)
  }

  func calculatedLayoutDidChange() {
    changes += 1
    #expect(calculatedLayout != nil, "the new layout is the calculated one when the hook runs")
  }

  @MainActor func layout(_ context: borrowing LayoutContext) {
    MainActor.preconditionIsolated("layout(_:) runs on the main actor")
    log?.record("\(name).layout \(context.layout.size.width)x\(context.layout.size.height)")
  }

  @MainActor func layoutDidFinish(_ context: borrowing LayoutContext) {
    log?.record("\(name).layoutDidFinish")
  }

  deinit { lifetime?.recordDeinit() }
}

/// A node that measures itself and places its subnodes in `layout(_:)` at fixed frames, as Texture's
/// manual layout does (`subnode.frame = …` in `-layout`); it measures the ones given a range first.
actor PlacerNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "placer")
  nonisolated let placements: [(node: any DisplayNode, frame: Rect, measuredIn: SizeRange?)]

  init(_ placements: [(node: any DisplayNode, frame: Rect, measuredIn: SizeRange?)]) {
    self.placements = placements
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    for placement in placements {
      if let measuredIn = placement.measuredIn { _ = try await placement.node.layout(thatFits: measuredIn) }
    }
    return .size(range.max)
  }

  @MainActor func layout(_ context: borrowing LayoutContext) {
    for placement in placements { placement.node.layer?.frame = placement.frame }
  }
}

/// A node laid out by a spec whose `layout(_:)` also sets frames by hand (the subclassing guide's
/// `subnode.frame = self.bounds`), from a function of its size.
actor SpecPlacingByHand: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "specPlacingByHand")
  nonisolated let spec: LayoutSpec
  nonisolated let place: @Sendable @MainActor (Size) -> [(node: any DisplayNode, frame: Rect)]

  init(spec: LayoutSpec, place: @escaping @Sendable @MainActor (Size) -> [(node: any DisplayNode, frame: Rect)]) {
    self.spec = spec
    self.place = place
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod { .spec(spec) }

  @MainActor func layout(_ context: borrowing LayoutContext) {
    for (node, frame) in place(context.layout.size) { node.layer?.frame = frame }
  }
}

/// A node laid out by its method that records, in its layout hooks, the frame of one subnode's layer.
actor SubnodeFrameReadingNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "reader")
  nonisolated let log: EventLog
  nonisolated let watched: any DisplayNode
  let method: @Sendable (SizeRange) -> LayoutMethod

  init(log: EventLog, watched: any DisplayNode, _ method: @escaping @Sendable (SizeRange) -> LayoutMethod) {
    self.log = log
    self.watched = watched
    self.method = method
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod { method(range) }

  @MainActor func layout(_ context: borrowing LayoutContext) { record("layout") }

  @MainActor func layoutDidFinish(_ context: borrowing LayoutContext) { record("layoutDidFinish") }

  @MainActor private func record(_ hook: String) {
    let frame = watched.layer?.frame ?? .zero
    log.record("\(hook) (\(frame.origin.x), \(frame.origin.y), \(frame.size.width), \(frame.size.height))")
  }
}

/// A node whose spec stretches one 10-point-high bar across its width, and the bar.
func barNode(_ name: String) async throws -> (node: PassNode, bar: PassNode) {
  let bar = PassNode("\(name).bar", size: Size(width: 10, height: 10))
  let node = PassNode(name) { _ in .spec(.stack(.vertical, alignItems: .stretch, children: [.node(bar)])) }
  try await node.addSubnode(bar)
  return (node, bar)
}

/// The names of the nodes among `nodes` that a pass visited, in the order it applies them.
func visited(_ outcome: LayoutPass.Outcome, among nodes: [PassNode]) -> [String] {
  outcome.application.entries.map { entry in nodes.first { $0.nodeCore === entry.core }?.name ?? "?" }
}

/// The frame of `node`'s view.
@MainActor
func frame(of node: any DisplayNode) -> Rect? {
  node.layer?.frame
}

@Suite("Layout passes: a loaded tree relayouts itself off the main actor", .timeLimit(.minutes(5)))
struct LayoutPassTests {
  @Test(
    "attach lays the tree out at the window's size: frames, applied layouts and hooks in one turn, supernodes first")
  @MainActor
  func attachLaysOut() async throws {
    let log = EventLog()
    let a = PassNode("a", size: Size(width: 50, height: 20), log: log)
    let b = PassNode("b", size: Size(width: 30, height: 40), log: log)
    let root = PassNode("root", log: log) { _ in
      .spec(.stack(.horizontal, spacing: 10, alignItems: .start, children: [.node(a), .node(b)]))
    }
    try await root.addSubnodes([a, b])
    let window = Window(size: Size(width: 200, height: 100), turnMode: .manual)
    try await window.attach(root)

    #expect(window.statistics.turns == 1)
    #expect(frame(of: a) == Rect(x: 0, y: 0, width: 50, height: 20))
    #expect(frame(of: b) == Rect(x: 60, y: 0, width: 30, height: 40))
    #expect(
      root.appliedLayout?.size == Size(width: 200, height: 100), "the root is laid out at exactly the window's size")
    #expect(
      root.appliedLayout?.sublayouts.map(\.frame) == [
        Rect(x: 0, y: 0, width: 50, height: 20), Rect(x: 60, y: 0, width: 30, height: 40),
      ])
    #expect(a.appliedLayout?.size == Size(width: 50, height: 20))
    #expect(
      log.entries(containing: "layout") == [
        "root.layout 200.0x100.0", "root.layoutDidFinish", "a.layout 50.0x20.0", "a.layoutDidFinish",
        "b.layout 30.0x40.0", "b.layoutDidFinish",
      ])
    #expect(
      log.entries.firstIndex(of: "root.didEnter")! < log.entries.firstIndex(of: "root.layout 200.0x100.0")!,
      "as in Texture, a view is laid out after it entered its window")
    #expect(await root.calculatedLayout?.size == Size(width: 200, height: 100))
    #expect(await a.calculatedSize == Size(width: 50, height: 20))
    #expect(await root.changes == 1)
    #expect(await a.changes == 1)
    #expect(await b.changes == 1)
    #expect(await root.isolatedLayoutCalls == root.layoutCalls)
    #expect(await a.isolatedLayoutCalls == a.layoutCalls)
  }

  @Test(
    "An attach from a cancelled task lays the tree out all the same, as the window's later passes run in tasks of their own (adversarial round 27: every measurement was refused, the views kept empty frames and layoutIfNeeded() threw CancellationError)"
  )
  @MainActor
  func attachFromACancelledTaskLaysOut() async throws {
    let a = PassNode("a", size: Size(width: 50, height: 20))
    let root = PassNode("root") { _ in .spec(.stack(alignItems: .start, children: [.node(a)])) }
    try await root.addSubnode(a)
    let window = Window(size: Size(width: 200, height: 100), turnMode: .manual)
    let gate = Gate()
    let attach = Task { @MainActor in
      await gate.wait()
      try await window.attach(root)
    }
    attach.cancel()
    await gate.open()
    try await attach.value
    #expect(frame(of: a) == Rect(x: 0, y: 0, width: 50, height: 20))
    #expect(root.appliedLayout?.size == Size(width: 200, height: 100))
    try await window.layoutIfNeeded()
    #expect(frame(of: a) == Rect(x: 0, y: 0, width: 50, height: 20))
  }
  @Test("A size change relayouts the supernode: the frames move in the next turn, which flush() shows")
  @MainActor
  func resizeEscalates() async throws {
    let log = EventLog()
    let a = PassNode("a", size: Size(width: 50, height: 20), log: log)
    let b = PassNode("b", size: Size(width: 30, height: 40), log: log)
    let root = PassNode("root", log: log) { _ in
      .spec(.stack(.vertical, alignItems: .start, children: [.node(a), .node(b)]))
    }
    try await root.addSubnodes([a, b])
    let window = Window(size: Size(width: 200, height: 300), turnMode: .manual)
    try await window.attach(root)
    log.clear()

    await a.setMethod { _ in .size(Size(width: 50, height: 70)) }
    try await window.waitForLayoutPasses()
    #expect(frame(of: b) == Rect(x: 0, y: 20, width: 30, height: 40), "nothing reaches the views before the turn")
    await window.flush()
    #expect(frame(of: a) == Rect(x: 0, y: 0, width: 50, height: 70))
    #expect(frame(of: b) == Rect(x: 0, y: 70, width: 30, height: 40))
    #expect(await root.layoutCalls == 2, "a's new size reached its supernode, which laid out again")
    #expect(await b.layoutCalls == 1, "b's cached layout was reused (Texture: testSetNeedsLayoutAndNormalLayoutPass)")
    #expect(await b.changes == 1, "b's own layout did not change")
    #expect(log.entries(containing: ".layout ") == ["root.layout 200.0x300.0", "a.layout 50.0x70.0"])
  }

  @Test("A style change in a window resizes the node and moves its siblings (the supernode resolves the new style)")
  @MainActor
  func styleChangeEscalates() async throws {
    let a = PassNode("a", size: Size(width: 50, height: 20))
    let b = PassNode("b", size: Size(width: 30, height: 40))
    let c = PassNode("c", size: Size(width: 50, height: 20))
    let root = PassNode("root") { _ in
      .spec(
        .stack(
          spacing: 10, alignItems: .start,
          children: [.node(a), .node(b), .center(.node(c)).width(.points(200)).height(.points(100))]))
    }
    try await root.addSubnodes([a, b, c])
    let window = Window(size: Size(width: 400, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(frame(of: b) == Rect(x: 60, y: 0, width: 30, height: 40))

    await a.setStyle { $0.width = .points(80) }
    await c.setStyle { $0.preferredSize = Size(width: 100, height: 60) }
    try await window.layoutIfNeeded()
    await window.flush()
    #expect(frame(of: a) == Rect(x: 0, y: 0, width: 80, height: 20))
    #expect(frame(of: b) == Rect(x: 90, y: 0, width: 30, height: 40), "the sibling moved")
    #expect(frame(of: c) == Rect(x: 180, y: 20, width: 100, height: 60), "centered at its new size")
    #expect(await a.calculatedSize == Size(width: 80, height: 20))

    // Back to the old style: the old frames again (the cached layouts of the old range are not reused blindly).
    await a.setStyle { $0.width = .auto }
    try await window.layoutIfNeeded()
    await window.flush()
    #expect(frame(of: a) == Rect(x: 0, y: 0, width: 50, height: 20))
    #expect(frame(of: b) == Rect(x: 60, y: 0, width: 30, height: 40))
  }

  @Test(
    "A node whose own style fixes its size keeps its supernode's layout when it is laid out again at that size (round 24)",
    arguments: [false, true])
  @MainActor
  func styleFixedSizeLeavesItsSupernodeAlone(stretched: Bool) async throws {
    let leaf = PassNode("leaf", size: Size(width: 50, height: 20))
    await leaf.setStyle { $0.preferredSize = Size(width: 50, height: 20) }
    let root = PassNode("root") { _ in
      .spec(.stack(.vertical, alignItems: stretched ? .stretch : .start, children: [.node(leaf)]))
    }
    try await root.addSubnode(leaf)
    let window = Window(size: Size(width: 200, height: 300), turnMode: .manual)
    try await window.attach(root)
    #expect(await root.layoutCalls == 1)
    await leaf.setNeedsLayout()
    try await window.layoutIfNeeded()
    // Stretched or not, what the leaf wants is its style's size, which did not change (a stack does not stretch a
    // node whose style fixes its cross size).
    #expect(await root.layoutCalls == 1)
    #expect(await root.changes == 1)
    #expect(await leaf.layoutCalls == 2)
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 50, height: 20))
  }

  @Test(
    "A node whose size changes sends the pass up to the root, through an ancestor whose style fixes its size: each ancestor lays out again and runs its hooks, the frames above it unchanged (Texture's _u_setNeedsLayoutFromAbove; round 27)"
  )
  @MainActor
  func sizeChangeReachesTheRootThroughAFixedSizeAncestor() async throws {
    let log = EventLog()
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10), log: log)
    let mid = PassNode("mid", log: log) { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf)])) }
    try await mid.addSubnode(leaf)
    await mid.setStyle { $0.preferredSize = Size(width: 50, height: 50) }
    let root = PassNode("root", log: log) { _ in
      .spec(.stack(.vertical, alignItems: .start, children: [.node(mid)]))
    }
    try await root.addSubnode(mid)
    let window = Window(size: Size(width: 200, height: 200), turnMode: .manual)
    try await window.attach(root)
    let before = (root: await root.layoutCalls, mid: await mid.layoutCalls, rootChanges: await root.changes)
    log.clear()

    await leaf.setMethod { _ in .size(Size(width: 20, height: 20)) }
    try await window.layoutIfNeeded()
    #expect(await root.layoutCalls == before.root + 1, "the root's layout code runs again")
    #expect(await mid.layoutCalls == before.mid + 1)
    #expect(await root.changes == before.rootChanges + 1, "a new layout is applied to the root")
    #expect(log.entries.contains("root.layout 200.0x200.0"), "the root's layout hook runs")
    #expect(log.entries.contains("mid.layout 50.0x50.0"))
    #expect(frame(of: mid) == Rect(x: 0, y: 0, width: 50, height: 50))
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 20, height: 20))
  }

  @Test("setNeedsLayout() runs the node's layout hooks even when its layout does not change (layoutSubviews runs)")
  @MainActor
  func setNeedsLayoutRunsHooks() async throws {
    let log = EventLog()
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10), log: log)
    let root = PassNode("root", log: log) { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf)])) }
    try await root.addSubnode(leaf)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    log.clear()

    await root.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(log.entries == ["root.layout 100.0x100.0", "root.layoutDidFinish"], "only the node asked")
    log.clear()
    root.invalidateCalculatedLayout()
    try await window.layoutIfNeeded()
    #expect(log.entries.isEmpty, "an invalidation alone that changes nothing runs no hook")
  }

  /// The ways of marking a loaded node's view as needing layout (adversarial round 26: only the node's own
  /// `setNeedsLayout()` asked for a pass, and no pass cleared the mark).
  enum LayoutMark: CaseIterable, Sendable {
    case view, layer, configureOnMain, configureOffMain, node
  }

  @Test(
    "A mark on a loaded node's view asks for a pass that runs its layout hooks and clears the mark, as UIKit's layoutSubviews runs Texture's -layout; the node is not measured again",
    arguments: LayoutMark.allCases)
  @MainActor
  func markedViewRunsTheLayoutHooks(_ mark: LayoutMark) async throws {
    let log = EventLog()
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10), log: log)
    let root = PassNode("root", log: log) { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf)])) }
    try await root.addSubnode(leaf)
    let window = Window(size: Size(width: 100, height: 100))
    try await window.attach(root)
    try await window.layoutIfNeeded()
    let view = try #require(root.view)
    #expect(!view.needsLayout)
    log.clear()

    switch mark {
    case .view: view.setNeedsLayout()
    case .layer: view.layer.setNeedsLayout()
    case .configureOnMain: await root.configure { $0.setNeedsLayout() }
    case .configureOffMain: await Task.detached { await root.configure { $0.setNeedsLayout() } }.value
    case .node: await root.setNeedsLayout()
    }
    try await window.layoutIfNeeded()
    #expect(log.entries == ["root.layout 100.0x100.0", "root.layoutDidFinish"], "only the node marked")
    #expect(!view.needsLayout, "the pass answered the mark")
    if mark != .node { #expect(await root.layoutCalls == 1, "a mark invalidates nothing: not measured again") }
  }

  @Test(
    "A node's view keeps its mark through view.layoutIfNeeded() until the pass it asked for applies (no pass runs on the main actor); a view no node loaded clears it"
  )
  @MainActor
  func layoutIfNeededOnANodesViewLeavesTheMarkToThePass() async throws {
    let log = EventLog()
    let root = PassNode("root", log: log)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    let view = try #require(root.view)
    log.clear()
    view.setNeedsLayout()
    view.layoutIfNeeded()
    #expect(view.needsLayout)
    #expect(log.entries.isEmpty)
    try await window.layoutIfNeeded()
    #expect(log.entries == ["root.layout 100.0x100.0", "root.layoutDidFinish"])
    #expect(!view.needsLayout)

    let plain = View()
    plain.setNeedsLayout()
    plain.layoutIfNeeded()
    #expect(!plain.needsLayout)
  }

  @Test(
    "A node that marks its own view from its layout hooks asks for no pass (it would run them for ever); the mark is cleared when they return"
  )
  @MainActor
  func markFromTheNodesOwnHooksAsksForNothing() async throws {
    let node = SelfMarkingNode()
    let window = Window(size: Size(width: 100, height: 100))
    try await window.attach(node)
    try await window.layoutIfNeeded()
    #expect(node.hookRuns.count == 1)
    node.view?.setNeedsLayout()
    try await window.layoutIfNeeded()
    try await window.layoutIfNeeded()
    #expect(node.hookRuns.count == 2, "once for the mark made outside its hooks")
    #expect(node.view?.needsLayout == false)
  }

  @Test("calculatedLayoutDidChange() hears every layout measured anew and applied, even an equal one; not a reused one")
  @MainActor
  func calculatedLayoutDidChangeOnEveryNewLayout() async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let sibling = PassNode("sibling", size: Size(width: 10, height: 10))
    let root = PassNode("root") { _ in
      .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf), .node(sibling)]))
    }
    try await root.addSubnodes([leaf, sibling])
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(await leaf.changes == 1)

    // Texture: the invalidation makes the applied layout stale, the pass measures again and applies the new
    // (equal) layout through _pendingLayoutTransitionDidComplete, which calls the hook.
    await leaf.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(await leaf.changes == 2)
    #expect(await root.changes == 1, "the supernode kept its valid layout")

    // The root's relayout offers the sibling the same range: its still valid layout is applied again, silently.
    await root.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(await root.changes == 2)
    #expect(await sibling.changes == 1)
    #expect(await leaf.changes == 2)
  }

  @Test("A node placed by hand and given a new size lays out at it, alone (and runs its hooks), as a resized view does")
  @MainActor
  func handPlacedNodeLaysOutAtItsBounds() async throws {
    let log = EventLog()
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let placed = PassNode("placed", log: log) { _ in
      .spec(.stack(.vertical, alignItems: .stretch, children: [.node(leaf)]))
    }
    try await placed.addSubnode(leaf)
    await placed.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 50) }
    let manual = PassNode("manual", log: log) { _ in .size(Size(width: 40, height: 40)) }
    try await manual.addSubnode(BasicNode())
    await manual.configure { $0.frame = Rect(x: 0, y: 60, width: 40, height: 40) }
    let root = BasicNode(debugName: "root")
    try await root.addSubnodes([placed, manual])
    let window = Window(size: Size(width: 300, height: 300), turnMode: .manual)
    try await window.attach(root)
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 100, height: 10))
    log.clear()

    await placed.configure { $0.frame = Rect(x: 0, y: 0, width: 200, height: 50) }
    await manual.configure { $0.frame = Rect(x: 0, y: 60, width: 150, height: 150) }
    await placed.setNeedsLayout()
    await manual.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 200, height: 10), "laid out at its new bounds")
    #expect(frame(of: placed) == Rect(x: 0, y: 0, width: 200, height: 50), "its own frame stays")
    #expect(frame(of: manual) == Rect(x: 0, y: 60, width: 150, height: 150))
    #expect(manual.appliedLayout?.size == Size(width: 150, height: 150))
    // At its new size only; once per pass that reached it (the write and setNeedsLayout() may start two).
    let manualHooks = log.entries(containing: "manual.")
    #expect(manualHooks.prefix(2) == ["manual.layout 150.0x150.0", "manual.layoutDidFinish"])
    #expect(manualHooks.allSatisfy { $0 == "manual.layout 150.0x150.0" || $0 == "manual.layoutDidFinish" })

    // A new size alone asks for the pass, as a view whose bounds change size is laid out again.
    await placed.configure { $0.frame = Rect(x: 0, y: 0, width: 120, height: 50) }
    try await window.layoutIfNeeded()
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 120, height: 10))
  }

  @Test("Subnodes a node's layout(_:) gives another size than their layouts' are laid out at it (layoutSubviews)")
  @MainActor
  func subnodesResizedInLayoutAreLaidOutAtTheirFrames() async throws {
    func stretching(_ name: String) async throws -> (node: PassNode, leaf: PassNode) {
      let leaf = PassNode("\(name) leaf", size: Size(width: 10, height: 10))
      let node = PassNode(name) { _ in .spec(.stack(.vertical, alignItems: .stretch, children: [.node(leaf)])) }
      try await node.addSubnode(leaf)
      return (node, leaf)
    }
    let measured = try await stretching("measured")
    let unmeasured = try await stretching("unmeasured")
    let placer = PlacerNode([
      (measured.node, Rect(x: 0, y: 0, width: 150, height: 60), SizeRange(exactly: Size(width: 120, height: 50))),
      (unmeasured.node, Rect(x: 0, y: 100, width: 80, height: 40), nil),
    ])
    try await placer.addSubnodes([measured.node, unmeasured.node])
    let window = Window(size: Size(width: 300, height: 300), turnMode: .manual)
    try await window.attach(placer)
    #expect(frame(of: measured.leaf) == Rect(x: 0, y: 0, width: 120, height: 10), "its measured size, first")
    try await window.layoutIfNeeded()
    #expect(frame(of: measured.leaf) == Rect(x: 0, y: 0, width: 150, height: 10))
    #expect(measured.node.appliedLayout?.size == Size(width: 150, height: 60))
    #expect(frame(of: unmeasured.leaf) == Rect(x: 0, y: 0, width: 80, height: 10))
    #expect(frame(of: measured.node) == Rect(x: 0, y: 0, width: 150, height: 60), "the frames stay the placer's")

    // A configure write of the bounds is newer than the size the placer gave: the node lays out at it.
    await measured.node.configure { $0.frame = Rect(x: 0, y: 0, width: 200, height: 60) }
    try await window.layoutIfNeeded()
    #expect(frame(of: measured.leaf) == Rect(x: 0, y: 0, width: 200, height: 10))
  }

  @Test("A node added under a node that places its subnodes itself, after the window laid out, lays out at its bounds")
  @MainActor
  func nodeAddedUnderAHandPlacingNodeIsLaidOut() async throws {
    let root = PlacerNode([])
    let window = Window(size: Size(width: 200, height: 200), turnMode: .manual)
    try await window.attach(root)
    /// A node that centers its one subnode, which is 10 × 10.
    func centering() async throws -> (node: PassNode, subnode: PassNode) {
      let subnode = PassNode("sub", size: Size(width: 10, height: 10))
      let node = PassNode("centering") { _ in
        .spec(.stack(.vertical, justifyContent: .center, alignItems: .center, children: [.node(subnode)]))
      }
      try await node.addSubnode(subnode)
      return (node, subnode)
    }

    // Texture: the new layer needs layout; its first layout pass lays the node out at its bounds.
    let (sized, sizedSub) = try await centering()
    await sized.configure { $0.frame = Rect(x: 5, y: 5, width: 40, height: 40) }
    try await root.addSubnode(sized)
    try await window.layoutIfNeeded()
    #expect(frame(of: sizedSub) == Rect(x: 15, y: 15, width: 10, height: 10))
    #expect(sized.appliedLayout?.size == Size(width: 40, height: 40))
    #expect(frame(of: sized) == Rect(x: 5, y: 5, width: 40, height: 40), "its own frame is its supernode's to set")

    // Empty bounds: nothing to lay out until a write gives it a size.
    let (empty, emptySub) = try await centering()
    try await root.addSubnode(empty)
    try await window.layoutIfNeeded()
    #expect(empty.appliedLayout == nil)
    await empty.configure { $0.frame = Rect(x: 0, y: 50, width: 20, height: 30) }
    try await window.layoutIfNeeded()
    #expect(frame(of: emptySub) == Rect(x: 5, y: 10, width: 10, height: 10))
  }

  @Test("A node placed by hand with empty bounds is laid out once a write gives it a size")
  @MainActor
  func handPlacedNodeGivenItsFirstSize() async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let stack = PassNode("stack") { _ in .spec(.stack(.vertical, alignItems: .stretch, children: [.node(leaf)])) }
    try await stack.addSubnode(leaf)
    let root = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    try await root.addSubnode(stack)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(stack.appliedLayout == nil, "nothing to lay out at an empty size, as in Texture")
    await stack.configure { $0.frame = Rect(x: 0, y: 0, width: 50, height: 50) }
    try await window.layoutIfNeeded()
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 50, height: 10))
  }

  @Test("A node that keeps its size is laid out again alone; its supernode is not asked")
  @MainActor
  func sameSizeStaysLocal() async throws {
    let leaf1 = PassNode("l1", size: Size(width: 10, height: 10))
    let leaf2 = PassNode("l2", size: Size(width: 10, height: 10))
    let row = PassNode("row") { _ in
      .spec(.stack(.horizontal, alignItems: .start, children: [.node(leaf1), .node(leaf2)]).width(.points(100)))
    }
    try await row.addSubnodes([leaf1, leaf2])
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(row)])) }
    try await root.addSubnode(row)
    let window = Window(size: Size(width: 200, height: 300))
    try await window.attach(root)
    #expect(frame(of: leaf2) == Rect(x: 10, y: 0, width: 10, height: 10))

    await row.setMethod { _ in
      .spec(
        .stack(.horizontal, justifyContent: .end, alignItems: .start, children: [.node(leaf1), .node(leaf2)]).width(
          .points(100)))
    }
    try await window.layoutIfNeeded()
    #expect(frame(of: leaf1) == Rect(x: 80, y: 0, width: 10, height: 10))
    #expect(frame(of: leaf2) == Rect(x: 90, y: 0, width: 10, height: 10))
    #expect(await root.layoutCalls == 1, "the row kept its size: the root was not laid out again")
    #expect(await row.changes == 2)
    #expect(await leaf1.changes == 1, "a leaf that only moved keeps its layout")
  }

  @Test("Many invalidations before a pass starts cost one pass and one turn")
  @MainActor
  func invalidationsCoalesce() async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf)])) }
    try await root.addSubnode(leaf)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    await invalidate(leaf, times: 100)
    try await window.layoutIfNeeded()
    #expect(await leaf.layoutCalls == 2)
    #expect(window.statistics.turns == 2, "the attach's turn and one for the pass")
  }

  @Test("Invalidations made in one main-actor job are one pass: their common supernode is measured once, laid out once")
  @MainActor
  func invalidationsOfOneMainActorJobAreOnePass() async throws {
    let b = PassNode("b", size: Size(width: 10, height: 10))
    let c = PassNode("c", size: Size(width: 10, height: 10))
    let log = EventLog()
    let row = PassNode("row", log: log) { _ in
      .spec(.stack(.horizontal, alignItems: .start, children: [.node(b), .node(c)]))
    }
    try await row.addSubnodes([b, c])
    let window = Window(size: Size(width: 100, height: 10))
    try await window.attach(row)
    await b.replaceMethod { _ in .size(Size(width: 20, height: 10)) }
    await c.replaceMethod { _ in .size(Size(width: 30, height: 10)) }
    let before = row.layoutCallCount.load(ordering: .relaxed)
    log.clear()

    // Texture's setNeedsLayout twice on the main thread, then its next layout pass: one measurement of the row.
    b.invalidateCalculatedLayout()
    // Before the job goes on, it keeps the main actor until the row's layout code runs, or for at most 100 ms: a pass
    // that started from b's invalidation alone would measure the row meanwhile (it did in 4 runs out of 20 with no
    // wait), and c's change would reach the views a pass later. None starts before the job ends.
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .milliseconds(100))
    while row.layoutCallCount.load(ordering: .relaxed) == before, clock.now < deadline {}
    c.invalidateCalculatedLayout()
    try await window.layoutIfNeeded()

    #expect(row.layoutCallCount.load(ordering: .relaxed) - before == 1, "one measurement of the row")
    #expect(frame(of: b) == Rect(x: 0, y: 0, width: 20, height: 10))
    #expect(frame(of: c) == Rect(x: 20, y: 0, width: 30, height: 10))
    #expect(log.entries(containing: "row.") == ["row.layout 100.0x10.0", "row.layoutDidFinish"], "hooks run once")
  }

  @Test("A pass lays a supernode that several of its invalidated nodes resize out once, deepest changes first")
  @MainActor
  func commonSupernodeIsMeasuredOncePerPass() async throws {
    let b = PassNode("b", size: Size(width: 10, height: 10))
    let c = PassNode("c", size: Size(width: 10, height: 10))
    let d = PassNode("d", size: Size(width: 10, height: 10))
    let row = PassNode("row") { _ in .spec(.stack(.horizontal, alignItems: .start, children: [.node(b), .node(c)])) }
    try await row.addSubnodes([b, c])
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(row), .node(d)])) }
    try await root.addSubnodes([row, d])
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    try await root.layoutIfNeeded()  // not loaded: passes run when asked, so each one is seen whole
    #expect(await (root.layoutCalls, row.layoutCalls) == (1, 1))

    // b, c and d grow, and the row is invalidated too: listed row first, so the row is reached from itself, from b
    // and from c, and the root from the row and from d.
    for (node, width) in [(b, 20.0), (c, 30.0), (d, 40.0)] {
      await node.replaceMethod { _ in .size(Size(width: width, height: 10)) }
      node.invalidateCalculatedLayout()
    }
    row.invalidateCalculatedLayout()
    let outcome = await LayoutPass.run(dirty: [row, d, b, c], environment: LayoutEnvironment(scale: 1))
    #expect(outcome.errors.isEmpty)
    #expect(await root.layoutCalls == 2, "the root is measured once more")
    #expect(await row.layoutCalls == 2, "so is the row")
    for (node, calls) in [(b, 2), (c, 2), (d, 2)] { #expect(await node.layoutCalls == calls, "\(node.name)") }
    #expect(await c.viewProperties().frame == Rect(x: 20, y: 0, width: 30, height: 10))
    #expect(await d.viewProperties().frame == Rect(x: 0, y: 10, width: 40, height: 10))
    #expect(visited(outcome, among: [root, row, b, c, d]) == ["root", "row", "b", "c", "d"], "each once")
  }

  /// Invalidates `node` `count` times on the hierarchy's actor, where a pass is started: all before it can start.
  @HierarchyActor
  private func invalidate(_ node: some DisplayNode, times count: Int) {
    for _ in 0..<count { node.invalidateCalculatedLayout() }
  }

  @Test("A supernode's next pass overwrites a configure frame written before it; a configure written after wins")
  @MainActor
  func framesAndWritesByVersion() async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let root = PassNode("root") { _ in .spec(.inset(EdgeInsets(top: 5, left: 5, bottom: 5, right: 5), .node(leaf))) }
    try await root.addSubnode(leaf)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(frame(of: leaf) == Rect(x: 5, y: 5, width: 90, height: 90))

    await Task.detached { await leaf.configure { $0.frame = Rect(x: 1, y: 1, width: 1, height: 1) } }.value
    root.invalidateCalculatedLayout()  // the pass comes after the write
    try await window.layoutIfNeeded()
    #expect(frame(of: leaf) == Rect(x: 5, y: 5, width: 90, height: 90), "its supernode lays it out: as in Texture")

    root.invalidateCalculatedLayout()
    try await window.waitForLayoutPasses()
    await Task.detached { await leaf.configure { $0.frame = Rect(x: 2, y: 2, width: 2, height: 2) } }.value
    await window.flush()  // the pass's frame and the newer write arrive in one turn
    #expect(frame(of: leaf) == Rect(x: 2, y: 2, width: 2, height: 2), "the newer write wins, whatever the order")
  }

  @Test(
    "Seed 002's manual layout: measure subnodes off the main actor, place them from their calculated sizes in layout()")
  @MainActor
  func seedManualLayout() async throws {
    let window = Window(size: Size(width: 200, height: 100), turnMode: .manual)
    let node = ImageAndTextNode()
    try await node.addSubnodes([node.image, node.text])
    try await window.attach(node)
    #expect(frame(of: node.image) == Rect(x: 160, y: 0, width: 40, height: 40), "the image at the right edge")
    #expect(frame(of: node.text) == Rect(x: 0, y: 0, width: 160, height: 30), "the text fills what the image leaves")
    #expect(await node.text.layoutCalls == 1, "measured once, off the main actor")
    #expect(await node.text.isolatedLayoutCalls == node.text.layoutCalls)

    // The text changes (Texture's ASTextNode invalidates itself): the node measures it again and places it again.
    await node.text.setMethod { range in .size(Size(width: range.max.width, height: 50)) }
    try await window.layoutIfNeeded()
    #expect(frame(of: node.text) == Rect(x: 0, y: 0, width: 160, height: 50))
    #expect(frame(of: node.image) == Rect(x: 160, y: 0, width: 40, height: 40))
    #expect(await node.text.isolatedLayoutCalls == node.text.layoutCalls)
  }

  @Test(
    "Seed 002's node in a window resized 320 -> 200 -> 320 places its text at the size measured for 320 again (Texture measures again; a cached layout brings its subnodes' sizes back)"
  )
  @MainActor
  func manualLayoutFromCacheUsesItsOwnSubnodeSizes() async throws {
    let window = Window(size: Size(width: 320, height: 100), turnMode: .manual)
    let node = ImageAndTextNode()
    try await node.addSubnodes([node.image, node.text])
    try await window.attach(node)
    window.resize(to: Size(width: 200, height: 100))
    try await window.layoutIfNeeded()
    #expect(frame(of: node.text) == Rect(x: 0, y: 0, width: 160, height: 30))
    window.resize(to: Size(width: 320, height: 100))
    try await window.layoutIfNeeded()
    #expect(frame(of: node.image) == Rect(x: 280, y: 0, width: 40, height: 40))
    #expect(frame(of: node.text) == Rect(x: 0, y: 0, width: 280, height: 30))
    #expect(await node.text.calculatedSize == Size(width: 280, height: 30))
  }

  @Test(
    "Seed 002's node flexed 250 -> 240 -> 250 by a sibling places its text at the size measured for 250 again, and a flexed leaf's calculatedSize is its applied size"
  )
  @MainActor
  func manualLayoutFlexedBackUsesItsOwnSubnodeSizes() async throws {
    let node = ImageAndTextNode()
    try await node.addSubnodes([node.image, node.text])
    let sibling = PassNode("sibling", size: Size(width: 70, height: 10))
    let root = PassNode("root") { _ in
      .spec(.stack(.horizontal, alignItems: .start, children: [.node(node).flexGrow(1), .node(sibling)]))
    }
    try await root.addSubnodes([node, sibling])
    let window = Window(size: Size(width: 320, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(frame(of: node.text) == Rect(x: 0, y: 0, width: 210, height: 30))
    await sibling.setMethod { _ in .size(Size(width: 80, height: 10)) }
    try await window.layoutIfNeeded()
    #expect(frame(of: node.text) == Rect(x: 0, y: 0, width: 200, height: 30))
    await sibling.setMethod { _ in .size(Size(width: 70, height: 10)) }
    try await window.layoutIfNeeded()
    #expect(frame(of: node) == Rect(x: 0, y: 0, width: 250, height: 40))
    #expect(frame(of: node.text) == Rect(x: 0, y: 0, width: 210, height: 30))
    #expect(await node.calculatedSize == Size(width: 250, height: 40))
  }

  @Test(
    "A flexible subnode's calculatedSize is the size the pass gives it when its supernode's layout comes from the cache (200 -> 300 -> 200: Texture measures the subnode again)"
  )
  @MainActor
  func calculatedSizeFollowsALayoutFromTheCache() async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let root = PassNode("root") { _ in .spec(.stack(.horizontal, children: [.node(leaf).flexGrow(1)])) }
    try await root.addSubnode(leaf)
    let window = Window(size: Size(width: 200, height: 50), turnMode: .manual)
    try await window.attach(root)
    for width in [300.0, 200] {
      window.resize(to: Size(width: width, height: 50))
      try await window.layoutIfNeeded()
      #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: width, height: 50))
      #expect(await leaf.calculatedSize == Size(width: width, height: 50))
      #expect(await leaf.calculatedLayout?.size == Size(width: width, height: 50))
    }
  }

  @Test(
    "A frame a spec node's layout(_:) sets by hand lays the subnode out at it, and keeps doing so as the window resizes (the subclassing guide's subnode.frame = self.bounds)"
  )
  @MainActor
  func frameSetByHandInASpecNodesLayoutLaysTheSubnodeOut() async throws {
    let title = PassNode("title", size: Size(width: 30, height: 10))
    let (background, bar) = try await barNode("background")
    let card = SpecPlacingByHand(spec: .stack(.vertical, alignItems: .start, children: [.node(title)])) { size in
      [(background, Rect(origin: .zero, size: size))]
    }
    try await card.addSubnodes([background, title])
    let window = Window(size: Size(width: 200, height: 100), turnMode: .manual)
    try await window.attach(card)
    try await window.layoutIfNeeded()
    #expect(frame(of: background) == Rect(x: 0, y: 0, width: 200, height: 100))
    #expect(frame(of: bar) == Rect(x: 0, y: 0, width: 200, height: 10))
    window.resize(to: Size(width: 260, height: 100))
    try await window.layoutIfNeeded()
    #expect(frame(of: background) == Rect(x: 0, y: 0, width: 260, height: 100))
    #expect(frame(of: bar) == Rect(x: 0, y: 0, width: 260, height: 10))
  }

  @Test(
    "A spec node's layout(_:) overriding the frame its spec gives a subnode lays the subnode out at the override, on every pass"
  )
  @MainActor
  func specFrameOverriddenInLayout() async throws {
    let (inner, bar) = try await barNode("inner")
    let card = SpecPlacingByHand(
      spec: .stack(.vertical, alignItems: .start, children: [.node(inner).preferredSize(Size(width: 100, height: 20))])
    ) { size in [(inner, Rect(x: 0, y: 0, width: size.width, height: 20))] }
    try await card.addSubnode(inner)
    let window = Window(size: Size(width: 180, height: 100), turnMode: .manual)
    try await window.attach(card)
    try await window.layoutIfNeeded()
    #expect(frame(of: bar) == Rect(x: 0, y: 0, width: 180, height: 10))
    await card.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(frame(of: inner) == Rect(x: 0, y: 0, width: 180, height: 20))
    #expect(frame(of: bar) == Rect(x: 0, y: 0, width: 180, height: 10))
  }

  @Test(
    "A node that manages its subnodes, placed by hand, gets the subnodes its layout names: sized by its supernode's layout(_:), or added with a frame under a node placing by hand",
    arguments: [false, true])
  @MainActor
  func managingNodePlacedByHandGetsItsSubnodes(addedLater: Bool) async throws {
    let a = PassNode("a", size: Size(width: 10, height: 10))
    let b = PassNode("b", size: Size(width: 10, height: 10))
    let managing = ManagingNode { .spec(.stack(.horizontal, children: [.node(a), .node(b)])) }
    let window = Window(size: Size(width: 200, height: 100), turnMode: .manual)
    if addedLater {
      await managing.configure { $0.frame = Rect(x: 0, y: 0, width: 300, height: 50) }
      let root = BasicNode()
      try await window.attach(root)
      try await root.addSubnode(managing)
    } else {
      let root = PlacerNode([(managing, Rect(x: 0, y: 0, width: 300, height: 50), nil)])
      try await root.addSubnode(managing)
      try await window.attach(root)
    }
    try await window.layoutIfNeeded()
    #expect(await managing.subnodes.map(\.nodeCore.id) == [a, b].map(\.nodeCore.id))
    #expect(frame(of: b) == Rect(x: 10, y: 0, width: 10, height: 50), "stretched across the stack (Texture's default)")
    #expect(a.isInHierarchy && b.isInHierarchy)
  }

  @Test(
    "A new size written to a node its supernode's spec sizes lays the node out at its bounds (Texture measures a node whose bounds match none of its layouts at its bounds), with or without setNeedsLayout(), until the supernode places it again",
    arguments: [false, true])
  @MainActor
  func sizeWrittenToASpecPlacedNodeLaysItOutAtItsBounds(alsoSetsNeedsLayout: Bool) async throws {
    let (panel, bar) = try await barNode("panel")
    let root = PassNode("root") { _ in
      .spec(.stack(.vertical, alignItems: .start, children: [.node(panel).preferredSize(Size(width: 100, height: 50))]))
    }
    try await root.addSubnode(panel)
    let window = Window(size: Size(width: 200, height: 200), turnMode: .manual)
    try await window.attach(root)
    #expect(frame(of: bar) == Rect(x: 0, y: 0, width: 100, height: 10))
    await panel.configure { $0.frame = Rect(x: 0, y: 0, width: 160, height: 50) }
    if alsoSetsNeedsLayout { await panel.setNeedsLayout() }
    try await window.layoutIfNeeded()
    #expect(frame(of: panel) == Rect(x: 0, y: 0, width: 160, height: 50), "its supernode did not lay out again")
    #expect(frame(of: bar) == Rect(x: 0, y: 0, width: 160, height: 10))
    #expect(await panel.calculatedSize == Size(width: 160, height: 50))
    // Laid out again, it stays at its bounds: its frame is its own until its supernode places it.
    await panel.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(frame(of: panel) == Rect(x: 0, y: 0, width: 160, height: 50))
    #expect(frame(of: bar) == Rect(x: 0, y: 0, width: 160, height: 10))
    // The supernode lays out again: its spec's frame comes back, and the panel's layout with it.
    await root.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(frame(of: panel) == Rect(x: 0, y: 0, width: 100, height: 50))
    #expect(frame(of: bar) == Rect(x: 0, y: 0, width: 100, height: 10))
  }

  @Test(
    "A node that comes back under a supernode whose layout places it takes that layout's frame again, not the one another window's supernode gave it meanwhile"
  )
  @MainActor
  func nodeBackUnderItsSupernodeTakesItsFrameAgain() async throws {
    // Adversarial round 25: the frame from the other supernode's pass stayed for good (the supernode it came back
    // to had nothing new to lay out); UIKit lays a view out again when it gets a subview, and Texture's `-layout`
    // sets the frames of its current subnodes.
    let first = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    let second = Window(size: Size(width: 200, height: 200), turnMode: .manual)
    let mover = PassNode("mover")
    let near = InsetFirstSubnodeNode(inset: 10)
    let far = InsetFirstSubnodeNode(inset: 30)
    try await near.addSubnode(mover)
    try await first.attach(near)
    try await second.attach(far)
    let home = Rect(x: 10, y: 10, width: 80, height: 80)
    #expect(frame(of: mover) == home)
    try await far.addSubnode(mover)
    far.invalidateCalculatedLayout()
    try await second.layoutIfNeeded()
    try await first.layoutIfNeeded()
    #expect(frame(of: mover) == Rect(x: 30, y: 30, width: 140, height: 140))
    try await near.addSubnode(mover)
    try await first.layoutIfNeeded()
    #expect(mover.view?.superview === near.view)
    #expect(frame(of: mover) == home)
    // The same, with the other supernode's pass racing the move there.
    for round in 0..<50 {
      async let moved: Void = far.addSubnode(mover)
      async let invalidated: Void = Task.detached { far.invalidateCalculatedLayout() }.value
      _ = try await (moved, invalidated)
      try await near.addSubnode(mover)
      for _ in 0..<2 {
        try await first.layoutIfNeeded()
        try await second.layoutIfNeeded()
      }
      #expect(frame(of: mover) == home, "round \(round)")
    }
  }

  @Test(
    "A node its supernode stretched, invalidated without a new size, lays out alone: its ancestors keep their layouts and run no hook (Texture's __layout measures it at its bounds and asks nothing from above)",
    arguments: [false, true])
  @MainActor
  func stretchedNodeKeepingItsSizeLaysOutAlone(handPlaced: Bool) async throws {
    let log = EventLog()
    let inner = PassNode("inner", size: Size(width: 2, height: 2), log: log)
    // Stretched by the root's stack: its width is exactly the root's, its height its own.
    let leaf =
      handPlaced
      ? PassNode("leaf", log: log) { _ in .size(Size(width: 4, height: 6)) }
      : PassNode("leaf", log: log) { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(inner)])) }
    try await leaf.addSubnode(inner)
    let middle = PassNode("middle", log: log) { _ in
      .spec(.stack(.vertical, alignItems: .stretch, children: [.node(leaf)]))
    }
    try await middle.addSubnode(leaf)
    let root = PassNode("root", log: log) { _ in
      .spec(.stack(.vertical, alignItems: .stretch, children: [.node(middle)]))
    }
    try await root.addSubnode(middle)
    let window = Window(size: Size(width: 60, height: 60), turnMode: .manual)
    try await window.attach(root)
    let height: Double = handPlaced ? 6 : 2
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 60, height: height))
    let (rootChanges, middleChanges, leafChanges) = (await root.changes, await middle.changes, await leaf.changes)
    log.clear()
    await leaf.setNeedsLayout()
    try await window.layoutIfNeeded()
    await window.flush()
    #expect(log.entries(containing: "leaf.layout ") == ["leaf.layout 60.0x\(height)"])
    #expect(log.entries(containing: "middle.layout").isEmpty && log.entries(containing: "root.layout").isEmpty)
    #expect(await leaf.changes == leafChanges + 1, "the leaf's layout was measured anew")
    #expect(await middle.changes == middleChanges)
    #expect(await root.changes == rootChanges)
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 60, height: height))
    // Its content changes so that it wants another size where its supernode does not size it: its supernodes lay
    // out again (Texture's multipass case), and they run their hooks.
    log.clear()
    await leaf.setMethod { _ in .size(Size(width: 4, height: 9)) }
    try await window.layoutIfNeeded()
    await window.flush()
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 60, height: 9))
    #expect(log.entries(containing: "root.layout ").count == 1 && log.entries(containing: "middle.layout ").count == 1)
  }

  @Test(
    "A tree measured before it is attached, whose subnode changed size before the attach, shows the new size in the attach's turn and runs every layout hook (20 rounds: the load's own pass races the attach)"
  )
  @MainActor
  func treeMeasuredAheadWithASubnodeChangedBeforeAttach() async throws {
    for round in 0..<20 {
      let log = EventLog()
      let leaf = PassNode("leaf", size: Size(width: 10, height: 10), log: log)
      let card = PassNode("card", log: log) { _ in
        .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf)]))
      }
      try await card.addSubnode(leaf)
      // Measured ahead, as a list measures a cell before it shows it; then its content changes.
      _ = try await card.layout(thatFits: SizeRange(exactly: Size(width: 100, height: 100)))
      await leaf.setMethod { _ in .size(Size(width: 30, height: 30)) }
      let window = Window(size: Size(width: 100, height: 100))
      try await window.attach(card)
      #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 30, height: 30), "round \(round): the attach's turn")
      try await window.layoutIfNeeded()
      // Once, or twice where the attach's first layout placed the old size (Texture lays the card out again too).
      let hooks = log.entries(containing: "card.layout")
      #expect(!hooks.isEmpty && hooks.count <= 4, "round \(round): \(hooks)")
      #expect(
        hooks.count % 2 == 0 && hooks.allSatisfy { $0 == "card.layout 100.0x100.0" || $0 == "card.layoutDidFinish" })
      #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 30, height: 30))
    }
  }

  @Test(
    "A node laid out at a size written to its frame, invalidated while that pass measured it, stays at its bounds: its supernode's spec no longer sizes it"
  )
  @MainActor
  func handSizedNodeInvalidatedDuringItsPassStaysAtItsBounds() async throws {
    let panel = GatedLeaf()
    let root = PassNode("root") { _ in
      .spec(.stack(.vertical, alignItems: .start, children: [.node(panel).preferredSize(Size(width: 100, height: 10))]))
    }
    try await root.addSubnode(panel)
    let window = Window(size: Size(width: 200, height: 200), turnMode: .manual)
    try await window.attach(root)
    #expect(frame(of: panel) == Rect(x: 0, y: 0, width: 100, height: 10))
    let gate = Gate()
    await panel.hold(at: gate)
    await panel.configure { $0.frame = Rect(x: 0, y: 0, width: 160, height: 10) }  // asks for a pass at its bounds
    await gate.waitForArrivals(1)  // that pass measures the panel
    panel.invalidateCalculatedLayout()  // and this asks for another, taken after the first measured again
    await gate.open()
    try await window.layoutIfNeeded()
    #expect(frame(of: panel) == Rect(x: 0, y: 0, width: 160, height: 10), "its supernode did not lay out again")
  }

  @Test(
    "A window resized to no size lays nothing out (Texture's __layout at empty bounds): the frames stay, no hook runs")
  @MainActor
  func windowResizedToNoSize() async throws {
    let log = EventLog()
    let (child, bar) = try await barNode("child")
    let root = PassNode("root", log: log) { _ in
      .spec(.stack(.vertical, alignItems: .stretch, children: [.node(child)]))
    }
    try await root.addSubnode(child)
    let window = Window(size: Size(width: 200, height: 100), turnMode: .manual)
    try await window.attach(root)
    log.clear()
    window.resize(to: .zero)
    try await window.layoutIfNeeded()
    #expect(frame(of: bar) == Rect(x: 0, y: 0, width: 200, height: 10))
    #expect(log.entries.isEmpty)
    window.resize(to: Size(width: 120, height: 100))
    try await window.layoutIfNeeded()
    #expect(frame(of: bar) == Rect(x: 0, y: 0, width: 120, height: 10))
  }

  @Test(
    "A node that places its subnodes itself, sized exactly by its supernode, places a subnode again when that subnode's size changes (its own size does not)"
  )
  @MainActor
  func exactlySizedManualNodePlacesAgain() async throws {
    let window = Window(size: Size(width: 200, height: 100), turnMode: .manual)
    let node = ImageAndTextNode()
    try await node.addSubnodes([node.image, node.text])
    let root = PassNode("root") { _ in .spec(.inset(EdgeInsets(all: 10), .node(node))) }
    try await root.addSubnode(node)
    try await window.attach(root)
    #expect(frame(of: node) == Rect(x: 10, y: 10, width: 180, height: 80))
    #expect(frame(of: node.text) == Rect(x: 0, y: 0, width: 140, height: 30))

    await node.text.setMethod { range in .size(Size(width: range.max.width, height: 50)) }
    try await window.layoutIfNeeded()
    #expect(frame(of: node) == Rect(x: 10, y: 10, width: 180, height: 80), "the inset sizes it exactly")
    #expect(frame(of: node.text) == Rect(x: 0, y: 0, width: 140, height: 50), "placed again at its new size")
    #expect(node.text.appliedLayout?.size == Size(width: 140, height: 50))
  }

  @Test(
    "A tree laid out before it loaded runs its layout hooks once loaded, as a new view's first layoutSubviews does: in the attach's turn at the same size, and for a subtree that loads under a node in a window"
  )
  @MainActor
  func layoutBeforeLoadRunsTheHooksAfterLoad() async throws {
    let node = ImageAndTextNode()
    try await node.addSubnodes([node.image, node.text])
    let root = PassNode("root") { _ in .spec(.inset(EdgeInsets(all: 10), .node(node))) }
    try await root.addSubnode(node)
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 200, height: 100) }
    try await root.layoutIfNeeded()  // Unloaded: laid out now, off the main actor.
    let window = Window(size: Size(width: 200, height: 100), turnMode: .manual)
    try await window.attach(root)  // The same size: every layout it applies is the one the views loaded with.
    #expect(frame(of: node.text) == Rect(x: 0, y: 0, width: 140, height: 30), "node's layout() placed it")
    #expect(frame(of: node.image) == Rect(x: 140, y: 0, width: 40, height: 40))

    // A laid-out subtree added under a loaded node loads in a turn of its own; no pass comes to it.
    let other = ImageAndTextNode()
    try await other.addSubnodes([other.image, other.text])
    await other.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 50) }
    try await other.layoutIfNeeded()
    try await node.text.addSubnode(other)
    await window.flush()
    #expect(other.isNodeLoaded)
    try await window.layoutIfNeeded()
    #expect(frame(of: other.text) == Rect(x: 0, y: 0, width: 60, height: 30))
  }

  @Test("A node its supernode's layout gives empty bounds at the origin runs no layout hooks (Texture's __layout)")
  @MainActor
  func noHooksAtEmptyBounds() async throws {
    let log = EventLog()
    let empty = PassNode("empty", size: .zero, log: log)
    let root = PassNode("root", log: log) { _ in
      .spec(.stack(.vertical, alignItems: .start, children: [.node(empty)]))
    }
    try await root.addSubnode(empty)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(frame(of: empty) == .zero)
    #expect(log.entries(containing: "layout") == ["root.layout 100.0x100.0", "root.layoutDidFinish"])
  }

  @Test("A window's root, detached and given a new frame, lays out at it when asked (a view laid out at its bounds)")
  @MainActor
  func detachedRootFramedAnew() async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .stretch, children: [.node(leaf)])) }
    try await root.addSubnode(leaf)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    await window.detach()
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 40, height: 30) }
    try await root.layoutIfNeeded()
    #expect(root.appliedLayout?.size == Size(width: 40, height: 30))
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 40, height: 10), "stretched to the new width")
  }

  @Test(
    "A window resized lays its root out again at its new size (a view controller's root view when its window resizes)"
  )
  @MainActor
  func resizedWindowRelayoutsItsRoot() async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .stretch, children: [.node(leaf)])) }
    try await root.addSubnode(leaf)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 100, height: 10))

    window.resize(to: Size(width: 60, height: 80))
    #expect(window.size == Size(width: 60, height: 80))
    #expect(window.view.frame == Rect(x: 0, y: 0, width: 60, height: 80))
    try await window.layoutIfNeeded()
    #expect(root.appliedLayout?.size == Size(width: 60, height: 80))
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 60, height: 10), "stretched to the new width")
  }

  @Test(
    "A node changed that keeps its size in its range is measured anew when its supernode lays out again in another range"
  )
  @MainActor
  func sameSizeChangeDropsTheAncestorsLayoutsForOtherRanges() async throws {
    let leaf = PassNode("leaf") { .size(Size(width: min($0.max.width, 250), height: 10)) }
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf)])) }
    try await root.addSubnode(leaf)
    let window = Window(size: Size(width: 300, height: 100), turnMode: .manual)
    try await window.attach(root)
    window.resize(to: Size(width: 200, height: 100))
    try await window.layoutIfNeeded()
    #expect(frame(of: leaf)?.width == 200)
    // At 200 points the leaf keeps its size; at 300 it would be 280 wide now, not 250.
    await leaf.setMethod { .size(Size(width: min($0.max.width, 280), height: 10)) }
    try await window.layoutIfNeeded()
    #expect(frame(of: leaf)?.width == 200)
    // The root's layout for 300 points, kept from before, was measured with the leaf's old content (round 18:
    // a text changed in a window of one size, its window swapped, showed its old size).
    window.resize(to: Size(width: 300, height: 100))
    try await window.layoutIfNeeded()
    #expect(frame(of: leaf)?.width == 280)
  }

  @Test("An unloaded tree is laid out entirely off the main actor; its views load with the frames")
  func unloadedTree() async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let root = PassNode("root") { _ in .spec(.center(.node(leaf))) }
    try await root.addSubnode(leaf)
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 50, height: 30) }
    try await Task.detached { try await root.layoutIfNeeded() }.value
    #expect(await leaf.viewProperties().frame == Rect(x: 20, y: 10, width: 10, height: 10))
    #expect(await leaf.calculatedLayout?.size == Size(width: 10, height: 10))
    #expect(await MainActor.run { !leaf.isNodeLoaded && leaf.appliedLayout == nil }, "nothing reached the main actor")
    await root.loadView()
    await MainActor.run {
      #expect(frame(of: leaf) == Rect(x: 20, y: 10, width: 10, height: 10))
      #expect(leaf.appliedLayout?.size == Size(width: 10, height: 10), "the applied layout arrives with the view")
    }
  }

  @Test(
    "A loaded node in no window frames itself: layoutIfNeeded() lays it out at its bounds, and it relayouts as a subnode or its own size changes (Texture lays a view out at its bounds)"
  )
  @MainActor
  func loadedRootOutsideAnyWindow() async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf)])) }
    try await root.addSubnode(leaf)
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 50, height: 50) }
    await root.loadView()
    try await root.layoutIfNeeded()
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(root.appliedLayout?.size == Size(width: 50, height: 50))
    await leaf.setMethod { _ in .size(Size(width: 20, height: 5)) }
    try await root.layoutIfNeeded()
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 20, height: 5))
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 70, height: 40) }
    try await root.layoutIfNeeded()
    #expect(root.appliedLayout?.size == Size(width: 70, height: 40), "a new size of its own lays it out at it")
  }

  @Test(
    "A loaded root in no window framed at its measurement is laid out in that measurement's range and grows with its content, whether or not it was laid out before it loaded, as Texture's __layout takes the pending layout's range (_locked_constrainedSizeForLayoutPass) and its root resizes itself (_rootNodeDidInvalidateSize; adversarial rounds 27 and 28: the view kept its old frame, or the root was measured again at exactly its bounds and never grew)",
    arguments: [true, false]
  )
  @MainActor
  func loadedRootFramedAtItsMeasurementKeepsItsRange(laidOutBeforeLoad: Bool) async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf)])) }
    try await root.addSubnode(leaf)
    let flexible = SizeRange(min: Size(width: 200, height: 0), max: Size(width: 200, height: .infinity))
    let size = try await root.layout(thatFits: flexible).size
    await root.configure { $0.frame = Rect(origin: Point(x: 5, y: 5), size: size) }
    if laidOutBeforeLoad { try await root.layoutIfNeeded() }
    await root.loadView()
    try await root.layoutIfNeeded()
    #expect(await root.layoutCalls == 1, "the pending layout is applied, not measured again at the bounds")
    await leaf.setMethod { _ in .size(Size(width: 10, height: 40)) }
    try await root.layoutIfNeeded()
    #expect(root.appliedLayout?.size == Size(width: 200, height: 40))
    #expect(root.view?.frame == Rect(x: 5, y: 5, width: 200, height: 40), "the root resized itself, its origin kept")
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 10, height: 40))
  }

  @Test(
    "A root framed at its measurement whose content changes before its first layout is laid out in that measurement's range and takes the size it measures to there, as Texture's _locked_constrainedSizeForLayoutPass takes a stale pending layout's range (adversarial round 28: it was measured at exactly its bounds and kept its old size)",
    arguments: [false, true]
  )
  @MainActor
  func rootChangedBeforeItsFirstLayoutKeepsItsMeasurementRange(loaded: Bool) async throws {
    let root = PassNode("root") { _ in .size(Size(width: 200, height: 10)) }
    let flexible = SizeRange(min: Size(width: 200, height: 0), max: Size(width: 200, height: .infinity))
    let size = try await root.layout(thatFits: flexible).size
    await root.configure { $0.frame = Rect(origin: Point(x: 5, y: 5), size: size) }
    if loaded { await root.loadView() }
    await root.setMethod { _ in .size(Size(width: 200, height: 25)) }
    try await root.layoutIfNeeded()
    #expect(await root.calculatedLayout?.size == Size(width: 200, height: 25))
    #expect(await root.viewProperties().frame == Rect(x: 5, y: 5, width: 200, height: 25), "its origin kept")
  }

  @Test(
    "A loaded root in no window laid out in one measurement's range takes the range of a newer layout(thatFits:) whose size its bounds have, reframed at it or not, and grows in it, as Texture's _locked_constrainedSizeForLayoutPass and _rootNodeDidInvalidateSize take the newest pending layout's range (adversarial round 29: it stayed in its applied range, or at exactly its new bounds)",
    arguments: [false, true]
  )
  @MainActor
  func loadedRootTakesTheRangeOfItsNewerMeasurement(reframed: Bool) async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf)])) }
    try await root.addSubnode(leaf)
    // Laid out first in an exact range (or one 200 wide), and framed at it.
    let first = reframed ? SizeRange(exactWidth: 200) : SizeRange(exactly: Size(width: 200, height: 10))
    let size = try await root.layout(thatFits: first).size
    await root.configure { $0.frame = Rect(origin: Point(x: 5, y: 5), size: size) }
    await root.loadView()
    try await root.layoutIfNeeded()
    // Then measured in a range open downwards (300 wide, and framed at it; or 200 wide, the size it has).
    let width = reframed ? 300.0 : 200
    let newer = SizeRange(exactWidth: width)
    #expect(try await root.layout(thatFits: newer).size == Size(width: width, height: 10))
    if reframed {
      await root.configure { $0.frame = Rect(x: 5, y: 5, width: width, height: 10) }
      try await root.layoutIfNeeded()
      #expect(root.appliedLayout?.size == Size(width: width, height: 10))
    }
    await leaf.setMethod { _ in .size(Size(width: 10, height: 40)) }
    try await root.layoutIfNeeded()
    #expect(root.appliedLayout?.size == Size(width: width, height: 40))
    #expect(root.view?.frame == Rect(x: 5, y: 5, width: width, height: 40), "the root resized itself, its origin kept")
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 10, height: 40))
  }

  @Test(
    "A subnode invalidated while the pass that a load in no window asked for lays it out again makes its supernode lay it out at its new size (adversarial round 27: that pass laid it out alone at the new size, its frame kept the old one, which it then took for its own, and its supernode was never asked)"
  )
  @MainActor
  func subnodeInvalidatedDuringTheLoadPassReachesItsSupernode() async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let gated = GatedLeaf { Size(width: min($0.max.width, 30), height: 10) }
    let root = PassNode("root") { _ in
      .spec(.stack(.vertical, alignItems: .start, children: [.node(gated), .node(leaf)]))
    }
    try await root.addSubnodes([gated, leaf])
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 200, height: 100) }
    try await root.layoutIfNeeded()
    // The gated node's layout for its size is evicted from its cache: the pass the load asks for measures it again.
    for width in [50.0, 60, 70, 80] {
      _ = try await gated.layout(thatFits: SizeRange(exactWidth: width, maxHeight: 10))
    }
    let gate = Gate()
    await gated.hold(at: gate)
    await root.loadView()
    // That pass waits in the gated node, before it lays the leaf out again: the leaf changes now.
    await gate.waitForArrivals(1)
    await leaf.setMethod { _ in .size(Size(width: 10, height: 40)) }
    await gate.open()
    try await root.layoutIfNeeded()
    #expect(frame(of: leaf) == Rect(x: 0, y: 10, width: 10, height: 40))
    #expect(frame(of: gated) == Rect(x: 0, y: 0, width: 30, height: 10))
    #expect(root.appliedLayout?.size == Size(width: 200, height: 100))
  }

  @Test(
    "A loaded node's layoutIfNeeded() in a manual window runs the turn itself, attached and after a detach (Texture's is synchronous)"
  )
  @MainActor
  func nodeLayoutIfNeededInAManualWindow() async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf)])) }
    try await root.addSubnode(leaf)
    let window = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await window.attach(root)
    await leaf.setMethod { _ in .size(Size(width: 20, height: 5)) }
    try await root.layoutIfNeeded()  // Waited for a flush() that nobody would call.
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 20, height: 5))
    await window.detach()
    await leaf.setMethod { _ in .size(Size(width: 30, height: 5)) }
    try await leaf.layoutIfNeeded()
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 30, height: 5), "the detached root keeps its window's range")
    #expect(root.appliedLayout?.size == Size(width: 50, height: 50))
  }

  @Test(
    "A node placed by hand at its bounds, invalidated, is laid out again at them (its supernode's layout is unchanged)")
  @MainActor
  func handPlacedNodeRelayoutsAtItsBounds() async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let node = PassNode("node") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf)])) }
    try await node.addSubnode(leaf)
    await node.configure { $0.frame = Rect(x: 5, y: 5, width: 30, height: 30) }
    // Both place their subnodes by hand (their frames are their own); the pass of the window starts at the root.
    let middle = BasicNode(debugName: "middle") { $0.frame = Rect(x: 0, y: 0, width: 40, height: 40) }
    let root = BasicNode(debugName: "root")
    try await middle.addSubnode(node)
    try await root.addSubnode(middle)
    let window = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await window.attach(root)
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 10, height: 10))
    await node.setMethod { _ in .spec(.stack(.vertical, alignItems: .end, children: [.node(leaf)])) }
    try await window.layoutIfNeeded()
    #expect(frame(of: leaf) == Rect(x: 20, y: 0, width: 10, height: 10), "it was never laid out again")
    #expect(frame(of: node) == Rect(x: 5, y: 5, width: 30, height: 30))
  }

  @Test(
    "An unloaded root measured in a range and framed at the result is laid out from that measurement, and later in that range, taking the size it measures to there (Texture's _locked_constrainedSizeForLayoutPass and _rootNodeDidInvalidateSize; adversarial round 27)"
  )
  func unloadedRootFramedAtItsMeasurementKeepsItsRange() async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf)])) }
    try await root.addSubnode(leaf)
    let flexible = SizeRange(min: Size(width: 200, height: 0), max: Size(width: 200, height: .infinity))
    let size = try await root.layout(thatFits: flexible).size
    #expect(size == Size(width: 200, height: 10))
    await root.configure { $0.frame = Rect(origin: Point(x: 5, y: 5), size: size) }
    try await root.layoutIfNeeded()
    #expect(await root.layoutCalls == 1, "the pending layout is applied, not measured again at the bounds")
    #expect(await root.changes == 1)
    // The content grows: the root is measured in the range it was measured in, and resizes itself.
    await leaf.setMethod { _ in .size(Size(width: 10, height: 40)) }
    try await leaf.layoutIfNeeded()
    try await root.layoutIfNeeded()
    #expect(await root.recordedProperties().frame == Rect(x: 5, y: 5, width: 200, height: 40))
    #expect(await root.calculatedLayout?.size == Size(width: 200, height: 40))
    #expect(await leaf.recordedProperties().frame == Rect(x: 0, y: 0, width: 10, height: 40))
    // Its own content too.
    await root.setMethod { _ in .size(Size(width: 200, height: 25)) }
    try await root.layoutIfNeeded()
    #expect(await root.recordedProperties().frame == Rect(x: 5, y: 5, width: 200, height: 25))
    #expect(await root.calculatedLayout?.size == Size(width: 200, height: 25))
  }

  @Test(
    "In an unloaded tree, a subnode laid out after it grew marks its supernode's layout, whose next layout places it at its new size (round 24)"
  )
  func unloadedSubnodeThatGrewRelayoutsItsSupernode() async throws {
    let a = PassNode("a", size: Size(width: 50, height: 20))
    let b = PassNode("b", size: Size(width: 30, height: 10))
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(a), .node(b)])) }
    try await root.addSubnodes([a, b])
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    try await root.layoutIfNeeded()
    await a.setMethod { _ in .size(Size(width: 50, height: 70)) }
    try await a.layoutIfNeeded()
    #expect(await a.recordedProperties().frame.size == Size(width: 50, height: 20), "laid out at its bounds")
    try await root.layoutIfNeeded()
    #expect(await a.recordedProperties().frame == Rect(x: 0, y: 0, width: 50, height: 70))
    #expect(await b.recordedProperties().frame == Rect(x: 0, y: 70, width: 30, height: 10))
    // Laid out again at the size it keeps, it leaves its supernode alone, stretched or not.
    let calls = await root.layoutCalls
    try await a.layoutIfNeeded()
    try await root.layoutIfNeeded()
    #expect(await root.layoutCalls == calls)
    let stretched = PassNode("stretched", size: Size(width: 50, height: 20))
    let column = PassNode("column") { _ in
      .spec(.stack(.vertical, alignItems: .stretch, children: [.node(stretched)]))
    }
    try await column.addSubnode(stretched)
    await column.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    try await column.layoutIfNeeded()
    try await stretched.layoutIfNeeded()
    try await column.layoutIfNeeded()
    #expect(await column.layoutCalls == 1)
  }

  @Test(
    "A layout pass's frame for an unloaded node with a factory-made view is set on that view as a frame at load, not an older frame written before"
  )
  @MainActor
  func passFrameBeforeLoadReachesAFactoryView() async throws {
    let child = BasicNode(debugName: "factory") {
      let view = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
      view.layer.anchorPoint = Point(x: 0, y: 0)
      return view
    }
    await child.setStyle { $0.preferredSize = Size(width: 30, height: 40) }
    await child.configure { $0.frame = Rect(x: 5, y: 5, width: 10, height: 10) }
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(child)])) }
    try await root.addSubnode(child)
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    try await root.layoutIfNeeded()
    let loaded = LoadedFrames()
    await child.onDidLoad { context in loaded.frames.append(context.view?.frame) }
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(loaded.frames == [Rect(x: 0, y: 0, width: 30, height: 40)])
    #expect(child.view?.frame == Rect(x: 0, y: 0, width: 30, height: 40))
  }

  @Test("An unloaded node with empty bounds is not laid out (Texture skips a layout at zero size)")
  func emptyBoundsSkip() async throws {
    let root = PassNode("root")
    try await root.layoutIfNeeded()
    #expect(await root.layoutCalls == 0)
  }

  @Test("A pass whose layout code fails applies nothing and reports the error; fixed, the next pass lays the tree out")
  @MainActor
  func passErrorsAreReported() async throws {
    let stranger = BasicNode(debugName: "stranger")
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let bad = PassNode("bad") { _ in .spec(.node(stranger)) }
    let root = PassNode("root") { _ in
      .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf), .node(bad)]))
    }
    try await root.addSubnodes([leaf, bad])
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(root.appliedLayout == nil, "no partial layout")
    await #expect(throws: LayoutError.self) { try await window.layoutIfNeeded() }
    try await window.layoutIfNeeded()  // reported once

    await bad.setMethod { _ in .spec(.node(stranger)) }  // invalidated: a pass runs, fails, and nobody waits
    await #expect(throws: LayoutError.self) { try await window.waitForLayoutPasses() }

    await bad.setMethod { _ in .size(Size(width: 5, height: 5)) }
    try await window.layoutIfNeeded()
    #expect(root.appliedLayout?.size == Size(width: 100, height: 100))
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(frame(of: bad) == Rect(x: 0, y: 10, width: 5, height: 5))
  }

  @Test("A measured node is not kept alive by its own cached or applied layouts")
  func layoutsKeepNoCycle() async throws {
    let lifetime = LifetimeCounter()
    do {
      let leaf = PassNode("leaf", lifetime: lifetime) { _ in .size(Size(width: 10, height: 10)) }
      let root = PassNode("root", lifetime: lifetime) { _ in
        .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf)]))
      }
      try await root.addSubnode(leaf)
      await root.configure { $0.frame = Rect(x: 0, y: 0, width: 50, height: 50) }
      _ = try await root.layout(thatFits: SizeRange(exactly: Size(width: 50, height: 50)))
      try await root.layoutIfNeeded()
    }
    #expect(lifetime.count == 2)
  }

  @Test("A subnode removed and left out of the layout dies after the next pass, though the node was measured")
  func removedSubnodeIsNotKeptByOldLayouts() async throws {
    let lifetime = LifetimeCounter()
    let root = PassNode("root")
    do {
      let gone = PassNode("gone", lifetime: lifetime) { _ in .size(Size(width: 10, height: 10)) }
      await root.setMethod { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(gone)])) }
      try await root.addSubnode(gone)
      await root.configure { $0.frame = Rect(x: 0, y: 0, width: 50, height: 50) }
      try await root.layoutIfNeeded()
      // Measured for other ranges by a caller: the answer it would repeat names the subnode too.
      _ = try await root.layout(thatFits: SizeRange(exactly: Size(width: 40, height: 40)))
      _ = try await root.layout(thatFits: SizeRange(exactly: Size(width: 30, height: 30)))
      await gone.removeFromSupernode()
    }
    await root.setMethod { _ in .size(Size(width: 50, height: 50)) }
    try await root.layoutIfNeeded()
    #expect(lifetime.count == 1, "nothing the node keeps names the removed subnode")
  }

  @Test(
    "layout(_:) and layoutDidFinish(_:) see the frames their layout gives the subnodes, at attach and after a relayout moves them (Texture's __layout applies the layout to the subnodes before -layout)"
  )
  @MainActor
  func layoutHooksSeeTheSubnodesNewFrames() async throws {
    let log = EventLog()
    let first = PassNode("first", size: Size(width: 50, height: 20))
    let second = PassNode("second", size: Size(width: 30, height: 40))
    let root = SubnodeFrameReadingNode(log: log, watched: second) { _ in
      .spec(.stack(.horizontal, spacing: 10, alignItems: .start, children: [.node(first), .node(second)]))
    }
    try await root.addSubnodes([first, second])
    let window = Window(size: Size(width: 200, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(log.entries == ["layout (60.0, 0.0, 30.0, 40.0)", "layoutDidFinish (60.0, 0.0, 30.0, 40.0)"])
    log.clear()
    await first.setMethod { _ in .size(Size(width: 70, height: 20)) }
    try await window.layoutIfNeeded()
    await window.flush()
    #expect(log.entries == ["layout (80.0, 0.0, 30.0, 40.0)", "layoutDidFinish (80.0, 0.0, 30.0, 40.0)"])
  }

  @Test("setNeedsLayout() from another isolation domain invalidates and relayouts a loaded node")
  @MainActor
  func setNeedsLayoutRelayouts() async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf)])) }
    try await root.addSubnode(leaf)
    let window = Window(size: Size(width: 100, height: 100))
    try await window.attach(root)
    await Task.detached { await leaf.setNeedsLayout() }.value
    try await window.layoutIfNeeded()
    #expect(await leaf.layoutCalls == 2)
  }

  @Test("A pass visits the subnodes a relayout moves or resizes, and those written or invalidated since; not the rest")
  func passVisitsWhatChanged() async throws {
    let a = PassNode("a", size: Size(width: 10, height: 10))
    let b = PassNode("b", size: Size(width: 10, height: 10))
    let c = PassNode("c", size: Size(width: 10, height: 10))
    let d = PassNode("d", size: Size(width: 10, height: 10))
    let root = PassNode("root") { _ in
      .spec(.stack(.vertical, alignItems: .start, children: [.node(a), .node(b), .node(c), .node(d)]))
    }
    try await root.addSubnodes([a, b, c, d])
    let nodes = [root, a, b, c, d]
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    try await root.layoutIfNeeded()  // not loaded: passes run when asked, so each one is seen whole

    // b grows: the root lays out again; a stays where it was, c and d move down.
    await b.setMethod { _ in .size(Size(width: 10, height: 30)) }
    var outcome = await LayoutPass.run(dirty: [b], environment: LayoutEnvironment(scale: 1))
    #expect(
      visited(outcome, among: nodes) == ["root", "b", "c", "d"],
      "a neither moved nor changed: no call, nothing to apply")
    #expect(await d.viewProperties().frame == Rect(x: 0, y: 50, width: 10, height: 10))

    // d, the last, grows; a's frame was written by hand and c invalidated at the same size since: both are
    // visited, though neither moves. b is not.
    await a.configure { $0.frame = Rect(x: 1, y: 1, width: 1, height: 1) }
    c.invalidateCalculatedLayout()
    await d.setMethod { _ in .size(Size(width: 10, height: 20)) }
    outcome = await LayoutPass.run(dirty: [d], environment: LayoutEnvironment(scale: 1))
    #expect(visited(outcome, among: nodes) == ["root", "a", "c", "d"])
    #expect(await a.viewProperties().frame == Rect(x: 0, y: 0, width: 10, height: 10), "the layout's frame again")
    #expect(await c.layoutCalls == 2, "c was measured again after its invalidation")

    // Nothing changed since: laying out the root again visits none of its subnodes.
    root.invalidateCalculatedLayout()
    outcome = await LayoutPass.run(dirty: [root], environment: LayoutEnvironment(scale: 1))
    #expect(visited(outcome, among: nodes) == ["root"])
  }

  @Test(
    "A node with many subnodes to visit has their subtrees walked in child tasks: the same entries, frames and subnodes, in the same order, as a walk in one task (manual and managing nodes among them)"
  )
  func wideWalksMatchTheSerialWalk() async throws {
    /// 100 rows of two leaves; row 10 manages its subnodes, row 20 places its subnode itself.
    func makeTree() async throws -> (root: PassNode, nodes: [any DisplayNode], grower: PassNode) {
      var rows: [any DisplayNode] = []
      var nodes: [any DisplayNode] = []
      for index in 0..<100 {
        let leaves = (0..<2).map { PassNode("r\(index).\($0)", size: Size(width: 5, height: 10)) }
        nodes += leaves as [any DisplayNode]
        let row: any DisplayNode
        switch index {
        case 10:
          row = ManagingNode { .spec(.stack(alignItems: .start, children: leaves.map { .node($0) })) }
        case 20:
          let placer = PlacerNode([(leaves[0], Rect(x: 1, y: 1, width: 5, height: 5), SizeRange(exactWidth: 5))])
          try await placer.addSubnode(leaves[0])
          row = placer
        default:
          let children = leaves.map { LayoutSpec.node($0) }
          let spec = PassNode("r\(index)") { _ in .spec(.stack(alignItems: .start, children: children)) }
          try await spec.addSubnodes(leaves)
          row = spec
        }
        rows.append(row)
        nodes.append(row)
      }
      let children = rows
      let root = PassNode("root") { _ in
        .spec(
          .stack(
            .vertical, alignItems: .start,
            children: children.enumerated().map { $0.offset == 20 ? .node($0.element).height(10) : .node($0.element) }))
      }
      try await root.addSubnodes(rows)
      return (root, [root] + nodes, nodes[9] as! PassNode)  // r3.0
    }
    /// What a pass applies, node by node, named by the node's index in `nodes`.
    func summary(_ outcome: LayoutPass.Outcome, _ nodes: [any DisplayNode]) -> [String] {
      outcome.application.entries.map { entry in
        let index = nodes.firstIndex { $0.nodeCore === entry.core } ?? -1
        return "\(index) \(entry.frameWrite?.frame ?? .zero) \(entry.changed) \(entry.measuredSizes.count)"
      }
    }
    var results: [[String]] = []
    for concurrency in [LayoutConcurrency.serial, .automatic] {
      let (root, nodes, grower) = try await makeTree()
      let environment = LayoutEnvironment(scale: 1, concurrency: concurrency)
      let range = SizeRange(exactly: Size(width: 100, height: 1000))
      let first = await LayoutPass.run(
        roots: [LayoutPass.Root(node: root, target: .range(range), frame: nil)], environment: environment)
      #expect(first.errors.isEmpty)
      #expect(first.setManagedSubnodes)
      // Row 3 grows: rows 4 to 99 move down, and the walk visits them.
      await grower.setMethod { _ in .size(Size(width: 5, height: 20)) }
      let second = await LayoutPass.run(dirty: [grower], environment: environment)
      #expect(second.errors.isEmpty)
      #expect(second.application.entries.count == 99, "the root, row 3, its grown leaf, and the 96 rows below")
      #expect(await nodes.last!.viewProperties().frame.minY == 1000, "row 99, moved down by 10")
      var frames: [String] = []
      for node in nodes { frames.append("\(await node.viewProperties().frame)") }
      let managed = await nodes[33].subnodes.count  // Row 10, after the root, 10 rows and their 22 leaves.
      // The subnodes of a node that places them itself are visited in a round after the walk (of its chunk).
      results.append(summary(first, nodes).sorted() + summary(second, nodes) + frames + ["\(managed)"])
    }
    #expect(results[0].last == "2", "the managing row has the two leaves its layout names")
    #expect(results[0] == results[1])
  }

  @Test("A node sized exactly two levels down lays out again when invalidated, though its ancestors keep their frames")
  @MainActor
  func invalidatedNodeTwoExactLevelsDown() async throws {
    let leaf = PassNode("leaf", size: Size(width: 10, height: 10))
    let inner = PassNode("inner") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf)])) }
    try await inner.addSubnode(leaf)
    let middle = PassNode("middle") { _ in .spec(.inset(EdgeInsets(all: 5), .node(inner))) }
    try await middle.addSubnode(inner)
    let root = PassNode("root") { _ in .spec(.inset(EdgeInsets(all: 10), .node(middle))) }
    try await root.addSubnode(middle)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(frame(of: inner) == Rect(x: 5, y: 5, width: 70, height: 70))
    #expect(frame(of: leaf) == Rect(x: 0, y: 0, width: 10, height: 10))

    await inner.setMethod { _ in .spec(.center(.node(leaf))) }
    try await window.layoutIfNeeded()
    #expect(frame(of: leaf) == Rect(x: 30, y: 30, width: 10, height: 10), "the new spec centres the leaf")
    #expect(inner.appliedLayout?.sublayouts.first?.frame == Rect(x: 30, y: 30, width: 10, height: 10))
    #expect(await inner.changes == 2)
  }

  @Test("A subnode that moved away and back takes its frame again, though its supernode's layout is unchanged")
  func movedSubnodeTakesItsFrameAgain() async throws {
    let node = PassNode("node", size: Size(width: 10, height: 10))
    let first = PassNode("first") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(node)])) }
    let second = PassNode("second") { _ in .spec(.inset(EdgeInsets(all: 20), .node(node))) }
    for parent in [first, second] { await parent.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) } }
    try await first.addSubnode(node)
    try await first.layoutIfNeeded()
    try await second.addSubnode(node)  // moves it
    try await second.layoutIfNeeded()
    #expect(await node.viewProperties().frame == Rect(x: 20, y: 20, width: 60, height: 60))

    // Back under `first`, which was not laid out meanwhile: its layout places the node as before.
    try await first.addSubnode(node)
    first.invalidateCalculatedLayout()
    let outcome = await LayoutPass.run(dirty: [first], environment: LayoutEnvironment(scale: 1))
    #expect(outcome.errors.isEmpty)
    #expect(await node.viewProperties().frame == Rect(x: 0, y: 0, width: 10, height: 10))
  }

  @Test("A subnode its supernode sizes exactly, invalidated, takes its new layout though its frame stays")
  @MainActor
  func exactlySizedSubnodeRelayouts() async throws {
    let grandchild = PassNode("grandchild", size: Size(width: 10, height: 10))
    let child = PassNode("child") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(grandchild)])) }
    try await child.addSubnode(grandchild)
    let root = PassNode("root") { _ in .spec(.inset(EdgeInsets(), .node(child))) }
    try await root.addSubnode(child)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(frame(of: grandchild) == Rect(x: 0, y: 0, width: 10, height: 10))

    await child.setMethod { _ in .spec(.center(.node(grandchild))) }
    try await window.layoutIfNeeded()
    #expect(frame(of: child) == Rect(x: 0, y: 0, width: 100, height: 100))
    #expect(frame(of: grandchild) == Rect(x: 45, y: 45, width: 10, height: 10))
  }

  @Test(
    "A pass's frames follow their node into another window: its turns apply them, not a flush of the window it left",
    arguments: [false, true])
  @MainActor
  func passFramesFollowTheirNode(passStillRunning: Bool) async throws {
    let bar = CountingNode()
    let node = PassNode("node") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(bar)])) }
    try await node.addSubnode(bar)
    let (left, entered) = (SubnodeColumn(), SubnodeColumn())
    try await left.addSubnode(node)
    let manual = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    let automatic = Window(size: Size(width: 100, height: 100))
    try await manual.attach(left)
    try await automatic.attach(entered)
    #expect(frame(of: bar) == Rect(x: 0, y: 0, width: 10, height: 10))

    // The bar moves inside a node that keeps its size, in a pass of the manual window: its frames wait for a turn.
    let gate = Gate()
    if passStillRunning {
      await bar.hold(at: gate)
      await bar.setSize(Size(width: 10, height: 10))
    }
    await node.setMethod { _ in .spec(.inset(EdgeInsets(top: 0, left: 5, bottom: 0, right: 0), .node(bar))) }
    if passStillRunning { await gate.waitForArrivals(1) } else { try await manual.waitForLayoutPasses() }
    try await entered.addSubnode(node)  // the new window lays node out in the same range
    await gate.open()
    try await manual.waitForLayoutPasses()
    try await automatic.layoutIfNeeded()
    #expect(node.view?.superview === entered.view)
    #expect(frame(of: bar) == Rect(x: 5, y: 0, width: 10, height: 10), "applied in the new window's turn")
    await manual.flush()
    #expect(frame(of: bar) == Rect(x: 5, y: 0, width: 10, height: 10))
  }

  /// A row of a 20 × 20 leaf and a 30 × 10 leaf that grows, `b`: what a frame written to the row shows.
  private func growingRow() async throws -> (row: SpecHost, b: BasicNode) {
    let a = BasicNode()
    let b = BasicNode()
    await a.setStyle {
      $0.width = .points(20)
      $0.height = .points(20)
    }
    await b.setStyle {
      $0.width = .points(30)
      $0.height = .points(10)
    }
    let row = SpecHost(.stack(.horizontal, children: [.node(a), .node(b).flexGrow(1)]))
    try await row.addSubnodes([a, b])
    return (row, b)
  }

  /// A growing row under a root whose spec stretches it, unloaded (only the passes a test runs lay it out),
  /// laid out at 200 × 100.
  func unloadedRootOfAGrowingRow() async throws -> (root: SpecHost, row: SpecHost) {
    let (row, _) = try await growingRow()
    let root = SpecHost(.stack(.vertical, alignItems: .stretch, children: [.node(row)]))
    try await root.addSubnode(row)
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 200, height: 100) }
    try await root.layoutIfNeeded()
    return (root, row)
  }

  @Test(
    "A node whose frame was written while its supernode's pass was waiting is laid out at the frame the supernode's layout gives it, once"
  )
  func frameWrittenBeforeTheSupernodesPassIsLaidOutAtTheNewFrame() async throws {
    let (root, row) = try await unloadedRootOfAGrowingRow()
    #expect(await row.calculatedLayout?.size == Size(width: 200, height: 20))

    // Round 18: the row's frame written while its supernode's pass waits, both listed for the same pass,
    // supernode first. The supernode's layout places the row at 200 × 20; the row, listed at its written size,
    // was then laid out again at 63 × 51 over it (its subnodes placed for 63 points while it showed 200).
    await row.configure { $0.frame = Rect(x: 1, y: 1, width: 63, height: 51) }
    root.invalidateCalculatedLayout()
    let outcome = await LayoutPass.run(dirty: [root, row], environment: LayoutEnvironment(scale: 1))
    #expect(outcome.errors.isEmpty)
    let rowEntries = outcome.application.entries.filter { $0.core === row.nodeCore }
    #expect(rowEntries.map(\.layout.size) == [Size(width: 200, height: 20)], "laid out once, at its new frame")
    #expect(await row.calculatedLayout?.size == Size(width: 200, height: 20))
    #expect(await row.viewProperties().frame == Rect(x: 0, y: 0, width: 200, height: 20))
    let bFrame = await row.calculatedLayout?.sublayouts.last?.frame
    #expect(bFrame == Rect(x: 20, y: 0, width: 180, height: 10))
  }

  @Test(
    "A node a pass chose at its written frame, placed anew by its supernode's pass before that pass reached it, keeps the newer layout"
  )
  func nodeChosenByAPassAndPlacedByAnotherKeepsTheNewerLayout() async throws {
    let (root, row) = try await unloadedRootOfAGrowingRow()
    // Round 18, with frame writes: the row's frame written, a pass chooses it at that size, then waits for
    // another dirty node's measurement (another window's pass, in the probe) ...
    await row.configure { $0.frame = Rect(x: 1, y: 1, width: 63, height: 51) }
    let gate = Gate()
    let other = try await MovingNode.dirtyLeaf(heldAt: gate)
    let held = Task { await LayoutPass.run(dirty: [row, other], environment: LayoutEnvironment(scale: 1)) }
    await gate.waitForArrivals(1)
    // ... while the supernode's own pass places the row anew, at the frame its layout gives.
    root.invalidateCalculatedLayout()
    let placing = await LayoutPass.run(dirty: [root], environment: LayoutEnvironment(scale: 1))
    #expect(placing.application.entries.contains { $0.core === row.nodeCore && $0.layout.size.width == 200 })
    await gate.open()
    let late = await held.value
    #expect(late.errors.isEmpty)
    #expect(!late.application.entries.contains { $0.core === row.nodeCore }, "its supernode placed it since")
    #expect(await row.calculatedLayout?.size == Size(width: 200, height: 20))
    #expect(await row.viewProperties().frame == Rect(x: 0, y: 0, width: 200, height: 20))
  }

  @Test(
    "A node a pass chose because it kept its size, changed before the pass reached it, leaves its new size to its supernode's layout"
  )
  func nodeChosenAtItsSizeThatChangedBeforeItsStepLeavesItToItsSupernode() async throws {
    let (row, b) = try await growingRow()
    // Not stretched: a node its supernode sizes exactly is laid out from its supernode whatever it measures.
    let root = SpecHost(.stack(.vertical, alignItems: .start, children: [.node(row)]))
    try await root.addSubnode(row)
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 200, height: 100) }
    try await root.layoutIfNeeded()
    // The row invalidated as it is: a pass chooses it, keeping its size, then waits for another node ...
    row.invalidateCalculatedLayout()
    let gate = Gate()
    let other = try await MovingNode.dirtyLeaf(heldAt: gate)
    let held = Task { await LayoutPass.run(dirty: [row, other], environment: LayoutEnvironment(scale: 1)) }
    await gate.waitForArrivals(1)
    // ... while its content grows (round 18, seed 89 with frame writes: a subnode moved out of a column).
    await b.setStyle { $0.height = .points(30) }
    row.invalidateCalculatedLayout()
    await gate.open()
    let late = await held.value
    #expect(late.errors.isEmpty)
    #expect(!late.application.entries.contains { $0.core === row.nodeCore }, "its new size is its supernode's to give")
    #expect(await row.calculatedLayout?.size == Size(width: 50, height: 20))
    // The pass it asked for lays out the supernode, which gives it its new size.
    let next = await LayoutPass.run(dirty: [row], environment: LayoutEnvironment(scale: 1))
    #expect(next.errors.isEmpty)
    #expect(await row.calculatedLayout?.size == Size(width: 50, height: 30))
    #expect(await row.viewProperties().frame == Rect(x: 0, y: 0, width: 50, height: 30))
    #expect(await root.calculatedLayout?.sublayouts.first?.size == Size(width: 50, height: 30))
  }

  @Test(
    "A size a supernode's hook reads from a subnode's view is not taken once a newer pass placed the subnode anew"
  )
  @MainActor
  func staleBoundsFromTheViewAreNotTaken() async throws {
    let (row, b) = try await growingRow()
    let other = BasicNode()
    await other.setStyle { $0.height = .points(10) }
    let root = PassNode("root") { _ in
      .spec(.stack(.vertical, alignItems: .stretch, children: [.node(row), .node(other)]))
    }
    try await root.addSubnodes([row, other])
    let window = Window(size: Size(width: 200, height: 100), turnMode: .manual)
    try await window.attach(root)
    try await window.layoutIfNeeded()
    // The root's layout changes (a subnode leaves); its pass leaves the row where it was, and waits for a turn.
    await other.removeFromSupernode()
    await root.setMethod { _ in .spec(.stack(.vertical, alignItems: .stretch, children: [.node(row)])) }
    try await window.waitForLayoutPasses()
    // The row's frame written by hand, then its supernode laid out again, which places the row anew.
    await row.configure { $0.frame = Rect(x: 1, y: 1, width: 63, height: 51) }
    await root.setNeedsLayout()
    try await window.waitForLayoutPasses()
    // One turn: the written frame, then the first pass's hooks of the root (the row's view shows the written
    // size, which they took for the root's placing it by hand), then the second pass's frames.
    await window.flush()
    try await window.layoutIfNeeded()
    try await window.layoutIfNeeded()
    #expect(frame(of: row) == Rect(x: 0, y: 0, width: 200, height: 20))
    #expect(row.appliedLayout?.size == Size(width: 200, height: 20), "the size its frame shows")
    #expect(frame(of: b) == Rect(x: 20, y: 0, width: 180, height: 10), "placed for the row's width")
  }
}

extension LayoutPassTests {
  /// A root (unloaded, laid out at 100 × 100) whose row has two shrinking items: a leaf that wants `aWidth`
  /// points, and a column holding a leaf that wants `bWidth` (the column's width is its leaf's). Both leaves are
  /// 10 points high.
  func rowOfALeafAndAColumn(
    a aWidth: Double, b bWidth: Double
  ) async throws -> (root: SpecHost, row: SpecHost, a: PassNode, b: PassNode) {
    let a = PassNode("a") { .size($0.clamp(Size(width: aWidth, height: 10))) }
    let b = PassNode("b") { .size($0.clamp(Size(width: bWidth, height: 10))) }
    let column = SpecHost(.stack(.vertical, alignItems: .start, children: [.node(b)]))
    try await column.addSubnode(b)
    let row = SpecHost(.stack(.horizontal, children: [.node(a).flexShrink(1), .node(column).flexShrink(1)]))
    try await row.addSubnodes([a, column])
    let root = SpecHost(.stack(.vertical, alignItems: .start, children: [.node(row)]))
    try await root.addSubnode(row)
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    try await root.layoutIfNeeded()
    return (root, row, a, b)
  }

  /// A bar node that a placer at the root of a manual window places by hand at `frame`, laid out.
  @MainActor
  func barNodePlacedByHand(at frame: Rect) async throws -> (node: PassNode, bar: PassNode, window: Window) {
    let (node, bar) = try await barNode("node")
    let placer = PlacerNode([(node, frame, nil)])
    try await placer.addSubnode(node)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(placer)
    try await window.layoutIfNeeded()
    return (node, bar, window)
  }

  @Test(
    "A layout applied to a node placed by hand at another size than its view has now is followed by a pass at the view's size"
  )
  @MainActor
  func handPlacedNodeFollowsItsBoundsAfterAStaleLayout() async throws {
    let (node, bar, window) = try await barNodePlacedByHand(at: Rect(x: 0, y: 0, width: 40, height: 20))
    #expect(node.appliedLayout?.size == Size(width: 40, height: 20))
    // A pass for an earlier size of the node's view (its supernode's hooks gave it 60 wide, then 40 again, which
    // asked for nothing: the layout applied then was 40 wide) ends after the second size: its layout arrives.
    let stale = LayoutApplication(entries: [
      LayoutApplication.Entry(
        core: node.nodeCore, layout: NodeLayout(size: Size(width: 60, height: 20), sublayouts: []), changed: false,
        frameWrite: nil, stamp: node.nodeCore.mainSlot.appliedLayoutStamp)
    ])
    stale.apply()
    #expect(node.appliedLayout?.size == Size(width: 60, height: 20))
    try await window.layoutIfNeeded()
    #expect(node.appliedLayout?.size == Size(width: 40, height: 20), "the size its view shows")
    #expect(frame(of: bar) == Rect(x: 0, y: 0, width: 40, height: 10))
  }

  @Test(
    "A layout from a later step that was not new to the node, applied before the earlier step that was, runs the node's layout hooks"
  )
  @MainActor
  func stepsAppliedOutOfOrderRunTheHooksOfTheLayoutApplied() async throws {
    let (background, _) = try await barNode("background")
    let card = SpecPlacingByHand(spec: .stack(.vertical, alignItems: .start, children: [])) { size in
      [(background, Rect(origin: .zero, size: size))]
    }
    try await card.addSubnode(background)
    let window = Window(size: Size(width: 200, height: 100), turnMode: .manual)
    try await window.attach(card)
    try await window.layoutIfNeeded()
    #expect(frame(of: background)?.width == 200)
    // Two steps of the card at 150 points, in two passes: the first new (its hooks run), the second taken after it
    // and so not new to the card. Round 18's probe: the second was applied first, and the first, older, was skipped
    // after it: the hooks never ran, and the subnode kept the frame they set for the old size.
    let stamp = card.nodeCore.mainSlot.appliedLayoutStamp
    let layout = NodeLayout(size: Size(width: 150, height: 100), sublayouts: [])
    func entry(changed: Bool, stamp: UInt64) -> LayoutApplication.Entry {
      LayoutApplication.Entry(core: card.nodeCore, layout: layout, changed: changed, frameWrite: nil, stamp: stamp)
    }
    LayoutApplication(entries: [entry(changed: false, stamp: stamp + 2)]).apply()
    LayoutApplication(entries: [entry(changed: true, stamp: stamp + 1)]).apply()
    #expect(frame(of: background)?.width == 150, "the hooks ran for the layout applied")
  }

  @Test("A node placed by hand at a size off the pixel grid is laid out once, not again and again")
  @MainActor
  func handPlacedNodeOffThePixelGridSettles() async throws {
    let (node, _, window) = try await barNodePlacedByHand(at: Rect(x: 0, y: 0, width: 40.3, height: 20.2))
    try await window.layoutIfNeeded()
    let calls = await node.layoutCalls
    let turns = window.statistics.turns
    try await window.layoutIfNeeded()
    try await window.waitForLayoutPasses()
    await window.flush()
    #expect(await node.layoutCalls == calls)
    #expect(window.statistics.turns - turns <= 2, "no pass after pass")
    #expect(node.appliedLayout?.size == Size(width: 41, height: 21), "its bounds rounded up to whole points")
  }

  /// A column (a vertical stack, centered) of an 80 × 10 label under a bar 4 high that fills the column's width
  /// when it has one and is empty when the column is unbounded: the column is 80 × 14 either way, with other frames
  /// inside.
  private func columnWithABar() async throws -> (column: PassNode, bar: PassNode) {
    let bar = PassNode("bar") { .size($0.max.width.isFinite ? Size(width: $0.max.width, height: 4) : .zero) }
    let label = PassNode("label", size: Size(width: 80, height: 10))
    let column = PassNode("column") { _ in
      .spec(.stack(.vertical, alignItems: .center, children: [.node(bar).height(.points(4)), .node(label)]))
    }
    try await column.addSubnodes([bar, label])
    return (column, bar)
  }

  @Test(
    "A node measured since in another range, to the same size, is given the layout its supernode's layout measured (Texture's layout requested from above)"
  )
  @MainActor
  func stepAppliesTheMeasurementItsSupernodeMade() async throws {
    let (column, bar) = try await columnWithABar()
    let spacer = PassNode("spacer", size: Size(width: 80, height: 10))
    let root = PassNode("root") { _ in
      .spec(.stack(.vertical, alignItems: .stretch, children: [.node(spacer), .node(column)]))
    }
    try await root.addSubnodes([spacer, column])
    let window = Window(size: Size(width: 80, height: 100))
    try await window.attach(root)
    #expect(await bar.viewProperties().frame == Rect(x: 0, y: 0, width: 80, height: 4))

    // Each round, other code measures the column unbounded (the bar is empty: the column keeps its size), then the
    // spacer grows, and the root's pass moves the column down. From the second round on, the root's memo answers
    // for the column without asking it: the pass must still apply the column's layout that the root's was made
    // from, not the one measured last.
    for round in 1...3 {
      let unbounded = try await column.layout(
        thatFits: SizeRange(min: .zero, max: Size(width: .infinity, height: .infinity)))
      #expect(unbounded.size == Size(width: 80, height: 14))
      #expect(unbounded.sublayouts.first?.size == Size(width: 0, height: 4))
      await spacer.setMethod { _ in .size(Size(width: 80, height: 10 + Double(round))) }
      try await window.layoutIfNeeded()
      let (columnFrame, barFrame) = (await column.viewProperties().frame, await bar.viewProperties().frame)
      #expect(columnFrame == Rect(x: 0, y: 10 + Double(round), width: 80, height: 14))
      #expect(barFrame == Rect(x: 0, y: 0, width: 80, height: 4), "round \(round): the bar fills the column")
      let calculatedBar = await column.calculatedLayout?.sublayouts.first?.size
      #expect(calculatedBar == Size(width: 80, height: 4))
    }
  }

  @Test(
    "A node laid out at its frame's size after an invalidation, not from its supernode's measurement, is visited again by its supernode's next pass, which leaves its frame as is"
  )
  func nodeLaidOutAtItsFrameIsVisitedByItsSupernodesNextPass() async throws {
    let (column, bar) = try await columnWithABar()
    // A row measures the column unbounded: the bar is empty.
    let root = PassNode("root") { _ in .spec(.stack(.horizontal, alignItems: .start, children: [.node(column)])) }
    try await root.addSubnode(column)
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 200, height: 100) }
    try await root.layoutIfNeeded()
    let frame = Rect(x: 0, y: 0, width: 80, height: 14)
    #expect(await column.viewProperties().frame == frame)
    #expect(await column.calculatedLayout?.sublayouts.first?.size == Size(width: 0, height: 4))
    // Round 18 (seed 8 with frame writes): the column invalidated after its supernode measured it, and before the
    // walk reached it, so it was laid out at exactly its frame's size, where the bar fills it ...
    column.invalidateCalculatedLayout()
    let step = try await column.passStep(
      .size(frame.size), frame: frame, placedBy: root.nodeCore.id, parentStamp: 0, checksLink: true,
      LayoutEnvironment(scale: 1))
    #expect(step?.layout.sublayouts.first?.size == Size(width: 80, height: 4))
    // ... then the supernode laid out again, which measures it unbounded and leaves its frame as is.
    root.invalidateCalculatedLayout()
    let outcome = await LayoutPass.run(dirty: [root], environment: LayoutEnvironment(scale: 1))
    #expect(outcome.errors.isEmpty)
    #expect(visited(outcome, among: [root, column, bar]) == ["root", "column", "bar"])
    #expect(await column.calculatedLayout?.sublayouts.first?.size == Size(width: 0, height: 4))
    #expect(await column.viewProperties().frame == frame)
  }

  @Test(
    "A supernode laid out again that measures a subnode in another range, to the same size and frame, gives it that measurement"
  )
  func subnodeMeasuredInAnotherRangeAtTheSameFrameTakesThatMeasurement() async throws {
    let (column, bar) = try await columnWithABar()
    // Stretched by a column, the column has a width: the bar fills it.
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .stretch, children: [.node(column)])) }
    try await root.addSubnode(column)
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 80, height: 100) }
    try await root.layoutIfNeeded()
    let frame = Rect(x: 0, y: 0, width: 80, height: 14)
    #expect(await column.viewProperties().frame == frame)
    #expect(await column.calculatedLayout?.sublayouts.first?.size == Size(width: 80, height: 4))
    // Round 18 (seed 348): in a row, the column is measured unbounded: the bar is empty, the column's size and
    // frame are the same. Texture gives a subnode the layout its supernode's holds for it.
    await root.setMethod { _ in .spec(.stack(.horizontal, alignItems: .start, children: [.node(column)])) }
    let outcome = await LayoutPass.run(dirty: [root], environment: LayoutEnvironment(scale: 1))
    #expect(outcome.errors.isEmpty)
    #expect(await column.viewProperties().frame == frame)
    #expect(await column.calculatedLayout?.sublayouts.first?.size == Size(width: 0, height: 4))
    #expect(await bar.viewProperties().frame == Rect(x: 40, y: 0, width: 0, height: 4))
  }

  @Test(
    "A subnode's step from an older layout of its supernode, ending after the newer one's, is dropped: the newer frame and layout stay"
  )
  func stepFromAnOlderLayoutOfTheSupernodeIsDropped() async throws {
    let bar = PassNode("bar")
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .stretch, children: [.node(bar)])) }
    try await root.addSubnode(bar)
    // Round 18 (seed 32 under load): two walks placed the node from two layouts of its supernode, the older
    // measured first; the older walk's step of the node ended last and put the older size back.
    func step(_ frame: Rect, parentStamp: UInt64) async throws -> PassStep? {
      try await bar.passStep(
        .size(frame.size), frame: frame, placedBy: root.nodeCore.id, parentStamp: parentStamp, checksLink: true,
        LayoutEnvironment(scale: 1))
    }
    let newer = Rect(x: 0, y: 0, width: 200, height: 10)
    let older = Rect(x: 0, y: 0, width: 300, height: 10)
    #expect(try await step(newer, parentStamp: 7) != nil)
    #expect(try await step(older, parentStamp: 6) == nil, "the supernode's layout with stamp 7 placed it since")
    #expect(await bar.calculatedLayout?.size == newer.size)
    #expect(await bar.viewProperties().frame == newer)
    #expect(try await step(newer, parentStamp: 7) != nil, "the same layout of the supernode may place it again")
    #expect(try await step(older, parentStamp: 9) != nil, "a newer layout of the supernode places it")
    #expect(await bar.viewProperties().frame == older)
    let other = PassNode("other")
    try await other.addSubnode(bar)
    let moved = Rect(x: 5, y: 5, width: 50, height: 10)
    let fromOther = try await bar.passStep(
      .size(moved.size), frame: moved, placedBy: other.nodeCore.id, parentStamp: 1, checksLink: true,
      LayoutEnvironment(scale: 1))
    #expect(fromOther != nil, "stamps of another supernode are not compared")
  }

  @Test(
    "A subnode that grows inside a node placing it by hand is laid out once, at its new size: not again at the size its view had before the supernode's layout(_:) placed it"
  )
  @MainActor
  func subnodeGrownInAPlacerIsLaidOutOnceAtItsNewSize() async throws {
    let log = EventLog()
    let leaf = PassNode("leaf", size: Size(width: 40, height: 20), log: log)
    let placer = MeasuringPlacer(leaf)
    try await placer.addSubnode(leaf)
    let window = Window(size: Size(width: 200, height: 300), turnMode: .manual)
    try await window.attach(placer)
    try await window.layoutIfNeeded()
    let changes = await leaf.changes
    log.clear()
    await leaf.setMethod { _ in .size(Size(width: 40, height: 50)) }
    try await window.layoutIfNeeded()
    // The pass lays the placer out again; its `layout(_:)` gives the leaf its new size in the same turn. The turn
    // used to compare the leaf's new layout with its view's size before the hooks, and ask for a pass at 40 x 20.
    #expect(log.entries(containing: "leaf.layout ") == ["leaf.layout 40.0x50.0"])
    #expect(leaf.view?.frame == Rect(x: 0, y: 5, width: 40, height: 50))
    #expect(leaf.appliedLayout?.size == Size(width: 40, height: 50))
    #expect(await leaf.changes == changes + 1)
  }

  @Test(
    "A subnode changed after its unloaded tree was laid out takes its new size when the tree loads at the same size (Texture's view measures it again when laid out, then its supernode)"
  )
  @MainActor
  func subnodeChangedBeforeItsTreeLoadsIsLaidOutAtLoad() async throws {
    let title = TextNode(debugName: "title", text: AttributedText("hi"))
    let badge = BasicNode(debugName: "badge")
    await badge.setStyle { $0.preferredSize = Size(width: 10, height: 10) }
    let cell = SpecHost(.stack(.vertical, alignItems: .start, children: [.node(title), .node(badge)]))
    try await cell.addSubnodes([title, badge])
    // A cell measured off the main actor, then changed before it is shown: its layout still places the old title.
    await cell.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    try await cell.layoutIfNeeded()
    let before = await title.viewProperties().frame
    await title.setText(AttributedText("a much longer title, which wraps onto several lines in a hundred points"))
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(cell)
    try await window.layoutIfNeeded()
    let after = try #require(title.view?.frame)
    #expect(after.height > before.height)
    #expect(badge.view?.frame == Rect(x: 0, y: after.maxY, width: 10, height: 10))
  }

  @Test(
    "A node that another pass laid out after its invalidation, before its own pass, has its supernodes laid out again: their layouts may hold measurements of its old content"
  )
  func nodeLaidOutSinceItsInvalidationLeavesItToItsSupernodes() async throws {
    let (root, row, a, b) = try await rowOfALeafAndAColumn(a: 100, b: 60)
    // Round 18 (seed 681): b's content grows, then a pass for another item of the row runs before b's own. It
    // measures the row again, which takes the column's width from the column's cache (measured from b's old
    // content) and then measures the column at its new share, which measures b's new content.
    await b.setMethod { .size($0.clamp(Size(width: 200, height: 10))) }
    await a.setMethod { .size($0.clamp(Size(width: 120, height: 10))) }
    let first = await LayoutPass.run(dirty: [a], environment: LayoutEnvironment(scale: 1))
    #expect(first.errors.isEmpty)
    // b's own pass: b keeps its size in the range it was laid out in, yet the row's split is stale.
    let second = await LayoutPass.run(dirty: [b], environment: LayoutEnvironment(scale: 1))
    #expect(second.errors.isEmpty)
    let fresh = try await rowOfALeafAndAColumn(a: 120, b: 200)
    let widths = await row.calculatedLayout?.sublayouts.map(\.size.width)
    #expect(widths == (await fresh.row.calculatedLayout?.sublayouts.map(\.size.width)))
    #expect(await b.viewProperties().frame == (await fresh.b.viewProperties().frame))
    #expect(await root.calculatedLayout?.size == (await fresh.root.calculatedLayout?.size))
  }

  @Test(
    "A node that keeps its size in its range but not in the unbounded range its supernode's basis measured it in has its supernodes laid out again"
  )
  func nodeWhoseBasisChangedLeavesItToItsSupernodes() async throws {
    // The row measures the column unbounded (its basis: as wide as its leaf wants), then at its share, where its
    // leaf is as wide as the share.
    let (_, row, _, b) = try await rowOfALeafAndAColumn(a: 100, b: 60)
    #expect(await row.calculatedLayout?.sublayouts.map(\.size.width) == [63, 38])
    // b wants 200 points now: the same size at the column's share, but the column's basis is 200, not 60.
    await b.setMethod { .size($0.clamp(Size(width: 200, height: 10))) }
    let outcome = await LayoutPass.run(dirty: [b], environment: LayoutEnvironment(scale: 1))
    #expect(outcome.errors.isEmpty)
    let fresh = try await rowOfALeafAndAColumn(a: 100, b: 200)
    let widths = try #require(await fresh.row.calculatedLayout?.sublayouts.map(\.size.width))
    #expect(widths == [34, 67], "a fresh row splits 100 points from bases of 100 and 200")
    #expect(await row.calculatedLayout?.sublayouts.map(\.size.width) == widths)
    #expect(await b.viewProperties().frame == (await fresh.b.viewProperties().frame))
  }
}

/// Seed 002's node: an image at the right edge and text filling the rest, measured in
/// `calculateSizeThatFits:` and placed in `layout` from the subnodes' calculated sizes.
actor ImageAndTextNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "imageAndText")
  nonisolated let image = PassNode("image", size: Size(width: 40, height: 40))
  nonisolated let text = PassNode("text") { range in .size(Size(width: range.max.width, height: 30)) }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    // Unbounded (a stack measuring a flexible item first): a width of its own.
    let width = range.max.width.isFinite ? range.max.width : 100
    let imageSize = try await image.layout(thatFits: SizeRange(min: .zero, max: Size(width: width, height: 40))).size
    let maxText = Size(width: width - imageSize.width, height: range.max.height)
    let textSize = try await text.layout(thatFits: SizeRange(min: .zero, max: maxText)).size
    return .size(Size(width: width, height: max(imageSize.height, textSize.height)))
  }

  @MainActor func layout(_ context: borrowing LayoutContext) {
    let width = context.layout.size.width
    if let imageSize = context.calculatedSize(of: image) {
      image.layer?.frame = Rect(x: width - imageSize.width, y: 0, width: imageSize.width, height: imageSize.height)
    }
    if let textSize = context.calculatedSize(of: text) {
      text.layer?.frame = Rect(origin: .zero, size: textSize)
    }
  }
}

/// A node that measures its one subnode in its layout code and places it in `layout(_:)` at the size measured
/// (Texture's `calculateSizeThatFits:` and `-layout`).
actor MeasuringPlacer: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "measuringPlacer")
  nonisolated let child: PassNode

  init(_ child: PassNode) { self.child = child }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let unbounded = SizeRange(min: .zero, max: Size(width: range.max.width, height: .infinity))
    let size = try await child.layout(thatFits: unbounded).size
    return .size(Size(width: range.max.width, height: size.height + 10))
  }

  @MainActor func layout(_ context: borrowing LayoutContext) {
    if let size = context.calculatedSize(of: child) { child.layer?.frame = Rect(origin: Point(x: 0, y: 5), size: size) }
  }
}

/// A node whose spec stacks the subnodes it has when it is measured, each at the size it wants.
actor SubnodeColumn: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "column")

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    .spec(.stack(.vertical, alignItems: .start, children: await subnodes.map { .node($0) }))
  }
}

/// The frames `onDidLoad` blocks saw, on the main actor.
@MainActor
final class LoadedFrames {
  var frames: [Rect?] = []

  nonisolated init() {}
}

/// A node whose spec insets its first subnode, if it has one, by `inset` on every side.
actor InsetFirstSubnodeNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  let inset: Double

  init(inset: Double) {
    self.inset = inset
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    guard let first = await subnodes.first else { return .size(range.max) }
    return .spec(.inset(EdgeInsets(top: inset, left: inset, bottom: inset, right: inset), .node(first)))
  }
}

/// A node whose `layout(_:)` marks its own view as needing layout, and counts its runs.
actor SelfMarkingNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "selfMarking")
  nonisolated let hookRuns = HookRuns()

  @MainActor func layout(_ context: borrowing LayoutContext) {
    hookRuns.count += 1
    context.view?.setNeedsLayout()
  }
}

/// A count that main-actor hooks raise.
@MainActor
final class HookRuns {
  var count = 0
}
