import ActorNodes
import Testing

// Scenarios a Texture user would write, from the contract's hooks and Texture's own tests, with the public API
// only: no `@testable`, none of the suite's support helpers (`Gate`, `EventLog`, the test nodes). Waiting uses what
// a user has: `Window(turnMode: .manual)` and `flush()`, `layoutIfNeeded()`, `waitForPendingDisplays()`,
// `recursivelyEnsureDisplay()`; hooks are observed through a main-actor log; a draw that must still be running
// when the test cancels it reports its start to an actor and polls `request.isCancelled`. (Adversarial round 30.)

// MARK: - A user's own helpers

@MainActor
final class ScenarioLog {
  var entries: [String] = []
  func add(_ entry: String) { entries.append(entry) }
  func count(_ entry: String) -> Int { entries.filter { $0 == entry }.count }
}

actor ScenarioCounter {
  var values: [String] = []
  private var waiters: [(String, CheckedContinuation<Void, Never>)] = []
  func add(_ value: String) {
    values.append(value)
    let ready = waiters.filter { $0.0 == value }
    waiters.removeAll { $0.0 == value }
    for waiter in ready { waiter.1.resume() }
  }
  func wait(for value: String) async {
    if values.contains(value) { return }
    await withCheckedContinuation { waiters.append((value, $0)) }
  }
  func has(_ value: String) -> Bool { values.contains(value) }
}

actor ScenarioHookNode: DisplayNode {
  nonisolated let nodeCore: NodeCore
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let log: ScenarioLog
  var specCalls = 0
  var layoutChange = 0
  var children: [any DisplayNode] = []
  var fixedSize: Size?

  init(_ name: String, log: ScenarioLog, isLayerBacked: Bool = false, size: Size? = nil) {
    self.name = name
    self.log = log
    nodeCore = NodeCore(isLayerBacked: isLayerBacked)
    nodeState = NodeState(debugName: name)
    fixedSize = size
  }

  func setChildren(_ nodes: [any DisplayNode]) { children = nodes }
  func setFixedSize(_ size: Size?) { fixedSize = size }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    specCalls += 1
    if let fixedSize { return .size(fixedSize) }
    return .spec(.stack(.vertical, spacing: 0, children: children.map { .node($0) }))
  }
  func calculatedLayoutDidChange() { layoutChange += 1 }

  @MainActor func didLoad(_ context: borrowing LoadContext) { log.add("\(name).didLoad") }
  @MainActor func willEnterHierarchy(_ context: borrowing HierarchyContext) {
    log.add("\(name).willEnter(\(context.node.isInHierarchy))")
  }
  @MainActor func didEnterHierarchy(_ context: borrowing HierarchyContext) { log.add("\(name).didEnter") }
  @MainActor func didExitHierarchy(_ context: borrowing HierarchyContext) {
    log.add("\(name).didExit(\(context.node.isInHierarchy))")
  }
  @MainActor func layout(_ context: borrowing LayoutContext) { log.add("\(name).layout") }
  @MainActor func layoutDidFinish(_ context: borrowing LayoutContext) { log.add("\(name).layoutDidFinish") }
  @MainActor func subnodeDisplayWillStart(_ context: borrowing DisplayContext) { log.add("\(name).subWillStart") }
  @MainActor func subnodeDisplayDidFinish(_ context: borrowing DisplayContext) { log.add("\(name).subDidFinish") }
  @MainActor func hierarchyDisplayDidFinish(_ context: borrowing DisplayContext) {
    log.add("\(name).hierarchyDidFinish")
  }
}

struct ScenarioDraw: Sendable, Hashable {
  var color: Color
  var spinUntilCancelled: Bool
  var sink: ScenarioSink?
}

final class ScenarioSink: Sendable, Hashable {
  let counter = ScenarioCounter()
  static func == (a: ScenarioSink, b: ScenarioSink) -> Bool { a === b }
  func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

actor ScenarioDrawingNode: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let log: ScenarioLog
  var params: ScenarioDraw

  init(_ name: String, log: ScenarioLog, color: Color = .red, frame: Rect = Rect(x: 0, y: 0, width: 10, height: 10)) {
    self.log = log
    params = ScenarioDraw(color: color, spinUntilCancelled: false, sink: nil)
    nodeState = NodeState(debugName: name) { $0.frame = frame }
  }
  func setParams(_ p: ScenarioDraw) { params = p }
  func drawParameters() -> ScenarioDraw { params }
  static func draw(_ p: ScenarioDraw, in context: inout GraphicsContext, request: DisplayRequest) {
    if let sink = p.sink { Task { await sink.counter.add("started-\(p.color)") } }
    if p.spinUntilCancelled {
      var spins = 0
      while !request.isCancelled && spins < 30_000_000 { spins += 1 }
      let saw = request.isCancelled
      if let sink = p.sink { Task { await sink.counter.add(saw ? "sawCancel" : "timedOut") } }
    }
    context.fill(request.bounds, with: p.color)
  }
  @MainActor func displayWillStart(_ context: borrowing DisplayContext) {
    log.add("willStart(\(context.isAsynchronous))")
  }
  @MainActor func displayDidFinish(_ context: borrowing DisplayContext) { log.add("didFinish") }
  @MainActor func hierarchyDisplayDidFinish(_ context: borrowing DisplayContext) { log.add("hierarchyDidFinish") }
  @MainActor func subnodeDisplayDidFinish(_ context: borrowing DisplayContext) { log.add("subnodeDidFinish") }
}

actor ScenarioManualLayoutNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "manual")
  let title: TextNode
  var measures = 0

  init(text: String) async throws {
    title = TextNode(text: AttributedText(text))
    try await addSubnode(title)
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    measures += 1
    let size = try await title.layout(thatFits: SizeRange(min: .zero, max: range.max)).size
    return .size(Size(width: size.width + 16, height: size.height + 16))
  }

  @MainActor func layout(_ context: borrowing LayoutContext) {
    let size = context.calculatedSize(of: title) ?? .zero
    title.view?.frame = Rect(x: 8, y: 8, width: size.width, height: size.height)
  }
}

@MainActor
func scenarioColor(of layer: Layer?) -> Color? {
  guard let image = layer?.contents, image.pixelWidth > 0 else { return nil }
  let p = image.rgba
  return Color(red: Double(p[0]) / 255, green: Double(p[1]) / 255, blue: Double(p[2]) / 255)
}

@Suite("Texture scenarios written with the public API only", .timeLimit(.minutes(5)))
struct PublicAPIScenarioTests {
  @Test(
    "A node made and configured in a background task loads its view on the main actor with those properties (Texture: testViewCreatedOffThreadCanBeRealizedOnThread)"
  ) @MainActor func createdOffMainRealizedOnMain() async throws {
    let node = await Task.detached { BasicNode(debugName: "bg") { $0.backgroundColor = .red } }.value
    #expect(!node.isNodeLoaded)
    await node.loadView()
    #expect(node.isNodeLoaded)
    #expect(node.view?.backgroundColor == .red)
  }

