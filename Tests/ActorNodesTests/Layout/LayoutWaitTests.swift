import Synchronization
import Testing

@testable import ActorNodes

/// A node whose layout asks for its next layout from a task that is not layout code, up to `limit` times: an
/// animation that invalidates a node every frame.
private actor SelfInvalidatingNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "ticking") { $0.frame = Rect(x: 0, y: 0, width: 10, height: 10) }
  private(set) var measurements = 0
  nonisolated let isTicking = Atomic<Bool>(false)
  let limit: Int

  init(limit: Int) { self.limit = limit }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    measurements += 1
    if isTicking.load(ordering: .acquiring), measurements < limit {
      // Not layout code: a detached task has no layout scope, so its request starts no chain of follow-ups.
      await Task.detached { await self.setNeedsLayout() }.value
    }
    return .size(Size(width: 10, height: 10))
  }
}

/// Waits for layout passes take a ticket: they return once the requests made before them are laid out, whatever
/// comes after (AN-0004, "Layout passes").
@Suite(.timeLimit(.minutes(5)))
struct LayoutWaitTests {
  /// Texture's `layoutIfNeeded` lays out once and returns; requests made while it waits are for a later pass.
  /// Before tickets, the waits returned only once the scheduler was idle: never, under an endless animation (the
  /// time limit fails the test then).
  @Test(arguments: [TurnMode.automatic, .manual])
  @MainActor
  func waitsReturnUnderAnEndlessStreamOfInvalidations(mode: TurnMode) async throws {
    let node = SelfInvalidatingNode(limit: .max)
    let window = Window(size: Size(width: 10, height: 10), turnMode: mode)
    try await window.attach(node)
    try await window.layoutIfNeeded()
    let before = await node.measurements
    node.isTicking.store(true, ordering: .releasing)
    defer { node.isTicking.store(false, ordering: .releasing) }
    await node.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(await node.measurements > before)
    try await window.waitForLayoutPasses()
    try await node.layoutIfNeeded()
    await node.recursivelyEnsureDisplay()
    #expect(node.appliedLayout?.size == Size(width: 10, height: 10))
  }

  /// A wait still covers the follow-up passes that layout code of the passes it waits for asked for: it does not
  /// return while the follow-up is held.
  @Test(arguments: [TurnMode.automatic, .manual])
  @MainActor
  func layoutIfNeededWaitsForFollowUpsOfLayoutCode(mode: TurnMode) async throws {
    let other = GatedLeaf(debugName: "held") { _ in Size(width: 10, height: 10) }
    let follower = FollowingNode(other: other)
    let column = SubnodeColumn()
    try await column.addSubnodes([follower, other])
    let window = Window(size: Size(width: 10, height: 20), turnMode: mode)
    try await window.attach(column)
    try await window.layoutIfNeeded()
    let first = Gate()
    let second = Gate()
    await follower.hold(at: first)
    await other.hold(at: second)
    follower.asksForAFollowUp.store(true, ordering: .releasing)
    await follower.setNeedsLayout()
    let returned = WaitReturned()
    let wait = Task { @MainActor in
      try await window.layoutIfNeeded()
      returned.value = true
    }
    // The wait is made while the first pass measures the follower.
    await first.waitForArrivals(1)
    let queue = window.turnQueue
    while await waitsForPasses(of: queue) == 0 { await Task.yield() }
    await first.open()
    // The follow-up pass (for `other`, which the follower's layout code marked) is measuring `other`, held; the
    // first pass's turn may run meanwhile.
    await second.waitForArrivals(1)
    if mode == .automatic { await window.waitForQueuedWork() }
    for _ in 0..<20 { await Task.yield() }
    #expect(!returned.value, "the wait returned before the follow-up pass ran")
    await second.open()
    try await wait.value
    #expect(returned.value)
  }
}

/// How many waits for the passes of `queue`'s window are waiting.
@HierarchyActor private func waitsForPasses(of queue: TurnQueue) -> Int {
  queue.layoutScheduler.waiterCount
}

@MainActor private final class WaitReturned {
  var value = false
}

/// A leaf whose layout, once asked to, waits at a gate and then marks another node from layout code (which asks
/// for a follow-up pass).
private actor FollowingNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "following")
  nonisolated let asksForAFollowUp = Atomic<Bool>(false)
  let other: any DisplayNode
  private var gate: Gate?

  init(other: any DisplayNode) { self.other = other }

  func hold(at gate: Gate) { self.gate = gate }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    if asksForAFollowUp.exchange(false, ordering: .acquiringAndReleasing) {
      if let gate {
        self.gate = nil
        await gate.wait()
      }
      await other.setNeedsLayout()
    }
    return .size(Size(width: 10, height: 10))
  }
}
