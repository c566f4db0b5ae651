/// The contents of one transaction's displays, committed in one main-actor turn of their window, in start order
/// (a node that moved to another window while they drew commits in that window's turn: ``routed(from:)``).
///
/// A display commits only if it is still the newest (no later request
/// superseded it), display was not suspended, the node is alive and in its
/// window, and its draw was not cancelled: then its contents are set,
/// ``DisplayNode/displayDidFinish(_:)`` runs, then its supernode's
/// ``DisplayNode/subnodeDisplayDidFinish(_:)``, and
/// ``DisplayNode/hierarchyDisplayDidFinish(_:)`` for each of the two whose
/// pending displays are now all done. A cancelled display sets nothing and
/// calls nothing (a suspension tells the supernode itself, ``displaySuspended(_:)``); see ``markStale(_:)`` for
/// what its node shows.
struct DisplayCommit: MainTurnFeature {
  let transaction: DisplayTransaction
  /// The draws' results, one per entry.
  let results: [DrawResult]

  /// Each display's part goes to the queue of the window its node is in now: the displays of nodes still in the
  /// container's window commit together in that window's turn, and a node that moved to another window, or out of
  /// every window, while the draws ran takes its part along, as it takes its writes (the turn that takes its view
  /// out of the window it was drawn for cancels the display). Texture commits a container's transaction on the main
  /// queue whatever became of its layers; here each window's contents wait for that window's turn.
  @HierarchyActor
  func routed(from queue: TurnQueue) -> [(queue: TurnQueue, work: any MainTurnFeature)] {
    let entries = transaction.entries
    guard let parts = TurnQueue.parts(of: entries.indices, queuedIn: queue, core: { entries[$0].job.ticket.core })
    else { return [(queue, self)] }
    return parts.map { part in
      let transaction = DisplayTransaction(entries: part.items.map { entries[$0] })
      return (part.queue, DisplayCommit(transaction: transaction, results: part.items.map { results[$0] }))
    }
  }

  @MainActor
  func apply() {
    for (entry, result) in zip(transaction.entries, results) {
      Self.commit(result, of: entry.job.ticket, request: entry.request, isAsynchronous: true)
    }
  }

  /// Commits one display's result, drawn for `request`, or drops it if the display was cancelled.
  @MainActor
  static func commit(_ result: DrawResult, of ticket: DisplayTicket, request: DisplayRequest, isAsynchronous: Bool) {
    guard let core = ticket.core, let slot = core.slot, !slot.isReleased, let layer = slot.layer,
      let node = slot.liveNode
    else { return }
    let state = slot.displayState
    let isLatestStarted = state.inFlight == ticket.generation
    if isLatestStarted { state.inFlight = nil }
    // A synchronous display is never cancelled (it was started by `displayImmediately()`, or in a window it is
    // still in, since it ran in the hop that started it): it commits.
    guard case .contents(let image) = result, !isAsynchronous || (!ticket.isCancelled && slot.isInHierarchy) else {
      // A newer display started, or a newer request will start one: it replaces the contents. Otherwise
      // (suspended, or released) nothing will: clear them.
      guard isLatestStarted else { return }
      if ticket.isSuperseded, !core.isDisplaySuspended, slot.isInHierarchy { return }
      markStale(layer)  // (A suspension tells the supernode itself: ``displaySuspended(_:)``.)
      return
    }
    layer.contents = image
    layer.contentsScale = request.contentsScale
    if layer.needsDisplay, layer.bounds.size != request.bounds.size {
      // Marked since it started (a `setNeedsDisplay()` queued after a new frame, applied in this turn) and drawn at
      // a size the layer no longer has: the mark stays and the node displays again at its size, as Texture's
      // display of a layer still marked at the commit reads the bounds it has then.
      DisplayTriggers.propertiesNeedRedraw(slot)
    } else {
      layer.clearNeedsDisplay()
    }
    let id = ObjectIdentifier(core)
    node.displayDidFinish(DisplayContext(node: node, isAsynchronous: isAsynchronous))
    if state.removePending(id) {
      node.hierarchyDisplayDidFinish(DisplayContext(node: node, isAsynchronous: isAsynchronous))
    }
    guard let parentSlot = slot.parent, let parent = parentSlot.liveNode else { return }
    parent.subnodeDisplayDidFinish(DisplayContext(node: parent, isAsynchronous: isAsynchronous, subnode: node))
    if parentSlot.display?.removePending(id) == true {
      parent.hierarchyDisplayDidFinish(DisplayContext(node: parent, isAsynchronous: isAsynchronous))
    }
  }