  @Test(
    "A factory node made off the main actor is synchronous and runs its factory only at load, on the main actor (Texture: testNodeCreatedOffThreadWithLazyView)"
  ) @MainActor func viewBlockNodeIsSynchronousAndLazy() async throws {
    let log = ScenarioLog()
    let node = await Task.detached {
      BasicNode(makeView: {
        log.add("made")
        return View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
      })
    }.value
    #expect(node.isSynchronous)
    #expect(!node.displaysAsynchronously)
    #expect(log.entries.isEmpty)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    #expect(log.entries == ["made"])
    #expect(node.view != nil)
  }

  @Test(
    "Properties written off the main actor before load read back before load and reach the loaded view (Texture: testSimpleUIViewBridgePropertiesSetOffThreadPropagate)"
  ) @MainActor func propertiesSetOffMainBeforeLoad() async throws {
    let node = BasicNode()
    await Task.detached {
      await node.configure {
        $0.alpha = 0.25
        $0.cornerRadius = 3
        $0.frame = Rect(x: 1, y: 2, width: 30, height: 40)
      }
    }.value
    #expect(await node.viewProperties().alpha == 0.25)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    #expect(node.view?.alpha == 0.25)
    #expect(node.layer?.cornerRadius == 3)
    #expect(await node.viewProperties().alpha == 0.25)
  }

  @Test("A node's properties read the same before and after load (Texture: testDefaultPropertyValuesView)") @MainActor
  func defaultsSameBeforeAndAfterLoad() async throws {
    let node = BasicNode()
    let before = await node.viewProperties()
    await node.loadView()
    let after = await node.viewProperties()
    #expect(before == after)
  }

  @Test(
    "onDidLoad blocks run after didLoad in the order they were added; one added after load runs in the next turn (Texture: testThatOnDidLoadWorks)"
  ) @MainActor func onDidLoadOrder() async throws {
    let log = ScenarioLog()
    let node = ScenarioHookNode("n", log: log)
    for i in 1...3 { await node.onDidLoad { _ in log.add("block\(i)") } }
    await node.loadView()
    #expect(log.entries == ["n.didLoad", "block1", "block2", "block3"])
    // onDidLoad on a loaded node runs at once.
    await node.onDidLoad { _ in log.add("late") }
    await node.waitForQueuedWork()
    #expect(log.entries.last == "late")
  }

  @Test("A subnode's didLoad runs before its supernode's, and willEnterHierarchy sees isInHierarchy already true")
  @MainActor func didLoadChildrenFirst() async throws {
    let log = ScenarioLog()
    let parent = ScenarioHookNode("p", log: log)
    let child = ScenarioHookNode("c", log: log)
    try await parent.addSubnode(child)
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    #expect(Array(log.entries.prefix(2)) == ["c.didLoad", "p.didLoad"])
    #expect(log.entries.contains("p.willEnter(true)"))
  }

