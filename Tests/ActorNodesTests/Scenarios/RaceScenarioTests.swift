import ActorNodes
import Testing

// Scenarios a Texture user would write to break the guarantees "never a hang, never a lost callback, never silent
// corruption" under concurrency, cancellation and teardown, with the public API only (adversarial round 34): every
// awaiting call made while the tree is edited, detached, moved or released, or from a cancelled task; coalesced,
// superseded and cancelled measurements; a deep chain's whole life; weak references after teardown in every phase;
// edits from many tasks while a window attaches and detaches the tree. Waits are a user's: manual windows and
// `flush()`, `layoutIfNeeded()`, `waitForPendingDisplays()`, continuations; the round 30 and 33 nodes and logs are
// shared (`ScenarioLog`, `ScenarioCounter`, `ScenarioHookNode`, `UserNode`, `UserDrawingNode`, `UserSignalsBox`).

// MARK: - A user's own node

/// A leaf of a settable size whose measurements numbered in `held` wait for the test: the n-th measurement reports
/// "started-n" to `gate` and returns once the gate holds "go-n". It reports "freed" when it goes away.
actor RaceGatedNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let gate: ScenarioCounter
  nonisolated let held: Set<Int>
  private(set) var measures = 0
  private var size: Size

  init(_ name: String, gate: ScenarioCounter, size: Size, held: Set<Int>) {
    self.gate = gate
    self.held = held
    self.size = size
    nodeState = NodeState(debugName: name)
  }

  func setSize(_ size: Size) { self.size = size }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    measures += 1
    let index = measures
    let size = size  // What this measurement saw: a change during the wait is the next measurement's.
    if held.contains(index) {
      await gate.add("started-\(index)")
      await gate.wait(for: "go-\(index)")
    }
    return .size(size)
  }

  deinit {
    let gate = gate
    Task { await gate.add("freed") }
  }
}

/// A node laid out by hand the way ported Texture code often is: it measures `inner` after the test lets it, falling
/// back on zero when that measurement fails (Texture's `layoutThatFits:` cannot fail).
actor RaceFallbackNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "fallback")
  nonisolated let inner: RaceGatedNode
  nonisolated let gate: ScenarioCounter
  private var calls = 0

  init(inner: RaceGatedNode, gate: ScenarioCounter) {
    self.inner = inner
    self.gate = gate
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    calls += 1
    if calls == 1 {
      await gate.add("fallback-started")
      await gate.wait(for: "fallback-go")
    }
    return .size((try? await inner.layout(thatFits: range))?.size ?? .zero)
  }
}

/// Lets the main actor run what frees a dropped tree: a node let go off the main actor (by a draw or a pass that
/// ends) is freed by that task, and its views in a later main-actor job, as Texture frees a node's views on the main
/// queue's next drain. Yields until `isGone` holds, or for a minute, which only a leak takes (busy machines take
/// seconds: the full suite runs beside these scenarios).
@MainActor func raceDrainReleases(until isGone: () -> Bool) async {
  let deadline = ContinuousClock.now + .seconds(60)
  while !isGone(), ContinuousClock.now < deadline { await Task.yield() }
}

// MARK: - Scenarios

@Suite("Races, cancellation and teardown, public API only (adversarial round 34)", .timeLimit(.minutes(2)))
struct RaceScenarioTests {
  static let range = SizeRange(min: .zero, max: Size(width: 100, height: 100))

  @Test(
    "Identical concurrent measurements share one run of the layout code; a cancelled caller, the measuring one or one waiting, gets CancellationError at once and the others the result"
  ) func coalescedMeasurementWithCancelledCallers() async throws {
    let gate = ScenarioCounter()
    let node = RaceGatedNode("gated", gate: gate, size: Size(width: 30, height: 20), held: [1])
    let measuring = Task.detached { try await node.layout(thatFits: Self.range).size }
    await gate.wait(for: "started-1")
    let waiting = (0..<3).map { _ in Task.detached { try await node.layout(thatFits: Self.range).size } }
    waiting[1].cancel()
    // The waiting caller stops waiting while the measurement still runs (its gate is closed).
    await #expect(throws: CancellationError.self) { try await waiting[1].value }
    measuring.cancel()
    await gate.add("go-1")
    await #expect(throws: CancellationError.self) { try await measuring.value }
    #expect(try await waiting[0].value == Size(width: 30, height: 20))
    #expect(try await waiting[2].value == Size(width: 30, height: 20))
    #expect(try await node.layout(thatFits: Self.range).size == Size(width: 30, height: 20))
    #expect(await node.measures == 1, "one run of the layout code, kept for every later caller")
  }