  /// Tells the supernode of `core`'s node, suspended, that the display of the node it waits for is over, as
  /// Texture's `setDisplaySuspended:YES` calls the supernode's `subnodeDisplayDidFinish:`: it no longer holds up the
  /// supernode's ``DisplayNode/hierarchyDisplayDidFinish(_:)``. Whether that display is in flight (its draw is
  /// cancelled, and commits nothing) or was cancelled already (as its tree left the window), it will not finish.
  /// Applied in a turn of the node's window (``DisplaySuspension``); a node resumed before it tells nothing.
  /// (Texture also calls it, and `subnodeDisplayWillStart:` on resuming, when no display had started; here the
  /// supernode hears of displays that started, and a resumed node's next display starts as any does.)
  @MainActor
  static func displaySuspended(_ core: NodeCore) {
    guard core.isDisplaySuspended, let slot = core.slot, !slot.isReleased, let node = slot.liveNode,
      let parentSlot = slot.parent, let parent = parentSlot.liveNode,
      let emptied = parentSlot.display?.removePendingIfListed(ObjectIdentifier(core))
    else { return }
    parent.subnodeDisplayDidFinish(DisplayContext(node: parent, isAsynchronous: true, subnode: node))
    if emptied { parent.hierarchyDisplayDidFinish(DisplayContext(node: parent, isAsynchronous: true)) }
  }

  /// Marks a layer's contents out of date when no display can replace them now: they are cleared, and the
  /// node needs display, so it draws when it next can (resumed, or back in a window).
  ///
  /// Texture leaves a cancelled display's old contents on screen (its issue
  /// #113); here a node never shows contents that a cancelled display was
  /// meant to replace: it shows none until its next display commits.
  @MainActor
  static func markStale(_ layer: Layer) {
    layer.contents = nil
    layer.markNeedsDisplay()
  }
}

/// The notice of a node's suspension to its supernode (``DisplayCommit/displaySuspended(_:)``), applied in a turn
/// of the node's window, as the other main-actor work a change off the main actor causes is.
///
/// ``DisplayNode/setDisplaySuspended(_:)`` queues it on the ``TurnQueue`` of the node's window, after the work
/// queued before it: a ``TurnMode/manual`` window runs the supernode's hooks in its next ``Window/flush()``, not
/// whenever the main actor is free, and ``Window/waitForQueuedWork()`` waits for them. Queued before the turn, it
/// follows its node into another window, as a display's commit does.
struct DisplaySuspension: MainTurnFeature {
  /// Weakly, as a commit's: a notice waiting for a turn keeps no released node's views.
  weak let core: NodeCore?

  /// Queues the notice of `core`'s suspension, from any isolation domain. The caller sends none for a node whose
  /// view is not loading or loaded, which no display started for (a tree suspended before it is attached costs no
  /// task and no turn: a display starts only once the view exists, and the node is suspended already by then).
  nonisolated static func submit(for core: NodeCore) {
    Task { @HierarchyActor in TurnQueue.queue(of: core).submit(DisplaySuspension(core: core)) }
  }

  @HierarchyActor
  func routed(from queue: TurnQueue) -> [(queue: TurnQueue, work: any MainTurnFeature)] {
    [(TurnQueue.queue(of: core), self)]
  }

  @MainActor
  func apply() {
    guard let core else { return }
    DisplayCommit.displaySuspended(core)
  }
}
