import ActorNodes
import Synchronization
import Testing

// Scenarios a Texture user would write after reading Texture's guides, with the public API only: no `@testable`,
// none of the suite's support helpers. Waiting uses what a user has: manual windows and `flush()`,
// `layoutIfNeeded()`, `waitForPendingDisplays()`, continuations. (Adversarial round 33; the round 30 scenarios are
// in PublicAPIScenarioTests.swift, whose `ScenarioLog` and `ScenarioCounter` these use too.)

// MARK: - A user's own nodes

/// The Texture guide's card with a photo and a caption beside it, laid out by hand: `calculateSizeThatFits:` measures
/// the caption beside the photo, `-layout` places both from their calculated sizes, on the main actor.
actor UserManualCardNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "card")
  nonisolated let photo = ImageNode(image: Image(pixelWidth: 20, pixelHeight: 20, filledWith: .gray))
  nonisolated let caption: TextNode
  nonisolated let log: ScenarioLog
  nonisolated static let photoSide = 20.0
  nonisolated static let gap = 4.0

  init(caption text: String, log: ScenarioLog) async throws {
    self.log = log
    caption = TextNode(text: AttributedText(text))
    try await addSubnodes([photo, caption])
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let room = Size(width: max(0, range.max.width - Self.photoSide - Self.gap), height: range.max.height)
    let captionSize = try await caption.layout(thatFits: SizeRange(min: .zero, max: room)).size
    let size = Size(
      width: Self.photoSide + Self.gap + captionSize.width, height: max(Self.photoSide, captionSize.height))
    return .size(range.clamp(size))
  }

  @MainActor func didLoad(_ context: borrowing LoadContext) { log.add("card.didLoad") }
  @MainActor func layout(_ context: borrowing LayoutContext) {
    let photoSize = context.calculatedSize(of: photo) ?? Size(width: Self.photoSide, height: Self.photoSide)
    photo.view?.frame = Rect(x: 0, y: 0, width: photoSize.width, height: photoSize.height)
    let captionSize = context.calculatedSize(of: caption) ?? .zero
    caption.view?.frame = Rect(
      x: Self.photoSide + Self.gap, y: 0, width: captionSize.width, height: captionSize.height)
    log.add("card.layout")
  }
  @MainActor func layoutDidFinish(_ context: borrowing LayoutContext) { log.add("card.layoutDidFinish") }
}

/// A node whose layout is a vertical stack of its children (or a fixed size), and that logs its hooks.
actor UserNode: DisplayNode {
  nonisolated let nodeCore: NodeCore
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let log: ScenarioLog
  var children: [any DisplayNode] = []
  var fixedSize: Size?
  var layoutChanges = 0
  var extraSpecNode: (any DisplayNode)?
  var badSize: Size?

  init(_ name: String, log: ScenarioLog, size: Size? = nil, isLayerBacked: Bool = false) {
    self.name = name
    self.log = log
    nodeCore = NodeCore(isLayerBacked: isLayerBacked)
    nodeState = NodeState(debugName: name)
    fixedSize = size
  }

  func setChildren(_ nodes: [any DisplayNode]) { children = nodes }
  func setFixedSize(_ size: Size?) { fixedSize = size }
  func setExtraSpecNode(_ node: (any DisplayNode)?) { extraSpecNode = node }
  func setBadSize(_ size: Size?) { badSize = size }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    if let badSize { return .size(badSize) }
    if let fixedSize { return .size(fixedSize) }
    var elements: [LayoutSpec] = children.map { .node($0) }
    if let extraSpecNode { elements.append(.node(extraSpecNode)) }
    return .spec(.stack(.vertical, spacing: 0, alignItems: .stretch, children: elements))
  }
  func calculatedLayoutDidChange() {
    layoutChanges += 1
    let name = name
    let log = log
    Task { @MainActor in log.add("\(name).calculatedLayoutDidChange") }
  }

  @MainActor func didLoad(_ context: borrowing LoadContext) { log.add("\(name).didLoad") }
  @MainActor func willEnterHierarchy(_ context: borrowing HierarchyContext) { log.add("\(name).willEnter") }
  @MainActor func didEnterHierarchy(_ context: borrowing HierarchyContext) { log.add("\(name).didEnter") }
  @MainActor func didExitHierarchy(_ context: borrowing HierarchyContext) { log.add("\(name).didExit") }
  @MainActor func layout(_ context: borrowing LayoutContext) {
    let frames = context.layout.sublayouts.map { sub -> String in
      let shown = sub.node?.view?.frame ?? sub.node?.layer?.frame
      return shown == sub.frame ? "ok" : "stale"
    }
    log.add("\(name).layout[\(frames.joined(separator: ","))]")
  }
  @MainActor func layoutDidFinish(_ context: borrowing LayoutContext) { log.add("\(name).layoutDidFinish") }
  @MainActor func subnodeDisplayDidFinish(_ context: borrowing DisplayContext) { log.add("\(name).subDidFinish") }
  @MainActor func hierarchyDisplayDidFinish(_ context: borrowing DisplayContext) {
    log.add("\(name).hierarchyDidFinish")
  }
}

