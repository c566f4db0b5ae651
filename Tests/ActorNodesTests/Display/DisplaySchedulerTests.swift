import Synchronization
import Testing

@testable import ActorNodes

/// The display scheduler's bookkeeping of requests and answers, with the order of its steps chosen by the test.
@Suite("The display scheduler answers every request", .timeLimit(.minutes(1)))
struct DisplaySchedulerTests {
  @Test(
    "A request that reaches the scheduler after a newer request of its node, while the newer one's snapshot is taken, is answered by the display that replaces it: a wait for displays returns"
  )
  @HierarchyActor
  func requestArrivingAfterANewerOneIsAnswered() async throws {
    // Round 32 (a sweep of the convergence walks: two walks' waits for displays hung for good, the scheduler holding
    // one node's request unanswered with nothing left to answer it). `request` numbers a node's requests when it is
    // called, and each call reaches the scheduler in a task of its own, so two calls from two tasks can arrive in
    // the other order; the display taken for the older one replaced the newer one's in the batch and answered only
    // the older one.
    let executor = ManualExecutor()
    var jobs = executor.makeJobQueue()
    let node = HeldDrawingNode(executor: executor)
    let core = node.nodeCore
    let older = core.displayRequests.add(1, ordering: .acquiringAndReleasing).newValue
    let newer = core.displayRequests.add(1, ordering: .acquiringAndReleasing).newValue
    DisplayScheduler.shared.add(node, number: newer, priority: .medium)
    let snapshot = await jobs.next()  // The batch takes the newer request's snapshot in the node's actor...
    DisplayScheduler.shared.add(node, number: older, priority: .medium)  // ...when the older request arrives.
    executor.run(snapshot)
    let runner = Task { [jobs] in
      var jobs = jobs
      await jobs.runUntilCancelled()
    }
    defer { runner.cancel() }
    // The node is in no window: its displays end as they start, answering what they cover.
    await DisplayScheduler.shared.waitForDisplays(of: [core])
    #expect(core.displayRequestsAnswered.load(ordering: .acquiring) == newer)
    #expect(!core.hasOutstandingDisplays)
    // The older request joined the newer one, whose snapshot was taken after it was made: one display, not a
    // second one that would cancel the first one's draw (which would then answer the newer request, showing
    // nothing, before the second display committed).
    #expect(await node.snapshots == 1)
  }

  @Test(
    "A wait for displays holds none of its nodes' cores: a node whose display was outstanding when the wait began, answered and then dropped while the wait waits for another node, is freed (adversarial round 34: the wait held it, and its views, until a slow draw in another window ended)"
  )
  @HierarchyActor
  func displayWaitHoldsNoCore() {
    let slow = NodeCore()
    weak var weakCore: NodeCore?
    let waiter: DisplayWaiter
    do {
      let quick = NodeCore()
      weakCore = quick
      waiter = DisplayWaiter([.init(core: quick, request: 1), .init(core: slow, request: 1)])
      #expect(!waiter.isOver())
      quick.displayRequestsAnswered.store(1, ordering: .releasing)
      #expect(!waiter.isOver(), "the slow node's display is still outstanding")
    }
    #expect(weakCore == nil, "the wait holds no core")
    #expect(!waiter.isOver())
    slow.displayRequestsAnswered.store(1, ordering: .releasing)
    #expect(waiter.isOver())
    // A core released before the wait looked at it was answered (the scheduler holds a core with a request
    // unanswered): nothing is left to wait for.
    let released = DisplayWaiter([.init(core: NodeCore(), request: 1)])
    #expect(released.isOver())
  }
}

/// A drawing node whose actor runs on a ``ManualExecutor``: the test chooses when a display takes its snapshot.
private actor HeldDrawingNode: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "held")
  nonisolated let executor: ManualExecutor

  init(executor: ManualExecutor) { self.executor = executor }

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  private(set) var snapshots = 0

  func drawParameters() -> Int {
    snapshots += 1
    return 0
  }

  static func draw(_ parameters: Int, in context: inout GraphicsContext, request: DisplayRequest) {}
}
