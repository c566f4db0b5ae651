import Synchronization
import Testing

@testable import ActorNodes

/// A leaf whose layout code calls back into the library: a test's closure runs before it answers, and another in
/// its `calculatedLayoutDidChange()`.
actor CallbackLeaf: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "callback")
  private var beforeAnswering: (@Sendable (CallbackLeaf) async -> Void)?
  private var onLayoutChange: (@Sendable (CallbackLeaf) -> Void)?
  private(set) var layoutCalls = 0
  private(set) var changes = 0

  func setBeforeAnswering(_ body: (@Sendable (CallbackLeaf) async -> Void)?) { beforeAnswering = body }
  func setOnLayoutChange(_ body: (@Sendable (CallbackLeaf) -> Void)?) { onLayoutChange = body }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    layoutCalls += 1
    await beforeAnswering?(self)
    return .size(Size(width: 10, height: 10))
  }

  func calculatedLayoutDidChange() {
    changes += 1
    onLayoutChange?(self)
  }
}

/// A row whose layout code makes its first subnode grow before returning the spec that names it, as Texture's users
/// set `style.flexGrow` on a subnode in `layoutSpecThatFits:`; it counts its layout code's runs.
actor FlexGrowingRow: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "flexGrowingRow")
  nonisolated let grower = PassNode("grower", size: Size(width: 10, height: 10))
  nonisolated let fixed = PassNode("fixed", size: Size(width: 10, height: 10))
  nonisolated let runs = Atomic<Int>(0)

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    runs.add(1, ordering: .relaxed)
    await grower.setStyle { $0.flexGrow = 1 }
    return .spec(.stack(.horizontal, children: [.node(grower), .node(fixed)]))
  }
}

/// A node that measures itself and, in its `layout(_:)`, invalidates its own layout (counting its hooks).
actor SelfInvalidatingPlacer: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "placer")
  @MainActor private(set) var hookCalls = 0

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod { .size(range.max) }

  @MainActor func layout(_ context: borrowing LayoutContext) {
    hookCalls += 1
    invalidateCalculatedLayout()
  }
}

/// Layout code that calls back into the library: it ends, and nothing loops.
///
/// Texture's `invalidateCalculatedLayout` never asks for a layout pass, and a
/// `layoutIfNeeded` off the main thread on a loaded node is deferred; here an
/// invalidation of a loaded node asks for a pass, and a wait for passes would
/// wait for the pass it runs in. These tests pin what replaces both.
@Suite(.timeLimit(.minutes(5)))
@MainActor
struct LayoutReentrancyTests {
  /// A manual window whose root stacks `leaf`.
  private func attach(_ leaf: CallbackLeaf) async throws -> Window {
    let root = SpecHost(.stack(alignItems: .start, children: [.node(leaf)]))
    try await root.addSubnode(leaf)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    return window
  }

  @Test func layoutCodeThatInvalidatesItsOwnNodeIsMeasuredOnceAndNotCached() async throws {
    let leaf = CallbackLeaf()
    await leaf.setBeforeAnswering { $0.invalidateCalculatedLayout() }
    let range = SizeRange(min: .zero, max: Size(width: 50, height: 50))
    #expect(try await leaf.layout(thatFits: range).size == Size(width: 10, height: 10))
    #expect(await leaf.layoutCalls == 1, "Texture measures once and returns the layout")
    _ = try await leaf.layout(thatFits: range)
    #expect(await leaf.layoutCalls == 2, "the invalidation made the layout stale: it is measured again")
  }

  @Test func layoutCodeThatInvalidatesItsOwnLoadedNodeAsksForNoPass() async throws {
    let leaf = CallbackLeaf()
    await leaf.setBeforeAnswering { $0.invalidateCalculatedLayout() }
    let window = try await attach(leaf)
    try await window.layoutIfNeeded()
    let calls = await leaf.layoutCalls
    #expect(leaf.appliedLayout?.size == Size(width: 10, height: 10))
    try await window.layoutIfNeeded()
    await window.flush()
    #expect(await leaf.layoutCalls == calls, "no pass was asked for: the layout code would run again, forever")

    // A pass something else asks for measures the node again (its layout is stale), and asks for no other.
    await leaf.setNeedsLayout()
    try await window.layoutIfNeeded()
    let after = await leaf.layoutCalls
    #expect(after > calls)
    try await window.layoutIfNeeded()
    await window.flush()
    #expect(await leaf.layoutCalls == after)
  }

