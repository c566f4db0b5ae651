/// The main-actor work waiting for a window's next turn.
///
/// Every loaded node's work goes to the queue of the window it was last in
/// (``NodeCore/turnQueue``); work of loaded nodes never in a window goes to
/// ``shared``, which is automatic. The queue lives on the
/// ``HierarchyActor``, which orders structural work.
@HierarchyActor
final class TurnQueue {
  /// The queue of loaded nodes that are in no window.
  static let shared = TurnQueue(mode: .automatic)

  let mode: TurnMode
  /// Counts turns; read on the main actor.
  nonisolated let recorder = TurnRecorder()
  private var operations: [MainOperation] = []
  /// Loaded nodes whose subnodes changed since the last take; their lists are read at take time.
  private var changedParents: [ObjectIdentifier: any DisplayNode] = [:]
  private var drainScheduled = false
  /// Set once the window is gone: everything goes to ``shared`` from then on.
  private var isRetired = false

  nonisolated init(mode: TurnMode) {
    self.mode = mode
  }

  /// The queue that takes `node`'s main-actor work.
  static func queue(of node: any DisplayNode) -> TurnQueue {
    node.nodeCore.turnQueue ?? shared
  }

  /// Adds work; an automatic queue schedules one turn for everything added before it runs.
  func enqueue(_ operation: MainOperation) {
    if isRetired {
      TurnQueue.shared.enqueue(operation)
      return
    }
    operations.append(operation)
    scheduleDrain()
  }

  /// Notes that a loaded node's subnodes changed.
  func childrenChanged(of parent: any DisplayNode) {
    if isRetired {
      TurnQueue.shared.childrenChanged(of: parent)
      return
    }
    changedParents[ObjectIdentifier(parent)] = parent
    scheduleDrain()
  }

  private func scheduleDrain() {
    guard mode == .automatic, !drainScheduled else { return }
    drainScheduled = true
    Task { @HierarchyActor in
      let batch = self.take()
      await MainTurn.apply(batch, recorder: self.recorder)
    }
  }

  /// Removes and returns the waiting work, with the current subnodes of every changed parent.
  func take() -> [MainOperation] {
    drainScheduled = false
    var taken = operations
    operations = []
    for parent in changedParents.values {
      let core = parent.nodeCore
      taken.append(.setChildren(parent: core, children: core.subnodes.map(\.nodeCore), version: core.childrenVersion))
    }
    changedParents = [:]
    return taken
  }

  /// Moves the waiting work, and all future work, to the shared queue: the window is gone.
  func retire() {
    isRetired = true
    for operation in take() { TurnQueue.shared.enqueue(operation) }
  }
}
