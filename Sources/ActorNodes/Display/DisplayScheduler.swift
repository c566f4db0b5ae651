import Synchronization

/// Runs the displays of loaded nodes: their snapshots, their start on the main actor, their draws, their commits.
///
/// Requests (``DisplayNode/setNeedsDisplay()``, a node entering a window
/// with no contents, the first non-empty bounds) are listed here; the first
/// one starts a batch, and requests that arrive while it runs start one more
/// after it. A batch:
///
/// 1. takes each node's snapshot in the node's isolation, one call per node
///    (``DrawingNode/makeDisplayJob(priority:)``);
/// 2. starts all of them in **one** main-actor hop (``DisplayStart``), which
///    calls the will-start hooks and groups the displays into transactions;
/// 3. draws each on the ``DisplayExecutor``, one cancellable task per display;
/// 4. when every draw of a transaction is done, queues the transaction's
///    ``DisplayCommit`` on its window's ``TurnQueue``: it commits in the
///    window's next turn.
///
/// The latest draw task of each node is kept, so that a newer request,
/// a suspension or leaving the window cancels it.
///
/// A display waits for its node's layout: a node whose layout a pass is
/// about to change (an invalidation asked for a pass that has not taken it,
/// or one is running and the node is not settled where the last pass put
/// it) displays once that pass's frames are applied, at the bounds they
/// give, as Core Animation lays out before it displays. So a text change
/// draws once, at its new size, not at the old size first. In a window of
/// ``TurnMode/manual`` mode the frames wait for ``Window/flush()``, which a
/// display must not wait for: there a display starts at once, and draws
/// again if the pass resizes it (see ``ViewSlot/redrawIfResized(from:layoutRequestedAt:)``).
@HierarchyActor
final class DisplayScheduler {
  /// The scheduler of every window: commits go to each node's own window.
  static let shared = DisplayScheduler()

  /// Requests on their way here, so that a wait also covers one made just before it.
  nonisolated static let requestsInFlight = Atomic<Int>(0)

  private var requested: [(node: WeakNode, priority: TaskPriority, waitsForLayout: Bool)] = []
  private var isRunning = false
  /// The latest draw task of each node, by core.
  private var drawing: [ObjectIdentifier: Task<Void, Never>] = [:]
  /// Transactions started whose commit is not queued yet.
  private var transactionsDrawing = 0
  /// Nodes whose display waits for a layout pass (weakly, as requests are kept), by core, with the priority it
  /// was asked at and its wait.
  private var waitingForLayout: [ObjectIdentifier: (node: WeakNode, priority: TaskPriority, wait: Int)] = [:]
  /// Waits of ``waitingForLayout`` whose passes are not applied yet.
  private var layoutWaits = 0
  /// Numbers the waits.
  private var lastLayoutWait = 0
  /// Callers of ``waitUntilIdle()``.
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []
  /// Waiters for ``requestsInFlight`` to drop to zero.
  private var requestWaiters: [CheckedContinuation<Void, Never>] = []
  /// Callers of ``waitUntilRequestsTaken()``.
  private var batchWaiters: [CheckedContinuation<Void, Never>] = []

  private init() {}

  /// Asks for displays of `nodes`, from any isolation domain; draws started before are cancelled.
  nonisolated static func request(_ nodes: [any DisplayNode], priority: TaskPriority = .medium) {
    guard !nodes.isEmpty else { return }
    requestsInFlight.add(1, ordering: .acquiringAndReleasing)
    Task { @HierarchyActor in
      for node in nodes { shared.add(node, priority: priority) }
      shared.requestArrived()
    }
  }

  /// Cancels the draws in flight of `cores` (their generation was raised already), from any isolation domain.
  nonisolated static func cancelDraws(of cores: [NodeCore]) {
    guard !cores.isEmpty else { return }
    Task { @HierarchyActor in
      for core in cores { shared.drawing[ObjectIdentifier(core)]?.cancel() }
    }
  }

  /// Lists `node` for the next batch, starting one if none is running; its draw in flight is cancelled.
  ///
  /// (The new display supersedes the one in flight when it takes its
  /// snapshot; cancelling its task now stops a draw that does not poll.)
  func add(_ node: any DisplayNode, priority: TaskPriority, waitsForLayout: Bool = true) {
    let id = ObjectIdentifier(node.nodeCore)
    drawing[id]?.cancel()
    waitingForLayout[id] = nil  // This request replaces the one waiting.
    requested.append((WeakNode(node: node), priority, waitsForLayout))
    guard !isRunning else { return }
    isRunning = true
    Task { await runBatches() }
  }