  @Test func calculatedLayoutDidChangeThatInvalidatesItsOwnNodeAsksForNoPass() async throws {
    let leaf = CallbackLeaf()
    await leaf.setOnLayoutChange { $0.invalidateCalculatedLayout() }
    let window = try await attach(leaf)
    try await window.layoutIfNeeded()
    #expect(await leaf.changes == 1)
    try await window.layoutIfNeeded()
    #expect(await leaf.changes == 1, "the hook's invalidation asked for no pass, which would call the hook again")

    await leaf.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(await leaf.changes == 2, "the next pass measures the node again and applies the new layout, once")
  }

  @Test func layoutCodeThatInvalidatesAnotherNodeAsksForNoPass() async throws {
    let other = CallbackLeaf()
    let leaf = CallbackLeaf()
    let root = SpecHost(.stack(alignItems: .start, children: [.node(leaf), .node(other)]))
    try await root.addSubnodes([leaf, other])
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    let otherCalls = await other.layoutCalls
    await leaf.setBeforeAnswering { _ in other.invalidateCalculatedLayout() }
    await leaf.setNeedsLayout()
    try await window.layoutIfNeeded()
    // As Texture's invalidation: a pass from layout code could run code that invalidates back, for ever.
    #expect(await other.layoutCalls == otherCalls, "layout code's invalidation of another node asks for no pass")

    // The next layout that measures it measures it anew.
    await leaf.setBeforeAnswering(nil)
    root.invalidateCalculatedLayout()
    try await window.layoutIfNeeded()
    #expect(await other.layoutCalls == otherCalls + 1)
  }

  /// A leaf whose layout code changes a text node elsewhere in the tree, and the tree, attached to a window.
  private func meddlingTree(_ mode: TurnMode) async throws -> (Window, meddler: CallbackLeaf, text: TextNode) {
    let meddler = CallbackLeaf()
    let text = TextNode(text: "cat")
    let root = SpecHost(.stack(.vertical, alignItems: .start, children: [.node(meddler), .node(text)]))
    try await root.addSubnodes([meddler, text])
    let window = Window(size: Size(width: 120, height: 300), turnMode: mode)
    try await window.attach(root)
    try await window.layoutIfNeeded()
    return (window, meddler, text)
  }

  @Test(arguments: [TurnMode.manual, .automatic])
  func layoutCodeThatChangesAnotherNodesTextShowsTheText(_ mode: TurnMode) async throws {
    let (window, meddler, text) = try await meddlingTree(mode)
    let long = AttributedText("a sleepy kitten in a basket of yarn on the window sill")
    await meddler.setBeforeAnswering { _ in await text.setText(long) }
    await meddler.setNeedsLayout()
    try await window.layoutIfNeeded()
    // Texture's `setAttributedText:` calls `setNeedsLayout`, which lays the node out at the next layout whatever
    // code called it. Before, the change asked for no pass from layout code, and nothing measured the text again.
    let room = SizeRange(min: .zero, max: Size(width: 120, height: 300))
    let expected = try await TextNode(text: long).layout(thatFits: room)
    #expect(text.appliedLayout?.size == expected.size)
    #expect(text.layer?.frame.size == expected.size)
    #expect(expected.size.height > 20, "the long text wraps")
  }

  @Test func layoutCodeThatSetsNeedsLayoutOnAnotherNodeAsksForItsPass() async throws {
    let (window, meddler, text) = try await meddlingTree(.manual)
    let before = await text.calculatedSize
    await meddler.setBeforeAnswering { _ in
      // A change the text node does not know of, then Texture's way to say so.
      await text.setStyle { $0.width = .points(90) }
      await text.setNeedsLayout()
    }
    await meddler.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(before.width != 90)
    #expect(text.appliedLayout?.size.width == 90)
  }

