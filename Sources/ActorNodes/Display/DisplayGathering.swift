import Synchronization

/// The displays asked for during one ``DisplayNode/recursivelySetNeedsDisplay(atScale:)``, asked for together.
///
/// The walk calls each node's ``DisplayNode/setNeedsDisplay(atScale:)``, one
/// after the other; an app may implement it, and the displays those calls ask
/// for (the default's, or an implementation's own ``DisplayNode/setNeedsDisplay()``)
/// are held here, in a task-local value, and go to the scheduler in one request
/// when the walk is over, so that they start in one batch and a transaction
/// container's new contents commit together.
///
/// Only the walk's task adds to it in practice (a task created during the walk
/// inherits it, hence the lock and ``hold(_:)``'s closed check: such a task's
/// requests go to the scheduler at once), so its mutex is not contended; it
/// makes the type `Sendable`, which a task-local value must be.
final class DisplayGathering: Sendable {
  /// The gathering of the walk running in this task, if any.
  @TaskLocal static var current: DisplayGathering?

  private struct Contents {
    var nodes: [any DisplayNode] = []
    var isClosed = false
  }

  private let contents = Mutex(Contents())

  private init() {}

  /// Runs `body` with the displays it asks for held, then asks for them in one request.
  static func gather(_ body: () async -> Void) async {
    let gathering = DisplayGathering()
    await $current.withValue(gathering) { await body() }
    let nodes = gathering.contents.withLock {
      $0.isClosed = true
      return $0.nodes
    }
    DisplayScheduler.request(nodes)
  }

  /// Holds `nodes`' displays until the walk is over; returns false, holding nothing, once it is.
  func hold(_ nodes: [any DisplayNode]) -> Bool {
    contents.withLock {
      guard !$0.isClosed else { return false }
      $0.nodes.append(contentsOf: nodes)
      return true
    }
  }
}
