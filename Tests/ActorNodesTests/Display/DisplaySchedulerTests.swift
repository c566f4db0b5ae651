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
    // Marked as in a window, so that its displays take their snapshots (counted below); it is not loaded, so they
    // end at the start hop all the same.
    core.setDisplayFlag(NodeCore.inHierarchy, true)
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
    // The node is not loaded: its displays end as they start, answering what they cover.
    await DisplayScheduler.shared.waitForDisplays(of: [core])
    #expect(core.displayRequestsAnswered.load(ordering: .acquiring) == newer)
    #expect(!core.hasOutstandingDisplays)
    // The older request joined the newer one, whose snapshot was taken after it was made: one display, not a
    // second one that would cancel the first one's draw (which would then answer the newer request, showing
    // nothing, before the second display committed).
    #expect(await node.snapshots == 1)
  }

  @Test(
    "A display made while its node was in no window takes no snapshot; if the node is in one by the start hop, it is listed again and its next display draws and answers the request"
  )
  @MainActor
  func displayMadeOutOfAWindowThatStartsInOneIsListedAgain() async throws {
    let executor = ManualExecutor()
    let runner = HoldingRunner(executor: executor)
    let running = runner.start()
    defer { running.cancel() }
    let node = HeldDrawingNode(executor: executor)
    let core = node.nodeCore
    await node.configure { $0.frame = Rect(x: 0, y: 0, width: 10, height: 10) }
    let window = Window(size: Size(width: 10, height: 10), turnMode: .manual)
    try await window.attach(node)
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(await node.snapshots == 1 && node.layer?.contents != nil)
    // The race, staged: the display is made while the node reads as in no window (the flag the turns keep), and the
    // node is in one again before the start hop, as if a turn had put it there in between.
    core.setDisplayFlag(NodeCore.inHierarchy, false)
    runner.holdNext()
    DisplayScheduler.request([node])
    let snapshot = await runner.held()
    executor.run(snapshot)  // No snapshot: the node reads as in no window.
    core.setDisplayFlag(NodeCore.inHierarchy, true)  // The start hop waits for this main-actor job to end.
    await window.waitForPendingDisplays()
    #expect(await node.snapshots == 2, "listed again, its next display took the snapshot")
    #expect(core.displayRequestsAnswered.load(ordering: .acquiring) == core.displayRequests.load(ordering: .acquiring))
    await window.flush()
    #expect(node.layer?.contents != nil && !(node.layer?.needsDisplay ?? true))
  }
}

/// Runs a ``ManualExecutor``'s jobs as they arrive, except one the test asks it to hold (``holdNext()``), which it
/// hands to the test (``held()``) to run when it chooses.
private final class HoldingRunner: Sendable {
  private struct State {
    var holdsNext = false
    var job: UnownedJob?
    var waiter: CheckedContinuation<UnownedJob, Never>?
  }

  let executor: ManualExecutor
  private let state = Mutex(State())

  init(executor: ManualExecutor) { self.executor = executor }

  func start() -> Task<Void, Never> {
    Task { [self] in
      var jobs = executor.makeJobQueue()
      while let job = await jobs.iterator.next(isolation: nil) {
        let taker: CheckedContinuation<UnownedJob, Never>?? = state.withLock {
          guard $0.holdsNext else { return .none }
          $0.holdsNext = false
          guard let waiter = $0.waiter else {
            $0.job = job
            return .some(nil)
          }
          $0.waiter = nil
          return .some(waiter)
        }
        switch taker {
        case .none: executor.run(job)
        case .some(let waiter?): waiter.resume(returning: job)
        case .some(nil): break  // Kept for `held()`.
        }
      }
    }
  }

  /// Holds the next job that arrives instead of running it.
  func holdNext() { state.withLock { $0.holdsNext = true } }

  /// The job held, once it arrived.
  func held() async -> UnownedJob {
    await withCheckedContinuation { continuation in
      let job: UnownedJob? = state.withLock {
        if let job = $0.job {
          $0.job = nil
          return job
        }
        $0.waiter = continuation
        return nil
      }
      if let job { continuation.resume(returning: job) }
    }
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