  @Test(
    "A style a node's layout code sets on its subnode before it names it lays the node out once, with the new style (Texture's style setters call nothing on the node; adversarial round 29: the change asked for a follow-up pass, which laid the supernode out again)",
    arguments: [TurnMode.manual, .automatic])
  @MainActor
  func styleSetOnASubnodeInLayoutCodeLaysTheSupernodeOutOnce(_ mode: TurnMode) async throws {
    let row = FlexGrowingRow()
    try await row.addSubnodes([row.grower, row.fixed])
    let window = Window(size: Size(width: 100, height: 20), turnMode: mode)
    try await window.attach(row)
    try await window.layoutIfNeeded()
    #expect(row.grower.layer?.frame.size == Size(width: 90, height: 20), "laid out with its new style")
    #expect(row.runs.load(ordering: .relaxed) == 1)
    // The style is set again, unchanged: nothing more runs.
    try await window.layoutIfNeeded()
    #expect(row.runs.load(ordering: .relaxed) == 1)
  }

  /// Two leaves side by side in an automatic window, laid out.
  private func twoLeavesLaidOut() async throws -> (Window, first: CallbackLeaf, second: CallbackLeaf) {
    let first = CallbackLeaf()
    let second = CallbackLeaf()
    let root = SpecHost(.stack(alignItems: .start, children: [.node(first), .node(second)]))
    try await root.addSubnodes([first, second])
    let window = Window(size: Size(width: 100, height: 100))
    try await window.attach(root)
    try await window.layoutIfNeeded()
    return (window, first, second)
  }

  @Test func layoutCodeOfTwoNodesThatChangeEachOtherEnds() async throws {
    let (window, first, second) = try await twoLeavesLaidOut()
    await first.setBeforeAnswering { _ in await second.setNeedsLayout() }
    await second.setBeforeAnswering { _ in await first.setNeedsLayout() }
    let calls = (await first.layoutCalls, await second.layoutCalls)
    await first.setNeedsLayout()
    // Texture would lay them out again at every layout, for ever: here a chain of passes asked for by the code
    // of the pass before ends after `LayoutScope.followUpPassLimit` of them, so that the wait returns.
    try await window.layoutIfNeeded()
    let after = (await first.layoutCalls, await second.layoutCalls)
    #expect(after.0 + after.1 - calls.0 - calls.1 == 1 + LayoutScope.followUpPassLimit)
    try await window.layoutIfNeeded()
    #expect(await first.layoutCalls == after.0)
    #expect(await second.layoutCalls == after.1)
  }

  @Test func calculatedLayoutDidChangeOfTwoNodesThatInvalidateEachOtherEnds() async throws {
    let (window, first, second) = try await twoLeavesLaidOut()
    // Each new layout of one invalidates the other, whose new layout invalidates the first: in Texture, a layout
    // at every frame for ever. Here the hooks' passes are follow-ups of the pass that ran them, and the chain ends.
    await first.setOnLayoutChange { _ in second.invalidateCalculatedLayout() }
    await second.setOnLayoutChange { _ in first.invalidateCalculatedLayout() }
    let changes = (await first.changes, await second.changes)
    await first.setNeedsLayout()
    try await window.layoutIfNeeded()
    let after = (await first.changes, await second.changes)
    #expect(after.0 + after.1 - changes.0 - changes.1 == 1 + LayoutScope.followUpPassLimit)
    try await window.layoutIfNeeded()
    #expect(await first.changes == after.0)
    #expect(await second.changes == after.1)
  }

