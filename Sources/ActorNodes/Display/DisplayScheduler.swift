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
/// a suspension or leaving the window cancels it.
///
/// Each request takes a number on its node's core when it is made
/// (``NodeCore/displayRequests``), and a display answers the requests of its
/// node listed before its snapshot: when it is dropped, skipped at the start,
/// or its transaction's commit is queued, the core records the latest of them
/// (``NodeCore/displayRequestsAnswered``). A wait takes the numbers made so far
/// and waits for those only (``waitForDisplays(of:)``, ``waitForDisplaysRequestedSoFar()``), so that
/// requests made after it (an animation asking for its next frame as it draws)
/// do not keep it waiting, and it can cover the displays of some nodes only.
/// A display superseded by a request listed while its batch took its snapshots
/// is replaced in the batch: the newer display answers both. One superseded
/// later (its draw cancelled, or skipped at the start) leaves its requests to
/// the display of the newer request, which answers both, so a wait returns with
/// the newest contents; but only once in a row: a display that shows nothing
/// after one that did so answers its own requests as it ends, so that a node
/// whose every display is superseded (an animation asking for its next frame
/// as it takes its snapshot) keeps no wait waiting.
@HierarchyActor
final class DisplayScheduler {
  /// The scheduler of every window: commits go to each node's own window.
  static let shared = DisplayScheduler()

  /// How many calls of ``request(_:priority:)`` were made: each takes the next number, so that a wait also covers
  /// requests made just before it that are still on their way here.
  nonisolated static let requestsMade = Atomic<UInt64>(0)

  private var requested: [(node: WeakNode, core: NodeCore, number: UInt64, priority: TaskPriority)] = []
  private var isRunning = false
  /// The latest draw task of each node, by core.
  private var drawing: [ObjectIdentifier: Task<Void, Never>] = [:]
  /// The calls of ``request(_:priority:)`` that have arrived: every one up to this number, and those above it.
  private var arrivedThrough: UInt64 = 0
  private var arrivedAhead: Set<UInt64> = []
  /// Callers of ``waitForRequestsToArrive()``, each with the number of the latest call it waits for.
  private var arrivalWaiters: [(through: UInt64, continuation: CheckedContinuation<Void, Never>)] = []
  /// The nodes with a request listed here that no display has answered yet, with the latest such request.
  private var unanswered: [ObjectIdentifier: (core: NodeCore, latest: UInt64)] = [:]
  /// Callers of ``waitForDisplays(of:)`` and ``waitForDisplaysRequestedSoFar()``.
  private var displayWaiters: [DisplayWaiter] = []
  /// The nodes whose latest display ended showing nothing and left its requests to a newer one's display (see
  /// ``endedWithoutContents(_:through:)``).
  private var deferredAnswers: Set<ObjectIdentifier> = []

  private init() {}

  /// Asks for displays of `nodes`, from any isolation domain; draws started before are cancelled.
  nonisolated static func request(_ nodes: [any DisplayNode], priority: TaskPriority = .medium) {
    guard !nodes.isEmpty else { return }
    let call = requestsMade.add(1, ordering: .acquiringAndReleasing).newValue
    let numbered = nodes.map { ($0, $0.nodeCore.displayRequests.add(1, ordering: .acquiringAndReleasing).newValue) }
    Task { @HierarchyActor in
      for (node, number) in numbered { shared.add(node, number: number, priority: priority) }
      shared.requestArrived(call)
    }
  }

  /// Cancels the draws in flight of `cores` (their generation was raised already), from any isolation domain.
  ///
  /// The task holds the cores weakly: it may wait for the `HierarchyActor`, and a node dropped meanwhile (a tree
  /// detached with a display's commit still queued, then let go) must not live on in it with its views until it
  /// runs; a released node's draw sees its node gone and stops by itself. (Identities alone would not do: a new
  /// core at a released one's address would have its draw cancelled.)
  nonisolated static func cancelDraws(of cores: [NodeCore]) {
    guard !cores.isEmpty else { return }
    let cores = cores.map(WeakCore.init)
    Task { @HierarchyActor in
      for case let core? in cores.lazy.map(\.core) { shared.drawing[ObjectIdentifier(core)]?.cancel() }
    }
  }

  /// Lists `node`, whose request took `number`, for the next batch, starting one if none is running; its draw in
  /// flight is cancelled.
  ///
  /// (The new display supersedes the one in flight when it takes its
  /// snapshot; cancelling its task now stops a draw that does not poll.)
  ///
  /// A request older than one of the node's listed here and not answered yet joins that one instead: each call of
  /// ``request(_:priority:)`` numbers its requests when it is made and arrives in a task of its own, so the calls of
  /// two tasks can arrive in the other order, and the newer request's display, listed or drawing, takes its
  /// snapshot after the older one was made. Listed anew, it would cancel that draw, which would then answer the
  /// newer request as it ends, showing nothing, before the older one's display committed.
  func add(_ node: any DisplayNode, number: UInt64, priority: TaskPriority) {
    let core = node.nodeCore
    let id = ObjectIdentifier(core)
    if let listed = unanswered[id]?.latest, number < listed { return }
    drawing[id]?.cancel()
    requested.append((WeakNode(node: node), core, number, priority))
    if number > unanswered[id]?.latest ?? core.displayRequestsAnswered.load(ordering: .acquiring) {
      unanswered[id] = (core, number)
    }
    guard !isRunning else { return }
    isRunning = true
    Task { await runBatches() }
  }

