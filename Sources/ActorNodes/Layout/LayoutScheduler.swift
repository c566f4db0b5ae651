import Synchronization

/// Runs the layout passes of one window's tree (or of the loaded trees in no window), one at a time, off the main actor.
///
/// Invalidated loaded nodes are listed here (weakly); the first one since
/// the last pass starts a pass, and invalidations that arrive while it runs
/// start one more after it. So any number of invalidations before a pass
/// starts cost one pass. A pass asked for from a main-actor job starts once
/// that job has ended, so that all the invalidations of one job are one pass,
/// as Texture lays out once per main-thread turn whatever the number of
/// `setNeedsLayout` calls in it. Each pass queues its ``LayoutApplication`` on the
/// window's ``TurnQueue``: the frames reach the views in the window's next
/// turn (``Window/flush()`` in manual mode).
///
/// A wait for the passes (``waitUntilIdle()``) takes a ticket: the number of
/// requests listed when it is made. It returns once a pass that took all of
/// them has queued its application, and the follow-ups that code of those
/// passes asked for have run (at most ``LayoutScope/followUpPassLimit`` more
/// passes), not once the scheduler is idle: requests that keep coming from
/// outside layout code (an animation invalidating a node every frame) never
/// hold it back, as Texture's `layoutIfNeeded` lays out once and returns.
@HierarchyActor
final class LayoutScheduler {
  /// The queue whose turns apply the passes (the shared one once it is gone).
  private weak var queue: TurnQueue?
  /// The nodes listed for the next pass, each with when its pass was asked for and the request's generation
  /// (see ``LayoutScope/followUpPassLimit``).
  private var dirty: [(node: WeakNode, requestedAt: ContinuousClock.Instant, generation: Int)] = []
  /// Nodes whose views loaded with layouts applied before, listed for the next pass to lay out again as they are.
  private var loaded: [WeakNode] = []
  /// Nodes whose layout threw in a pass, laid out again by the next one (they ask for none themselves: a node
  /// that keeps failing would start passes for ever).
  private var failed: [WeakNode] = []
  /// Whether a pass runs, or is about to (read by tests waiting for quiescence).
  private(set) var isRunning = false
  /// Whether a node listed for the next pass was invalidated in a main-actor job, which may invalidate more nodes
  /// before it ends: the pass waits for it (see ``runPasses()``).
  private var waitsForMainActorJob = false
  /// How many requests (``markDirty(_:requestedAt:generation:)``, ``layOutLoaded(_:)``) were listed here so far.
  private var requestsListed = 0
  /// How many of them the passes that finished had taken (a pass takes every request listed when it starts).
  private var requestsDone = 0
  /// Callers of ``waitUntilIdle()`` and ``waitUntilIdleKeepingErrors()``, each with its ticket.
  private var waiters: [Waiter] = []
  /// The errors of the passes since the last waiter heard of them.
  private var errors: [any Error] = []

  nonisolated init(queue: TurnQueue) {
    self.queue = queue
  }

  /// A caller of ``waitUntilIdle()`` (which hears of the passes' errors) or ``waitUntilIdleKeepingErrors()``.
  private struct Waiter {
    enum Continuation {
      case errors(CheckedContinuation<[any Error], Never>)
      case quiet(CheckedContinuation<Void, Never>)
    }
    /// The requests listed before the wait: it ends once a finished pass took them all, and their follow-ups ran.
    let ticket: Int
    /// The passes that finished after the one that took the ticket's requests.
    var passesSince = 0
    let continuation: Continuation
  }

  /// Registrations that left for a scheduler (``NodeCore/requestLayoutPass(for:generation:)`` hops here to
  /// list the node), numbered from 1 as they leave.
  ///
  /// So that a wait for the passes also covers an invalidation made just
  /// before it, whose hop may arrive after the wait's.
  nonisolated static let registrationsLeft = Atomic<Int>(0)
  /// Every registration numbered up to this one has arrived.
  private static var arrivedThrough = 0
  /// Registrations that arrived ahead of one numbered before them.
  private static var arrivedAhead = Set<Int>()
  /// Waiters for the registrations numbered up to theirs to arrive.
  private static var registrationWaiters: [(through: Int, continuation: CheckedContinuation<Void, Never>)] = []