  @Test func calculatedLayoutDidChangeThatInvalidatesItsSupernodeAsksForItsPass() async throws {
    let leaf = CallbackLeaf()
    let root = SubnodeInvalidatingNode(leaf, invalidatesIt: false)
    try await root.addSubnode(leaf)
    let window = Window(size: Size(width: 100, height: 100))
    try await window.attach(root)
    try await window.layoutIfNeeded()
    await leaf.setOnLayoutChange { _ in root.invalidateCalculatedLayout() }
    let before = await root.calls
    await leaf.setNeedsLayout()
    try await window.layoutIfNeeded()
    // The hook runs once per new layout, not in layout code: another node's invalidation there asks for a pass.
    let after = await root.calls
    #expect(after > before)
    try await window.layoutIfNeeded()
    #expect(await root.calls == after, "and the passes end: the leaf's layout did not change again")
  }

  @Test func layoutCodeOfTwoNodesThatInvalidateEachOtherEnds() async throws {
    let first = CallbackLeaf()
    let second = CallbackLeaf()
    let root = SpecHost(.stack(alignItems: .start, children: [.node(first), .node(second)]))
    try await root.addSubnodes([first, second])
    await first.setBeforeAnswering { _ in second.invalidateCalculatedLayout() }
    await second.setBeforeAnswering { _ in first.invalidateCalculatedLayout() }
    let window = Window(size: Size(width: 100, height: 100))
    try await window.attach(root)
    try await window.layoutIfNeeded()
    let calls = (await first.layoutCalls, await second.layoutCalls)
    try await window.layoutIfNeeded()
    #expect(await first.layoutCalls == calls.0)
    #expect(await second.layoutCalls == calls.1)
  }

  @Test(arguments: [TurnMode.manual, .automatic])
  func layoutHookThatInvalidatesItsOwnNodeAsksForNoPass(_ mode: TurnMode) async throws {
    let placer = SelfInvalidatingPlacer()
    let window = Window(size: Size(width: 100, height: 100), turnMode: mode)
    try await window.attach(placer)
    try await window.layoutIfNeeded()
    #expect(placer.hookCalls == 1)
    // A node that places its subnodes itself runs its hooks on every pass that reaches it: a pass asked for by
    // the hook's own invalidation would run the hook again, and so on, forever (a busy main actor).
    try await window.layoutIfNeeded()
    try await window.layoutIfNeeded()
    #expect(placer.hookCalls == 1)

    // A pass something else asks for lays it out again, once.
    await placer.setNeedsLayout()
    try await window.layoutIfNeeded()
    try await window.layoutIfNeeded()
    #expect(placer.hookCalls == 2)
  }

  @Test(arguments: ["window.layoutIfNeeded()", "window.waitForLayoutPasses()", "node.layoutIfNeeded()"])
  func layoutCodeThatWaitsForLayoutPassesGetsAnError(_ wait: String) async throws {
    let leaf = CallbackLeaf()
    let window = try await attach(leaf)
    let caught = ErrorBox()
    await leaf.setBeforeAnswering { node in
      do {
        switch wait {
        case "window.layoutIfNeeded()": try await window.layoutIfNeeded()
        case "window.waitForLayoutPasses()": try await window.waitForLayoutPasses()
        default: try await node.layoutIfNeeded()
        }
      } catch {
        caught.set(error)
      }
    }
    await leaf.setNeedsLayout()
    // Waiting for its own window's passes from layout code would wait for the pass it runs in, forever.
    try await window.layoutIfNeeded()
    #expect(caught.error as? LayoutError == .layoutPassAwaitedFromLayoutCode)
    #expect("\(caught.error.map { "\($0)" } ?? "")".contains("layout code must not wait for layout passes"))
  }

  @Test(
    "Layout code in a manual window that waits for its own queued work does not wait for the flush (which layoutIfNeeded() runs once the pass is over): the wait returns at once, and the flush applies the work",
    arguments: ["node.waitForQueuedWork()", "window.waitForQueuedWork()"])
  func layoutCodeWaitingForQueuedWorkInAManualWindowDoesNotWaitForTheFlush(_ wait: String) async throws {
    // Adversarial round 26 (Texture #3064's pattern: main waits for background work that waits for main):
    // `layoutIfNeeded()` waited for the pass, and the pass for the flush that `layoutIfNeeded()` runs after it.
    let leaf = CallbackLeaf()
    let window = try await attach(leaf)
    let returned = Mutex(false)
    await leaf.setBeforeAnswering { node in
      await node.configure { $0.alpha = 0.5 }
      switch wait {
      case "node.waitForQueuedWork()": await node.waitForQueuedWork()
      default: await window.waitForQueuedWork()
      }
      returned.withLock { $0 = true }
    }
    await leaf.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(returned.withLock { $0 })
    #expect(leaf.view?.alpha == 0.5, "the flush of layoutIfNeeded() applied the write")
  }