  private func requestArrived() {
    guard Self.requestsInFlight.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 else { return }
    let waiters = requestWaiters
    requestWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once every display requested before the call has committed or been dropped, or has its commit
  /// queued for its window's next turn.
  func waitUntilIdle() async {
    if Self.requestsInFlight.load(ordering: .acquiring) > 0 {
      await withCheckedContinuation { requestWaiters.append($0) }
    }
    guard isRunning || transactionsDrawing > 0 || layoutWaits > 0 else { return }
    await withCheckedContinuation { idleWaiters.append($0) }
  }

  /// Returns once every display requested before the call has started, been dropped, or been set aside to wait
  /// for a layout pass (for tests, which cannot wait for the draw itself while they hold that pass).
  func waitUntilRequestsTaken() async {
    if Self.requestsInFlight.load(ordering: .acquiring) > 0 {
      await withCheckedContinuation { requestWaiters.append($0) }
    }
    guard isRunning else { return }
    await withCheckedContinuation { batchWaiters.append($0) }
  }

  private func resumeIdleWaiters() {
    guard !isRunning, transactionsDrawing == 0, layoutWaits == 0, !idleWaiters.isEmpty else { return }
    let waiters = idleWaiters
    idleWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  private func runBatches() async {
    while !requested.isEmpty {
      let batch = requested
      requested = []
      var jobs: [DisplayJob] = []
      var seen = Set<ObjectIdentifier>()
      var afterLayout: [(node: any DisplayNode, priority: TaskPriority)] = []
      for (entry, priority, waitsForLayout) in batch {
        guard let node = entry.node, seen.insert(ObjectIdentifier(node.nodeCore)).inserted else { continue }
        guard let drawing = node as? any DrawingNode else { continue }
        if waitsForLayout, Self.layoutIsComing(for: node) {
          afterLayout.append((node, priority))
          continue
        }
        jobs.append(await drawing.makeDisplayJob(priority: priority))
      }
      if !afterLayout.isEmpty { displayAfterLayout(afterLayout) }
      guard !jobs.isEmpty else { continue }
      // The hop counts as a turn of each window whose nodes it starts.
      var recorders: [ObjectIdentifier: TurnRecorder] = [:]
      for job in jobs {
        let recorder = TurnQueue.queue(of: job.ticket.core).recorder
        recorders[ObjectIdentifier(recorder)] = recorder
      }
      let transactions = await DisplayStart.start(jobs, recorders: Array(recorders.values))
      for transaction in transactions { launch(transaction) }
    }
    isRunning = false
    let taken = batchWaiters
    batchWaiters = []
    for waiter in taken { waiter.resume() }
    resumeIdleWaiters()
  }

  /// Whether a layout pass is about to change `node`'s frame in a window whose turns come by themselves.
  private static func layoutIsComing(for node: any DisplayNode) -> Bool {
    let core = node.nodeCore
    let queue = TurnQueue.queue(of: core)
    guard queue.mode == .automatic else { return false }
    return core.hasPassRequested || (queue.layoutScheduler.isBusy && !core.isSettled)
  }

  /// Asks again for the displays of `nodes` once the passes of their windows are applied (unless a newer
  /// request replaced one meanwhile: it waited, or not, by itself).
  private func displayAfterLayout(_ nodes: [(node: any DisplayNode, priority: TaskPriority)]) {
    layoutWaits += 1
    lastLayoutWait += 1
    let wait = lastLayoutWait
    var queues: [ObjectIdentifier: TurnQueue] = [:]
    for (node, priority) in nodes {
      waitingForLayout[ObjectIdentifier(node.nodeCore)] = (WeakNode(node: node), priority, wait)
      let queue = TurnQueue.queue(of: node)
      queues[ObjectIdentifier(queue)] = queue
    }
    let ids = nodes.map { ObjectIdentifier($0.node.nodeCore) }
    Task {
      for queue in queues.values {
        await queue.layoutScheduler.waitUntilIdleKeepingErrors()
        await queue.waitForQueuedWork()
      }
      for id in ids {
        // Once only: a display never waits for a second pass, so that passes in every turn cannot starve it.
        guard let waiting = waitingForLayout[id], waiting.wait == wait else { continue }
        waitingForLayout[id] = nil
        guard let node = waiting.node.node else { continue }
        add(node, priority: waiting.priority, waitsForLayout: false)
      }
      layoutWaits -= 1
      resumeIdleWaiters()
    }
  }

  /// Starts the draws of one transaction; the last of them to finish queues the transaction's commit.
  private func launch(_ transaction: DisplayTransaction) {
    transactionsDrawing += 1
    let draws = TransactionDraws(transaction)
    for (index, entry) in transaction.entries.enumerated() {
      let task = entry.job.startDraw(entry.request) { result in
        await DisplayScheduler.shared.drawFinished(result, at: index, of: draws)
      }
      drawing[ObjectIdentifier(entry.job.ticket.core)] = task
      draws.tasks.append(task)
    }
  }

  /// Records the result of the draw at `index` of `draws`; once all of them are in, queues the commit.
  ///
  /// Runs in the draw's task, on the display thread that drew (the task's executor preference).
  private func drawFinished(_ result: DrawResult, at index: Int, of draws: TransactionDraws) {
    let core = ObjectIdentifier(draws.transaction.entries[index].job.ticket.core)
    if drawing[core] == draws.tasks[index] { drawing[core] = nil }
    draws.results[index] = result
    draws.remaining -= 1
    guard draws.remaining == 0 else { return }
    let commit = DisplayCommit(transaction: draws.transaction, results: draws.results.map { $0 ?? .cancelled })
    TurnQueue.queue(of: draws.transaction.entries[0].job.ticket.core).submit(.feature(commit))
    transactionsDrawing -= 1
    resumeIdleWaiters()
  }
}

/// The draws of one transaction: their tasks, and their results as they come in.
@HierarchyActor
private final class TransactionDraws {
  let transaction: DisplayTransaction
  var tasks: [Task<Void, Never>] = []
  var results: [DrawResult?]
  var remaining: Int

  init(_ transaction: DisplayTransaction) {
    self.transaction = transaction
    results = Array(repeating: nil, count: transaction.entries.count)
    remaining = transaction.entries.count
  }
}
