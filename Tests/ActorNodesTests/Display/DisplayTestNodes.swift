import Dispatch
import Foundation
import Synchronization
import Testing

@testable import ActorNodes

/// What the draws of a test did, seen from any thread: draws are static and run on the display executor.
///
/// - Note: `@unchecked Sendable` over an `NSLock`, not a checked class over a `Mutex`: draws on both
///   executor threads and the test's own task record here at once, and a contended `Mutex` gives false
///   ThreadSanitizer reports on this toolchain (Proposal 0001, § Escape hatches). Every field is read and
///   written with `lock` held, except the semaphore and the atomic, which are thread-safe.
final class DrawProbe: @unchecked Sendable {
  private struct State {
    var events: [String] = []
    var waiters: [(event: String, count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func count(_ prefix: String) -> Int { events.count { $0.hasPrefix(prefix) } }
  }

  private let lock = NSLock()
  private var state = State()
  /// Held draws wait on this until the test releases them, one signal each.
  private let holds = DispatchSemaphore(value: 0)
  private let holding = Atomic<Bool>(false)

  init(holdingDraws: Bool = false) {
    holding.store(holdingDraws, ordering: .sequentiallyConsistent)
  }

  /// Everything the draws recorded, in order.
  var log: [String] { lock.withLock { state.events } }

  /// The entries of ``log`` that start with `prefix`.
  func entries(_ prefix: String) -> [String] { log.filter { $0.hasPrefix(prefix) } }

  func record(_ event: String) {
    let ready = lock.withLock {
      state.events.append(event)
      let snapshot = state
      let ready = snapshot.waiters.filter { snapshot.count($0.event) >= $0.count }
      state.waiters.removeAll { snapshot.count($0.event) >= $0.count }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Returns once `count` entries starting with `event` are in the log (at once if they are).
  func waitFor(_ event: String, count: Int = 1) async {
    await withCheckedContinuation { continuation in
      let isThere = lock.withLock {
        if state.count(event) >= count { return true }
        state.waiters.append((event, count, continuation))
        return false
      }
      if isThere { continuation.resume() }
    }
  }

  /// Called by a draw when it starts: records it and, if draws are held, waits for a release.
  func drawStarted(_ name: String) {
    record("draw \(name)")
    if holding.load(ordering: .sequentiallyConsistent) { holds.wait() }
  }

  /// Lets `count` held draws go on.
  func release(_ count: Int = 1) {
    for _ in 0..<count { holds.signal() }
  }

  /// Stops holding draws (those already waiting still need ``release(_:)``).
  func stopHolding() { holding.store(false, ordering: .sequentiallyConsistent) }
}

/// A drawing node that fills its bounds with its color, recording its draws in a probe and its hooks in a log.
actor PaintNode: DrawingNode {
  struct Parameters: Sendable {
    let name: String
    let color: Color
    let probe: DrawProbe?
  }

  nonisolated let nodeCore: NodeCore
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let log: EventLog?
  /// Records, for each `subnodeDisplayDidFinish` and `hierarchyDisplayDidFinish`, whether it ran in a window's turn.
  nonisolated let turnLog: EventLog?
  let probe: DrawProbe?
  private(set) var color: Color
  private(set) var parameterCalls = 0

  init(
    _ name: String, color: Color = .red, log: EventLog? = nil, probe: DrawProbe? = nil, frame: Rect? = nil,
    turnLog: EventLog? = nil
  ) {
    nodeCore = NodeCore()
    nodeState = NodeState(debugName: name) { properties in
      if let frame { properties.frame = frame }
    }
    self.name = name
    self.color = color
    self.log = log
    self.turnLog = turnLog
    self.probe = probe
  }

  func setColor(_ color: Color) async {
    self.color = color
    await setNeedsDisplay()
  }

  /// Changes the color without asking for a display.
  func setColorWithoutDisplay(_ color: Color) {
    self.color = color
  }

  func drawParameters() -> Parameters {
    preconditionIsolated("drawParameters() runs in the node's isolation")
    parameterCalls += 1
    probe?.record("parameters \(name)")
    return Parameters(name: name, color: color, probe: probe)
  }

  static func draw(_ parameters: Parameters, in context: inout GraphicsContext, request: DisplayRequest) {
    parameters.probe?.drawStarted(parameters.name)
    if request.isCancelled {
      parameters.probe?.record("cancelled \(parameters.name)")
      return
    }
    context.fill(request.bounds, with: parameters.color)
    let thread = DisplayExecutor.shared.isCurrentThreadAWorker ? "the display executor" : "another thread"
    parameters.probe?.record("drew \(parameters.name) on \(thread) \(Thread.current.name ?? "?")")
    if request.isCancelled { parameters.probe?.record("cancelled \(parameters.name)") }
  }

  @MainActor func displayWillStart(_ context: borrowing DisplayContext) {
    MainActor.preconditionIsolated("displayWillStart runs on the main actor")
    log?.record("\(name).willStart(\(context.isAsynchronous ? "async" : "sync"))")
  }

  @MainActor func displayDidFinish(_ context: borrowing DisplayContext) {
    log?.record("\(name).didFinish")
  }

  @MainActor func subnodeDisplayWillStart(_ context: borrowing DisplayContext) {
    log?.record("\(name).subnodeWillStart(\(Self.name(of: context.subnode)))")
  }

  @MainActor func subnodeDisplayDidFinish(_ context: borrowing DisplayContext) {
    log?.record("\(name).subnodeDidFinish(\(Self.name(of: context.subnode)))")
    turnLog?.record("\(name).subnodeDidFinish \(MainTurn.isApplying ? "in" : "outside") a turn")
  }

  @MainActor func hierarchyDisplayDidFinish(_ context: borrowing DisplayContext) {
    log?.record("\(name).hierarchyDidFinish")
    turnLog?.record("\(name).hierarchyDidFinish \(MainTurn.isApplying ? "in" : "outside") a turn")
  }

  @MainActor private static func name(of node: (any DisplayNode)?) -> String {
    (node as? PaintNode)?.name ?? "?"
  }
}

extension Image {
  /// The premultiplied RGBA bytes of the pixel at (`x`, `y`).
  func rgbaBytes(x: Int, y: Int) -> [UInt8] {
    let offset = (y * pixelWidth + x) * 4
    return Array(rgba[offset..<offset + 4])
  }
}

/// Occupies every thread of the display executor until released, so that the next draws wait in its queue.
struct ExecutorBlockers {
  let probe = DrawProbe(holdingDraws: true)
  let count = DisplayExecutor.shared.threadCount

  /// Starts the blockers and returns once each holds a thread.
  func hold() async {
    let probe = self.probe
    for _ in 0..<count {
      _ = Task(executorPreference: DisplayExecutor.shared) { @concurrent in probe.drawStarted("blocker") }
    }
    await probe.waitFor("draw blocker", count: count)
  }

  func release() { probe.release(count) }
}

/// The suites whose tests hold draws on display threads (``DrawProbe`` holding them), one test at a time.
///
/// A test that holds every display thread, or waits for its draws to start
/// while it holds some, could wait for ever on another suite's held draws:
/// two such tests at once deadlock the display executor between them.
@Suite(.serialized)
enum HeldDrawSuites {}
