import Testing

@testable import ActorNodes

/// Layout code that fails, and measurements that their callers or the node's own state leave behind.
///
/// Texture's layout cannot fail; here layout code throws, and a pass that meets an error must leave the views
/// consistent with the layouts applied, and lose no invalidation it took. The cases come from adversarial round
/// 23 (2026-11-28), each of which failed before its fix.
@Suite(.timeLimit(.minutes(5)))
struct LayoutErrorRecoveryTests {
  static let room = SizeRange(min: .zero, max: Size(width: 100, height: 100))

  @Test func styleChangedDuringAMeasurementIsMeasuredInTheNewRange() async throws {
    let node = GatedFillerNode()
    let gate = Gate()
    await node.hold(at: gate)
    async let first = node.layout(thatFits: Self.room)
    await gate.waitForArrivals(1)
    await node.setStyle { $0.width = .points(30) }  // While its layout code runs: the old range is not its range.
    await gate.open()
    #expect(try await first.size == Size(width: 30, height: 100))
    #expect(try await node.layout(thatFits: Self.room).size == Size(width: 30, height: 100))
    #expect(await node.calculatedSize == Size(width: 30, height: 100))
    #expect(await node.measurements == 3, "the first range, measured again after its invalidation; then the new one")
  }

  @Test func aCancelledCallerStopsWaitingForAnotherCallersMeasurement() async throws {
    let node = GatedFillerNode()
    let gate = Gate()
    await node.hold(at: gate)
    let owner = Task { try await node.layout(thatFits: Self.room) }
    await gate.waitForArrivals(1)
    let waiter = Task { try await node.layout(thatFits: Self.room) }
    while await node.waiting(for: Self.room) == 0 { await Task.yield() }
    let ended = EndFlag()
    let watcher = Task {
      _ = try? await waiter.value
      ended.set()
    }
    waiter.cancel()
    // It ends while the measurement it waited for is still held at the gate (polled, boundedly: a waiter that
    // ignored its cancellation would end only once the gate opens).
    for _ in 0..<100_000 where !ended.isSet { await Task.yield() }
    #expect(ended.isSet)
    #expect(await node.waiting(for: Self.room) == 0)
    await gate.open()
    await watcher.value
    await #expect(throws: CancellationError.self) { try await waiter.value }
    #expect(try await owner.value.size == Size(width: 100, height: 100), "the measurement goes on for its owner")
  }

  @Test(
    "A measurement whose task is cancelled while its layout code runs is not cached: the code may have fallen back on a nested measurement that threw, and the callers waiting for it, later requests and the window's pass measure again"
  )
  @MainActor
  func aMeasurementWhoseTaskIsCancelledIsNotCached() async throws {
    let leaf = FailingLeaf()
    let cell = FallbackMeasuringNode(child: leaf)
    try await cell.addSubnode(leaf)
    let gate = Gate()
    await cell.hold(at: gate)
    let owner = Task { try await cell.layout(thatFits: Self.room) }  // a pre-measurement, cancelled
    await gate.waitForArrivals(1)
    let waiter = Task { try await cell.layout(thatFits: Self.room) }
    while await cell.waiting(for: Self.room) == 0 { await Task.yield() }
    owner.cancel()
    await gate.open()  // its code now measures the leaf in a cancelled task, and falls back on nothing
    await #expect(throws: CancellationError.self) { try await owner.value }
    #expect(try await waiter.value.size == Size(width: 10, height: 11), "measured again in the waiter's task")
    #expect(try await cell.layout(thatFits: Self.room).size == Size(width: 10, height: 11))
    let root = SpecHost(.stack(alignItems: .start, children: [.node(cell)]))
    try await root.addSubnode(cell)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    try await window.layoutIfNeeded()
    #expect(cell.layer?.frame == Rect(x: 0, y: 0, width: 10, height: 11))
  }