  @Test(
    "A task that layout code starts may wait for layout passes once the measurement that started it has ended"
  )
  func taskStartedInLayoutCodeWaitsForPassesAfterward() async throws {
    let leaf = CallbackLeaf()
    let window = try await attach(leaf)
    let gate = Gate()
    let started = Mutex<Task<Void, any Error>?>(nil)
    await leaf.setBeforeAnswering { node in
      // An unstructured task inherits the task-locals of the layout code that starts it.
      let task = Task {
        await gate.wait()
        try await window.layoutIfNeeded()
        try await node.layoutIfNeeded()
      }
      started.withLock { $0 = task }
    }
    await leaf.setNeedsLayout()
    try await window.layoutIfNeeded()
    await leaf.setBeforeAnswering(nil)
    let task = try #require(started.withLock { $0 })
    await gate.open()
    try await task.value  // Threw layoutPassAwaitedFromLayoutCode, though no measurement was under way.
  }

  @Test(
    "A task that a subnode's layout code starts, in a child task of a concurrent measurement, may wait for layout passes once the measurement has ended"
  )
  @MainActor
  func taskStartedInAConcurrentMeasurementWaitsForPassesAfterward() async throws {
    let asker = CallbackLeaf()
    let nodes: [any DisplayNode] = [asker] + (0..<7).map { BasicNode(debugName: "\($0)") }
    let host = SpecHost(.stack(.vertical, children: nodes.map { .node($0) }))
    try await host.addSubnodes(nodes)
    let window = Window(turnMode: .manual)
    let gate = Gate()
    let started = Mutex<Task<Void, any Error>?>(nil)
    await asker.setBeforeAnswering { _ in
      started.withLock {
        $0 = Task { @MainActor in
          await gate.wait()
          try await window.layoutIfNeeded()
        }
      }
    }
    _ = try await host.layout(thatFits: SizeRange(exactWidth: 10), concurrency: .forced)
    let task = try #require(started.withLock { $0 })
    await gate.open()
    // Threw layoutPassAwaitedFromLayoutCode: the child task's scope kept the host's measurement after it ended.
    try await task.value
  }