  /// Lists `node`, whose invalidation asked for a pass at `requestedAt` (in a main-actor job if `fromMainActor`),
  /// with its window's scheduler.
  /// - Parameter registration: The number ``registrationLeft()`` gave the request.
  static func register(
    _ node: any DisplayNode, requestedAt: ContinuousClock.Instant, generation: Int, fromMainActor: Bool,
    registration: Int
  ) {
    of(node).markDirty(node, requestedAt: requestedAt, generation: generation, fromMainActor: fromMainActor)
    registrationArrived(registration)
  }

  /// Numbers a registration on its way here; ``registrationArrived(_:)`` records it as arrived.
  nonisolated static func registrationLeft() -> Int {
    registrationsLeft.add(1, ordering: .acquiringAndReleasing).newValue
  }

  /// Records the registration numbered `number` as arrived, resuming the waiters whose registrations all did.
  static func registrationArrived(_ number: Int) {
    guard number == arrivedThrough + 1 else {
      arrivedAhead.insert(number)
      return
    }
    arrivedThrough = number
    while arrivedAhead.remove(arrivedThrough + 1) != nil { arrivedThrough += 1 }
    guard registrationWaiters.contains(where: { $0.through <= arrivedThrough }) else { return }
    var waiting: [(through: Int, continuation: CheckedContinuation<Void, Never>)] = []
    for waiter in registrationWaiters {
      if waiter.through <= arrivedThrough { waiter.continuation.resume() } else { waiting.append(waiter) }
    }
    registrationWaiters = waiting
  }

  /// The scheduler of `node`'s window (of the shared queue if it is in none).
  static func of(_ node: any DisplayNode) -> LayoutScheduler {
    TurnQueue.queue(of: node).layoutScheduler
  }

  /// Lists `node` for the next pass, starting one if none is running; with `fromMainActor`, the pass waits for
  /// the main-actor job that invalidated the node to end.
  func markDirty(
    _ node: any DisplayNode, requestedAt: ContinuousClock.Instant, generation: Int, fromMainActor: Bool = false
  ) {
    dirty.append((WeakNode(node: node), requestedAt, generation))
    requestsListed += 1
    if fromMainActor { waitsForMainActorJob = true }
    startPasses()
  }

  /// Lists `node`, whose view loaded with a layout applied before and whose layout hooks have not run for it,
  /// for the next pass: it lays the node out again in the range of that layout (see ``PassTarget/applied``).
  func layOutLoaded(_ node: any DisplayNode) {
    loaded.append(WeakNode(node: node))
    requestsListed += 1
    startPasses()
  }

  private func startPasses() {
    guard !isRunning else { return }
    isRunning = true
    Task { await runPasses() }
  }

  /// Returns once the passes that take the requests made before the call, and their follow-ups, have queued
  /// their applications, with the errors of the passes since the last call.
  ///
  /// Invalidations made before the call are waited for too; requests made
  /// after it are not (see the type's discussion). Never from layout code
  /// (see ``LayoutScope/refuseWaitingForPasses()``): the pass would wait for it.
  func waitUntilIdle() async -> [any Error] {
    await Self.waitForRegistrations()
    guard isRunning else {
      defer { errors = [] }
      return errors
    }
    return await withCheckedContinuation { waiters.append(Waiter(ticket: requestsListed, continuation: .errors($0))) }
  }

  /// How many waits for the passes are waiting (for tests).
  var waiterCount: Int { waiters.count }

  /// Returns once every registration that left before the call has arrived (later ones are not waited for).
  private static func waitForRegistrations() async {
    let through = registrationsLeft.load(ordering: .acquiring)
    guard arrivedThrough < through else { return }
    await withCheckedContinuation { registrationWaiters.append((through, $0)) }
  }

  /// As ``waitUntilIdle()``, leaving the passes' errors to the next ``waitUntilIdle()``.
  func waitUntilIdleKeepingErrors() async {
    await Self.waitForRegistrations()
    guard isRunning else { return }
    await withCheckedContinuation { waiters.append(Waiter(ticket: requestsListed, continuation: .quiet($0))) }
  }

  /// ``waitUntilIdle()`` on the scheduler of `node`'s window.
  static func waitUntilIdle(of node: any DisplayNode) async -> [any Error] {
    await of(node).waitUntilIdle()
  }

  /// Keeps errors of a pass run elsewhere (an attach's) for the next ``waitUntilIdle()``.
  func report(_ passErrors: [any Error]) {
    errors.append(contentsOf: passErrors)
  }