struct UserDrawParameters: Sendable, Hashable {
  var color: Color
  var spin: Bool
  var signals: UserSignalsBox?
  /// How long a spinning draw goes on if nothing cancels it (`Int.max`: until something does; the suite's time
  /// limit ends a test whose draw is never cancelled).
  var spinLimit = 50_000_000
}

final class UserSignalsBox: Sendable, Hashable {
  let signals = ScenarioCounter()
  /// Ends a spinning draw that nothing cancelled (it signals "timedOut"): a test lets a slow draw finish when it
  /// chooses, instead of waiting out its spin (which, under ThreadSanitizer and beside other suites, took minutes).
  let released = Atomic<Bool>(false)
  func release() { released.store(true, ordering: .releasing) }
  var isReleased: Bool { released.load(ordering: .acquiring) }
  static func == (a: UserSignalsBox, b: UserSignalsBox) -> Bool { a === b }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

actor UserDrawingNode: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let log: ScenarioLog
  var parameters: UserDrawParameters
  var parameterCalls = 0

  init(_ name: String, log: ScenarioLog, color: Color = .red, frame: Rect = Rect(x: 0, y: 0, width: 8, height: 8)) {
    self.name = name
    self.log = log
    parameters = UserDrawParameters(color: color, spin: false, signals: nil)
    nodeState = NodeState(debugName: name) { $0.frame = frame }
  }

  func setParameters(_ parameters: UserDrawParameters) { self.parameters = parameters }
  func setColor(_ color: Color) { parameters.color = color }

  func drawParameters() -> UserDrawParameters {
    parameterCalls += 1
    return parameters
  }

  static func draw(_ parameters: UserDrawParameters, in context: inout GraphicsContext, request: DisplayRequest) {
    if let box = parameters.signals { Task { await box.signals.add("started") } }
    if parameters.spin {
      var spins = 0
      while !request.isCancelled && spins < parameters.spinLimit && !(parameters.signals?.isReleased ?? false) {
        spins += 1
      }
      let sawCancel = request.isCancelled
      if let box = parameters.signals { Task { await box.signals.add(sawCancel ? "sawCancel" : "timedOut") } }
    }
    context.fill(request.bounds, with: parameters.color)
  }

  @MainActor func displayWillStart(_ context: borrowing DisplayContext) { log.add("\(name).willStart") }
  @MainActor func displayDidFinish(_ context: borrowing DisplayContext) { log.add("\(name).didFinish") }
}

// MARK: - Scenarios

@Suite("A Texture user's scenarios, public API only (adversarial round 33)", .timeLimit(.minutes(2)))
struct UserScenarioTests {

  @Test(
    "A hand-laid-out card as a window's root places its photo and caption from their calculated sizes, and again when the caption's text changes"
  ) @MainActor func manualCardRelaysOutWhenCaptionChanges() async throws {
    let log = ScenarioLog()
    let card = try await UserManualCardNode(caption: "Hi", log: log)
    let window = Window(size: Size(width: 200, height: 100), turnMode: .manual)
    try await window.attach(card)
    let room = SizeRange(min: .zero, max: Size(width: 176, height: 100))
    let short = try await card.caption.layout(thatFits: room).size
    #expect(card.photo.view?.frame == Rect(x: 0, y: 0, width: 20, height: 20))
    #expect(card.caption.view?.frame == Rect(x: 24, y: 0, width: short.width, height: short.height))
    #expect(log.count("card.didLoad") == 1)
    #expect(log.count("card.layout") == 1)

    await Task.detached { await card.caption.setText(AttributedText("A kitten asleep in a basket of yarn")) }.value
    try await window.layoutIfNeeded()
    let long = try await card.caption.layout(thatFits: room).size
    #expect(long.width > short.width)
    #expect(card.caption.view?.frame == Rect(x: 24, y: 0, width: long.width, height: long.height))
    #expect(card.photo.view?.frame == Rect(x: 0, y: 0, width: 20, height: 20))
    #expect(log.count("card.didLoad") == 1)
    #expect(log.count("card.layout") == 2)
    #expect(log.entries.last == "card.layoutDidFinish")
  }

  @Test(
    "A pass that relayouts a parent and its child runs layout(_:) after the subnodes' frames are set, supernode first, each followed by layoutDidFinish"
  ) @MainActor func layoutHooksAfterFramesInOrder() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let middle = UserNode("middle", log: log)
    let leaf = UserNode("leaf", log: log, size: Size(width: 10, height: 10))
    try await root.addSubnode(middle)
    try await middle.addSubnode(leaf)
    await root.setChildren([middle])
    await middle.setChildren([leaf])
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    log.entries.removeAll()

