import Synchronization

/// Runs the displays of loaded nodes: their snapshots, their start on the main actor, their draws, their commits.
///
/// Requests (``DisplayNode/setNeedsDisplay()``, a node entering a window
/// with no contents, the first non-empty bounds) are listed here; the first
/// one starts a batch, and requests that arrive while it runs start one more
/// after it. A batch:
///
/// 1. takes each node's snapshot in the node's isolation, one call per node
///    (``DrawingNode/makeDisplayJob(priority:)``), then those of the requests
///    that arrived meanwhile, for a few rounds (``gatheringRounds``);
/// 2. starts all of them in **one** main-actor hop (``DisplayStart``), which
///    calls the will-start hooks and groups the displays into transactions;
/// 3. draws each on the ``DisplayExecutor``, one cancellable task per display;
/// 4. when every draw of a transaction is done, queues the transaction's
///    ``DisplayCommit``: each display on the ``TurnQueue`` of the window its
///    node is in then (``DisplayCommit/routed(from:)``), so that it commits in
///    that window's next turn, and the displays still in one window together.
///
/// The latest draw task of each node is kept, so that a newer request,
/// a suspension or leaving the window cancels it. Each request is counted on
/// its node's core (``NodeCore/outstandingDisplays``) from the moment it is
/// made until it is dropped, merged with another, skipped at the start, or
/// its transaction's commit is queued, so that a wait can cover the displays
/// of some nodes only (``waitForDisplays(of:)``).
@HierarchyActor
final class DisplayScheduler {
  /// The scheduler of every window: commits go to each node's own window.
  static let shared = DisplayScheduler()

  /// Requests on their way here, so that a wait also covers one made just before it.
  nonisolated static let requestsInFlight = Atomic<Int>(0)

  private var requested: [(node: WeakNode, core: NodeCore, priority: TaskPriority)] = []
  private var isRunning = false
  /// The latest draw task of each node, by core.
  private var drawing: [ObjectIdentifier: Task<Void, Never>] = [:]
  /// Transactions started whose commit is not queued yet.
  private var transactionsDrawing = 0
  /// Callers of ``waitUntilIdle()``.
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []
  /// Waiters for ``requestsInFlight`` to drop to zero.
  private var requestWaiters: [CheckedContinuation<Void, Never>] = []
  /// Callers of ``waitForDisplays(of:)``, each with the cores it waits for.
  private var nodeWaiters: [(cores: [NodeCore], continuation: CheckedContinuation<Void, Never>)] = []

  private init() {}