  @Test(
    "A measurement superseded by an invalidation while it runs is never cached: its callers get the newest size, and so do later ones"
  ) func supersededMeasurementIsNotCached() async throws {
    let gate = ScenarioCounter()
    let node = RaceGatedNode("gated", gate: gate, size: Size(width: 30, height: 20), held: [1, 2, 3])
    let first = Task.detached { try await node.layout(thatFits: Self.range).size }
    await gate.wait(for: "started-1")
    let joining = Task.detached { try await node.layout(thatFits: Self.range).size }
    await node.setSize(Size(width: 50, height: 10))
    node.invalidateCalculatedLayout()
    for index in 1...3 { await gate.add("go-\(index)") }
    #expect(try await first.value == Size(width: 50, height: 10))
    #expect(try await joining.value == Size(width: 50, height: 10))
    let measures = await node.measures
    #expect(try await node.layout(thatFits: Self.range).size == Size(width: 50, height: 10))
    #expect(await node.measures == measures, "the newest measurement is cached")
  }

  @Test(
    "Every awaiting call made from a cancelled task returns, and does its work: the attach lays out, the waits wait, the display commits, the detach detaches"
  ) @MainActor func awaitingCallsFromACancelledTask() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let child = UserNode("child", log: log, size: Size(width: 10, height: 6))
    let drawing = UserDrawingNode("drawing", log: log)
    try await root.addSubnodes([child, drawing])
    await root.setChildren([child])
    let window = Window(size: Size(width: 40, height: 40), turnMode: .manual)
    let gate = ScenarioCounter()
    let task = Task { @MainActor in
      await gate.wait(for: "go")
      #expect(Task.isCancelled)
      try await window.attach(root)
      #expect(child.view?.frame == Rect(x: 0, y: 0, width: 40, height: 6), "the attach's pass ran")
      await child.setFixedSize(Size(width: 10, height: 9))
      await child.setNeedsLayout()
      try await window.waitForLayoutPasses()
      await window.flush()
      #expect(child.view?.frame == Rect(x: 0, y: 0, width: 40, height: 9))
      await child.setFixedSize(Size(width: 10, height: 12))
      await child.setNeedsLayout()
      try await window.layoutIfNeeded()
      #expect(child.view?.frame == Rect(x: 0, y: 0, width: 40, height: 12))
      await child.setFixedSize(Size(width: 10, height: 14))
      await child.setNeedsLayout()
      try await child.layoutIfNeeded()
      #expect(child.view?.frame == Rect(x: 0, y: 0, width: 40, height: 14))
      await window.waitForPendingDisplays()
      await root.recursivelyEnsureDisplay()
      #expect(drawing.layer?.contents != nil, "the display committed")
      await Task.detached { await child.configure { $0.alpha = 0.5 } }.value
      await window.flush()
      await child.waitForQueuedWork()
      await window.waitForQueuedWork()
      #expect(child.view?.alpha == 0.5)
      await window.detach()
      #expect(!root.isInHierarchy)
    }
    task.cancel()
    await gate.add("go")
    try await task.value
    #expect(log.count("root.didExit") == 1)
    #expect(log.count("drawing.didFinish") == 1)
  }

  @Test(
    "An unloaded node's layoutIfNeeded and layout(thatFits:) from a cancelled task throw CancellationError and cache nothing; the next call lays the tree out"
  ) func unloadedCallsFromACancelledTask() async throws {
    let log = ScenarioLog()
    let (root, child) = await MainActor.run {
      (UserNode("root", log: log), UserNode("child", log: log, size: Size(width: 10, height: 6)))
    }
    try await root.addSubnode(child)
    await root.setChildren([child])
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 30, height: 30) }
    let gate = ScenarioCounter()
    let task = Task.detached {
      await gate.wait(for: "go")
      await #expect(throws: CancellationError.self) { try await root.layoutIfNeeded() }
      await #expect(throws: CancellationError.self) { try await root.layout(thatFits: Self.range) }
    }
    task.cancel()
    await gate.add("go")
    await task.value
    #expect(await child.viewProperties().frame == .zero, "nothing was laid out")
    try await root.layoutIfNeeded()
    #expect(await child.viewProperties().frame == Rect(x: 0, y: 0, width: 30, height: 6))
    #expect(try await root.layout(thatFits: SizeRange(exactWidth: 20)).size == Size(width: 20, height: 6))
  }

  @Test(
    "A task waiting for a node's queued write in a manual window is let go by the flush of the window the tree moved to, and the write shows"
  ) @MainActor func queuedWorkWaiterFollowsTheTree() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let child = UserNode("child", log: log, size: Size(width: 4, height: 6))
    try await root.addSubnode(child)
    let first = Window(turnMode: .manual)
    try await first.attach(root)
    await Task.detached { await child.configure { $0.alpha = 0.5 } }.value
    let arrived = ScenarioCounter()
    let waiter = Task.detached {
      await child.waitForQueuedWork()
      await arrived.add("done")
    }
    await first.detach()
    let second = Window(turnMode: .manual)
    try await second.attach(root)
    await second.flush()
    await waiter.value
    #expect(await arrived.has("done"))
    #expect(child.view?.alpha == 0.5)
    #expect(child.isInHierarchy)
  }

  @Test(
    "A task waiting for a node's queued write in a manual window that goes away returns; later writes and waits of the tree still end"
  ) @MainActor func queuedWorkWaiterWhenItsWindowGoesAway() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let child = UserNode("child", log: log, size: Size(width: 4, height: 6))
    try await root.addSubnode(child)
    var window: Window? = Window(turnMode: .manual)
    try await window?.attach(root)
    await Task.detached { await child.configure { $0.alpha = 0.5 } }.value
    let waiter = Task.detached { await child.waitForQueuedWork() }
    window = nil
    await waiter.value
    #expect(!root.isInHierarchy)
    await Task.detached {
      await child.configure { $0.alpha = 0.25 }
      await child.waitForQueuedWork()
    }.value
    #expect(child.view?.alpha == 0.25)
  }

  @Test(
    "window.layoutIfNeeded() waiting for a pass returns when the tree is detached mid-pass; another window then lays the tree out at the newest size"
  ) @MainActor func layoutIfNeededReturnsWhenDetachedMidPass() async throws {
    let log = ScenarioLog()
    let gate = ScenarioCounter()
    let root = UserNode("root", log: log)
    let leaf = RaceGatedNode("leaf", gate: gate, size: Size(width: 10, height: 5), held: [2])
    try await root.addSubnode(leaf)
    await root.setChildren([leaf])
    let first = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await first.attach(root)
    #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: 50, height: 5))
    await leaf.setSize(Size(width: 10, height: 8))
    await leaf.setNeedsLayout()
    let waiting = Task { @MainActor in try await first.layoutIfNeeded() }
    await gate.wait(for: "started-2")
    await first.detach()
    await gate.add("go-2")
    try await waiting.value
    let second = Window(size: Size(width: 60, height: 60), turnMode: .manual)
    try await second.attach(root)
    try await second.layoutIfNeeded()
    #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: 60, height: 8))
    #expect(leaf.isInHierarchy && root.view?.superview === second.view)
  }

  @Test(
    "A loaded node's layoutIfNeeded after the manual window it was last in went away returns and lays its subnodes out at its bounds"
  ) @MainActor func layoutIfNeededAfterItsWindowWentAway() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let child = UserNode("child", log: log, size: Size(width: 10, height: 6))
    try await root.addSubnode(child)
    await root.setChildren([child])
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 70, height: 70) }
    var window: Window? = Window(size: Size(width: 70, height: 70), turnMode: .manual)
    try await window?.attach(root)
    await window?.detach()
    window = nil
    await child.setFixedSize(Size(width: 10, height: 11))
    await child.setNeedsLayout()
    try await root.layoutIfNeeded()
    #expect(child.view?.frame == Rect(x: 0, y: 0, width: 70, height: 11))
  }

  @Test(
    "A tree dropped with its window while a layout pass is measuring it is freed, nodes and views, once the measurement returns"
  ) @MainActor func treeDroppedMidPassIsFreed() async throws {
    let gate = ScenarioCounter()
    weak var weakRoot: UserNode?
    weak var weakView: View?
    weak var weakWindow: Window?
    do {
      let log = ScenarioLog()
      let root = UserNode("root", log: log)
      let leaf = RaceGatedNode("leaf", gate: gate, size: Size(width: 10, height: 5), held: [2])
      try await root.addSubnode(leaf)
      await root.setChildren([leaf])
      var window: Window? = Window(turnMode: .manual)
      try await window?.attach(root)
      weakRoot = root
      weakView = leaf.view
      weakWindow = window
      await leaf.setSize(Size(width: 10, height: 8))
      await leaf.setNeedsLayout()
      await gate.wait(for: "started-2")
      window = nil
    }
    #expect(weakWindow == nil)
    await gate.add("go-2")
    await gate.wait(for: "freed")
    await raceDrainReleases { weakRoot == nil && weakView == nil }
    #expect(weakRoot == nil)
    #expect(weakView == nil)
  }

  @Test(
    "An unloaded node whose measuring caller is cancelled and dropped is freed once its layout code returns"
  ) func nodeDroppedMidMeasurementIsFreed() async throws {
    let gate = ScenarioCounter()
    var node: RaceGatedNode? = RaceGatedNode("gated", gate: gate, size: Size(width: 5, height: 5), held: [1])
    let measuring = Task.detached { [node] in try await node!.layout(thatFits: Self.range).size }
    await gate.wait(for: "started-1")
    measuring.cancel()
    node = nil
    await gate.add("go-1")
    await #expect(throws: CancellationError.self) { try await measuring.value }
    await gate.wait(for: "freed")
  }

  @Test(
    "recursivelyEnsureDisplay() and waitForPendingDisplays() waiting for a slow draw return when the tree is detached mid-draw; the draw is cancelled and commits nothing"
  ) @MainActor func ensureDisplayReturnsWhenDetachedMidDraw() async throws {
    let box = UserSignalsBox()
    let log = ScenarioLog()
    let root = BasicNode()
    let drawing = UserDrawingNode("drawing", log: log)
    await drawing.setParameters(UserDrawParameters(color: .blue, spin: true, signals: box, spinLimit: Int.max))
    try await root.addSubnode(drawing)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    await box.signals.wait(for: "started")
    let ensure = Task { @MainActor in await root.recursivelyEnsureDisplay() }
    let pending = Task { @MainActor in await window.waitForPendingDisplays() }
    await window.detach()
    await ensure.value
    await pending.value
    await box.signals.wait(for: "sawCancel")
    await window.flush()
    #expect(drawing.layer?.contents == nil)
    #expect(log.count("drawing.didFinish") == 0)
  }

  @Test(
    "recursivelyEnsureDisplay() of a node whose window goes away mid-draw returns; the tree is freed once the draw returns"
  ) @MainActor func ensureDisplayReturnsWhenWindowGoesAwayMidDraw() async throws {
    let box = UserSignalsBox()
    weak var weakDrawing: UserDrawingNode?
    weak var weakLayer: Layer?
    do {
      let log = ScenarioLog()
      let drawing = UserDrawingNode("drawing", log: log)
      await drawing.setParameters(UserDrawParameters(color: .blue, spin: true, signals: box, spinLimit: Int.max))
      var window: Window? = Window(turnMode: .manual)
      try await window?.attach(drawing)
      weakDrawing = drawing
      weakLayer = drawing.layer
      await box.signals.wait(for: "started")
      let ensure = Task { @MainActor in await drawing.recursivelyEnsureDisplay() }
      window = nil
      await ensure.value
      #expect(!drawing.isInHierarchy)
    }
    await box.signals.wait(for: "sawCancel")
    await raceDrainReleases { weakDrawing == nil && weakLayer == nil }
    #expect(weakDrawing == nil)
    #expect(weakLayer == nil)
  }

  @Test(
    "A detach called while an attach is in progress waits for it, then detaches: enters and exits balanced, the window left empty"
  ) @MainActor func detachDuringAttach() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("root", log: log)
    let child = ScenarioHookNode("child", log: log, size: Size(width: 2, height: 2))
    try await root.addSubnode(child)
    let window = Window(turnMode: .manual)
    let attaching = Task { @MainActor in try await window.attach(root) }
    let detaching = Task { @MainActor in await window.detach() }
    try await attaching.value
    await detaching.value
    await window.flush()
    #expect(window.rootNode == nil)
    #expect(!root.isInHierarchy && !child.isInHierarchy)
    #expect(window.view.subviews.isEmpty)
    for name in ["root", "child"] {
      #expect(log.count("\(name).willEnter(true)") == log.count("\(name).didExit(false)"))
    }
  }

  @Test(
    "recursivelyEnsureDisplay() waiting for a subnode's slow draw returns when another task removes that subnode; its draw commits nothing"
  ) @MainActor func ensureDisplayReturnsWhenSubnodeRemovedMidDraw() async throws {
    let box = UserSignalsBox()
    let log = ScenarioLog()
    let root = BasicNode()
    let drawing = UserDrawingNode("drawing", log: log)
    await drawing.setParameters(UserDrawParameters(color: .blue, spin: true, signals: box, spinLimit: Int.max))
    try await root.addSubnode(drawing)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    await box.signals.wait(for: "started")
    let ensure = Task { @MainActor in await root.recursivelyEnsureDisplay() }
    await Task.detached { await drawing.removeFromSupernode() }.value
    await ensure.value
    await box.signals.wait(for: "sawCancel")
    await window.flush()
    #expect(drawing.layer?.contents == nil)
    #expect(log.count("drawing.didFinish") == 0)
    #expect(!drawing.isInHierarchy)
  }

  @Test(
    "A measurement whose caller is cancelled after its layout code falls back on a refused submeasurement is not cached: a caller that joined it gets the true size"
  ) func joinerOfARefusedMeasurementGetsTheTrueSize() async throws {
    let gate = ScenarioCounter()
    let inner = RaceGatedNode("inner", gate: gate, size: Size(width: 12, height: 7), held: [])
    let holder = RaceFallbackNode(inner: inner, gate: gate)
    let measuring = Task.detached { try await holder.layout(thatFits: Self.range).size }
    await gate.wait(for: "fallback-started")
    let joining = Task.detached { try await holder.layout(thatFits: Self.range).size }
    measuring.cancel()
    await gate.add("fallback-go")
    await #expect(throws: CancellationError.self) { try await measuring.value }
    #expect(try await joining.value == Size(width: 12, height: 7))
    #expect(try await holder.layout(thatFits: Self.range).size == Size(width: 12, height: 7))
  }

  @Test(
    "A pass of window A still measuring when the tree moves to window B and is laid out there never puts A's older frames over B's, whichever window flushes first"
  ) @MainActor func staleFramesOfTheOldWindowNeverWin() async throws {
    let log = ScenarioLog()
    let gate = ScenarioCounter()
    let root = UserNode("root", log: log)
    let leaf = RaceGatedNode("leaf", gate: gate, size: Size(width: 10, height: 5), held: [2])
    try await root.addSubnode(leaf)
    await root.setChildren([leaf])
    let first = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await first.attach(root)
    await leaf.setSize(Size(width: 10, height: 8))
    await leaf.setNeedsLayout()
    await gate.wait(for: "started-2")
    await first.detach()
    let second = Window(size: Size(width: 60, height: 60), turnMode: .manual)
    try await second.attach(root)
    try await second.layoutIfNeeded()
    #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: 60, height: 8))
    await gate.add("go-2")
    try await first.layoutIfNeeded()
    await first.flush()
    await second.flush()
    try await second.layoutIfNeeded()
    #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: 60, height: 8))
    #expect(root.appliedLayout?.size == Size(width: 60, height: 60))
    #expect(leaf.appliedLayout?.size == Size(width: 60, height: 8))
  }

  @Test(
    "A window resized while its pass is measuring ends at the new size: the pass in flight never leaves its older frames last"
  ) @MainActor func resizeDuringAPass() async throws {
    let log = ScenarioLog()
    let gate = ScenarioCounter()
    let root = UserNode("root", log: log)
    let leaf = RaceGatedNode("leaf", gate: gate, size: Size(width: 10, height: 5), held: [2])
    try await root.addSubnode(leaf)
    await root.setChildren([leaf])
    let window = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await window.attach(root)
    await leaf.setSize(Size(width: 10, height: 8))
    await leaf.setNeedsLayout()
    await gate.wait(for: "started-2")
    window.resize(to: Size(width: 80, height: 40))
    await gate.add("go-2")
    try await window.layoutIfNeeded()
    #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: 80, height: 8))
    #expect(root.appliedLayout?.size == Size(width: 80, height: 40))
  }

  @Test(
    "Two tasks ensuring the display of a node whose draw is under way both wait for that draw: one display, both return with its contents"
  ) @MainActor func concurrentEnsureDisplayShareTheDrawUnderWay() async throws {
    let box = UserSignalsBox()
    let log = ScenarioLog()
    let drawing = UserDrawingNode("drawing", log: log, color: .green)
    await drawing.setParameters(UserDrawParameters(color: .green, spin: true, signals: box, spinLimit: Int.max))
    let window = Window(turnMode: .manual)
    try await window.attach(drawing)
    await box.signals.wait(for: "started")
    let ensures = (0..<2).map { _ in Task { @MainActor in await drawing.recursivelyEnsureDisplay() } }
    let pending = Task { await window.waitForPendingDisplays() }
    box.release()
    for ensure in ensures { await ensure.value }
    await pending.value
    #expect(scenarioColor(of: drawing.layer) == .green)
    #expect(await drawing.parameterCalls == 1, "the display under way, not another")
    #expect(log.count("drawing.willStart") == 1 && log.count("drawing.didFinish") == 1)
  }

  @Test(
    "A tree's loadView() racing its attach, and a subnode's loadView() racing both: each view made once, didLoad once, the tree in the window"
  ) @MainActor func loadViewRacingAttach() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("root", log: log)
    let child = ScenarioHookNode("child", log: log, size: Size(width: 3, height: 3))
    let grandchild = ScenarioHookNode("grandchild", log: log, size: Size(width: 1, height: 1))
    try await Subtree(root) { Subtree(child) { grandchild } }.assemble()
    let window = Window(turnMode: .manual)
    let loads = [
      Task.detached { await root.loadView() },
      Task.detached { await child.loadView() },
      Task.detached { await grandchild.loadView() },
    ]
    try await window.attach(root)
    for load in loads { await load.value }
    await window.flush()
    for node in [root, child, grandchild] {
      #expect(log.count("\(node.name).didLoad") == 1)
      #expect(node.isInHierarchy)
      #expect(log.count("\(node.name).willEnter(true)") == 1)
    }
    #expect(root.view?.superview === window.view)
    #expect(child.view?.superview === root.view && grandchild.view?.superview === child.view)
    #expect(root.view?.subviews.count == 1 && child.view?.subviews.count == 1)
  }

  @Test(
    "Tasks adding nodes under each other at once never make a cycle: of a→b, b→c and c→a one throws wouldCreateCycle, and the tree has one root"
  ) func concurrentEditsNeverMakeACycle() async throws {
    for _ in 0..<20 {
      let nodes = (0..<3).map { BasicNode(debugName: "n\($0)") }
      let edits = (0..<3).map { index in
        Task.detached { () -> HierarchyError? in
          do {
            try await nodes[index].addSubnode(nodes[(index + 1) % 3])
            return nil
          } catch { return error as? HierarchyError }
        }
      }
      var errors: [HierarchyError?] = []
      for edit in edits { errors.append(await edit.value) }
      #expect(errors.compactMap { $0 } == [.wouldCreateCycle])
      var roots = 0
      for node in nodes {
        let supernodes = await node.supernodes
        #expect(supernodes.count < 3, "no node is its own ancestor")
        if supernodes.isEmpty { roots += 1 }
      }
      #expect(roots == 1)
    }
  }

  @Test(
    "A subtree removed and dropped while a background write to it waits for a live manual window's turn is freed, nodes and views, by that window's next flush"
  ) @MainActor func subtreeDroppedWithWritesQueuedInALiveWindow() async throws {
    let window = Window(turnMode: .manual)
    let root = BasicNode()
    try await window.attach(root)
    weak var weakNode: BasicNode?
    weak var weakView: View?
    do {
      let node = BasicNode()
      let inner = BasicNode()
      try await node.addSubnode(inner)
      try await root.addSubnode(node)
      await window.flush()
      weakNode = node
      weakView = inner.view
      #expect(weakView != nil)
      await Task.detached {
        await inner.configure { $0.alpha = 0.5 }
        await node.removeFromSupernode()
      }.value
    }
    await window.flush()
    await raceDrainReleases { weakNode == nil && weakView == nil }
    #expect(weakNode == nil)
    #expect(weakView == nil)
    #expect(root.view?.subviews.isEmpty == true)
  }

  @Test(
    "Tasks waiting in layoutIfNeeded(), waitForLayoutPasses(), a node's layoutIfNeeded() and waitForQueuedWork() that are cancelled mid-wait all return once the pass ends and the window flushes; the frames are the pass's"
  ) @MainActor func waitersCancelledMidPassReturn() async throws {
    let log = ScenarioLog()
    let gate = ScenarioCounter()
    let root = UserNode("root", log: log)
    let leaf = RaceGatedNode("leaf", gate: gate, size: Size(width: 10, height: 5), held: [2])
    try await root.addSubnode(leaf)
    await root.setChildren([leaf])
    let window = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await window.attach(root)
    await leaf.setSize(Size(width: 10, height: 8))
    await leaf.setNeedsLayout()
    await gate.wait(for: "started-2")
    await Task.detached { await root.configure { $0.alpha = 0.5 } }.value
    let waiters: [Task<Void, any Error>] = [
      Task { @MainActor in try await window.layoutIfNeeded() },
      Task { @MainActor in try await window.waitForLayoutPasses() },
      Task.detached { try await leaf.layoutIfNeeded() },
      Task.detached { await root.waitForQueuedWork() },
      Task { @MainActor in await window.waitForQueuedWork() },
    ]
    for waiter in waiters { waiter.cancel() }
    await gate.add("go-2")
    try await window.waitForLayoutPasses()
    await window.flush()
    for waiter in waiters { _ = try? await waiter.value }
    await window.flush()
    #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: 50, height: 8))
    #expect(root.view?.alpha == 0.5)
  }

  @Test(
    "Two tasks attaching the same root to one window, then two detaching it: one attach throws windowHasRoot, the second detach does nothing; one enter, one exit"
  ) @MainActor func doubledAttachAndDetach() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("root", log: log)
    let window = Window(turnMode: .manual)
    let attaches = (0..<2).map { _ in
      Task { @MainActor () -> HierarchyError? in
        do {
          try await window.attach(root)
          return nil
        } catch { return error as? HierarchyError }
      }
    }
    var errors: [HierarchyError?] = []
    for attach in attaches { errors.append(await attach.value) }
    #expect(errors.compactMap { $0 } == [.windowHasRoot])
    let detaches = (0..<2).map { _ in Task { @MainActor in await window.detach() } }
    for detach in detaches { await detach.value }
    await window.flush()
    #expect(window.rootNode == nil && !root.isInHierarchy && window.view.subviews.isEmpty)
    #expect(log.count("root.willEnter(true)") == 1 && log.count("root.didExit(false)") == 1)
    #expect(log.count("root.didLoad") == 1)
  }

  @Test(
    "Many tasks moving leaves between two containers while the window attaches and detaches the tree: no leaf lost or duplicated, views follow nodes, enters and exits balanced, each view loaded once"
  ) @MainActor func editStormWhileAttachingAndDetaching() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("root", log: log)
    let left = ScenarioHookNode("left", log: log)
    let right = ScenarioHookNode("right", log: log)
    try await root.addSubnodes([left, right])
    let leaves = (0..<8).map { ScenarioHookNode("leaf\($0)", log: log, size: Size(width: 2, height: 2)) }
    try await left.addSubnodes(leaves)
    let window = Window(turnMode: .manual)
    let editors = (0..<4).map { task in
      Task.detached {
        for round in 0..<25 {
          for leaf in [leaves[task * 2], leaves[task * 2 + 1]] {
            switch round % 3 {
            case 0: try await right.addSubnode(leaf)
            case 1: await leaf.removeFromSupernode()
            default: try await left.insertSubnode(leaf, at: 0)
            }
          }
        }
        for leaf in [leaves[task * 2], leaves[task * 2 + 1]] { try await left.addSubnode(leaf) }
      }
    }
    for _ in 0..<6 {
      try await window.attach(root)
      await window.flush()
      await window.detach()
    }
    try await window.attach(root)
    for editor in editors { try await editor.value }
    await window.flush()
    let subnodes = await left.subnodes
    #expect(subnodes.count == 8)
    #expect(Set(subnodes.map { ObjectIdentifier($0) }) == Set(leaves.map { ObjectIdentifier($0) }))
    #expect(await right.subnodes.isEmpty)
    #expect(left.view?.subviews.count == 8)
    #expect(right.view?.subviews.isEmpty == true)
    for leaf in leaves {
      #expect(leaf.view?.superview === left.view)
      #expect(leaf.isInHierarchy)
      #expect(await leaf.supernodes.map { ObjectIdentifier($0) } == [ObjectIdentifier(left), ObjectIdentifier(root)])
    }
    for node in leaves + [left, right, root] {
      let name = node.name
      #expect(log.count("\(name).didLoad") == 1, "\(name) loaded once")
      #expect(
        log.count("\(name).willEnter(true)") == log.count("\(name).didExit(false)") + 1, "\(name) enters and exits")
      #expect(log.count("\(name).willEnter(false)") + log.count("\(name).didExit(true)") == 0)
    }
  }

  @Test(
    "The same root attached to two windows at once: one attach succeeds, the other throws nodeIsWindowRoot; the tree loads and enters once"
  ) @MainActor func sameRootAttachedToTwoWindowsAtOnce() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("root", log: log)
    let child = ScenarioHookNode("child", log: log, size: Size(width: 3, height: 3))
    try await root.addSubnode(child)
    let windows = [Window(turnMode: .manual), Window(turnMode: .manual)]
    let attaches = windows.map { window in
      Task { @MainActor () -> Bool in
        do {
          try await window.attach(root)
          return true
        } catch {
          #expect((error as? HierarchyError) == .nodeIsWindowRoot)
          return false
        }
      }
    }
    var results: [Bool] = []
    for attach in attaches { results.append(await attach.value) }
    #expect(results.filter { $0 }.count == 1)
    let winner = results[0] ? windows[0] : windows[1]
    #expect(winner.rootNode === root)
    #expect(root.view?.superview === winner.view)
    #expect(log.count("root.didLoad") == 1 && log.count("child.didLoad") == 1)
    #expect(log.count("root.willEnter(true)") == 1 && log.count("child.willEnter(true)") == 1)
  }

  @Test(
    "Background writes racing manual flushes: every flush shows a newer or equal value, never an older write over a newer one, and the last write shows"
  ) @MainActor func writesRacingFlushesNeverGoBack() async throws {
    let node = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 10, height: 10) }
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    let done = ScenarioCounter()
    let writer = Task.detached {
      for step in 1...200 {
        await node.configure {
          $0.alpha = Double(step) / 200
          $0.frame = Rect(x: Double(step), y: 0, width: 10, height: 10)
        }
      }
      await done.add("done")
    }
    var seen: [Double] = []
    while !(await done.has("done")) {
      await window.flush()
      seen.append(node.view?.alpha ?? -1)
      let alpha = node.view?.alpha ?? 0
      #expect(node.view?.frame.origin.x == (alpha * 200).rounded() || alpha == 1, "a write's two fields together")
    }
    await writer.value
    await window.flush()
    #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 <= $1 }, "no flush shows an older write")
    #expect(node.view?.alpha == 1)
    #expect(node.view?.frame == Rect(x: 200, y: 0, width: 10, height: 10))
  }
}

