import ActorNodes
import Synchronization
import Testing

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
@Suite(.timeLimit(.minutes(3)))
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

  /// A wait still covers the follow-up passes that layout code of the passes it waits for asked for.
  @Test(arguments: [TurnMode.automatic, .manual])
  @MainActor
  func layoutIfNeededWaitsForFollowUpsOfLayoutCode(mode: TurnMode) async throws {
    let node = FollowingNode()
    let window = Window(size: Size(width: 10, height: 10), turnMode: mode)
    try await window.attach(node)
    try await window.layoutIfNeeded()
    let before = await node.measurements
    node.asksForAFollowUp.store(true, ordering: .releasing)
    await node.setNeedsLayout()
    try await window.layoutIfNeeded()
    // The pass the wait took a ticket for, then the one its layout code asked for.
    #expect(await node.measurements - before == 2)
  }
}

/// A node whose layout, once asked to, asks for one more layout from layout code (a follow-up pass).
private actor FollowingNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "following") { $0.frame = Rect(x: 0, y: 0, width: 10, height: 10) }
  private(set) var measurements = 0
  nonisolated let asksForAFollowUp = Atomic<Bool>(false)

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    measurements += 1
    if asksForAFollowUp.exchange(false, ordering: .acquiringAndReleasing) { await setNeedsLayout() }
    return .size(Size(width: 10, height: 10))
  }
}