  @Test(
    "A spec naming the subnodes its layout code read, one of which leaves during the measurement, is measured again rather than failing (Texture holds the node's lock through layoutSpecThatFits)"
  )
  func subnodeLeavingDuringTheMeasurementRemeasures() async throws {
    let gate = Gate()
    let list = SubnodeListNode(gate: gate)
    let rows = (0..<3).map { BasicNode(debugName: "\($0)") }
    try await list.addSubnodes(rows)
    async let layout = list.layout(thatFits: SizeRange(exactWidth: 50))
    await gate.waitForArrivals(1)  // It read the three rows.
    await rows[1].removeFromSupernode()
    await gate.open()
    let result = try await layout  // Threw LayoutError.notASubnode.
    #expect(
      result.sublayouts.map(\.frame) == [
        Rect(x: 0, y: 0, width: 50, height: 10), Rect(x: 0, y: 10, width: 50, height: 10),
      ])
    #expect(await list.calls == 2)
  }

  @Test(
    "A node whose subnode, during its measurement, leaves it and takes it as a subnode of its own is measured again rather than failing with layoutRequestedFromItsOwnLayoutCode"
  )
  func subnodeTakingItsSupernodeDuringTheMeasurementRemeasures() async throws {
    let gate = Gate()
    let inner = GatedColumn(gate: gate)
    let outer = SubnodeColumn()
    try await outer.addSubnode(inner)
    async let layout = outer.layout(thatFits: SizeRange(min: .zero, max: Size(width: .infinity, height: .infinity)))
    await gate.waitForArrivals(1)  // The outer node's spec names the inner one, whose layout code waits.
    // Round 18 (seed 16, moves during a pass): the inner node leaves, then takes the outer one as its subnode; its
    // spec names it, in the range the outer node is being measured in, by this very task.
    await inner.removeFromSupernode()
    try await inner.addSubnode(outer)
    await gate.open()
    let result = try await layout  // Threw LayoutError.layoutRequestedFromItsOwnLayoutCode.
    #expect(result.sublayouts.isEmpty, "measured again, from its newest subnodes: none")
    #expect(await inner.calls == 1, "the inner node's measurement in the stale spec ended with the outer one's")
  }

  @Test(
    "A pass started from a task that inherited a measuring task's scope runs inside no measurement, and lays out the node that task is measuring"
  )
  func passFromAnInheritedScopeRunsInsideNoMeasurement() async throws {
    // Round 18 (seed 16): a task that a hook started inherits the pass's scope while that pass goes on measuring,
    // and a pass it asks for starts in that task. It copied the measuring pass's frames, took the root they
    // measure for its own measurement, and threw layoutRequestedFromItsOwnLayoutCode instead of waiting for it.
    let gate = Gate()
    let node = SubnodeListNode(gate: gate)
    try await node.addSubnode(BasicNode())
    let range = SizeRange(exactWidth: 50)
    async let measuring = node.layout(thatFits: range)
    await gate.waitForArrivals(1)  // The node is being measured, its layout code held at the gate.
    let scope = try #require(await node.scopeOfItsFirstMeasurement)
    LayoutScope.$current.withValue(scope) {
      #expect(LayoutScope.isInLayoutCode, "a task with this scope runs inside the measuring task's scope")
    }
    let pass = Task {
      await LayoutScope.$current.withValue(scope) {
        await LayoutScope.withScope(passGeneration: 1) {
          #expect(!LayoutScope.isInLayoutCode, "the pass's scope holds no measurement")
          return try? await node.layout(thatFits: range)
        }
      }
    }
    // The measurement ends only once the pass waits for it (else the pass would find it cached), or ended.
    let passEnded = EndFlag()
    let watcher = Task {
      _ = await pass.value
      passEnded.set()
    }
    while await node.waitingRequests(for: range) == 0, !passEnded.isSet { await Task.yield() }
    await gate.open()
    await watcher.value
    let first = try await measuring
    let second = await pass.value
    #expect(second?.size == first.size, "the pass waited for the measurement in flight, and got its layout")
  }

  @Test func layoutCodeThatInvalidatesItsSubnodeAsksForNoPass() async throws {
    let child = CallbackLeaf()
    let parent = SubnodeInvalidatingNode(child)
    try await parent.addSubnode(child)
    let window = Window(size: Size(width: 100, height: 100))
    try await window.attach(parent)
    try await window.layoutIfNeeded()
    let calls = await parent.calls
    #expect(child.appliedLayout?.size == Size(width: 10, height: 10))
    // A pass for the subnode would lay the parent out again, whose code would invalidate it again: passes for
    // ever (the main actor kept busy, and `layoutIfNeeded()` never returning).
    try await window.layoutIfNeeded()
    try await window.layoutIfNeeded()
    #expect(await parent.calls == calls, "the parent measures the subnode next: no pass was asked for")
    #expect(await child.layoutCalls >= 1)
  }

  @Test func layoutCodeThatInvalidatesItsNodeAndTheSupernodeMeasuringItEnds() async throws {
    let leaf = CallbackLeaf()
    let root = SpecHost(.stack(alignItems: .start, children: [.node(leaf)]))
    try await root.addSubnode(leaf)
    await leaf.setBeforeAnswering { node in
      node.invalidateCalculatedLayout()
      root.invalidateCalculatedLayout()
    }
    // Before, the root measured again after every invalidation of the leaf's code, which ran again: for ever.
    let layout = try await root.layout(thatFits: SizeRange(min: .zero, max: Size(width: 50, height: 50)))
    #expect(layout.sublayouts.map(\.frame) == [Rect(x: 0, y: 0, width: 10, height: 10)])
    #expect(await leaf.layoutCalls == 1, "the invalidation came from code the root's own measurement ran")

    let window = Window(size: Size(width: 100, height: 100))
    try await window.attach(root)
    try await window.layoutIfNeeded()
    let calls = await leaf.layoutCalls
    try await window.layoutIfNeeded()
    #expect(await leaf.layoutCalls == calls, "and asked for no pass, which would run that code again")
  }

  @Test func layoutCodeThatAttachesToAWindowGetsAnError() async throws {
    let window = Window(size: Size(width: 100, height: 100))
    let other = BasicNode()
    let leaf = CallbackLeaf()
    let caught = ErrorBox()
    await leaf.setBeforeAnswering { _ in
      do { try await window.attach(other) } catch { caught.set(error) }
    }
    let root = SpecHost(.stack(alignItems: .start, children: [.node(leaf)]))
    try await root.addSubnode(leaf)
    // The attach in the layout code would wait for this attach, which waits for its pass: for ever.
    try await window.attach(root)
    #expect(caught.error as? HierarchyError == .windowChangedInLayoutCode)
    #expect("\(caught.error.map { "\($0)" } ?? "")".contains("layout code must not attach or detach a window's root"))
    #expect(window.rootNode === root)
    #expect(!other.isInHierarchy)
  }
}

