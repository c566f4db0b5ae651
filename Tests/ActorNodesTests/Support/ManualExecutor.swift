import ActorNodes
import Dispatch
import Synchronization

/// A serial executor whose jobs run only when the test runs them, in the order the test chooses.
///
/// Give an actor `nonisolated var unownedExecutor` returning this executor's
/// ``asUnownedSerialExecutor()``: every job on that actor then waits in
/// ``jobs`` until the test takes it with ``JobQueue/next()`` and runs it with
/// ``run(_:)``. Taking jobs one by one and running them in any order makes an
/// interleaving of concurrent calls deterministic.
final class ManualExecutor: SerialExecutor, Sendable {
  private let stream: AsyncStream<UnownedJob>
  private let continuation: AsyncStream<UnownedJob>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    continuation.yield(UnownedJob(job))
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// The jobs, as they arrive; only one consumer may take them.
  func makeJobQueue() -> JobQueue { JobQueue(executor: self, iterator: stream.makeAsyncIterator()) }

  /// Runs a job taken from the queue, on this executor.
  func run(_ job: UnownedJob) {
    job.runSynchronously(on: asUnownedSerialExecutor())
  }

  /// The consumer side of the executor's jobs.
  struct JobQueue {
    let executor: ManualExecutor
    var iterator: AsyncStream<UnownedJob>.Iterator

    /// Waits for the next job (no sleeping: it resumes when a job is enqueued).
    mutating func next() async -> UnownedJob {
      guard let job = await iterator.next(isolation: nil) else { fatalError("the executor's stream ended") }
      return job
    }

    /// Takes the next job and runs it.
    mutating func runNext() async {
      executor.run(await next())
    }

    /// Runs every job as it arrives, until the calling task is cancelled.
    mutating func runUntilCancelled() async {
      while let job = await iterator.next(isolation: nil) { executor.run(job) }
    }
  }
}

/// A node whose actor runs on a ``ManualExecutor``; it records its hooks like `RecordingNode` if given a log.
actor ScheduledNode: HookRecording {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let executor: ManualExecutor
  nonisolated let name: String
  nonisolated let log: EventLog?

  init(_ name: String, executor: ManualExecutor, log: EventLog? = nil) {
    nodeState = NodeState(debugName: name)
    self.executor = executor
    self.name = name
    self.log = log
  }

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
}

/// A task executor whose jobs run only when the test runs them: a task that prefers it stops at each of its own
/// suspension points (its nonisolated code), while the actors it calls run where they always do.
final class ManualTaskExecutor: TaskExecutor, Sendable {
  private let stream: AsyncStream<UnownedJob>
  private let continuation: AsyncStream<UnownedJob>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    continuation.yield(UnownedJob(job))
  }

  /// The jobs, as they arrive; only one consumer may take them.
  func makeJobs() -> AsyncStream<UnownedJob>.Iterator { stream.makeAsyncIterator() }

  /// Runs a job taken from the stream, on this executor.
  func run(_ job: UnownedJob) {
    job.runSynchronously(on: asUnownedTaskExecutor())
  }

  /// Ends the stream of jobs (call it as the task's last step, when it will enqueue nothing more).
  func finish() {
    continuation.finish()
  }
}

/// A serial executor that runs each job at once, on a queue of its own, except while the test holds its jobs.
final class HoldingExecutor: SerialExecutor, Sendable {
  private struct State {
    var isHolding = false
    var held: [UnownedJob] = []
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let queue = DispatchQueue(label: "HoldingExecutor")
  private let state = Mutex(State())

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let waiters: [CheckedContinuation<Void, Never>]? = state.withLock { state in
      guard state.isHolding else { return nil }
      state.held.append(job)
      defer { state.waiters = [] }
      return state.waiters
    }
    guard let waiters else { return run(job) }
    for waiter in waiters { waiter.resume() }
  }

  /// Holds the jobs enqueued from now on, until ``release()``.
  func hold() {
    state.withLock { $0.isHolding = true }
  }

  /// Returns once a job is held.
  func waitForAHeldJob() async {
    await withCheckedContinuation { continuation in
      let isHeld = state.withLock { state in
        guard state.held.isEmpty else { return true }
        state.waiters.append(continuation)
        return false
      }
      if isHeld { continuation.resume() }
    }
  }

  /// Runs the held jobs, in order, and stops holding.
  func release() {
    let held = state.withLock { state in
      state.isHolding = false
      defer { state.held = [] }
      return state.held
    }
    for job in held { run(job) }
  }

  private func run(_ job: UnownedJob) {
    queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
  }
}