  /// Hands the nodes listed here that moved to `other`'s window (by their queue now) to `other`: their next
  /// pass is the new window's, which its `layoutIfNeeded()` waits for.
  ///
  /// A pass running here may be laying out nodes that moved: its results go
  /// to their new queue (see ``LayoutApplication``), applied in the new
  /// window's next turn; a wait for `other`'s passes does not wait for it
  /// (waiting for another window's passes would tie the two windows together).
  func nodesLeft(to other: LayoutScheduler) {
    guard !dirty.isEmpty || !loaded.isEmpty else { return }
    handOver(to: other) { LayoutScheduler.of($0) === other }
  }

  /// Hands the listed nodes to `other`: this queue's window is gone.
  func move(to other: LayoutScheduler) {
    handOver(to: other) { _ in true }
  }

  /// Lists with `other` the nodes listed here for which `moves` is true, and keeps the rest.
  private func handOver(to other: LayoutScheduler, where moves: (any DisplayNode) -> Bool) {
    let listed = dirty
    dirty = []
    for entry in listed {
      guard let node = entry.node.node else { continue }
      if moves(node) {
        other.markDirty(node, requestedAt: entry.requestedAt, generation: entry.generation)
      } else {
        dirty.append(entry)
      }
    }
    let listedLoaded = loaded
    loaded = []
    for entry in listedLoaded {
      guard let node = entry.node else { continue }
      if moves(node) { other.layOutLoaded(node) } else { loaded.append(entry) }
    }
  }

  private func runPasses() async {
    while !dirty.isEmpty || !loaded.isEmpty {
      if waitsForMainActorJob {
        // The main-actor job that invalidated a listed node may invalidate more before it ends (the common
        // supernode of two nodes changed one after the other would be laid out by two passes, and the second
        // change would show a turn after the first). A hop to the main actor runs after that job; the
        // invalidations it made are then on their way here (counted), and this pass takes them all.
        waitsForMainActorJob = false
        await MainActor.run {}
        await Self.waitForRegistrations()
      }
      let taken = requestsListed
      let nodes = failed.compactMap(\.node) + dirty.compactMap(\.node.node)
      failed = []
      let requestedAt = dirty.lazy.map(\.requestedAt).min()
      // A pass that any request made outside the chain takes part in starts the count again.
      let generation = dirty.lazy.map(\.generation).min() ?? 0
      dirty = []
      let loadedNodes = loaded.compactMap(\.node)
      loaded = []
      // Before measuring: an invalidation from now on asks for the next pass.
      for node in nodes { node.nodeCore.clearLayoutPassRequest() }
      var outcome = await LayoutPass.run(
        dirty: nodes, loaded: loadedNodes, generation: generation, environment: LayoutEnvironment(scale: 1))
      outcome.application.layoutRequestedAt = requestedAt
      if !outcome.application.isEmpty { (queue ?? TurnQueue.shared).submit(outcome.application) }
      errors.append(contentsOf: outcome.errors)
      failed += outcome.failed.map { WeakNode(node: $0) }
      // The passes that code of this one asked for (on their way here) are part of the same wait.
      await Self.waitForRegistrations()
      requestsDone = taken
      resumeWaiters(all: false)
    }
    isRunning = false
    resumeWaiters(all: true)
  }

  /// Resumes the waiters whose requests a finished pass took and whose follow-ups ran (`all`: every waiter, no
  /// pass is left to run).
  ///
  /// Follow-ups are the listed requests that code of a pass asked for
  /// (generation above 0); a waiter waits for at most
  /// ``LayoutScope/followUpPassLimit`` passes of them, as a chain of them
  /// ends after that many.
  private func resumeWaiters(all: Bool) {
    guard !waiters.isEmpty else { return }
    let followUpsListed = !all && dirty.contains { $0.generation > 0 }
    var waiting: [Waiter] = []
    var resumed: [Waiter] = []
    for var waiter in waiters {
      if !all, waiter.ticket > requestsDone {
        waiting.append(waiter)
      } else if followUpsListed, waiter.passesSince < LayoutScope.followUpPassLimit {
        waiter.passesSince += 1
        waiting.append(waiter)
      } else {
        resumed.append(waiter)
      }
    }
    waiters = waiting
    guard !resumed.isEmpty else { return }
    // Errors wait for a waiter to hear of them (the next `waitUntilIdle()` if there is none now).
    var reported: [any Error]?
    for waiter in resumed {
      switch waiter.continuation {
      case .quiet(let continuation):
        continuation.resume()
      case .errors(let continuation):
        if reported == nil {
          reported = errors
          errors = []
        }
        continuation.resume(returning: reported ?? [])
      }
    }
  }
}