  @Test(
    "Layout code whose task group a throwing child cancelled, and that falls back on the group's error, is not cancelled: the sibling that measured after the cancellation refused in the group's child task, not in the caller's (adversarial round 27: the caller got CancellationError)"
  )
  func aGroupCancelledByAThrowingChildDoesNotCancelItsCaller() async throws {
    let node = GroupFallbackNode()
    try await node.addSubnode(BasicNode())
    #expect(try await node.layout(thatFits: Self.room).size == Size(width: 10, height: 1), "the code's fallback")
    #expect(await node.measurements == 1)
    _ = try await node.layout(thatFits: Self.room)
    #expect(await node.measurements == 1, "cached, as any layout its caller was not cancelled for")
  }

  @Test @MainActor func aFailedPassLosesNoChangeItTook() async throws {
    let (a, b) = (FailingLeaf(), FailingLeaf())
    let root = SpecHost(.stack(alignItems: .start, children: [.node(a), .node(b)]))
    try await root.addSubnodes([a, b])
    let window = Window(size: Size(width: 200, height: 200), turnMode: .manual)
    try await window.attach(root)
    try await window.layoutIfNeeded()
    // b fails first: whichever pass takes a's change (its own, or one with b's) fails on b, whose cached layout
    // is gone (a change taken before b failed was applied in a full run, where a's pass ran ahead).
    await b.setFails(true)
    await b.setNeedsLayout()
    await a.setStyle { $0.width = .points(50) }  // Taken by a pass that fails on b.
    await #expect(throws: FailingLeaf.Failure.self) { try await window.layoutIfNeeded() }
    #expect(a.layer?.frame == Rect(x: 0, y: 0, width: 10, height: 10), "nothing of the failed layout is applied")
    await b.setFails(false)
    await b.setNeedsLayout()  // The pass this asks for lays out again what the failed one could not.
    try await window.layoutIfNeeded()
    #expect(a.layer?.frame == Rect(x: 0, y: 0, width: 50, height: 10))
    #expect(b.layer?.frame == Rect(x: 50, y: 0, width: 10, height: 10))
  }

  @Test @MainActor func aSubnodeWhoseLayoutFailsTakesTheFrameItsSupernodesLayoutGives() async throws {
    let (a, b) = (GrowThenFailLeaf(), FailingLeaf())
    let root = SpecHost(.stack(.vertical, alignItems: .start, children: [.node(a), .node(b)]))
    try await root.addSubnodes([a, b])
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    try await window.layoutIfNeeded()
    await a.arm()  // Its next layout code grows it and invalidates it; the one after throws.
    window.resize(to: Size(width: 120, height: 100))
    await #expect(throws: FailingLeaf.Failure.self) { try await window.layoutIfNeeded() }
    // The root's layout (a measured at 30 × 30) is applied, and every view shows it: a takes its frame though its
    // own layout failed (it keeps the one it had), and b is placed below it.
    let frames = try #require(root.appliedLayout?.sublayouts.map(\.frame))
    #expect(frames == [Rect(x: 0, y: 0, width: 30, height: 30), Rect(x: 0, y: 30, width: 10, height: 10)])
    #expect([a.layer?.frame, b.layer?.frame] == frames)
  }

  @Test(
    "A spec whose nested positions add up past Double's largest value fails the window's pass with LayoutError.invalidPosition, and the tree and its frames stay as they were (adversarial round 26: a trap)"
  )
  @MainActor
  func positionsAddingUpPastTheLargestValueFailThePass() async throws {
    let child = BasicNode()
    let node = NestedOffsetNode(child: child)
    try await node.addSubnode(child)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(node)
    try await window.layoutIfNeeded()
    let placed = Rect(x: 20, y: 0, width: 10, height: 10)
    #expect(child.layer?.frame == placed)
    await node.setOffset(1e308)
    let error = await #expect(throws: LayoutError.self) { try await window.layoutIfNeeded() }
    guard case .invalidPosition(let position, _) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(position.x == .infinity)
    #expect(await node.subnodes.map(\.nodeCore.id) == [child.nodeCore.id], "the tree is unchanged")
    #expect(node.appliedLayout?.sublayouts.map(\.frame) == [placed], "nothing of the failed layout is applied")
    #expect(child.layer?.frame == placed)
    await node.setOffset(30)  // The next pass lays the node out again.
    try await window.layoutIfNeeded()
    #expect(child.layer?.frame == Rect(x: 60, y: 0, width: 10, height: 10))
  }
}

