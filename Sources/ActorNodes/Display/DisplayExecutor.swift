internal import Foundation

/// The threads that run draws: a bounded pool, apart from Swift's cooperative pool (Texture's display queue).
///
/// Every display's task prefers this executor (`Task(executorPreference:)`),
/// so draw code runs on one of its threads, never on the cooperative pool
/// where layout and the rest of the app's tasks run: a slow or blocking draw
/// takes one of these threads and leaves layout alone. There are as many
/// threads as active processors (at least two). Jobs run highest priority
/// first and, within a priority, in the order they were enqueued (Texture's
/// transaction queue drains by priority too), so a display raised by
/// ``DisplayNode/recursivelyEnsureDisplay()`` overtakes the others.
///
/// The threads start on first use and live as long as the process.
final class DisplayExecutor: TaskExecutor {
  /// The executor every display uses.
  static let shared = DisplayExecutor(threadCount: max(2, ProcessInfo.processInfo.activeProcessorCount))

  /// The start of its threads' names (Linux keeps 15 characters of a thread's name).
  static let threadNamePrefix = "ANDisplay-"

  private let queue: JobQueue

  /// How many threads draw at once.
  let threadCount: Int

  /// Starts `threadCount` threads that wait for jobs.
  init(threadCount: Int) {
    self.threadCount = threadCount
    let queue = JobQueue()
    self.queue = queue
    queue.setExecutor(asUnownedTaskExecutor())
    for index in 0..<threadCount {
      let thread = Thread { [queue] in
        // Named from the thread itself: on Linux a name set before `start()` does not reach the thread.
        Thread.current.name = "\(DisplayExecutor.threadNamePrefix)\(index)"
        queue.registerWorker()
        while true {
          let (job, executor) = queue.next()
          job.runSynchronously(on: executor)
        }
      }
      thread.start()
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    queue.push(UnownedJob(job))
  }

  /// Whether the calling thread is one of this executor's (for tests and diagnostics).
  var isCurrentThreadAWorker: Bool { queue.isWorker(pthread_self()) }
}

/// The display executor's jobs, by priority, and the condition its threads wait on.
///
/// - Note: `@unchecked Sendable`, argued in Proposal 0005 (§ Escape hatches):
///   an executor's queue is shared by every enqueuing thread and every worker,
///   and the checked alternative, `Mutex`, reports false data races under
///   ThreadSanitizer when contended, as this queue is. Every field is read and
///   written with `condition` locked.
private final class JobQueue: @unchecked Sendable {
  private let condition = NSCondition()
  /// Waiting jobs, in buckets by priority (highest last), each in enqueue order.
  private var buckets: [(priority: UInt8, jobs: [UnownedJob], head: Int)] = []
  /// The executor the jobs run on; set before the threads start.
  private var executor: UnownedTaskExecutor?

  /// The threads that take jobs.
  private var workers: [pthread_t] = []

  /// Records the calling thread as a worker.
  func registerWorker() {
    condition.lock()
    workers.append(pthread_self())
    condition.unlock()
  }

  func isWorker(_ thread: pthread_t) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    return workers.contains { pthread_equal($0, thread) != 0 }
  }

  func setExecutor(_ executor: UnownedTaskExecutor) {
    condition.lock()
    self.executor = executor
    condition.unlock()
  }

  func push(_ job: UnownedJob) {
    let priority = job.priority.rawValue
    condition.lock()
    if let index = buckets.firstIndex(where: { $0.priority == priority }) {
      buckets[index].jobs.append(job)
    } else {
      buckets.append((priority, [job], 0))
      buckets.sort { $0.priority < $1.priority }
    }
    condition.unlock()
    condition.signal()
  }

  /// The highest-priority waiting job and the executor to run it on, waiting for a job if there is none.
  func next() -> (UnownedJob, UnownedTaskExecutor) {
    condition.lock()
    defer { condition.unlock() }
    while true {
      for index in buckets.indices.reversed() where buckets[index].head < buckets[index].jobs.count {
        let job = buckets[index].jobs[buckets[index].head]
        buckets[index].head += 1
        if buckets[index].head == buckets[index].jobs.count {
          buckets[index].jobs.removeAll(keepingCapacity: true)
          buckets[index].head = 0
        }
        return (job, executor!)
      }
      condition.wait()
    }
  }
}
