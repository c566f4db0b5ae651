internal import Foundation
import Synchronization

/// The layout measurements the current task is inside of, outermost first.
///
/// It tells the hierarchy that code runs inside layout (where adding and
/// removing subnodes is refused), and lets a node that is asked for a
/// layout it is itself computing in this task refuse instead of waiting for itself.
///
/// One scope belongs to one task, which pushes and pops a frame around each
/// measurement it runs: a task-local value is bound once per task, not once
/// per measurement (binding one costs a lock on the task's status records,
/// and layout measures thousands of nodes per pass). Every task that the
/// library starts to measure binds a scope of its own, inside the scope it
/// came from (``withScope(_:)``): the public entry points, layout passes,
/// and each child task of a concurrent measurement. A scope links to that
/// outer scope instead of copying its frames, so that a chain of nodes each
/// measuring the next through the public entry point costs one frame per
/// node, not a copy of every frame above it (a 16,000-deep chain took 4 GB).
/// Tasks that layout code starts itself inherit the scope and only read it;
/// once the task that bound the scope leaves it, it holds no measurement.
final class LayoutScope: Sendable {
  /// The scope of the current task, if it measures or runs inside a measurement.
  @TaskLocal static var current: LayoutScope?

  /// One measurement (its token and the node it measures), or a node's ``DisplayNode/calculatedLayoutDidChange()``.
  struct Frame {
    let token: UInt64
    let nodeID: UInt64
    /// Whether the frame is the hook's, not a measurement's: the hook is the node's own code, not layout code
    /// that may not edit the hierarchy.
    var isHook = false
    /// Whether code that the frame runs invalidated the node's layout during it: the node's own code, or the
    /// layout code of a subnode it measures (that code would do it again).
    var invalidatedByItsOwnCode = false
    /// What the node's own code asked of its subnodes during the frame, the last request per subnode.
    var subnodeRequests: [SubnodeRequest] = []
    /// Whether a measurement that code asked for was refused because the task was cancelled: code that falls back
    /// on a failed measurement computed its layout from nothing. It counts only if the frame's own task is
    /// cancelled: a child task that a task group cancelled because a sibling threw refuses in this frame too.
    var refusedACancelledMeasurement = false
  }

  private let frames: LockedFrames

  /// How many passes, each asked for by code that the one before ran, led to the pass this scope's task runs in;
  /// 0 outside passes. See ``followUpPassLimit``.
  let passGeneration: Int

  /// A scope's own frames, the scope it started inside (while it lasts), and the lock that guards them.
  ///
  /// - Note: `@unchecked Sendable`, argued in Proposal 0001 (§11, Escape hatches): a task that layout code
  ///   starts inherits the scope, so it and the measuring task contend for the frames, and the checked
  ///   alternative, `Mutex`, reports false data races under ThreadSanitizer when contended. `frames` and
  ///   `outer` are read and written only with `lock` held.
  private final class LockedFrames: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [Frame] = []
    private var outer: LayoutScope?

    init(outer: LayoutScope?) { self.outer = outer }

    func withLock<Result>(_ body: (inout [Frame]) throws -> Result) rethrows -> Result {
      lock.lock()
      defer { lock.unlock() }
      return try body(&frames)
    }

    /// The scope this one started inside, while this one lasts.
    var outerScope: LayoutScope? {
      lock.lock()
      defer { lock.unlock() }
      return outer
    }