@Suite("A deep chain's whole life, public API only (adversarial round 34)", .timeLimit(.minutes(5)))
struct RaceDeepChainScenarioTests {
  /// Its layout pass visits 100,000 levels: about 11 s in debug (as `NodeLayoutTests.deepChain`'s attach), hence a
  /// suite of its own with the deep-tree suites' time limit.
  @Test(
    "A 100,000-deep chain is built in one step, laid out, loaded, drawn at its bottom and released, without overflowing a stack"
  ) @MainActor func deepChainWholeLife() async throws {
    let depth = 100_000
    weak var weakTop: BasicNode?
    weak var weakBottom: UserDrawingNode?
    weak var weakBottomLayer: Layer?
    do {
      let log = ScenarioLog()
      let bottom = UserDrawingNode("bottom", log: log)
      var subtree = Subtree(bottom)
      var next: any DisplayNode = bottom
      for _ in 1..<depth {
        let inner = next
        let node = BasicNode { _, _ in .inset(.zero, .node(inner)) }
        subtree = Subtree(node, subnodes: [subtree])
        next = node
      }
      let top = next as! BasicNode
      try await subtree.assemble()

      subtree = Subtree(BasicNode())
      let window = Window(size: Size(width: 16, height: 12), turnMode: .manual)
      try await window.attach(top)

      #expect(bottom.isInHierarchy)
      #expect(bottom.appliedLayout?.size == Size(width: 16, height: 12))
      await top.recursivelyEnsureDisplay()

      #expect(bottom.layer?.contents?.pixelWidth == 16)
      #expect(log.count("bottom.didFinish") == 1)
      weakTop = top
      weakBottom = bottom
      weakBottomLayer = bottom.layer
      await window.detach()
    }
    await raceDrainReleases { weakTop == nil && weakBottom == nil && weakBottomLayer == nil }
    #expect(weakTop == nil)
    #expect(weakBottom == nil)
    #expect(weakBottomLayer == nil)
  }
}