    window.resize(to: Size(width: 60, height: 80))
    try await window.layoutIfNeeded()
    #expect(middle.view?.frame == Rect(x: 0, y: 0, width: 60, height: 10))
    #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: 60, height: 10))
    let hooks = log.entries.filter { $0.contains("layout") && !$0.contains("calculated") }
    #expect(
      hooks == [
        "root.layout[ok]", "root.layoutDidFinish", "middle.layout[ok]", "middle.layoutDidFinish", "leaf.layout[]",
        "leaf.layoutDidFinish",
      ])
    #expect(!log.entries.contains { $0.contains("stale") })
    #expect(!log.entries.contains { $0.contains("didLoad") || $0.contains("willEnter") })
  }

  @Test(
    "Resizing a window back and forth: the root's calculatedLayout follows the window's size and calculatedLayoutDidChange fires for each new layout"
  ) @MainActor func resizeBackAndForth() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let child = UserNode("child", log: log, size: Size(width: 5, height: 5))
    try await root.addSubnode(child)
    await root.setChildren([child])
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(await root.calculatedLayout?.size == Size(width: 100, height: 100))
    let first = await root.layoutChanges
    window.resize(to: Size(width: 50, height: 40))
    try await window.layoutIfNeeded()
    #expect(await root.calculatedLayout?.size == Size(width: 50, height: 40))
    #expect(root.appliedLayout?.size == Size(width: 50, height: 40))
    #expect(child.view?.frame == Rect(x: 0, y: 0, width: 50, height: 5))
    window.resize(to: Size(width: 100, height: 100))
    try await window.layoutIfNeeded()
    #expect(await root.calculatedLayout?.size == Size(width: 100, height: 100))
    #expect(child.view?.frame == Rect(x: 0, y: 0, width: 100, height: 5))
    #expect(await root.layoutChanges == first + 2)
  }

  @Test(
    "A subtree moved to a parent in another window loads once, leaves the first window with didExitHierarchy, enters the second, and takes its new parent's layout"
  ) @MainActor func subtreeMovesBetweenWindows() async throws {
    let log = ScenarioLog()
    let root1 = UserNode("root1", log: log)
    let root2 = UserNode("root2", log: log)
    let moved = UserNode("moved", log: log)
    let leaf = UserNode("leaf", log: log, size: Size(width: 3, height: 7))
    try await moved.addSubnode(leaf)
    await moved.setChildren([leaf])
    try await root1.addSubnode(moved)
    await root1.setChildren([moved])
    let w1 = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    let w2 = Window(size: Size(width: 40, height: 60), turnMode: .manual)
    try await w1.attach(root1)
    try await w2.attach(root2)
    #expect(moved.view?.frame == Rect(x: 0, y: 0, width: 100, height: 7))

    try await root2.addSubnode(moved)
    await root2.setChildren([moved])
    await root1.setChildren([])
    await root2.setNeedsLayout()
    await w1.flush()
    await w2.flush()
    try await w1.layoutIfNeeded()
    try await w2.layoutIfNeeded()
    #expect(await root1.subnodes.isEmpty)
    #expect(root1.view?.subviews.isEmpty == true)
    #expect(moved.view?.superview === root2.view)
    #expect(moved.view?.window === w2 && leaf.view?.window === w2)
    #expect(moved.isInHierarchy && leaf.isInHierarchy)
    #expect(moved.view?.frame == Rect(x: 0, y: 0, width: 40, height: 7))
    #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: 40, height: 7))
    #expect(log.count("moved.didLoad") == 1 && log.count("leaf.didLoad") == 1)
    #expect(log.count("moved.willEnter") - log.count("moved.didExit") == 1)
    #expect(log.count("leaf.willEnter") - log.count("leaf.didExit") == 1)

    await w2.detach()
    await w1.flush()
    await w2.flush()
    #expect(!moved.isInHierarchy && !leaf.isInHierarchy)
    #expect(log.count("moved.willEnter") == log.count("moved.didExit"))
    #expect(log.count("leaf.willEnter") == log.count("leaf.didExit"))
  }

  @Test(
    "A subnode removed from an in-window parent and added back keeps its view, loads once, and enters and exits in balance"
  ) @MainActor func removeAndReAdd() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let child = UserNode("child", log: log, size: Size(width: 10, height: 10))
    try await root.addSubnode(child)
    await root.setChildren([child])
    let window = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await window.attach(root)
    let view = try #require(child.view)
    await child.removeFromSupernode()
    await window.flush()
    #expect(!child.isInHierarchy)
    #expect(view.superview == nil)
    #expect(log.count("child.didExit") == 1)
    try await root.addSubnode(child)
    await window.flush()
    #expect(child.view === view)
    #expect(view.superview === root.view)
    #expect(child.isInHierarchy)
    #expect(log.count("child.didLoad") == 1)
    #expect(log.count("child.willEnter") == 2)
    #expect(log.count("child.didEnter") == 2)
  }

  @Test(
    "Refused edits (a descendant as a subnode, a stranger as sibling or replaced node, a view under a layer) throw typed errors and change nothing, in a window too"
  ) @MainActor func refusedEditsLeaveTreeUnchanged() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let a = UserNode("a", log: log)
    let b = UserNode("b", log: log)
    let grandchild = UserNode("g", log: log)
    let stranger = UserNode("s", log: log)
    let layerBacked = UserNode("lb", log: log, isLayerBacked: true)
    try await root.addSubnodes([a, b])
    try await a.addSubnode(grandchild)
    try await b.addSubnode(layerBacked)
    let window = Window(turnMode: .manual)
    try await window.attach(root)

    await #expect(throws: HierarchyError.nodeIsWindowRoot) { try await grandchild.addSubnode(root) }
    await #expect(throws: HierarchyError.wouldCreateCycle) { try await grandchild.addSubnode(a) }
    await #expect(throws: HierarchyError.cannotAddNodeToItself) { try await a.insertSubnode(a, at: 0) }
    await #expect(throws: HierarchyError.notASubnode) { try await root.insertSubnode(stranger, below: grandchild) }
    await #expect(throws: HierarchyError.notASubnode) { try await root.insertSubnode(stranger, above: grandchild) }
    await #expect(throws: HierarchyError.notASubnode) { try await root.replaceSubnode(grandchild, with: stranger) }
    await #expect(throws: HierarchyError.viewBackedSubnodeOfLayerBackedNode) {
      try await layerBacked.addSubnode(stranger)
    }
    await #expect(throws: HierarchyError.indexOutOfBounds(index: 3, validRange: 0...2)) {
      try await root.insertSubnode(stranger, at: 3)
    }
    await window.flush()
    #expect(await root.subnodes.map(\.nodeCore.id) == [a.nodeCore.id, b.nodeCore.id])
    #expect(await a.subnodes.map(\.nodeCore.id) == [grandchild.nodeCore.id])
    #expect(await grandchild.subnodes.isEmpty)
    #expect(await layerBacked.subnodes.isEmpty)
    #expect(await stranger.supernode == nil)
    #expect(await root.supernode == nil)
    #expect(root.view?.subviews.count == 2)
    #expect(grandchild.view?.superview === a.view)
    #expect(!stranger.isNodeLoaded)
  }

  @Test(
    "Adding a node that has a supernode to another parent moves it; adding it again to its own parent leaves it where it is"
  ) @MainActor func addingMovesAndReAddingKeeps() async throws {
    let log = ScenarioLog()
    let p1 = UserNode("p1", log: log)
    let p2 = UserNode("p2", log: log)
    let x = UserNode("x", log: log)
    let y = UserNode("y", log: log)
    try await p1.addSubnodes([x, y])
    try await p2.addSubnode(x)
    #expect(await p1.subnodes.map(\.nodeCore.id) == [y.nodeCore.id])
    #expect(await p2.subnodes.map(\.nodeCore.id) == [x.nodeCore.id])
    #expect(await x.supernode?.nodeCore.id == p2.nodeCore.id)
    try await p1.addSubnode(x)
    try await p1.addSubnode(y)
    #expect(await p1.subnodes.map(\.nodeCore.id) == [y.nodeCore.id, x.nodeCore.id])
    #expect(await p2.subnodes.isEmpty)

    let window = Window(turnMode: .manual)
    try await window.attach(p1)
    try await p2.addSubnode(y)
    await window.flush()
    #expect(p1.view?.subviews.count == 1 && p1.view?.subviews.first === x.view)
    #expect(!y.isInHierarchy)
    #expect(log.count("y.didExit") == 1)
  }

  @Test(
    "Attaching a node with a supernode, another window's root, or into a window that has a root throws and changes neither window"
  ) @MainActor func attachErrors() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let child = UserNode("child", log: log)
    try await root.addSubnode(child)
    let w1 = Window(turnMode: .manual)
    let w2 = Window(turnMode: .manual)
    try await w1.attach(root)
    await #expect(throws: HierarchyError.rootHasSupernode) { try await w2.attach(child) }
    await #expect(throws: HierarchyError.nodeIsWindowRoot) { try await w2.attach(root) }
    await #expect(throws: HierarchyError.windowHasRoot) { try await w1.attach(UserNode("other", log: log)) }
    #expect(w1.rootNode?.nodeCore.id == root.nodeCore.id)
    #expect(w2.rootNode == nil)
    #expect(w2.view.subviews.isEmpty)
    #expect(root.view?.window === w1 && child.view?.window === w1)
    #expect(log.count("root.willEnter") == 1 && log.count("child.willEnter") == 1)
  }

  @Test(
    "A spec naming a node that is not a subnode throws notASubnode, to layout(thatFits:) and to the window's layoutIfNeeded, and the frames stay; adding it fixes the next pass"
  ) @MainActor func specNamingNonSubnode() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let a = UserNode("a", log: log, size: Size(width: 10, height: 10))
    let stray = UserNode("stray", log: log, size: Size(width: 10, height: 20))
    try await root.addSubnode(a)
    await root.setChildren([a])
    let window = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await window.attach(root)
    #expect(a.view?.frame == Rect(x: 0, y: 0, width: 50, height: 10))

    await root.setExtraSpecNode(stray)
    root.invalidateCalculatedLayout()  // its spec reads state that changed
    await #expect {
      _ = try await root.layout(thatFits: SizeRange(exactly: Size(width: 50, height: 50)))
    } throws: { error in
      if case LayoutError.notASubnode = error { true } else { false }
    }
    await root.setNeedsLayout()
    await #expect {
      try await window.layoutIfNeeded()
    } throws: { error in
      if case LayoutError.notASubnode = error { true } else { false }
    }
    #expect(a.view?.frame == Rect(x: 0, y: 0, width: 50, height: 10))
    #expect(root.appliedLayout?.sublayouts.count == 1)
    #expect(await root.subnodes.count == 1)

    try await root.addSubnode(stray)
    await root.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(stray.view?.frame == Rect(x: 0, y: 10, width: 50, height: 20))
  }

  @Test(
    "A node that measures to a NaN, negative or infinite size throws invalidSize; nothing is cached and a valid size measures afterwards",
    arguments: [
      Size(width: .nan, height: 10), Size(width: -1, height: 10), Size(width: 10, height: .infinity),
    ]) func invalidSizesThrow(bad: Size) async throws
  {
    let node = UserNode("n", log: ScenarioLog(), size: Size(width: 10, height: 10))
    await node.setBadSize(bad)
    await #expect {
      _ = try await node.layout(thatFits: .unconstrained)
    } throws: { error in
      if case LayoutError.invalidSize = error { true } else { false }
    }
    #expect(await node.calculatedLayout == nil)
    await node.setBadSize(nil)
    node.invalidateCalculatedLayout()
    #expect(try await node.layout(thatFits: .unconstrained).size == Size(width: 10, height: 10))
  }

  @Test(
    "Frame, then bounds and anchor point written before load in the background read back as UIKit composes them, off and on the main actor"
  ) @MainActor func pendingGeometryComposes() async throws {
    let node = BasicNode()
    await Task.detached {
      await node.configure { $0.frame = Rect(x: 10, y: 10, width: 100, height: 50) }
      await node.configure { $0.bounds = Rect(x: 0, y: 0, width: 20, height: 20) }
    }.value
    let before = await Task.detached { await node.viewProperties() }.value
    #expect(before.position == Point(x: 60, y: 35))
    #expect(before.frame == Rect(x: 50, y: 25, width: 20, height: 20))
    await node.configure { $0.anchorPoint = Point(x: 0, y: 0) }
    let moved = await node.viewProperties()
    #expect(moved.position == Point(x: 60, y: 35))
    #expect(moved.frame == Rect(x: 60, y: 35, width: 20, height: 20))
    let window = Window(size: Size(width: 200, height: 200), turnMode: .manual)
    try await window.attach(node)
    #expect(node.view?.frame == Rect(x: 60, y: 35, width: 20, height: 20))
    #expect(node.view?.center == Point(x: 60, y: 35))
    let after = await Task.detached { await node.viewProperties() }.value
    #expect(after.frame == moved.frame && after.bounds == moved.bounds && after.anchorPoint == moved.anchorPoint)
    node.view?.alpha = 0.25
    #expect(await Task.detached { await node.viewProperties().alpha }.value == 0.25)
  }

  @Test(
    "Many setNeedsDisplay calls before a manual window's turn commit one display, showing the last drawn state (Texture coalesces needsDisplay per run loop)"
  ) @MainActor func setNeedsDisplayCoalesces() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log, color: .red)
    let window = Window(size: Size(width: 8, height: 8), turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    #expect(log.count("d.didFinish") == 1)
    await node.setColor(.blue)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<6 { group.addTask { await node.setNeedsDisplay() } }
    }
    await window.waitForPendingDisplays()
    await window.flush()
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(log.count("d.didFinish") == 2)
    #expect(node.layer?.contents?.pixel(x: 4, y: 4) == RGBA8(.blue))
  }

  @Test(
    "A subnode removed while it draws holds up neither its former supernode's hierarchyDisplayDidFinish nor anything after"
  ) @MainActor func removedDrawingSubnodeDoesNotHoldUpParent() async throws {
    let log = ScenarioLog()
    let parent = UserNode("p", log: log)
    let fast = UserDrawingNode("fast", log: log)
    let slow = UserDrawingNode("slow", log: log)
    let box = UserSignalsBox()
    await slow.setParameters(UserDrawParameters(color: .green, spin: true, signals: box))
    try await parent.addSubnodes([fast, slow])
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    await box.signals.wait(for: "started")
    await slow.removeFromSupernode()
    await window.flush()
    await window.waitForPendingDisplays()
    await window.flush()
    await window.waitForPendingDisplays()
    await window.flush()
    await box.signals.wait(for: "sawCancel")  // Reported from a task of its own: waited for, not read.
    #expect(log.count("fast.didFinish") == 1)
    #expect(log.count("slow.didFinish") == 0)
    #expect(slow.layer?.contents == nil)
    #expect(log.count("p.hierarchyDidFinish") == 1)
  }

  @Test(
    "A window dropped with background writes still queued for its turn frees its tree's nodes and views"
  ) @MainActor func windowDroppedWithQueuedWritesFreesTree() async throws {
    weak var weakRoot: UserNode?
    weak var weakChild: UserNode?
    weak var weakView: View?
    weak var weakWindow: Window?
    do {
      let log = ScenarioLog()
      let root = UserNode("root", log: log)
      let child = UserNode("child", log: log, size: Size(width: 4, height: 4))
      try await root.addSubnode(child)
      await root.setChildren([child])
      var window: Window? = Window(turnMode: .manual)
      try await window?.attach(root)
      weakRoot = root
      weakChild = child
      weakView = child.view
      weakWindow = window
      await Task.detached {
        await child.configure { $0.alpha = 0.5 }
        await root.configure { $0.backgroundColor = .red }
        try? await child.addSubnode(BasicNode())
      }.value
      #expect(child.view?.alpha == 1)
      window = nil
    }
    #expect(weakWindow == nil)
    await Window(turnMode: .manual).waitForPendingDisplays()
    #expect(weakRoot == nil)
    #expect(weakChild == nil)
    #expect(weakView == nil)
  }

  @Test(
    "A tree dropped while its node draws is freed once the cancelled draw returns, and its draw commits nothing"
  ) @MainActor func treeDroppedMidDrawIsFreed() async throws {
    let box = UserSignalsBox()
    let log = ScenarioLog()
    let holder = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(holder)
    weak var weakNode: UserDrawingNode?
    do {
      let node = UserDrawingNode("d", log: log)
      await node.setParameters(UserDrawParameters(color: .red, spin: true, signals: box))
      try await holder.addSubnode(node)
      await window.flush()
      await box.signals.wait(for: "started")
      weakNode = node
      await node.removeFromSupernode()
      await window.flush()
    }
    await box.signals.wait(for: "sawCancel")
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(weakNode == nil)
    #expect(!log.entries.contains("d.didFinish"))
  }

  @Test(
    "A detached root attached to another window of another size loads nothing again, enters and exits in balance, and is laid out at the new size"
  ) @MainActor func reattachToAnotherWindow() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let child = UserNode("child", log: log, size: Size(width: 4, height: 6))
    try await root.addSubnode(child)
    await root.setChildren([child])
    let w1 = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await w1.attach(root)
    #expect(child.view?.frame == Rect(x: 0, y: 0, width: 100, height: 6))
    await w1.detach()
    #expect(!root.isInHierarchy && !child.isInHierarchy)
    let w2 = Window(size: Size(width: 30, height: 40), turnMode: .manual)
    try await w2.attach(root)
    try await w2.layoutIfNeeded()
    #expect(root.isInHierarchy && child.isInHierarchy)
    #expect(root.view?.superview === w2.view && w1.view.subviews.isEmpty)
    #expect(root.appliedLayout?.size == Size(width: 30, height: 40))
    #expect(child.view?.frame == Rect(x: 0, y: 0, width: 30, height: 6))
    #expect(log.count("root.didLoad") == 1 && log.count("child.didLoad") == 1)
    #expect(log.count("root.willEnter") == 2 && log.count("root.didExit") == 1)
    #expect(log.count("child.willEnter") == 2 && log.count("child.didExit") == 1)
  }

  @Test(
    "Background writes queued in a manual window before its root is detached reach the views when the root is attached to another window"
  ) @MainActor func queuedWritesFollowTheTree() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let child = UserNode("child", log: log, size: Size(width: 4, height: 6))
    try await root.addSubnode(child)
    await root.setChildren([child])
    let w1 = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await w1.attach(root)
    await Task.detached {
      await child.configure { $0.alpha = 0.5 }
      await root.configure { $0.backgroundColor = .blue }
    }.value
    #expect(child.view?.alpha == 1)
    await w1.detach()
    let w2 = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await w2.attach(root)
    await w2.flush()
    #expect(child.view?.alpha == 0.5)
    #expect(root.view?.backgroundColor == .blue)
  }

  @Test(
    "A background write to a node of a tree detached from a manual window reaches its view at that window's next flush (the tree keeps its window's turns)"
  ) @MainActor func writeToDetachedTreeReachesView() async throws {
    let root = UserNode("root", log: ScenarioLog())
    let child = UserNode("child", log: ScenarioLog(), size: Size(width: 4, height: 6))
    try await root.addSubnode(child)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    await window.detach()
    await Task.detached { await child.configure { $0.alpha = 0.25 } }.value
    #expect(child.view?.alpha == 1)
    await window.flush()
    #expect(child.view?.alpha == 0.25)
    await child.waitForQueuedWork()
  }

  @Test(
    "A subnode removed after asking for a new size is not put back by the pass that lays out its size"
  ) @MainActor func removedWhileItsPassIsPending() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let child = UserNode("child", log: log, size: Size(width: 4, height: 6))
    let other = UserNode("other", log: log, size: Size(width: 4, height: 6))
    try await root.addSubnodes([child, other])
    await root.setChildren([child, other])
    let window = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await window.attach(root)
    await child.setFixedSize(Size(width: 4, height: 20))
    await child.setNeedsLayout()
    await child.removeFromSupernode()
    await root.setChildren([other])
    await root.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(await child.supernode == nil)
    #expect(root.view?.subviews.count == 1 && root.view?.subviews.first === other.view)
    #expect(child.view?.superview == nil)
    #expect(!child.isInHierarchy)
    #expect(other.view?.frame == Rect(x: 0, y: 0, width: 50, height: 6))
  }

  @Test(
    "A subnode moved to another parent in the same window, with both parents relaid out, takes its new parent's frame"
  ) @MainActor func movedInWindowTakesNewFrame() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let left = UserNode("left", log: log)
    let right = UserNode("right", log: log)
    let item = UserNode("item", log: log, size: Size(width: 4, height: 6))
    let spacer = UserNode("spacer", log: log, size: Size(width: 4, height: 30))
    try await root.addSubnodes([left, right])
    await root.setChildren([left, right])
    try await left.addSubnode(item)
    await left.setChildren([item])
    try await right.addSubnode(spacer)
    await right.setChildren([spacer])
    let window = Window(size: Size(width: 50, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(item.view?.frame == Rect(x: 0, y: 0, width: 50, height: 6))
    try await right.addSubnode(item)
    await right.setChildren([spacer, item])
    await left.setChildren([])
    await right.setNeedsLayout()
    await left.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(item.view?.superview === right.view)
    #expect(item.view?.frame == Rect(x: 0, y: 30, width: 50, height: 6))
    #expect(right.view?.frame == Rect(x: 0, y: 0, width: 50, height: 36))
    #expect(left.view?.frame == Rect(x: 0, y: 0, width: 50, height: 0))
    #expect(log.count("item.willEnter") == 1 && log.count("item.didExit") == 0)
  }

  @Test(
    "Properties written in the background before load are on the view when didLoad runs (Texture applies the pending state before didLoad)"
  ) @MainActor func pendingStateBeforeDidLoad() async throws {
    let seen = ScenarioLog()
    let node = BasicNode()
    await node.onDidLoad { context in
      seen.add("alpha \(context.view?.alpha ?? -1) hidden \(context.view?.isHidden ?? false)")
    }
    await Task.detached {
      await node.configure {
        $0.alpha = 0.3; $0.isHidden = true
      }
    }.value
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    #expect(seen.entries == ["alpha 0.3 hidden true"])
  }

  @Test(
    "A leaf whose style changes after load relayouts its ancestors: a new preferred size moves its siblings and resizes its parent"
  ) @MainActor func styleChangeRelaysOutAncestors() async throws {
    let log = ScenarioLog()
    let leaf = BasicNode()
    let sibling = BasicNode()
    await leaf.setStyle { $0.preferredSize = Size(width: 10, height: 10) }
    await sibling.setStyle { $0.preferredSize = Size(width: 10, height: 10) }
    let column = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .start, children: [.node(leaf), .node(sibling)])
    }
    let root = UserNode("root", log: log)
    try await root.addSubnode(column)
    await root.setChildren([column])
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(sibling.view?.frame == Rect(x: 0, y: 10, width: 10, height: 10))
    await Task.detached { await leaf.setStyle { $0.preferredSize = Size(width: 30, height: 25) } }.value
    try await window.layoutIfNeeded()
    #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: 30, height: 25))
    #expect(sibling.view?.frame == Rect(x: 0, y: 25, width: 10, height: 10))
    #expect(column.view?.frame == Rect(x: 0, y: 0, width: 100, height: 35))
  }

  @Test(
    "A node that builds its layout by hand from its subnode's layout grows with the subnode's text, and its supernode places it again"
  ) @MainActor func handBuiltLayoutGrowsWithText() async throws {
    let text = TextNode(text: AttributedText("a"))
    let badge = UserBadgeNode(text: text)
    try await badge.addSubnode(text)
    let root = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .start, children: [.node(badge)])
    }
    let window = Window(size: Size(width: 300, height: 300), turnMode: .manual)
    try await window.attach(root)
    let small = try #require(text.view?.frame)
    #expect(small.origin == Point(x: 5, y: 5))
    #expect(badge.view?.frame.size == Size(width: small.width + 10, height: small.height + 10))
    await text.setText(AttributedText("a much longer line of text"))
    try await window.layoutIfNeeded()
    let large = try #require(text.view?.frame)
    #expect(large.width > small.width)
    #expect(large.origin == Point(x: 5, y: 5))
    #expect(badge.view?.frame.size == Size(width: large.width + 10, height: large.height + 10))
  }

  @Test(
    "A window root whose layout code starts failing keeps its frames, layoutIfNeeded throws, and the next valid layout is applied"
  ) @MainActor func rootFailsThenRecovers() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let child = UserNode("child", log: log, size: Size(width: 4, height: 6))
    try await root.addSubnode(child)
    await root.setChildren([child])
    let window = Window(size: Size(width: 40, height: 40), turnMode: .manual)
    try await window.attach(root)
    await child.setBadSize(Size(width: .nan, height: 3))
    await child.setNeedsLayout()
    await #expect {
      try await window.layoutIfNeeded()
    } throws: { error in
      if case LayoutError.invalidSize = error { true } else { false }
    }
    #expect(child.view?.frame == Rect(x: 0, y: 0, width: 40, height: 6))
    await child.setBadSize(nil)
    await child.setFixedSize(Size(width: 4, height: 9))
    await child.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(child.view?.frame == Rect(x: 0, y: 0, width: 40, height: 9))
  }

  @Test(
    "After a pass moves a subnode, its frame reads the same from its view, from viewProperties off the main actor, and in convert(_:to:)"
  ) @MainActor func geometryAfterPassAgreesEverywhere() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let top = UserNode("top", log: log, size: Size(width: 4, height: 10))
    let bottom = UserNode("bottom", log: log, size: Size(width: 4, height: 6))
    try await root.addSubnodes([top, bottom])
    await root.setChildren([top, bottom])
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 80, height: 80) }
    let window = Window(size: Size(width: 80, height: 80), turnMode: .manual)
    try await window.attach(root)
    #expect(try await bottom.convert(Point(x: 1, y: 1), to: nil) == Point(x: 1, y: 11))
    await top.setFixedSize(Size(width: 4, height: 30))
    await Task.detached { await top.setNeedsLayout() }.value
    try await window.layoutIfNeeded()
    #expect(bottom.view?.frame == Rect(x: 0, y: 30, width: 80, height: 6))
    let offMain = await Task.detached { await bottom.viewProperties().frame }.value
    #expect(offMain == Rect(x: 0, y: 30, width: 80, height: 6))
    #expect(try await bottom.convert(Point(x: 1, y: 1), to: nil) == Point(x: 1, y: 31))
    #expect(try await bottom.convert(Point(x: 1, y: 1), to: top) == Point(x: 1, y: 1 + 30))
    #expect(await Task.detached { await bottom.calculatedSize }.value == Size(width: 80, height: 6))
  }

  @Test(
    "Measuring a loaded node in another range from a background task applies nothing: the next layoutIfNeeded leaves the frames as they were"
  ) @MainActor func measurementNeverApplies() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let child = UserNode("child", log: log)
    let leaf = UserNode("leaf", log: log, size: Size(width: 4, height: 6))
    try await root.addSubnode(child)
    try await child.addSubnode(leaf)
    await root.setChildren([child])
    await child.setChildren([leaf])
    let window = Window(size: Size(width: 60, height: 60), turnMode: .manual)
    try await window.attach(root)
    let measured = try await Task.detached {
      try await child.layout(thatFits: SizeRange(exactly: Size(width: 20, height: 20)))
    }.value
    #expect(measured.size == Size(width: 20, height: 20))
    try await window.layoutIfNeeded()
    #expect(child.view?.frame == Rect(x: 0, y: 0, width: 60, height: 6))
    #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: 60, height: 6))
    #expect(child.appliedLayout?.size == Size(width: 60, height: 6))
    #expect(await child.calculatedLayout?.size == Size(width: 60, height: 6))
  }

  @Test("A window resized twice before its pass lays its root out at the last size; an attach racing a resize too")
  @MainActor func resizedTwiceBeforePass() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let child = UserNode("child", log: log, size: Size(width: 4, height: 6))
    try await root.addSubnode(child)
    await root.setChildren([child])
    let window = Window(size: Size(width: 60, height: 60), turnMode: .manual)
    let attach = Task { try await window.attach(root) }
    window.resize(to: Size(width: 20, height: 20))
    try await attach.value
    try await window.layoutIfNeeded()
    #expect(child.view?.frame == Rect(x: 0, y: 0, width: 20, height: 6))
    window.resize(to: Size(width: 50, height: 50))
    window.resize(to: Size(width: 70, height: 70))
    try await window.layoutIfNeeded()
    #expect(root.appliedLayout?.size == Size(width: 70, height: 70))
    #expect(child.view?.frame == Rect(x: 0, y: 0, width: 70, height: 6))
  }
}

/// A badge that lays its text out by hand: `.layout` built from the text's own measurement, inset by 5 points.
actor UserBadgeNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "badge")
  nonisolated let text: TextNode

  init(text: TextNode) { self.text = text }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let room = Size(width: max(0, range.max.width - 10), height: max(0, range.max.height - 10))
    let textLayout = try await text.layout(thatFits: SizeRange(min: .zero, max: room))
    let size = Size(width: textLayout.size.width + 10, height: textLayout.size.height + 10)
    return .layout(
      Layout(node: self, size: size, sublayouts: [textLayout.positioned(at: Point(x: 5, y: 5))]))
  }
}