    /// Ends the scope: it holds no measurement, its own or its outer scope's.
    func end() {
      lock.lock()
      defer { lock.unlock() }
      frames.removeAll()
      outer = nil
    }
  }

  /// The most follow-up passes one pass leads to.
  ///
  /// A pass asked for by code that a pass runs (a node's layout code that
  /// sets another node's text, or its `calculatedLayoutDidChange()`) is a
  /// follow-up of that pass. Texture runs such code again on every layout,
  /// once per frame for ever if two nodes keep changing each other; here a
  /// wait for the passes (`layoutIfNeeded()`) must return, so a chain of
  /// follow-ups ends after this many, and the request of the next is dropped.
  static let followUpPassLimit = 4

  /// A scope that starts inside the measurements of `outer`, in its pass; or, given a `passGeneration`, a pass's
  /// scope, which starts inside no measurement.
  ///
  /// A pass never runs inside a measurement (layout code may not wait for passes), but its task may inherit the
  /// scope of layout code that asked for it: a task that a hook started, while the pass that ran the hook goes
  /// on measuring. Those measurements are another task's; a pass that copied them took a node they measure for
  /// its own, and refused to wait for it (round 18, seed 16: `layoutRequestedFromItsOwnLayoutCode`).
  private init(inside outer: LayoutScope?, passGeneration: Int?) {
    frames = LockedFrames(outer: passGeneration == nil ? outer : nil)
    self.passGeneration = passGeneration ?? outer?.passGeneration ?? 0
    LayoutScope.liveCount.add(1, ordering: .relaxed)
  }

  deinit {
    LayoutScope.liveCount.subtract(1, ordering: .relaxed)
  }

  /// How many scopes exist in the process: while none does, no task runs inside a measurement.
  private static let liveCount = Atomic<Int>(0)

  /// The scope of the current task, without a task-local lookup while no scope exists anywhere.
  ///
  /// Every structural edit asks whether it runs in layout code; a task-local
  /// lookup was a twentieth of an edit. A task with a scope keeps it alive,
  /// and its binding happened before anything the task does, so a zero
  /// count means the current task has none.
  static var currentIfAny: LayoutScope? {
    liveCount.load(ordering: .relaxed) == 0 ? nil : current
  }

  /// Runs `body` with a scope of its own for the current task, inside the measurements of the current scope (a
  /// pass's, given `passGeneration`, inside none).
  ///
  /// The scope ends with `body`: a task that layout code started and that outlives it keeps the scope, with no
  /// measurement in it, so it runs as code outside layout does.
  /// - Parameter passGeneration: For a layout pass's task, the pass's generation (see ``followUpPassLimit``);
  ///   by default the current scope's.
  static func withScope<Result>(
    isolation: isolated (any Actor)? = #isolation, passGeneration: Int? = nil, _ body: () async throws -> Result
  ) async rethrows -> Result {
    let scope = LayoutScope(inside: current, passGeneration: passGeneration)
    defer { scope.frames.end() }
    return try await $current.withValue(scope, operation: body, isolation: isolation)
  }

  /// Throws ``LayoutError/layoutPassAwaitedFromLayoutCode`` if the current task runs layout code: a wait for
  /// layout passes from there would wait for the pass it runs in.
  ///
  /// A task that layout code started (`Task { ... }`) inherits the scope: it runs inside layout code only while
  /// a measurement of that scope is under way, and may wait for passes once the scope has ended.
  static func refuseWaitingForPasses() throws {
    if isInLayoutCode { throw LayoutError.layoutPassAwaitedFromLayoutCode }
  }

  /// Whether the current task runs layout code: a measurement (or a ``DisplayNode/calculatedLayoutDidChange()``)
  /// of its scope is under way.
  static var isInLayoutCode: Bool { currentIfAny?.isInsideMeasurement == true }

  /// The scopes to search, innermost first: this one and those it started inside.
  private var chain: UnfoldSequence<LayoutScope, (LayoutScope?, Bool)> {
    sequence(first: self) { $0.frames.outerScope }
  }

  /// Whether a measurement (or hook) of this scope is under way.
  var isInsideMeasurement: Bool { chain.contains { $0.frames.withLock { !$0.isEmpty } } }

  /// Records that the current task starts a measurement.
  func push(_ frame: Frame) { frames.withLock { $0.append(frame) } }

  /// Records that the current task ended its innermost measurement (or hook); returns its frame.
  @discardableResult
  func pop() -> Frame? { frames.withLock { $0.popLast() } }

  /// Whether the node with `id` is being measured by this task (or the task it was started from).
  func isMeasuring(nodeID id: UInt64) -> Bool {
    chain.contains { $0.frames.withLock { $0.contains { $0.nodeID == id && !$0.isHook } } }
  }

  /// Records an invalidation of the node with `id` made by this task: if the task is measuring that node (or
  /// running its ``DisplayNode/calculatedLayoutDidChange()``), marks the innermost such frame as invalidated by
  /// its own code (the node's, or that of a subnode it measures), so that its layout is returned uncached.
  ///
  /// - Returns: Whether the invalidation comes from layout code, and so must ask for no pass: that frame, or a
  ///   measurement of any node, is under way (another node's `calculatedLayoutDidChange()` alone is not layout
  ///   code: it runs once per new layout).
  func noteInvalidation(ofNodeWithID id: UInt64) -> Bool {
    var isLayoutCode = false
    for scope in chain {
      let marked = scope.frames.withLock { frames in
        if !isLayoutCode { isLayoutCode = frames.contains { !$0.isHook } }
        guard let index = frames.lastIndex(where: { $0.nodeID == id }) else { return false }
        frames[index].invalidatedByItsOwnCode = true
        return true
      }
      if marked { return true }
    }
    return isLayoutCode
  }

  /// Whether the innermost frame measures the node with ``NodeCore/id`` `supernodeID` (its layout code runs in this
  /// task) and has not asked its subnode with ID `subnodeID` for a layout by hand: whatever that layout measures of
  /// the subnode, it measures from now on.
  func isLayoutCode(ofSupernode supernodeID: UInt64, beforeItAsks subnodeID: UInt64) -> Bool {
    for scope in chain {
      let answer: Bool? = scope.frames.withLock { frames in
        guard let last = frames.last else { return nil }
        return last.nodeID == supernodeID && !last.isHook && !last.subnodeRequests.contains { $0.coreID == subnodeID }
      }
      if let answer { return answer }
    }
    return false
  }

  /// Records that a measurement the current task asked for was refused because the task is cancelled, in the
  /// innermost frame (this scope's last, or, while it has none, its outer scope's): the measurement that frame is
  /// for is not cached.
  func noteRefusedCancelledMeasurement() {
    for scope in chain {
      let found = scope.frames.withLock { frames in
        guard let last = frames.indices.last else { return false }
        frames[last].refusedACancelledMeasurement = true
        return true
      }
      if found { return }
    }
  }

  /// Records `request`, made of the subnode of the node with ``NodeCore/id`` `supernodeID`, in that node's frame
  /// if it is the innermost one: the request comes from that node's own layout code.
  func noteSubnodeRequest(_ request: SubnodeRequest, supernodeID: UInt64) {
    // The innermost frame: this scope's last, or, while it has none, its outer scope's.
    for scope in chain {
      let found = scope.frames.withLock { frames in
        guard let last = frames.indices.last else { return false }
        guard frames[last].nodeID == supernodeID, !frames[last].isHook else { return true }
        frames[last].subnodeRequests.removeAll { $0.coreID == request.coreID }
        frames[last].subnodeRequests.append(request)
        return true
      }
      if found { return }
    }
  }

  /// Whether the measurement with `token` runs in this task (or the task it was started from).
  func contains(_ token: UInt64) -> Bool {
    chain.contains { $0.frames.withLock { $0.contains { $0.token == token } } }
  }

  private static let nextToken = Atomic<UInt64>(1)

  /// A token no other measurement has.
  static func makeToken() -> UInt64 {
    nextToken.wrappingAdd(1, ordering: .relaxed).oldValue
  }
}