  /// Asks for displays of `nodes`, from any isolation domain; draws started before are cancelled.
  nonisolated static func request(_ nodes: [any DisplayNode], priority: TaskPriority = .medium) {
    guard !nodes.isEmpty else { return }
    requestsInFlight.add(1, ordering: .acquiringAndReleasing)
    for node in nodes { node.nodeCore.outstandingDisplays.add(1, ordering: .acquiringAndReleasing) }
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
  func add(_ node: any DisplayNode, priority: TaskPriority) {
    let core = node.nodeCore
    drawing[ObjectIdentifier(core)]?.cancel()
    requested.append((WeakNode(node: node), core, priority))
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
    await waitForRequestsToArrive()
    guard isRunning || transactionsDrawing > 0 else { return }
    await withCheckedContinuation { idleWaiters.append($0) }
  }

  /// Returns once every request made before the call has reached the scheduler (listed for a batch, or merged).
  func waitForRequestsToArrive() async {
    guard Self.requestsInFlight.load(ordering: .acquiring) > 0 else { return }
    await withCheckedContinuation { requestWaiters.append($0) }
  }

  /// Returns once none of `cores` has a display requested before the call that has not started, been
  /// dropped, or had its commit queued for its window's next turn; displays of other nodes are not waited for.
  func waitForDisplays(of cores: [NodeCore]) async {
    guard cores.contains(where: \.hasOutstandingDisplays) else { return }
    await withCheckedContinuation { nodeWaiters.append((cores, $0)) }
  }

  /// Ends one request of `core`'s node: it was dropped, merged, skipped, or its commit is queued.
  private func requestEnded(of core: NodeCore) {
    let left = core.outstandingDisplays.subtract(1, ordering: .acquiringAndReleasing).newValue
    guard left == 0, !nodeWaiters.isEmpty else { return }
    var waiting: [(cores: [NodeCore], continuation: CheckedContinuation<Void, Never>)] = []
    for waiter in nodeWaiters {
      if waiter.cores.contains(where: \.hasOutstandingDisplays) {
        waiting.append(waiter)
      } else {
        waiter.continuation.resume()
      }
    }
    nodeWaiters = waiting
  }

  private func resumeIdleWaiters() {
    guard !isRunning, transactionsDrawing == 0, !idleWaiters.isEmpty else { return }
    let waiters = idleWaiters
    idleWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// How many times a batch takes the requests that arrived while it took its snapshots, before it starts.
  static let gatheringRounds = 4

  private func runBatches() async {
    while !requested.isEmpty {
      var jobs: [DisplayJob] = []
      var jobOfNode: [ObjectIdentifier: Int] = [:]
      // Requests that arrive while the batch takes its snapshots join it (a few rounds, so that a stream of
      // requests cannot hold a start back): the displays a task asks for one after the other, a cell's subnodes
      // updated in turn, start together, as Texture gathers the displays marked in one run-loop pass into one
      // transaction per container.
      for round in 0..<Self.gatheringRounds where !requested.isEmpty {
        let batch = requested
        requested = []
        var seen = Set<ObjectIdentifier>()
        for (entry, core, priority) in batch {
          let id = ObjectIdentifier(core)
          guard let node = entry.node, seen.insert(id).inserted, let drawing = node as? any DrawingNode else {
            requestEnded(of: core)  // Released, merged with the node's other request, or a node that does not draw.
            continue
          }
          let job = await drawing.makeDisplayJob(priority: priority)
          if round > 0, let earlier = jobOfNode[id] {
            // Asked for again after an earlier round's snapshot: the new one supersedes it.
            requestEnded(of: core)
            jobs[earlier] = job
          } else {
            jobOfNode[id] = jobs.count
            jobs.append(job)
          }
        }
      }
      guard !jobs.isEmpty else { continue }
      // The hop counts as a turn of each window whose nodes it starts.
      var recorders: [ObjectIdentifier: TurnRecorder] = [:]
      for job in jobs {
        let recorder = TurnQueue.queue(of: job.ticket.core).recorder
        recorders[ObjectIdentifier(recorder)] = recorder
      }
      let transactions = await DisplayStart.start(jobs, recorders: Array(recorders.values))
      // The displays that did not start drawing (skipped, or drawn and committed in the start hop) end here.
      let drawing = Set(transactions.lazy.flatMap(\.entries).map { ObjectIdentifier($0.job.ticket.core) })
      for job in jobs where !drawing.contains(ObjectIdentifier(job.ticket.core)) { requestEnded(of: job.ticket.core) }
      for transaction in transactions { launch(transaction) }
    }
    isRunning = false
    resumeIdleWaiters()
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
  /// Runs in the draw's task, off the display executor (``DisplayJob/startDraw(_:report:)`` says why).
  private func drawFinished(_ result: DrawResult, at index: Int, of draws: TransactionDraws) {
    let core = ObjectIdentifier(draws.transaction.entries[index].job.ticket.core)
    if drawing[core] == draws.tasks[index] { drawing[core] = nil }
    draws.results[index] = result
    draws.remaining -= 1
    guard draws.remaining == 0 else { return }
    let commit = DisplayCommit(transaction: draws.transaction, results: draws.results.map { $0 ?? .cancelled })
    // Each display to the queue of its node's window now: a node may have moved while the draws ran.
    TurnQueue.queue(of: draws.transaction.entries[0].job.ticket.core).submit(commit)
    for entry in draws.transaction.entries { requestEnded(of: entry.job.ticket.core) }
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

extension NodeCore {
  /// Whether a display of the node was requested and has not started, been dropped, or had its commit queued.
  var hasOutstandingDisplays: Bool { outstandingDisplays.load(ordering: .acquiring) > 0 }
}