  @Test(
    "A root gets one willEnterHierarchy on attach and one didExitHierarchy on detach; isInHierarchy tracks (Texture: testAppearanceMethodsCalledWithRootNodeInWindowView)"
  ) @MainActor func enterAndExitOnce() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("r", log: log)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    #expect(root.isInHierarchy)
    #expect(log.entries.filter { $0.contains("willEnter") } == ["r.willEnter(true)"])
    await window.detach()
    #expect(!root.isInHierarchy)
    #expect(log.entries.filter { $0.contains("didExit") } == ["r.didExit(false)"])
  }

  @Test(
    "A subnode added to or removed from an in-window parent enters or leaves the hierarchy once, view- or layer-backed (Texture: testAppearanceMethodsView, …Layer)",
    arguments: [false, true]) @MainActor func subnodeAddedInWindowEnters(layerBacked: Bool) async throws
  {
    let log = ScenarioLog()
    let root = ScenarioHookNode("r", log: log)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    let child = ScenarioHookNode("c", log: log, isLayerBacked: layerBacked)
    try await root.addSubnode(child)
    await window.flush()
    #expect(child.isInHierarchy)
    #expect(log.entries.filter { $0.hasPrefix("c.willEnter") } == ["c.willEnter(true)"])
    await child.removeFromSupernode()
    await window.flush()
    #expect(!child.isInHierarchy)
    #expect(log.entries.filter { $0.hasPrefix("c.didExit") } == ["c.didExit(false)"])
  }

  @Test(
    "Moving a node between two parents in one window calls no hierarchy hook again (Texture: testMoveAcrossHierarchyView)"
  ) @MainActor func moveInWindowDoesNotReenter() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("r", log: log)
    let a = ScenarioHookNode("a", log: log)
    let b = ScenarioHookNode("b", log: log)
    let c = ScenarioHookNode("c", log: log)
    try await root.addSubnodes([a, b])
    try await a.addSubnode(c)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    try await b.addSubnode(c)
    await window.flush()
    #expect(log.entries.filter { $0.hasPrefix("c.") && !$0.contains("Load") } == ["c.willEnter(true)", "c.didEnter"])
    #expect(c.view?.superview === b.view)
  }

  @Test(
    "A subnode added off the main actor to an unloaded parent has no view until the parent loads, then exactly one (Texture: testSubnodeAddedBeforeLoadingExternalView)"
  ) @MainActor func subnodeBeforeLoad() async throws {
    let parent = BasicNode()
    let child = BasicNode()
    try await Task.detached { try await parent.addSubnode(child) }.value
    #expect(parent.view == nil)
    await parent.loadView()
    #expect(parent.view?.subviews.count == 1)
    #expect(parent.view?.subviews.first === child.view)
  }

  @Test(
    "A subnode added to a loaded parent is loaded and its view added by the parent's next turn (Texture: testSubnodeAddedAfterLoadingExternalView)"
  ) @MainActor func subnodeAfterLoad() async throws {
    let parent = BasicNode()
    await parent.loadView()
    let child = BasicNode()
    try await parent.addSubnode(child)
    await parent.waitForQueuedWork()
    #expect(parent.view?.subviews.count == 1)
    #expect(child.isNodeLoaded)
  }

  @Test(
    "Adding a node to itself and re-inserting a subnode out of range throw, and the parent keeps one subnode (Texture: testSubnodes, testInsertExistingSubnode)"
  ) @MainActor func subnodeErrors() async throws {
    let parent = BasicNode()
    let child = BasicNode()
    await #expect(throws: HierarchyError.cannotAddNodeToItself) { try await parent.addSubnode(parent) }
    try await parent.addSubnode(child)
    await #expect(throws: HierarchyError.self) { try await parent.insertSubnode(child, at: 5) }
    #expect(await parent.subnodes.count == 1)
  }

  @Test(
    "A measurement is cached per range, shows in calculatedSize but not calculatedLayout, and invalidation measures anew (Texture: testMeasureOnLayoutIfNotHappenedBeforeNoRemeasureForSameBounds)"
  ) func measurementCache() async throws {
    let node = ScenarioHookNode("m", log: ScenarioLog(), size: Size(width: 20, height: 30))
    let range = SizeRange(min: .zero, max: Size(width: 100, height: 100))
    let first = try await node.layout(thatFits: range)
    let second = try await node.layout(thatFits: range)
    #expect(first.size == Size(width: 20, height: 30))
    #expect(first == second)
    #expect(await node.specCalls == 1)
    // calculatedSize reflects the pending measurement (Texture).
    #expect(await node.calculatedSize == Size(width: 20, height: 30))
    #expect(await node.calculatedLayout == nil)
    // measurement never calls calculatedLayoutDidChange
    #expect(await node.layoutChange == 0)
    node.invalidateCalculatedLayout()
    _ = try await node.layout(thatFits: range)
    #expect(await node.specCalls == 2)
  }

  @Test("A layout pass measures a never-measured node at its bounds (Texture: testMeasureOnLayoutIfNotHappenedBefore)")
  @MainActor func passMeasuresUnmeasured() async throws {
    let node = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 50, height: 60) }
    #expect(await node.calculatedSize == .zero)
    try await node.layoutIfNeeded()
    #expect(await node.calculatedSize == Size(width: 50, height: 60))
    #expect(await node.calculatedLayout?.size == Size(width: 50, height: 60))
  }

  @Test(
    "A window lays its tree out at its size, and a background setNeedsLayout's new frames reach the views after layoutIfNeeded"
  ) @MainActor func framesAppliedInWindow() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("r", log: log)
    let a = ScenarioHookNode("a", log: log, size: Size(width: 10, height: 20))
    let b = ScenarioHookNode("b", log: log, size: Size(width: 10, height: 30))
    try await root.addSubnodes([a, b])
    await root.setChildren([a, b])
    let window = Window(size: Size(width: 100, height: 200), turnMode: .manual)
    try await window.attach(root)
    #expect(a.view?.frame == Rect(x: 0, y: 0, width: 100, height: 20))
    #expect(b.view?.frame == Rect(x: 0, y: 20, width: 100, height: 30))
    #expect(root.appliedLayout?.size == Size(width: 100, height: 200))
    #expect(log.entries.contains("r.layout"))
    // Change b's size from a background task; wait for the pass.
    await Task.detached {
      await b.setFixedSize(Size(width: 10, height: 50))
      await b.setNeedsLayout()
    }.value
    try await window.layoutIfNeeded()
    #expect(b.view?.frame == Rect(x: 0, y: 20, width: 100, height: 50))
    #expect(await b.calculatedSize == Size(width: 100, height: 50))
  }

  @Test("invalidateCalculatedLayout on a loaded node asks for a pass whose frames layoutIfNeeded waits for") @MainActor
  func invalidateAsksForPass() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("r", log: log)
    let a = ScenarioHookNode("a", log: log, size: Size(width: 10, height: 20))
    try await root.addSubnode(a)
    await root.setChildren([a])
    let window = Window(size: Size(width: 100, height: 200), turnMode: .manual)
    try await window.attach(root)
    await a.setFixedSize(Size(width: 10, height: 40))
    a.invalidateCalculatedLayout()
    try await window.layoutIfNeeded()
    #expect(a.view?.frame.size == Size(width: 100, height: 40))
  }

  @Test(
    "Automatic subnode management follows the spec: order, insertion, removal, views, and hand edits refused (Texture: testCalculatedLayoutHierarchyTransitions)"
  ) @MainActor func automaticSubnodes() async throws {
    let x = BasicNode(debugName: "x")
    let y = BasicNode(debugName: "y")
    let z = BasicNode(debugName: "z")
    let root = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, children: [.node(x), .node(y)])
    }
    let window = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await window.attach(root)
    #expect(await root.subnodes.map { $0.nodeCore.id } == [x.nodeCore.id, y.nodeCore.id])
    #expect(x.isInHierarchy && y.isInHierarchy)
    await root.setLayoutSpecBlock { _, _ in .stack(.vertical, children: [.node(z), .node(x)]) }
    await root.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(await root.subnodes.map { $0.nodeCore.id } == [z.nodeCore.id, x.nodeCore.id])
    #expect(z.isInHierarchy)
    #expect(!y.isInHierarchy)
    #expect(
      root.view?.subviews.map { ObjectIdentifier($0) }
        == [z.view, x.view].compactMap { $0 }.map { ObjectIdentifier($0) })
    await #expect(throws: HierarchyError.subnodesManagedByLayout) { try await root.addSubnode(y) }
  }

  @Test(
    "An unloaded node that manages its subnodes gets them from a pass run off the main actor (Texture: testInitialNodeInsertionWithOrdering)"
  ) func automaticSubnodesUnloaded() async throws {
    let x = BasicNode(debugName: "x")
    let root = BasicNode(automaticallyManagesSubnodes: true) { _, _ in .stack(children: [.node(x)]) }
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 10, height: 10) }
    _ = try await root.layout(thatFits: SizeRange(exactly: Size(width: 10, height: 10)))
    try await root.layoutIfNeeded()
    #expect(await root.subnodes.count == 1)
  }

  @Test(
    "Entering a window draws a node once, asynchronously: displayWillStart, displayDidFinish, hierarchyDisplayDidFinish (Texture: testDelegateDrawInContextAsync)"
  ) @MainActor func displayDrawsOnce() async throws {
    let log = ScenarioLog()
    let node = ScenarioDrawingNode("d", log: log, color: .blue)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .blue)
    #expect(log.entries == ["willStart(true)", "didFinish", "hierarchyDidFinish"])
  }

  @Test(
    "setNeedsDisplay during a draw cancels it: the draw sees isCancelled, and only the new display commits (Texture: testCancelAsyncDisplay)"
  ) @MainActor func displayCancelled() async throws {
    let log = ScenarioLog()
    let sink = ScenarioSink()
    let node = ScenarioDrawingNode("d", log: log, color: .blue)
    await node.setParams(ScenarioDraw(color: .red, spinUntilCancelled: true, sink: sink))
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await sink.counter.wait(for: "started-\(Color.red)")
    await node.setParams(ScenarioDraw(color: .green, spinUntilCancelled: false, sink: sink))
    await node.setNeedsDisplay()
    await sink.counter.wait(for: "sawCancel")
    await node.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.entries.filter { $0 == "didFinish" }.count == 1)
  }

  @Test("A suspended node draws nothing even when asked; resuming draws it once (Texture: testSuspendResumeAsync)")
  @MainActor func displaySuspended() async throws {
    let log = ScenarioLog()
    let node = ScenarioDrawingNode("d", log: log)
    node.setDisplaySuspended(true)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await node.setNeedsDisplay()
    await node.recursivelyEnsureDisplay()
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(node.layer?.contents == nil)
    #expect(log.entries.isEmpty)
    node.setDisplaySuspended(false)
    await node.recursivelyEnsureDisplay()
    #expect(node.layer?.contents != nil)
    #expect(log.entries.filter { $0 == "didFinish" }.count == 1)
  }

  @Test("displayImmediately draws synchronously, contents set when it returns (Texture: testDelegateDrawInContextSync)")
  @MainActor func displayImmediately() async throws {
    let log = ScenarioLog()
    let node = ScenarioDrawingNode("d", log: log, color: .green)
    node.setDisplaySuspended(true)  // keep the window from drawing it
    await node.loadView()
    node.setDisplaySuspended(false)
    log.entries.removeAll()
    await node.displayImmediately()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.entries.first == "willStart(false)")
    #expect(log.entries.contains("didFinish"))
  }

  @Test("A node made to display synchronously tells displayWillStart so, and gets its contents") @MainActor
  func displaysSynchronously() async throws {
    let log = ScenarioLog()
    let node = ScenarioDrawingNode("d", log: log, color: .green)
    node.setDisplaysAsynchronously(false)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.entries.first == "willStart(false)")
  }

  @Test(
    "A zero-sized node gets no contents; its first size draws it; a later size change does not redraw without needsDisplayOnBoundsChange (Texture: testThatNodeGetsRenderedIfItGoesFromZeroSizeToRealSizeButOnlyOnce)"
  ) @MainActor func zeroSizeThenRealSize() async throws {
    let log = ScenarioLog()
    let node = ScenarioDrawingNode("d", log: log, frame: .zero)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    #expect(node.layer?.contents == nil)
    await node.configure { $0.frame = Rect(x: 0, y: 0, width: 10, height: 10) }
    await node.recursivelyEnsureDisplay()
    let first = node.layer?.contents
    #expect(first != nil)
    await node.configure { $0.frame = Rect(x: 0, y: 0, width: 20, height: 20) }
    await node.recursivelyEnsureDisplay()
    #expect(node.layer?.contents == first)
    #expect(log.entries.filter { $0 == "didFinish" }.count == 1)
  }

  @Test(
    "A background write to a loaded node reaches the view at the window's next turn, not before (Texture: testThatSettingABridgedViewPropertyInBackgroundGetsFlushedOnNextRunLoop)"
  ) @MainActor func bgWriteFlushedNextTurn() async throws {
    let node = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await Task.detached { await node.configure { $0.alpha = 0 } }.value
    #expect(node.view?.alpha == 1)
    await window.flush()
    #expect(node.view?.alpha == 0)
  }

  @Test(
    "A background setNeedsDisplay on a loaded node draws it once more (Texture: testThatCallingSetNeedsDisplayFromBackgroundCausesItToHappenLater)"
  ) @MainActor func bgSetNeedsDisplayLater() async throws {
    let log = ScenarioLog()
    let node = ScenarioDrawingNode("d", log: log)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    let drawsBefore = log.entries.filter { $0 == "didFinish" }.count
    await Task.detached { await node.setNeedsDisplay() }.value
    await window.waitForPendingDisplays()
    await window.flush()
    await node.recursivelyEnsureDisplay()
    #expect(log.entries.filter { $0 == "didFinish" }.count == drawsBefore + 1)
  }

  @Test("A text node measures its text, draws in a window, and a new text relayouts and redraws it at its new size")
  @MainActor func textNode() async throws {
    let text = TextNode(text: AttributedText("Hello"))
    let size = try await text.layout(thatFits: SizeRange(min: .zero, max: Size(width: 200, height: 200))).size
    #expect(size.width > 0 && size.height > 0)
    let root = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(alignItems: .start, children: [.node(text)])
    }
    let window = Window(size: Size(width: 200, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(text.view?.frame.size == size)
    await root.recursivelyEnsureDisplay()
    #expect(text.layer?.contents != nil)
    await text.setText(AttributedText("Hello, a much longer world"))
    try await window.layoutIfNeeded()
    #expect((text.view?.frame.size.width ?? 0) > size.width)
    await root.recursivelyEnsureDisplay()
    #expect(text.layer?.contents?.pixelWidth == Int(text.view!.frame.size.width))
  }

  @Test("An image node measures its image in points, draws it, and a nil image measures to zero") @MainActor
  func imageNode() async throws {
    let image = Image(pixelWidth: 20, pixelHeight: 10, scale: 2, filledWith: .red)
    let node = ImageNode(image: image)
    let size = try await node.layout(thatFits: .unconstrained).size
    #expect(size == Size(width: 10, height: 5))
    let root = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(alignItems: .start, children: [.node(node)])
    }
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(node.view?.frame.size == Size(width: 10, height: 5))
    await root.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .red)
    await node.setImage(nil)
    try await window.layoutIfNeeded()
    #expect(node.view?.frame.size == .zero)
  }

  @Test("A drawing parent hears each subnode's display finish, then hierarchyDisplayDidFinish last") @MainActor
  func hierarchyDisplayFinish() async throws {
    let log = ScenarioLog()
    let parent = ScenarioDrawingNode("p", log: log)
    let a = ScenarioDrawingNode("a", log: ScenarioLog())
    let b = ScenarioDrawingNode("b", log: ScenarioLog())
    try await parent.addSubnodes([a, b])
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    #expect(log.entries.filter { $0 == "subnodeDidFinish" }.count == 2)
    #expect(log.entries.last == "hierarchyDidFinish")
  }

  @Test("recursivelyClearContents clears; detach clears; a redisplay and a new attach draw again") @MainActor
  func clearAndRedraw() async throws {
    let log = ScenarioLog()
    let node = ScenarioDrawingNode("d", log: log)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    #expect(node.layer?.contents != nil)
    await node.recursivelyClearContents()
    #expect(node.layer?.contents == nil)
    await node.recursivelyEnsureDisplay()
    #expect(node.layer?.contents != nil)
    await window.detach()
    #expect(node.layer?.contents == nil)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    #expect(node.layer?.contents != nil)
  }

  @Test(
    "In an automatic window, waitForQueuedWork waits for a background write; a main-actor write reaches the view at once"
  ) @MainActor func automaticWindowWrite() async throws {
    let node = BasicNode()
    let window = Window()
    try await window.attach(node)
    await Task.detached { await node.configure { $0.backgroundColor = .red } }.value
    await window.waitForQueuedWork()
    #expect(node.view?.backgroundColor == .red)
    await node.configure { $0.alpha = 0.5 }
    #expect(node.view?.alpha == 0.5, "main-actor write after load goes straight to the view")
  }

  @Test(
    "convert(_:to:) maps a point from a subnode to its supernode by frames alone (Texture: testDisplayNodePointConversion)"
  ) @MainActor func convertPoint() async throws {
    let root = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    let child = BasicNode { $0.frame = Rect(x: 10, y: 20, width: 30, height: 30) }
    try await root.addSubnode(child)
    let p = try await child.convert(Point(x: 1, y: 1), to: root)
    #expect(p == Point(x: 11, y: 21))
  }

  @Test("A window's root is laid out at the window's size, and a subnode's layoutIfNeeded waits for its new frame")
  @MainActor func nodeLayoutIfNeededInWindow() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("r", log: log)
    let a = ScenarioHookNode("a", log: log, size: Size(width: 10, height: 20))
    try await root.addSubnode(a)
    await root.setChildren([a])
    let window = Window(size: Size(width: 80, height: 90))
    try await window.attach(root)
    #expect(await root.calculatedLayout?.size == Size(width: 80, height: 90))
    await a.setFixedSize(Size(width: 10, height: 33))
    await a.setNeedsLayout()
    try await a.layoutIfNeeded()
    #expect(a.view?.frame.size.height == 33)
  }

  @Test(
    "A tint written in the background reaches the view at the flush and redraws a drawing node once (Texture: testThatSettingTintColorSetNeedsDisplayOnView)"
  ) @MainActor func tintFromBackgroundRedisplays() async throws {
    let log = ScenarioLog()
    let node = ScenarioDrawingNode("d", log: log)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    log.entries.removeAll()
    await Task.detached { await node.configure { $0.tintColor = .blue } }.value
    #expect(node.view?.tintColor == nil)
    await window.flush()
    #expect(node.view?.tintColor == .blue)
    await node.recursivelyEnsureDisplay()
    #expect(log.entries.filter { $0 == "didFinish" }.count == 1)
  }

  @Test("recursivelySetNeedsDisplay(atScale:) redraws the subtree at that scale") @MainActor func displayAtScale()
    async throws
  {
    let log = ScenarioLog()
    let parent = ScenarioDrawingNode("p", log: log, frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let child = ScenarioDrawingNode("c", log: ScenarioLog(), frame: Rect(x: 0, y: 0, width: 4, height: 4))
    try await parent.addSubnode(child)
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    await parent.recursivelySetNeedsDisplay(atScale: 2)
    #expect(child.contentsScaleForDisplay == 2)
    await parent.recursivelyEnsureDisplay()
    #expect(parent.layer?.contents?.pixelWidth == 20)
    #expect(child.layer?.contents?.pixelWidth == 8)
    #expect(child.layer?.contentsScale == 2)
  }

  @Test("A layer-backed drawing node has no view, draws into its layer, and cannot become view-backed once loaded")
  @MainActor func layerBackedDraws() async throws {
    let parent = BasicNode()
    let child = ScenarioDrawingNode("c", log: ScenarioLog(), color: .blue)
    try await child.setLayerBacked(true)
    try await parent.addSubnode(child)
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    #expect(child.view == nil)
    await parent.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: child.layer) == .blue)
    await #expect(throws: HierarchyError.nodeIsLoaded) { try await child.setLayerBacked(false) }
  }

  @Test("Resizing a window lays its root out again at the new size") @MainActor func windowResize() async throws {
    let x = BasicNode()
    let root = BasicNode(automaticallyManagesSubnodes: true) { _, _ in .stack(children: [.node(x).flexGrow(1)]) }
    let window = Window(size: Size(width: 100, height: 50), turnMode: .manual)
    try await window.attach(root)
    #expect(x.view?.frame.size == Size(width: 100, height: 50))
    window.resize(to: Size(width: 200, height: 60))
    try await window.layoutIfNeeded()
    #expect(x.view?.frame.size == Size(width: 200, height: 60))
    #expect(root.appliedLayout?.size == Size(width: 200, height: 60))
  }

  @Test("A subnode does not keep its supernode alive (Texture: testAddingSubnodeDoesNotCreateRetainCycle)")
  func supernodeIsWeak() async throws {
    let child = BasicNode()
    weak var weakParent: BasicNode?
    do {
      let parent = BasicNode()
      weakParent = parent
      try await parent.addSubnode(child)
      #expect(await child.supernode != nil)
    }
    #expect(weakParent == nil)
    #expect(await child.supernode == nil)
  }

  @Test(
    "convert(_:to: nil) maps into the window; nodes in different trees throw noCommonAncestor (Texture: testDisplayNodePointConversionFailureFromDisjointHierarchies)"
  ) @MainActor func convertToWindowAndDisjoint() async throws {
    let root = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    let child = BasicNode { $0.frame = Rect(x: 10, y: 20, width: 30, height: 30) }
    try await root.addSubnode(child)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(try await child.convert(Point(x: 1, y: 1), to: nil) == Point(x: 11, y: 21))
    let other = BasicNode()
    await #expect(throws: HierarchyError.noCommonAncestor) { try await child.convert(Point.zero, to: other) }
  }

  @Test("A node's style width in fractions resolves against the parent size given to layout(thatFits:parentSize:)")
  func styleFractionAgainstParentSize() async throws {
    let node = ScenarioHookNode("s", log: ScenarioLog(), size: Size(width: 10, height: 10))
    await node.setStyle { $0.width = .fraction(0.5) }
    let layout = try await node.layout(thatFits: .unconstrained, parentSize: Size(width: 200, height: 100))
    #expect(layout.size.width == 100)
  }

  @Test(
    "Nodes made in a managed node's spec, measured in a background task, are kept and shown by the attach (Texture: testThatLayoutElementCreatedInLayoutSpecThatFitsDoNotGetDeallocated)"
  ) @MainActor func nodesCreatedInSpec() async throws {
    let root = BasicNode(automaticallyManagesSubnodes: true) { node, _ in
      .stack(children: [
        .node(BasicNode(debugName: "made") { $0.backgroundColor = .red }).preferredSize(Size(width: 5, height: 5))
      ])
    }
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 50, height: 50) }
    _ = try await Task.detached { try await root.layout(thatFits: SizeRange(exactly: Size(width: 50, height: 50))) }
      .value
    let window = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await window.attach(root)
    let subnodes = await root.subnodes
    #expect(subnodes.count == 1)
    #expect(subnodes.first?.view?.frame == Rect(x: 0, y: 0, width: 5, height: 5))
    #expect(root.view?.subviews.count == 1)
  }

  @Test(
    "A pass that changes a node's layout calls calculatedLayoutDidChange once, then layout and layoutDidFinish on the main actor (Texture: testSetNeedsLayoutAndNormalLayoutPass)"
  ) @MainActor func calculatedLayoutDidChangeOnPass() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("r", log: log)
    let a = ScenarioHookNode("a", log: log, size: Size(width: 10, height: 20))
    try await root.addSubnode(a)
    await root.setChildren([a])
    let window = Window(size: Size(width: 100, height: 200), turnMode: .manual)
    try await window.attach(root)
    let before = await a.layoutChange
    #expect(before >= 1)
    log.entries.removeAll()
    await a.setFixedSize(Size(width: 10, height: 40))
    await a.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(await a.layoutChange == before + 1)
    #expect(log.entries.filter { $0.hasPrefix("r.") } == ["r.layout", "r.layoutDidFinish"])
    #expect(log.entries.filter { $0.hasPrefix("a.") } == ["a.layout", "a.layoutDidFinish"])
  }

  @Test(
    "A background setNeedsLayout runs the layout hooks later, in the pass's turn (Texture: testThatCallingSetNeedsLayoutFromBackgroundCausesItToHappenLater)"
  ) @MainActor func setNeedsLayoutFromBackgroundHappensLater() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("r", log: log)
    let window = Window(size: Size(width: 10, height: 10), turnMode: .manual)
    try await window.attach(root)
    log.entries.removeAll()
    await Task.detached { await root.setNeedsLayout() }.value
    #expect(log.entries.isEmpty)
    try await window.layoutIfNeeded()
    #expect(log.entries == ["r.layout", "r.layoutDidFinish"])
  }

  @Test("A window's snapshot shows what its nodes drew") @MainActor func windowSnapshot() async throws {
    let node = ScenarioDrawingNode("d", log: ScenarioLog(), color: .green, frame: Rect(x: 0, y: 0, width: 4, height: 4))
    let window = Window(size: Size(width: 4, height: 4), turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    let image = window.snapshot()
    #expect(image.rgba[0] == 0 && image.rgba[1] == 255)
  }

  @Test("A window that goes away takes its tree out of the hierarchy with didExitHierarchy") @MainActor
  func windowGoingAway() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("r", log: log)
    do {
      let window = Window(turnMode: .manual)
      try await window.attach(root)
    }
    #expect(!root.isInHierarchy)
    #expect(log.entries.last == "r.didExit(false)")
  }

  @Test(
    "The measurement cache tells two parent sizes apart for a fractional style (Texture's layout key: range, parent size, version)"
  ) func cacheKeyIncludesParentSize() async throws {
    let node = ScenarioHookNode("s", log: ScenarioLog(), size: Size(width: 10, height: 10))
    await node.setStyle { $0.width = .fraction(0.5) }
    let a = try await node.layout(thatFits: .unconstrained, parentSize: Size(width: 200, height: 100))
    let b = try await node.layout(thatFits: .unconstrained, parentSize: Size(width: 400, height: 100))
    #expect(a.size.width == 100)
    #expect(b.size.width == 200)
  }

  @Test("An unloaded node's layoutIfNeeded does nothing at zero bounds, and lays out at its bounds once framed")
  func unloadedLayoutIfNeeded() async throws {
    let a = BasicNode()
    let root = ScenarioHookNode("r", log: ScenarioLog())
    try await root.addSubnode(a)
    await root.setChildren([a])
    try await root.layoutIfNeeded()
    #expect(await root.specCalls == 0)
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 30, height: 40) }
    await root.setNeedsLayout()
    try await root.layoutIfNeeded()
    #expect(await root.specCalls == 1)
    #expect(await a.viewProperties().frame.size == Size(width: 30, height: 0))
  }

  @Test("A text node's line limit truncates and shortens it, and its container inset adds to its size")
  func textLinesAndInsets() async throws {
    let long = "one two three four five six seven eight nine ten eleven twelve"
    let text = TextNode(text: AttributedText(long))
    let range = SizeRange(min: .zero, max: Size(width: 60, height: 1000))
    let many = try await text.layout(thatFits: range).size
    await text.setMaximumNumberOfLines(1)
    let one = try await text.layout(thatFits: range).size
    #expect(one.height < many.height)
    #expect(await text.textLayout(in: one).isTruncated)
    await text.setTextContainerInset(EdgeInsets(all: 5))
    let inset = try await text.layout(thatFits: range).size
    #expect(inset.height == one.height + 10)
  }

  @Test(
    "Replacing and inserting subnodes in a window keeps subnodes, views and hierarchy hooks in step (Texture: testReplaceSubnodeView, testInsertSubnodeBelow)"
  ) @MainActor func replaceInWindow() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("r", log: log)
    let old = ScenarioHookNode("old", log: log)
    let new = ScenarioHookNode("new", log: log)
    let other = ScenarioHookNode("other", log: log)
    try await root.addSubnodes([old, other])
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    try await root.replaceSubnode(old, with: new)
    await window.flush()
    #expect(new.isInHierarchy && !old.isInHierarchy)
    #expect(root.view?.subviews.first === new.view)
    #expect(await old.supernode == nil)
    #expect(log.entries.contains("old.didExit(false)"))
    try await root.insertSubnode(old, below: other)
    await window.flush()
    #expect(
      root.view?.subviews.map { ObjectIdentifier($0) }
        == [new.view!, old.view!, other.view!].map { ObjectIdentifier($0) })
  }

  @Test("setNeedsDisplay before load plus entering a window draws once (Texture: testDelegateDisplayAsync)") @MainActor
  func oneDrawOnAttach() async throws {
    let log = ScenarioLog()
    let node = ScenarioDrawingNode("d", log: log)
    await node.setNeedsDisplay()
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(log.entries.filter { $0.hasPrefix("willStart") }.count == 1)
    #expect(log.entries.filter { $0 == "didFinish" }.count == 1)
  }

  @Test("A synchronous node's display is done when waitForPendingDisplays returns, without a flush") @MainActor
  func syncNodeDrawnByTurn() async throws {
    let log = ScenarioLog()
    let node = ScenarioDrawingNode("d", log: log, color: .blue)
    node.setDisplaysAsynchronously(false)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await window.waitForPendingDisplays()
    #expect(scenarioColor(of: node.layer) == .blue)
  }

  @Test("A drawing node moved into another window's tree enters it and draws there") @MainActor
  func moveToAnotherWindow() async throws {
    let log = ScenarioLog()
    let root1 = ScenarioHookNode("r1", log: log)
    let root2 = ScenarioHookNode("r2", log: log)
    let d = ScenarioDrawingNode("d", log: ScenarioLog())
    try await root1.addSubnode(d)
    let w1 = Window(turnMode: .manual)
    let w2 = Window(turnMode: .manual)
    try await w1.attach(root1)
    try await w2.attach(root2)
    await root1.recursivelyEnsureDisplay()
    #expect(d.layer?.contents != nil)
    try await root2.addSubnode(d)
    await w1.flush()
    await w2.flush()
    #expect(d.isInHierarchy)
    #expect(d.view?.window === w2)
    await root2.recursivelyEnsureDisplay()
    #expect(d.layer?.contents != nil)
  }

  @Test("Adding an ancestor as a subnode throws wouldCreateCycle") func cycleThrows() async throws {
    let a = BasicNode()
    let b = BasicNode()
    try await a.addSubnode(b)
    await #expect(throws: HierarchyError.wouldCreateCycle) { try await b.addSubnode(a) }
  }

  @Test("After an invalidation calculatedSize falls back to the applied layout's size (Texture's calculatedSize)")
  func calculatedSizeAfterInvalidation() async throws {
    let node = ScenarioHookNode("s", log: ScenarioLog(), size: Size(width: 10, height: 10))
    await node.configure { $0.frame = Rect(x: 0, y: 0, width: 10, height: 10) }
    try await node.layoutIfNeeded()
    _ = try await node.layout(thatFits: .unconstrained)
    await node.setFixedSize(Size(width: 30, height: 30))
    _ = try await node.layout(thatFits: SizeRange(exactly: Size(width: 30, height: 30)))
    node.invalidateCalculatedLayout()
    #expect(await node.calculatedSize == Size(width: 10, height: 10))
  }

  @Test(
    "A parent that does not draw hears subnodeDisplayWillStart after each subnode's displayWillStart, and hierarchyDisplayDidFinish once both finish"
  ) @MainActor func nonDrawingParentHearsSubnodes() async throws {
    let log = ScenarioLog()
    let parent = ScenarioHookNode("p", log: log)
    let a = ScenarioDrawingNode("a", log: log)
    let b = ScenarioDrawingNode("b", log: log)
    try await parent.addSubnodes([a, b])
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    let display = log.entries.filter { $0.contains("Start") || $0.contains("Finish") || $0.contains("finish") }
    #expect(display.filter { $0 == "p.subWillStart" }.count == 2)
    #expect(display.filter { $0 == "p.subDidFinish" }.count == 2)
    #expect(display.filter { $0 == "p.hierarchyDidFinish" }.count == 1)
    #expect(display.last == "p.hierarchyDidFinish")
    let starts = log.entries.filter { $0.contains("tart") }
    #expect(starts.prefix(2) == ["willStart(true)", "p.subWillStart"])
  }

  @Test("A loaded node in no window does not draw when asked; displayImmediately draws it") @MainActor
  func outOfWindowDisplay() async throws {
    let log = ScenarioLog()
    let node = ScenarioDrawingNode("d", log: log)
    await node.loadView()
    await node.setNeedsDisplay()
    await node.recursivelyEnsureDisplay()
    await Window().waitForPendingDisplays()
    #expect(node.layer?.contents == nil)
    await node.displayImmediately()
    #expect(node.layer?.contents != nil)
  }

  @Test("An image node fills its bounds aspect-fill, cropping the image's middle") @MainActor func imageAspectFill()
    async throws
  {
    var rgba: [UInt8] = []
    for _ in 0..<10 { for x in 0..<20 { rgba += x < 10 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
    let node = ImageNode(image: Image(pixelWidth: 20, pixelHeight: 10, rgba: rgba))
    await node.configure { $0.frame = Rect(x: 0, y: 0, width: 10, height: 10) }
    let window = Window(size: Size(width: 10, height: 10), turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    let image = try #require(node.layer?.contents)
    #expect(image.pixelWidth == 10 && image.pixelHeight == 10)
    #expect(Array(image.rgba[(5 * 10 + 2) * 4..<(5 * 10 + 2) * 4 + 3]) == [255, 0, 0])
    #expect(Array(image.rgba[(5 * 10 + 8) * 4..<(5 * 10 + 8) * 4 + 3]) == [0, 0, 255])
  }

  @Test("A text node redraws at its new width when its frame changes (needsDisplayOnBoundsChange)") @MainActor
  func textRedrawsOnBoundsChange() async throws {
    let text = TextNode(text: AttributedText("Hi"))
    await text.configure { $0.frame = Rect(x: 0, y: 0, width: 30, height: 20) }
    let window = Window(size: Size(width: 30, height: 20), turnMode: .manual)
    try await window.attach(text)
    await text.recursivelyEnsureDisplay()
    #expect(text.layer?.contents?.pixelWidth == 30)
    #expect(text.layer?.needsDisplayOnBoundsChange == true)
    await text.configure { $0.frame = Rect(x: 0, y: 0, width: 50, height: 20) }
    await text.recursivelyEnsureDisplay()
    #expect(text.layer?.contents?.pixelWidth == 50)
  }

  @Test("Detaching a tree cancels its draw in flight, which commits nothing") @MainActor func detachCancelsDraw()
    async throws
  {
    let log = ScenarioLog()
    let sink = ScenarioSink()
    let node = ScenarioDrawingNode("d", log: log)
    await node.setParams(ScenarioDraw(color: .red, spinUntilCancelled: true, sink: sink))
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await sink.counter.wait(for: "started-\(Color.red)")
    await window.detach()
    await window.waitForPendingDisplays()
    await window.flush()
    await sink.counter.wait(for: "sawCancel")  // Reported from a task of its own: waited for, not read.
    #expect(node.layer?.contents == nil)
    #expect(!log.entries.contains("didFinish"))
  }

  @Test("A node removed while it draws has its draw cancelled") @MainActor func releasedNodeCancelsDraw() async throws {
    let sink = ScenarioSink()
    let parent = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    do {
      let node = ScenarioDrawingNode("d", log: ScenarioLog())
      await node.setParams(ScenarioDraw(color: .red, spinUntilCancelled: true, sink: sink))
      try await parent.addSubnode(node)
      await window.flush()
      await sink.counter.wait(for: "started-\(Color.red)")
      await node.removeFromSupernode()
      await window.flush()
    }
    await window.waitForPendingDisplays()
    await sink.counter.wait(for: "sawCancel")  // Reported from a task of its own: waited for, not read.
  }

  @Test(
    "Cells built in concurrent background tasks and added to an in-window parent all appear, views in subnode order (Texture: ASDataController's concurrent allocation)"
  ) @MainActor func concurrentCells() async throws {
    let parent = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for i in 0..<20 {
        group.addTask {
          let cell = BasicNode(debugName: "cell\(i)")
          try await cell.addSubnode(TextNode(text: AttributedText("row \(i)")))
          try await parent.addSubnode(cell)
        }
      }
      try await group.waitForAll()
    }
    await window.flush()
    let subnodes = await parent.subnodes
    #expect(subnodes.count == 20)
    #expect(parent.view?.subviews.count == 20)
    #expect(zip(subnodes, parent.view?.subviews ?? []).allSatisfy { $0.view === $1 })
    #expect(subnodes.allSatisfy { $0.isInHierarchy && $0.view?.subviews.count == 1 })
  }

  @Test("setNeedsLayout from many tasks at once: one layoutIfNeeded shows every new frame") @MainActor
  func concurrentInvalidations() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("r", log: log)
    var kids: [ScenarioHookNode] = []
    for i in 0..<8 { kids.append(ScenarioHookNode("k\(i)", log: log, size: Size(width: 1, height: 10))) }
    try await root.addSubnodes(kids)
    await root.setChildren(kids)
    let window = Window(size: Size(width: 50, height: 500), turnMode: .manual)
    try await window.attach(root)
    await withTaskGroup(of: Void.self) { group in
      for (i, kid) in kids.enumerated() {
        group.addTask {
          await kid.setFixedSize(Size(width: 1, height: Double(20 + i)))
          await kid.setNeedsLayout()
        }
      }
    }
    try await window.layoutIfNeeded()
    var y = 0.0
    for (i, kid) in kids.enumerated() {
      #expect(kid.view?.frame == Rect(x: 0, y: y, width: 50, height: Double(20 + i)))
      y += Double(20 + i)
    }
  }

  @Test(
    "A node that measures itself places a subnode it measured in layout(_:) with calculatedSize(of:), and lays out again when the subnode's text changes"
  ) @MainActor func manualLayoutPlacesMeasuredSubnode() async throws {
    let node = try await ScenarioManualLayoutNode(text: "Hi")
    let root = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(alignItems: .start, children: [.node(node)])
    }
    let window = Window(size: Size(width: 300, height: 300), turnMode: .manual)
    try await window.attach(root)
    let first = try #require(node.title.view?.frame)
    let measured = try await node.title.layout(thatFits: SizeRange(min: .zero, max: Size(width: 300, height: 300))).size
    #expect(first == Rect(x: 8, y: 8, width: measured.width, height: measured.height))
    #expect(node.view?.frame.size == Size(width: measured.width + 16, height: measured.height + 16))
    await node.title.setText(AttributedText("Hello there, a longer title"))
    try await window.layoutIfNeeded()
    let longer = try await node.title.layout(thatFits: SizeRange(min: .zero, max: Size(width: 300, height: 300))).size
    #expect(longer.width > measured.width)
    #expect(node.title.view?.frame == Rect(x: 8, y: 8, width: longer.width, height: longer.height))
    #expect(node.view?.frame.size == Size(width: longer.width + 16, height: longer.height + 16))
  }

  @Test("A frame written in the background to a loaded node with a spec lays its subnodes out again at the new size")
  @MainActor func boundsChangeRelaysOut() async throws {
    let leaf = BasicNode()
    let child = BasicNode { _, _ in .stack(children: [.node(leaf).flexGrow(1)]) }
    try await child.addSubnode(leaf)
    await child.configure { $0.frame = Rect(x: 0, y: 0, width: 10, height: 10) }
    let root = BasicNode()
    try await root.addSubnode(child)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(leaf.view?.frame.size == Size(width: 10, height: 10))
    await Task.detached { await child.configure { $0.frame = Rect(x: 0, y: 0, width: 40, height: 20) } }.value
    try await window.layoutIfNeeded()
    #expect(leaf.view?.frame.size == Size(width: 40, height: 20))
  }

  @Test(
    "A subnode whose text grows makes its supernodes lay out again around its new size (Texture: the pass's setNeedsLayout from above)"
  ) @MainActor func subnodeSizeChangePropagatesUp() async throws {
    let text = TextNode(text: AttributedText("a"))
    let middle = BasicNode(automaticallyManagesSubnodes: true) { _, _ in .inset(EdgeInsets(all: 2), .node(text)) }
    let root = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(alignItems: .start, children: [.node(middle)])
    }
    let window = Window(size: Size(width: 300, height: 300), turnMode: .manual)
    try await window.attach(root)
    let before = try #require(middle.view?.frame.size)
    await text.setText(AttributedText("a much longer line of text"))
    try await window.layoutIfNeeded()
    let after = try #require(middle.view?.frame.size)
    let textSize = try #require(text.view?.frame.size)
    #expect(after.width > before.width)
    #expect(after.width == textSize.width + 4)
  }

  @Test("An image set in the background relayouts and redraws an image node in a window") @MainActor
  func imageSwapFromBackground() async throws {
    let node = ImageNode(image: Image(pixelWidth: 4, pixelHeight: 4, filledWith: .red))
    let root = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(alignItems: .start, children: [.node(node)])
    }
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    await root.recursivelyEnsureDisplay()
    #expect(node.layer?.contents?.pixel(x: 0, y: 0) == RGBA8(.red))
    await Task.detached { await node.setImage(Image(pixelWidth: 8, pixelHeight: 6, filledWith: .blue)) }.value
    try await window.layoutIfNeeded()
    #expect(node.view?.frame.size == Size(width: 8, height: 6))
    await root.recursivelyEnsureDisplay()
    #expect(node.layer?.contents?.pixel(x: 0, y: 0) == RGBA8(.blue))
    #expect(node.layer?.contents?.pixelWidth == 8)
  }

  @Test(
    "recursivelySetDisplaySuspended suspends and resumes every node of the subtree; resuming draws them again (Texture: recursivelySetDisplaySuspended:, round 30)"
  )
  @MainActor
  func recursiveDisplaySuspension() async throws {
    let log = ScenarioLog()
    let parent = ScenarioDrawingNode("p", log: log)
    let child = ScenarioDrawingNode("c", log: log)
    let grandchild = ScenarioDrawingNode("g", log: log)
    try await parent.addSubnode(child)
    try await child.addSubnode(grandchild)
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    log.entries.removeAll()
    await parent.recursivelySetDisplaySuspended(true)
    #expect(parent.isDisplaySuspended && child.isDisplaySuspended && grandchild.isDisplaySuspended)
    await grandchild.setNeedsDisplay()
    await parent.recursivelyEnsureDisplay()
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(!log.entries.contains("didFinish"), "a suspended subtree draws nothing")
    await parent.recursivelySetDisplaySuspended(false)
    #expect(!parent.isDisplaySuspended && !child.isDisplaySuspended && !grandchild.isDisplaySuspended)
    await parent.recursivelyEnsureDisplay()
    #expect(log.entries.filter { $0 == "didFinish" }.count == 3)
  }
}
