import Synchronization

/// Runs the layout passes of one window's tree (or of the loaded trees in no window), one at a time, off the main actor.
///
/// Invalidated loaded nodes are listed here (weakly); the first one since
/// the last pass starts a pass, and invalidations that arrive while it runs
/// start one more after it. So any number of invalidations before a pass
/// starts cost one pass. Each pass queues its ``LayoutApplication`` on the
/// window's ``TurnQueue``: the frames reach the views in the window's next
/// turn (``Window/flush()`` in manual mode).
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
  private var isRunning = false
  /// Callers of ``waitUntilIdle()``.
  private var waiters: [CheckedContinuation<[any Error], Never>] = []
  /// Callers of ``waitUntilIdleKeepingErrors()``.
  private var quietWaiters: [CheckedContinuation<Void, Never>] = []
  /// The errors of the passes since the last waiter heard of them.
  private var errors: [any Error] = []

  nonisolated init(queue: TurnQueue) {
    self.queue = queue
  }

  /// Invalidations on their way to a scheduler (``NodeCore/requestLayoutPass(for:)`` hops here to list the node).
  ///
  /// So that a wait for the passes also covers an invalidation made just
  /// before it, whose hop may arrive after the wait's.
  nonisolated static let registrationsInFlight = Atomic<Int>(0)
  /// Waiters for ``registrationsInFlight`` to drop to zero.
  private static var registrationWaiters: [CheckedContinuation<Void, Never>] = []

  /// Lists `node`, whose invalidation asked for a pass at `requestedAt`, with its window's scheduler.
  static func register(_ node: any DisplayNode, requestedAt: ContinuousClock.Instant, generation: Int) {
    of(node).markDirty(node, requestedAt: requestedAt, generation: generation)
    registrationArrived()
  }

  /// Counts a registration on its way here; ``registrationArrived()`` counts it as arrived.
  nonisolated static func registrationLeft() {
    registrationsInFlight.add(1, ordering: .acquiringAndReleasing)
  }

  /// Counts one of ``registrationsInFlight`` as arrived, resuming the waiters once none is on its way.
  static func registrationArrived() {
    guard registrationsInFlight.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 else { return }
    let waiters = registrationWaiters
    registrationWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// The scheduler of `node`'s window (of the shared queue if it is in none).
  static func of(_ node: any DisplayNode) -> LayoutScheduler {
    TurnQueue.queue(of: node).layoutScheduler
  }

  /// Lists `node` for the next pass, starting one if none is running.
  func markDirty(_ node: any DisplayNode, requestedAt: ContinuousClock.Instant, generation: Int) {
    dirty.append((WeakNode(node: node), requestedAt, generation))
    startPasses()
  }

  /// Lists `node`, whose view loaded with a layout applied before and whose layout hooks have not run for it,
  /// for the next pass: it lays the node out again in the range of that layout (see ``PassTarget/applied``).
  func layOutLoaded(_ node: any DisplayNode) {
    loaded.append(WeakNode(node: node))
    startPasses()
  }

  private func startPasses() {
    guard !isRunning else { return }
    isRunning = true
    Task { await runPasses() }
  }

  /// Returns once no pass is running or waiting to run, with the errors of the passes since the last call.
  ///
  /// Invalidations made before the call are waited for too. Never from layout code
  /// (see ``LayoutScope/refuseWaitingForPasses()``): the pass would wait for it.
  func waitUntilIdle() async -> [any Error] {
    await Self.waitForRegistrations()
    guard isRunning else {
      defer { errors = [] }
      return errors
    }
    return await withCheckedContinuation { waiters.append($0) }
  }

  /// Returns once no invalidation is on its way to a scheduler.
  private static func waitForRegistrations() async {
    guard registrationsInFlight.load(ordering: .acquiring) > 0 else { return }
    await withCheckedContinuation { registrationWaiters.append($0) }
  }

  /// Returns once no pass is running or waiting to run, leaving the passes' errors to the next ``waitUntilIdle()``.
  func waitUntilIdleKeepingErrors() async {
    await Self.waitForRegistrations()
    guard isRunning else { return }
    await withCheckedContinuation { quietWaiters.append($0) }
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
    }
    isRunning = false
    let quiet = quietWaiters
    quietWaiters = []
    for waiter in quiet { waiter.resume() }
    // Errors wait for a waiter to hear of them (the next `waitUntilIdle()` if there is none now).
    guard !waiters.isEmpty else { return }
    let resumed = waiters
    waiters = []
    let reported = errors
    errors = []
    for waiter in resumed { waiter.resume(returning: reported) }
  }
}