/// A node that stacks its subnode, counting its layout calls; its layout code invalidates the subnode's layout
/// every time, unless told not to.
actor SubnodeInvalidatingNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "parent")
  private let child: CallbackLeaf
  private let invalidatesIt: Bool
  private(set) var calls = 0

  init(_ child: CallbackLeaf, invalidatesIt: Bool = true) {
    self.child = child
    self.invalidatesIt = invalidatesIt
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    calls += 1
    if invalidatesIt { child.invalidateCalculatedLayout() }
    return .spec(.stack(alignItems: .start, children: [.node(child)]))
  }
}

/// An error a closure caught, read after it ran.
final class ErrorBox: Sendable {
  private let stored = Mutex<(any Error)?>(nil)

  func set(_ error: any Error) { stored.withLock { $0 = error } }
  var error: (any Error)? { stored.withLock { $0 } }
}

/// A node whose spec stacks the subnodes it has once its first measurement's gate opens.
actor GatedColumn: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "gated")
  let gate: Gate
  private(set) var calls = 0

  init(gate: Gate) {
    self.gate = gate
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    calls += 1
    if calls == 1 { await gate.wait() }
    return .spec(.stack(.vertical, alignItems: .start, children: await subnodes.map { .node($0) }))
  }
}

/// A node whose spec lays out the subnodes its layout code read, as Texture code reads `self.subnodes`; its first
/// call waits at a gate after reading them.
actor SubnodeListNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "list")
  let gate: Gate
  private(set) var calls = 0

  init(gate: Gate) {
    self.gate = gate
  }

  /// The layout scope of the task that ran the first measurement, taken as it started.
  private(set) var scopeOfItsFirstMeasurement: LayoutScope?

  /// How many requests for `range` wait for a measurement in flight.
  func waitingRequests(for range: SizeRange) -> Int {
    state.layout.cache.waiterCount(for: LayoutCache.Key(range: range, scale: 1))
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let rows = await subnodes
    calls += 1
    if calls == 1 {
      scopeOfItsFirstMeasurement = LayoutScope.current
      await gate.wait()
    }
    return .spec(.stack(.vertical, alignItems: .stretch, children: rows.map { .node($0).height(10) }))
  }
}

/// A flag one task sets and another polls.
final class EndFlag: Sendable {
  private let flag = Atomic<Bool>(false)

  func set() { flag.store(true, ordering: .releasing) }

  var isSet: Bool { flag.load(ordering: .acquiring) }
}
