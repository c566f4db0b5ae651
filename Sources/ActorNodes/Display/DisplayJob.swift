/// One display of one node, from its parameters snapshot to its result.
///
/// Made in the node's isolation (``DrawingNode/makeDisplayJob()``): the
/// snapshot is taken there and captured by ``draw``, which is all the draw
/// code will see of the node.
struct DisplayJob: Sendable {
  let ticket: DisplayTicket
  /// Runs the node's drawing on the snapshot.
  let draw: @Sendable (DisplayRequest) -> Image?
  /// The priority its draw runs at.
  var priority: TaskPriority
  /// The number of the latest request of its node that it answers (``NodeCore/displayRequests``): the scheduler
  /// sets it to the latest one listed before the snapshot.
  var answers: UInt64 = 0
}

/// What a display's draw produced.
enum DrawResult: Sendable {
  /// The contents to set (`nil`: no contents).
  case contents(Image?)
  /// The display was cancelled before or while drawing: nothing commits.
  case cancelled
}

extension DisplayJob {
  /// Starts the draw in a task of its own on the ``DisplayExecutor``, at the job's priority; the task hands its
  /// result to `report`.
  ///
  /// Made here, in a nonisolated function, so that the task's closure is not
  /// isolated to the caller's actor: an isolated closure would run on that
  /// actor, whatever executor the task prefers. `report` runs in a detached
  /// task, which has no executor preference: a default actor that a task
  /// preferring an executor finds busy is scheduled on that executor, so the
  /// `HierarchyActor` the report reaches would wait behind user draws holding
  /// every display thread, and every edit of every tree with it. (Leaving the
  /// preference inside the draw's task, `withTaskExecutorPreference`, costs a
  /// hop back to the display executor as well, after the report.)
  func startDraw(
    _ request: DisplayRequest, report: @escaping @Sendable (DrawResult) async -> Void
  ) -> Task<Void, Never> {
    Task(executorPreference: DisplayExecutor.shared, priority: priority) {
      let result = run(request)
      Task.detached(priority: priority) { await report(result) }
    }
  }

  /// Draws, unless the display was cancelled; a result obtained after a cancellation counts as cancelled.
  func run(_ request: DisplayRequest) -> DrawResult {
    guard !request.isCancelled else { return .cancelled }
    let image = draw(request)
    return request.isCancelled ? .cancelled : .contents(image)
  }
}

extension DrawingNode {
  /// Takes this display's snapshot, after a generation of its own: it supersedes every display made before
  /// it, and a request made after it supersedes it.
  func makeDisplayJob(priority: TaskPriority) -> DisplayJob {
    let generation = nodeCore.beginDisplay()
    let parameters = drawParameters()
    return DisplayJob(
      ticket: DisplayTicket(node: self, generation: generation, writeVersion: state.writeVersion),
      draw: { request in Self.display(parameters, request: request) },
      priority: priority)
  }
}
