extension DisplayNode {
  /// Returns once all main-actor work queued for this node before the call has reached its view.
  ///
  /// Work for a loaded node (an off-main write, a change of its subnodes,
  /// the views of added subnodes, its own removal or move, which its
  /// supernodes' changes carry) waits for a turn of the node's window, or
  /// of the shared automatic queue if the node has never been in a window.
  /// This waits for that turn, wherever the node is (a node moved into
  /// another window's tree meanwhile takes its work, and the wait, along); it returns at once if
  /// nothing is queued (also for a node that is not loaded). If the node's
  /// window is in ``TurnMode/manual`` mode, the turn is that window's next
  /// ``Window/flush()``.
  ///
  /// ```swift
  /// await Task.detached { await node.configure { $0.alpha = 0.5 } }.value
  /// await node.waitForQueuedWork()
  /// // On the main actor: node.view?.alpha == 0.5
  /// ```
  ///
  /// Callable from any isolation domain; it suspends and never holds the node's actor.
  ///
  /// - Note: From layout code (a node's ``layoutMethod(thatFits:)`` or ``calculatedLayoutDidChange()``, and tasks
  ///   it starts while it runs), the wait for a ``TurnMode/manual`` window's turn returns at once: the calls that
  ///   run that turn (``Window/layoutIfNeeded()``, ``recursivelyEnsureDisplay()``) wait for the layout passes
  ///   first, so it would wait for the pass it runs in (Texture's #3064: main waiting for background work that
  ///   waits for main). The work is applied by that turn, after the pass. An ``TurnMode/automatic`` window's turns
  ///   do not wait for passes: the wait waits for the turn there, as anywhere else.
  public nonisolated func waitForQueuedWork() async {
    await Self.waitForQueuedWork(of: self)
  }

  @HierarchyActor
  private static func waitForQueuedWork(of node: any DisplayNode) async {
    // A node that enters another window's tree takes its waiting work along: the wait follows it, once the
    // turns the old queue has taken already (which may hold some of the node's work) are applied.
    var queue = TurnQueue.queue(of: node)
    while !queue.isAwaitedFromLayoutCode, await queue.waitForQueuedWork(of: node.nodeCore) {
      let left = queue
      queue = TurnQueue.queue(of: node)
      await left.waitForTurnsTaken()
    }
  }
}
