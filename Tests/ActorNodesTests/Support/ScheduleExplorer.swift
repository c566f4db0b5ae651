@testable import ActorNodes

/// A serial executor that hands every job to a ``ScheduleExplorer``; the explorer runs it on this executor.
final class PooledExecutor: SerialExecutor, Sendable {
  let name: String
  private let pool: AsyncStream<(PooledExecutor, UnownedJob)>.Continuation

  init(name: String, pool: AsyncStream<(PooledExecutor, UnownedJob)>.Continuation) {
    self.name = name
    self.pool = pool
  }

  func enqueue(_ job: consuming ExecutorJob) {
    pool.yield((self, UnownedJob(job)))
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}

/// A node whose jobs run only when a ``ScheduleExplorer`` chooses them, and that records its hooks.
///
/// Its `didLoad` also checks the rule under test: every subnode placed under
/// it has run its own `didLoad` already.
actor ExplorerNode: HookRecording {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let log: EventLog?
  nonisolated let executor: PooledExecutor
  let lifetime: LifetimeCounter

  init(_ name: String, explorer: ScheduleExplorer) {
    nodeState = NodeState(debugName: name)
    self.name = name
    log = explorer.log
    executor = explorer.makeExecutor(name: name)
    lifetime = explorer.lifetime
  }

  deinit { lifetime.recordDeinit() }

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  @MainActor func didLoad(_ context: borrowing LoadContext) {
    log?.record("\(name).didLoad")
    guard let slot = nodeCore.slot else { return }
    for child in slot.children where child.parent === slot && !child.hasRunDidLoad {
      log?.record("VIOLATION \(name).didLoad before a subnode's")
    }
  }
}

/// Runs library operations concurrently and chooses the order in which their node jobs run.
///
/// Operations start only when the explorer says, and every node job waits
/// in a pool until the explorer runs it. The explorer lets the started
/// operations progress on the other actors (the hierarchy actor, the main
/// actor) until nothing changes any more, then either starts an operation
/// or runs the oldest job of one node, and repeats until every operation has
/// finished. So an operation can start between two steps of another (after
/// an attach prepared its load, before its turn), and node jobs of several
/// operations interleave in any order. Choices are names, so a choice
/// sequence means the same schedule from one run to the next; what happens
/// between two choices on the other actors is left to the runtime.
@MainActor
final class ScheduleExplorer {
  let log = EventLog()
  let lifetime = LifetimeCounter()
  private let stream: AsyncStream<(PooledExecutor, UnownedJob)>
  private let continuation: AsyncStream<(PooledExecutor, UnownedJob)>.Continuation
  private var waiting: [(executor: PooledExecutor, job: UnownedJob)] = []
  private var finished = 0
  private var pump: Task<Void, Never>?
  /// Once exploring is over, jobs run as they arrive (for checks that read node state).
  private var runsEveryJob = false
  /// The number of choices offered at each decision of the last run, for exhaustive walks.
  private(set) var branching: [Int] = []

  init() {
    (stream, continuation) = AsyncStream.makeStream()
    let stream = stream
    pump = Task { @MainActor [weak self] in
      for await job in stream {
        guard let self else { return }
        if self.runsEveryJob {
          job.1.runSynchronously(on: job.0.asUnownedSerialExecutor())
        } else {
          self.waiting.append(job)
        }
      }
    }
  }

  isolated deinit {
    continuation.finish()
    pump?.cancel()
  }

  nonisolated func makeExecutor(name: String) -> PooledExecutor {
    PooledExecutor(name: name, pool: continuation)
  }

  /// Runs `operations` concurrently, choosing when each starts and the order of their node jobs.
  ///
  /// At each decision the options, sorted, are the names of the nodes with
  /// waiting jobs (run that node's oldest job) and `"start <label>"` for each
  /// operation not started yet; `choose` returns an index into them.
  ///
  /// - Returns: `false` if the operations stopped making progress with no job waiting (a hang).
  func run(
    _ operations: [(label: String, body: @Sendable () async -> Void)], choose: (_ options: [String]) -> Int
  ) async -> Bool {
    branching = []
    finished = 0
    var started = 0
    var unstarted = operations
    while true {
      guard await settle(expecting: started) else { return false }
      let nodes = Set(waiting.map(\.executor.name))
      let options = (nodes.sorted() + unstarted.map { "start \($0.label)" }).sorted()
      if options.isEmpty { return true }
      branching.append(options.count)
      let chosen = options[min(max(choose(options), 0), options.count - 1)]
      if let index = unstarted.firstIndex(where: { "start \($0.label)" == chosen }) {
        let operation = unstarted.remove(at: index).body
        started += 1
        Task {
          await operation()
          self.finished += 1
        }
      } else {
        let index = waiting.firstIndex { $0.executor.name == chosen }!
        let (executor, job) = waiting.remove(at: index)
        job.runSynchronously(on: executor.asUnownedSerialExecutor())
      }
    }
  }

  /// Stops choosing: runs the waiting jobs, and from now on every job as it arrives, until nothing else happens.
  func finish() async {
    runsEveryJob = true
    while !waiting.isEmpty {
      let (executor, job) = waiting.removeFirst()
      job.runSynchronously(on: executor.asUnownedSerialExecutor())
    }
    _ = await settle(expecting: nil)
  }

  /// Lets the other actors run until the waiting jobs and finished operations stop changing.
  ///
  /// - Returns: `false` if operations stay unfinished with no job waiting for thousands of rounds (a hang).
  private func settle(expecting operationCount: Int?) async -> Bool {
    var quietRounds = 0
    var rounds = 0
    var last = (waiting.count, finished)
    while true {
      await hierarchyBarrier()
      await Task.yield()
      rounds += 1
      let now = (waiting.count, finished)
      quietRounds = now == last ? quietRounds + 1 : 0
      last = now
      guard quietRounds >= 3 else { continue }
      let unfinished = operationCount.map { finished < $0 } ?? false
      if !waiting.isEmpty || !unfinished { return true }
      if rounds > 5_000 { return false }
    }
  }
}

/// Returns once the hierarchy actor has run the jobs enqueued before this one.
@HierarchyActor
func hierarchyBarrier() {}