/// A node that places its 10 × 10 subnode in an absolute spec at `offset`, inside another absolute spec at `offset`.
actor NestedOffsetNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  let child: BasicNode
  private var offset = 10.0

  init(child: BasicNode) {
    self.child = child
  }

  func setOffset(_ offset: Double) {
    self.offset = offset
    invalidateCalculatedLayout()
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let at = Point(x: offset, y: 0)
    return .spec(.absolute(children: [.absolute(children: [box(child, 10, 10).layoutPosition(at)]).layoutPosition(at)]))
  }
}

/// A node that fills its range; its next measurement waits at a gate.
actor GatedFillerNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  private var gate: Gate?
  private(set) var measurements = 0

  func hold(at gate: Gate) { self.gate = gate }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    measurements += 1
    if let gate {
      self.gate = nil
      await gate.wait()
    }
    return .size(range.max)
  }

  /// How many requests for `range` wait for a measurement in flight.
  func waiting(for range: SizeRange) -> Int {
    state.layout.cache.waiterCount(for: LayoutCache.Key(range: range, scale: 1))
  }
}

/// A 10 × 10 leaf whose layout code throws while it is told to.
actor FailingLeaf: DisplayNode {
  struct Failure: Error {}

  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  private var fails = false

  func setFails(_ fails: Bool) { self.fails = fails }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    if fails { throw Failure() }
    return .size(Size(width: 10, height: 10))
  }
}

/// A 10 × 10 leaf that, once armed, grows to 30 × 30 and invalidates itself in its next layout code, and throws in
/// every one after.
actor GrowThenFailLeaf: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  private var armedCalls: Int?
  private var size = Size(width: 10, height: 10)

  func arm() { armedCalls = 0 }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    if let calls = armedCalls {
      armedCalls = calls + 1
      if calls > 0 { throw FailingLeaf.Failure() }
      size = Size(width: 30, height: 30)
      invalidateCalculatedLayout()
    }
    return .size(size)
  }
}

/// A node that measures its subnode by hand and falls back on no size if that fails, as code ported from Texture
/// (whose `layoutThatFits:` cannot fail) may; it waits at a gate first when told to.
actor FallbackMeasuringNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  let child: any DisplayNode
  private var gate: Gate?

  init(child: any DisplayNode) {
    self.child = child
  }

  func hold(at gate: Gate) { self.gate = gate }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    if let gate {
      self.gate = nil
      await gate.wait()
    }
    let measured = (try? await child.layout(thatFits: range))?.size ?? .zero
    return .size(Size(width: measured.width, height: measured.height + 1))
  }

  /// How many requests for `range` wait for a measurement in flight.
  func waiting(for range: SizeRange) -> Int {
    state.layout.cache.waiterCount(for: LayoutCache.Key(range: range, scale: 1))
  }
}

/// A node that measures its subnodes in a task group of its own, each once the group is cancelled, next to a
/// child task that throws; it falls back on a height of 1 when the group throws (as code ported from Texture,
/// whose measurements cannot fail, may).
actor GroupFallbackNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  private(set) var measurements = 0

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    measurements += 1
    let children = await subnodes
    var height = 1.0
    do {
      height = try await withThrowingTaskGroup(of: Double.self) { group in
        group.addTask { throw FailingLeaf.Failure() }
        for child in children {
          group.addTask {
            // Until the failure cancels the group: the measurement below is refused.
            let cancelled = Gate()
            await withTaskCancellationHandler {
              await cancelled.wait()
            } onCancel: {
              Task { await cancelled.open() }
            }
            return try await child.layout(thatFits: .unconstrained).size.height
          }
        }
        return try await group.reduce(0, +)
      }
    } catch {}
    return .size(Size(width: 10, height: height))
  }
}
