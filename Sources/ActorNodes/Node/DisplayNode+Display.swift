extension DisplayNode {
  /// Asks for a redraw of the node's contents, from any isolation domain (Texture's `setNeedsDisplay`).
  ///
  /// For a ``DrawingNode`` whose view has loaded, this supersedes any display
  /// in flight (its task is cancelled, and whatever it draws never commits)
  /// and starts a new one: a snapshot of the node's ``DrawingNode/drawParameters()``
  /// taken after this call, drawn off the main actor, committed in a turn of
  /// its window. A node that is not loaded, not in a window, or whose display
  /// is suspended displays when it next can. The view's layer is marked as
  /// needing display too, as for every node: before load, at load; after,
  /// at once when called on the main actor (as Texture marks the layer during
  /// the call), else in the next turn. A display clears the mark as it starts.
  ///
  /// - Note: Requests are not gathered into one display per turn, as Core
  ///   Animation gathers Texture's marks into one display per commit: each
  ///   request made after the previous one's display started supersedes it
  ///   and starts another (two quick calls may snapshot and draw twice, and the
  ///   superseded display's `displayWillStart` has no `displayDidFinish`, as a
  ///   cancelled display has none in Texture). Only the newest commits. A
  ///   display starts as soon as it is asked for, rather than at the window's
  ///   next turn, so that it is not held up by other work (AN-0005).
  public nonisolated func setNeedsDisplay() async {
    await configure { $0.markNeedsDisplayOfRequestedDisplay() }
    requestDisplay()
  }

  /// Supersedes the display in flight and, once the view has loaded, asks for a new one (drawing nodes only).
  ///
  /// A suspended node asks for nothing: it displays when it is resumed.
  nonisolated func requestDisplay(priority: TaskPriority = .medium) {
    Self.requestDisplays(of: [self], priority: priority)
  }

  /// ``requestDisplay(priority:)`` for several nodes at once: their displays start together, in one batch, so
  /// those under one transaction container commit together. During a
  /// ``recursivelySetNeedsDisplay(atScale:)`` they are held, and asked for with the walk's others (``DisplayGathering``).
  nonisolated static func requestDisplays(of nodes: [any DisplayNode], priority: TaskPriority = .medium) {
    var requested: [any DisplayNode] = []
    for node in nodes where type(of: node) is any DrawingNode.Type {
      let core = node.nodeCore
      core.cancelDisplays()  // Superseded whether or not a new display is asked for.
      if core.isViewLoaded && !core.isDisplaySuspended { requested.append(node) }
    }
    if priority == .medium, let gathering = DisplayGathering.current, gathering.hold(requested) { return }
    DisplayScheduler.request(requested, priority: priority)
  }

  /// Whether the node draws off the main actor (Texture's `displaysAsynchronously`); `true` unless set otherwise.
  ///
  /// Always `false` for a node that wraps a view or layer made by a factory
  /// (``isSynchronous``): whoever made the view draws it.
  public nonisolated var displaysAsynchronously: Bool {
    !isSynchronous && !nodeCore.hasDisplayFlag(NodeCore.displaySynchronously)
  }

  /// Chooses whether the node's displays draw off the main actor (`true`, the default) or on it.
  ///
  /// A synchronous display runs entirely in the main-actor hop that starts
  /// it: `displayWillStart` with `isAsynchronous == false`, the draw, the
  /// contents and `displayDidFinish`, without waiting for a turn. Ignored for
  /// a node whose view is made by a factory. Callable from any isolation domain.
  public nonisolated func setDisplaysAsynchronously(_ isAsynchronous: Bool) {
    nodeCore.setDisplayFlag(NodeCore.displaySynchronously, !isAsynchronous)
  }

  /// Whether the node's display is suspended (Texture's `displaySuspended`).
  public nonisolated var isDisplaySuspended: Bool { nodeCore.isDisplaySuspended }

  /// Suspends or resumes the node's display, from any isolation domain (Texture's `displaySuspended`).
  ///
  /// Suspending cancels the display in flight: nothing it draws commits, and
  /// if it was to replace the node's contents, they are cleared (a suspended
  /// node shows nothing rather than out-of-date contents). While suspended,
  /// ``setNeedsDisplay()`` draws nothing: it marks the layer, whose mark stays (``Layer/displayIfNeeded()``
  /// leaves it) until the display the resume asks for starts. Resuming asks for a display.
  /// A supernode waiting for a display of the node that started (in flight,
  /// or cancelled as the node left its window) hears ``subnodeDisplayDidFinish(_:)``, as Texture's
  /// `setDisplaySuspended:YES` tells it, in the next turn of the node's window (the next ``Window/flush()`` of a
  /// ``TurnMode/manual`` one), after the work queued before the call: ``Window/waitForQueuedWork()`` covers it.
  /// Ignored for a node whose view is made by a factory (``isSynchronous``), as Texture ignores it for a
  /// synchronous node, whose layer it does not control.
  public nonisolated func setDisplaySuspended(_ isSuspended: Bool) {
    guard !isSynchronous else { return }
    let wasSuspended = nodeCore.setDisplayFlag(NodeCore.displaySuspended, isSuspended)
    guard wasSuspended != isSuspended else { return }
    if isSuspended {
      // A node whose view is neither loading nor loaded has no draw to cancel and no supernode waiting for one
      // (see `DisplaySuspension.submit(for:)`): suspending a tree before it is attached costs no task.
      guard nodeCore.isViewLoaded else { return }
      DisplayScheduler.cancelDraws(of: [nodeCore])
      DisplaySuspension.submit(for: nodeCore)
    } else {
      requestDisplay()
    }
  }

  /// ``setDisplaySuspended(_:)`` for the node and every node below it, from any isolation domain (Texture's
  /// `recursivelySetDisplaySuspended:`).
  ///
  /// Each node of the subtree is suspended or resumed as by its own
  /// ``setDisplaySuspended(_:)`` (a node whose view a factory makes is left
  /// alone), in pre-order. The displays that resuming asks for start together
  /// when the walk ends, as ``recursivelySetNeedsDisplay(atScale:)``'s do:
  /// under a transaction container, they commit together. The subtree is the
  /// one at the call.
  ///
  /// ```swift
  /// await feed.recursivelySetDisplaySuspended(true)  // nothing in the feed draws...
  /// await feed.recursivelySetDisplaySuspended(false)  // ...until now: every node draws again
  /// ```
  public nonisolated func recursivelySetDisplaySuspended(_ isSuspended: Bool) async {
    let nodes = await Self.subtree(of: self)
    await DisplayGathering.gather {
      for node in nodes { node.setDisplaySuspended(isSuspended) }
    }
  }

  /// Whether this node's displays and those of its descendants commit together, in one turn (Texture's
  /// `asyncdisplaykit_asyncTransactionContainer`, set on every cell node).
  public nonisolated var isTransactionContainer: Bool {
    nodeCore.hasDisplayFlag(NodeCore.transactionContainer)
  }

  /// Makes the node a transaction container, or not, from any isolation domain.
  ///
  /// The displays that start together in one batch under a container (the
  /// nearest one up from each node, the node included) commit together in
  /// one main-actor turn of the window, in the order they started, after the
  /// slowest of their draws: a cell never shows half of its new contents. A
  /// node under no container is its own. A node that moves to another window
  /// (or out of every window) while they draw takes its display to that
  /// window's turns (a display whose view has left the window it was drawn
  /// for commits nothing); the others still commit in their window's turn.
  public nonisolated func setTransactionContainer(_ isContainer: Bool) {
    nodeCore.setDisplayFlag(NodeCore.transactionContainer, isContainer)
  }

  /// The scale the node's contents are drawn at, in pixels per point (Texture's `contentsScaleForDisplay`); 1 unless set.
  public nonisolated var contentsScaleForDisplay: Double { nodeCore.contentsScaleForDisplay }

  /// Sets ``contentsScaleForDisplay`` and, if it changed, asks for a display (``setNeedsDisplay()``).
  ///
  /// - Precondition: `scale` is finite and positive.
  public func setNeedsDisplay(atScale scale: Double) async {
    contractPrecondition(scale.isFinite && scale > 0, "contentsScaleForDisplay must be finite and positive")
    guard nodeCore.setContentsScaleForDisplay(scale) else { return }
    await setNeedsDisplay()
  }

  /// ``setNeedsDisplay(atScale:)`` for the node and every node below it: each node's own, from any isolation domain.
  ///
  /// Texture's `recursivelySetNeedsDisplayAtScale:`, which calls each node's
  /// `setNeedsDisplayAtScale:`: a node that implements the requirement is
  /// called in its isolation, one node after the other in pre-order, and
  /// keeps its scale if its implementation does. The displays the calls ask
  /// for start together when the last call returns, as Texture displays every
  /// layer marked in one pass: under a transaction container (``isTransactionContainer``), the new contents commit
  /// together. The subtree is the one at the call: across the calls, a node added meanwhile is not called, and
  /// one removed meanwhile still is.
  ///
  /// - Precondition: `scale` is finite and positive.
  public nonisolated func recursivelySetNeedsDisplay(atScale scale: Double) async {
    contractPrecondition(scale.isFinite && scale > 0, "contentsScaleForDisplay must be finite and positive")
    let nodes = await Self.subtree(of: self)
    await DisplayGathering.gather {
      for node in nodes { await node.setNeedsDisplay(atScale: scale) }
    }
  }

  @HierarchyActor
  private static func subtree(of node: any DisplayNode) -> [any DisplayNode] {
    Tree.preorder(from: node).map(\.node)
  }

  /// Sets the layer's contents to `nil`.
  @MainActor
  public func clearContents() {
    nodeCore.slot?.layer?.contents = nil
  }

  /// Clears the contents of the node and of every loaded node below it, then calls each one's ``clearContents()``,
  /// from any isolation domain (Texture's `recursivelyClearContents`).
  ///
  /// One main-actor job: every layer of the subtree is cleared first, whatever
  /// the nodes' own ``clearContents()`` do (Texture's overrides call `super`;
  /// here there is none to forget), then each node's ``clearContents()`` runs,
  /// in pre-order. A node whose view has not loaded has no contents and is not
  /// called (Texture calls every node's).
  public nonisolated func recursivelyClearContents() async {
    let core = nodeCore
    await MainActor.run {
      var nodes: [any DisplayNode] = []
      var stack: [ViewSlot] = core.slot.map { [$0] } ?? []
      while let slot = stack.popLast() {
        slot.layer?.contents = nil
        if let node = slot.liveNode { nodes.append(node) }
        stack.append(contentsOf: slot.children.reversed().filter { $0.parent === slot })
      }
      // After the walk: a node's code runs on a settled list, whatever it does to the views.
      for node in nodes { node.clearContents() }
    }
  }

  /// Draws the node now, on the main actor, and sets its contents before returning (Texture's `displayImmediately`).
  ///
  /// Supersedes any display in flight. The snapshot is taken in the node's
  /// isolation (the only suspension), then `displayWillStart` (with
  /// `isAsynchronous == false`), the draw, the contents and
  /// `displayDidFinish` run on the main actor without a turn. The display
  /// cannot be cancelled (``DisplayRequest/isCancelled`` is always `false`,
  /// as for every synchronous display): neither by the caller's task, nor by
  /// a request made while it snapshots (entering a window, a write); that
  /// request's display follows and commits too. A loaded node
  /// out of every window draws too (Texture's `display:NO` does not look at
  /// the hierarchy). Does nothing for a node that does not draw, is not
  /// loaded, is suspended (it keeps what it shows), or has empty bounds.
  ///
  /// - Note: Texture's `displayImmediately` draws a suspended layer too (it
  ///   calls `display:NO`, past the suspension check of `display`). Here a
  ///   suspended node keeps what it shows whatever asks it to draw (a mark, a
  ///   write, ``recursivelyEnsureDisplay()``, this): resume it first to draw now.
  @MainActor
  public func displayImmediately() async {
    guard let drawing = self as? any DrawingNode, !nodeCore.isDisplaySuspended else { return }
    nodeCore.cancelDisplays()
    DisplayScheduler.cancelDraws(of: [nodeCore])
    let job = await drawing.makeDisplayJob(priority: .high)
    DisplayStart.startSynchronously(job)
    DisplayTriggers.sendGathered()  // A redraw the commit asked for (drawn at a size the layer no longer has).
  }

  /// Returns once every display that the node and the nodes below it need has committed (Texture's
  /// `recursivelyEnsureDisplaySynchronously:`), without blocking a thread.
  ///
  /// It lays out first, as Texture does for a layer that needs layout: the
  /// layout passes asked for are waited for and their frames applied (a turn,
  /// as below), so a node whose size a pass changes is drawn at its new size
  /// (their errors are left to ``Window/layoutIfNeeded()``; called from
  /// layout code, it does not wait for the pass it runs in). Loaded drawing nodes of the subtree that are in a window and have no
  /// contents or out-of-date contents are displayed at high priority, ahead
  /// of other displays (a suspended node keeps what it shows, as Texture's
  /// `display` skips a suspended layer); a display already asked for (by entering the window,
  /// a write, ``setNeedsDisplay()``) or under way is waited for, not asked for
  /// again (Texture's `displayIfNeeded`, and its wait for the transaction of a
  /// layer whose display is under way). Only the displays of the subtree are
  /// waited for: a slow draw elsewhere does not hold this up (unlike
  /// ``Window/waitForPendingDisplays()``), except one that commits together
  /// with a display of the subtree (another node's display in the same
  /// transaction container, see ``setTransactionContainer(_:)``): the commit
  /// waits for it. Then this commits them: in the next turn of an
  /// ``TurnMode/automatic`` window, in a turn it runs itself for a
  /// ``TurnMode/manual`` one (which applies all of that window's queued work, like ``Window/flush()``).
  ///
  /// Only the displays asked for before the wait begins are waited for, as
  /// Texture displays what is needed now and leaves later marks to a later
  /// commit: a display asked for meanwhile (a node that asks for its next
  /// frame as it draws, a ticker calling ``setNeedsDisplay()``) does not keep
  /// it waiting. If such a request supersedes a display it waits for, that
  /// display counts as done once it is skipped or its draw ends, and the
  /// node shows the newer one when it commits; if the request arrives while
  /// the display's batch still takes its snapshots, the newer display takes
  /// its place in the batch, and this waits for it.
  @MainActor
  public func recursivelyEnsureDisplay() async {
    // Not from layout code, which the pass it runs in would wait for: it displays what is laid out.
    if nodeCore.layoutPassesEnabled, (try? LayoutScope.refuseWaitingForPasses()) != nil {
      await LayoutScheduler.of(self).waitUntilIdleKeepingErrors()
      await TurnQueue.applyQueuedWork(of: nodeCore)
    }
    var nodes: [any DisplayNode] = []
    var cores: [NodeCore] = []
    var stack: [ViewSlot] = nodeCore.slot.map { [$0] } ?? []
    while let slot = stack.popLast() {
      stack.append(contentsOf: slot.children.reversed().filter { $0.parent === slot })
      guard slot.drawsContents, slot.isInHierarchy, let layer = slot.layer, let node = slot.liveNode else { continue }
      let core = node.nodeCore
      // A suspended node keeps what it shows: Texture's `display` returns at once for a suspended layer.
      guard !core.isDisplaySuspended else { continue }
      // Asked for already (by entering its window, or a write) or under way: waited for, not asked for again.
      if core.hasOutstandingDisplays || slot.display?.inFlight != nil {
        cores.append(core)
      } else if layer.contents == nil || layer.needsDisplay {
        nodes.append(node)
        cores.append(core)
      }
    }
    DisplayScheduler.request(nodes, priority: .high)
    // The displays of these nodes only: a draw elsewhere (another window's) does not hold this one up.
    await DisplayScheduler.shared.waitForDisplays(of: cores)
    await TurnQueue.applyQueuedWork(of: nodeCore)
  }
}