  private func requestArrived(_ call: UInt64) {
    if call == arrivedThrough + 1 {
      arrivedThrough = call
      while arrivedAhead.remove(arrivedThrough + 1) != nil { arrivedThrough += 1 }
    } else {
      arrivedAhead.insert(call)
    }
    guard arrivalWaiters.contains(where: { $0.through <= arrivedThrough }) else { return }
    let ready = arrivalWaiters.filter { $0.through <= arrivedThrough }
    arrivalWaiters.removeAll { $0.through <= arrivedThrough }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Returns once every display requested before the call has been answered (see the type's discussion): it has
  /// committed, been dropped, or has its commit queued for its window's next turn; displays requested after the
  /// call are not waited for.
  nonisolated static func waitForDisplaysRequestedSoFar() async {
    let made = requestsMade.load(ordering: .acquiring)
    await shared.waitForDisplays(requestedThrough: made)
  }

  private func waitForDisplays(requestedThrough call: UInt64) async {
    await waitForArrivals(through: call)
    // Every node with a request made before the call has it listed here, or answered already.
    await wait(for: unanswered.values.map { DisplayWaiter.Target(core: $0.core, request: $0.latest) })
  }

  /// Returns once every request made before the call has reached the scheduler (listed for a batch, or merged).
  nonisolated func waitForRequestsToArrive() async {
    let made = Self.requestsMade.load(ordering: .acquiring)
    await waitForArrivals(through: made)
  }

  private func waitForArrivals(through call: UInt64) async {
    guard call > arrivedThrough else { return }
    await withCheckedContinuation { arrivalWaiters.append((call, $0)) }
  }

  /// Returns once every display of `cores` requested before the call has been answered (see the type's
  /// discussion); displays of other nodes, and those requested after the call, are not waited for.
  nonisolated func waitForDisplays(of cores: [NodeCore]) async {
    // Read here, in the caller's isolation: the requests it made just before are covered, later ones are not.
    let targets = cores.map { DisplayWaiter.Target(core: $0, request: $0.displayRequests.load(ordering: .acquiring)) }
    await wait(for: targets)
  }

  private func wait(for targets: [DisplayWaiter.Target]) async {
    let waiter = DisplayWaiter(targets)
    guard !waiter.isOver() else { return }
    await withCheckedContinuation {
      waiter.continuation = $0
      displayWaiters.append(waiter)
    }
  }

  /// Records that a display of `core`'s node answered its requests up to `request`: it was dropped, skipped at the
  /// start, or its commit is queued.
  private func answered(_ core: NodeCore, through request: UInt64) {
    let id = ObjectIdentifier(core)
    deferredAnswers.remove(id)
    guard request > core.displayRequestsAnswered.load(ordering: .acquiring) else { return }
    core.displayRequestsAnswered.store(request, ordering: .releasing)
    if let latest = unanswered[id]?.latest, latest <= request { unanswered[id] = nil }
    guard !displayWaiters.isEmpty else { return }
    displayWaiters.removeAll { waiter in
      guard waiter.isOver() else { return false }
      waiter.continuation?.resume()
      return true
    }
  }

  /// ``answered(_:through:)`` for the node of `ticket`; nothing is left to answer for a released one (a request
  /// listed here holds the core; a wait does not, see ``DisplayWaiter/Target``).
  private func answered(_ ticket: DisplayTicket, through request: UInt64) {
    if let core = ticket.core {
      answered(core, through: request)
    } else {
      deferredAnswers.remove(ticket.coreID)
    }
  }

  /// ``endedWithoutContents(_:through:)`` for the node of `ticket`, as ``answered(_:through:)`` is.
  private func endedWithoutContents(_ ticket: DisplayTicket, through request: UInt64) {
    if let core = ticket.core {
      endedWithoutContents(core, through: request)
    } else {
      deferredAnswers.remove(ticket.coreID)
    }
  }

  /// Records that a display of `core`'s node that shows nothing ended (its draw cancelled, or superseded by a newer
  /// snapshot): it answers its requests up to `request`, unless a newer request of the node is listed and the
  /// node's display before did not leave its requests to a newer one already. That newer request's display
  /// answers them all, so a wait for them returns with the newest contents, not with none (Texture commits only the
  /// newest display, and its wait blocks the main thread, so nothing supersedes what it waits for). Once only: a
  /// node whose every display is superseded before it draws (it asks for the next one as it takes its snapshot,
  /// or a ticker asks faster than it draws) keeps no wait waiting for as long as it goes on.
  private func endedWithoutContents(_ core: NodeCore, through request: UInt64) {
    let id = ObjectIdentifier(core)
    if deferredAnswers.remove(id) == nil, let latest = unanswered[id]?.latest, latest > request {
      deferredAnswers.insert(id)
      return
    }
    answered(core, through: request)
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
        // The latest request of each node listed so far: its snapshot, taken after it, answers it.
        var latest: [ObjectIdentifier: UInt64] = [:]
        for entry in batch where entry.number > latest[ObjectIdentifier(entry.core), default: 0] {
          latest[ObjectIdentifier(entry.core)] = entry.number
        }
        var seen = Set<ObjectIdentifier>()
        for (entry, core, _, priority) in batch {
          let id = ObjectIdentifier(core)
          guard seen.insert(id).inserted else { continue }  // Merged with the node's first request in the batch.
          guard let node = entry.node, let drawing = node as? any DrawingNode else {
            answered(core, through: latest[id] ?? 0)  // Released, or a node that does not draw.
            continue
          }
          var job = await drawing.makeDisplayJob(priority: priority)
          job.answers = latest[id] ?? 0
          if round > 0, let earlier = jobOfNode[id] {
            // Asked for again after an earlier round's snapshot: the new one supersedes it, and answers the
            // earlier one's requests too as it ends (a wait for them waits for the display that replaced theirs).
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
      let drawing = Set(transactions.lazy.flatMap(\.entries).map(\.job.ticket.coreID))
      for job in jobs where !drawing.contains(job.ticket.coreID) {
        if job.ticket.isSuperseded {
          endedWithoutContents(job.ticket, through: job.answers)
        } else {
          answered(job.ticket, through: job.answers)
        }
      }
      for transaction in transactions { launch(transaction) }
    }
    isRunning = false
  }

  /// Starts the draws of one transaction; the last of them to finish queues the transaction's commit.
  private func launch(_ transaction: DisplayTransaction) {
    let draws = TransactionDraws(transaction)
    for (index, entry) in transaction.entries.enumerated() {
      let task = entry.job.startDraw(entry.request) { result in
        await DisplayScheduler.shared.drawFinished(result, at: index, of: draws)
      }
      drawing[entry.job.ticket.coreID] = task
      draws.tasks.append(task)
    }
  }

  /// Records the result of the draw at `index` of `draws`; once all of them are in, queues the commit.
  ///
  /// Runs in the draw's task, off the display executor (``DisplayJob/startDraw(_:report:)`` says why).
  private func drawFinished(_ result: DrawResult, at index: Int, of draws: TransactionDraws) {
    let core = draws.transaction.entries[index].job.ticket.coreID
    if drawing[core] == draws.tasks[index] { drawing[core] = nil }
    draws.results[index] = result
    draws.remaining -= 1
    guard draws.remaining == 0 else { return }
    let commit = DisplayCommit(transaction: draws.transaction, results: draws.results.map { $0 ?? .cancelled })
    // Each display to the queue of its node's window now: a node may have moved while the draws ran.
    TurnQueue.queue(of: draws.transaction.entries[0].job.ticket.core).submit(commit)
    for (entry, result) in zip(draws.transaction.entries, commit.results) {
      if case .contents = result, !entry.job.ticket.isSuperseded {
        answered(entry.job.ticket, through: entry.job.answers)
      } else {
        endedWithoutContents(entry.job.ticket, through: entry.job.answers)
      }
    }
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

/// A caller of a wait for displays: the requests it waits for, one per node, and how far they are answered.
@HierarchyActor
final class DisplayWaiter {
  /// A node whose requests up to ``request`` the wait waits for.
  ///
  /// Its core is held weakly: a wait that began while the node's display was outstanding must not keep the node's
  /// core, and so its views, alive until the wait's other nodes are answered (a slow draw in another window held a
  /// dropped node's layer until it ended; adversarial round 34). A released core has nothing left to answer: the
  /// scheduler holds a core while one of its requests is unanswered, so a core that is gone was answered.
  struct Target {
    private(set) weak var core: NodeCore?
    /// The number of the latest request of the node that the wait covers.
    let request: UInt64

    init(core: NodeCore, request: UInt64) {
      self.core = core
      self.request = request
    }

    var isAnswered: Bool { core.map { $0.displayRequestsAnswered.load(ordering: .acquiring) >= request } ?? true }
  }

  private let targets: [Target]
  /// The targets before this one are answered (answers only grow, so they stay answered).
  private var next = 0
  var continuation: CheckedContinuation<Void, Never>?

  init(_ targets: [Target]) { self.targets = targets }

  /// Whether every target is answered; skips the answered ones for good, so that each is found answered once over
  /// the wait, whatever the number of answers.
  func isOver() -> Bool {
    while next < targets.count, targets[next].isAnswered { next += 1 }
    return next == targets.count
  }
}

extension NodeCore {
  /// Whether a display of the node was requested that no display answered yet: none has started and queued its
  /// commit, been dropped or been skipped since the request was made.
  var hasOutstandingDisplays: Bool {
    displayRequests.load(ordering: .acquiring) > displayRequestsAnswered.load(ordering: .acquiring)
  }
}

/// A core held weakly, to cross into a task that must not keep it alive.
private struct WeakCore: Sendable {
  weak var core: NodeCore?

  init(_ core: NodeCore) { self.core = core }
}
