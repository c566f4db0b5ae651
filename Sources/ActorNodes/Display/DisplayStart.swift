/// The displays of one transaction container, in the order they started; they commit together.
struct DisplayTransaction: Sendable {
  struct Entry: Sendable {
    let job: DisplayJob
    let request: DisplayRequest
  }

  var entries: [Entry] = []
}

/// Starts displays on the main actor: one hop for a whole batch, whatever its size.
///
/// For each display, in order: the node must be loaded, in a window's
/// hierarchy, not suspended, and not superseded; its bounds must not be
/// empty (else it is displayed when they first are not). Then the request is
/// read from its layer (bounds, opacity, background) and core (scale),
/// ``DisplayNode/displayWillStart(_:)`` runs, then its supernode's
/// ``DisplayNode/subnodeDisplayWillStart(_:)``. A synchronous display
/// (``DisplayNode/displaysAsynchronously`` is `false`, as for every node
/// whose view a factory makes) draws and commits right there; the others are grouped by transaction container (the
/// nearest node up from the node itself that is one, else the node alone).
@MainActor
enum DisplayStart {
  static func start(_ jobs: [DisplayJob], recorders: [TurnRecorder]) -> [DisplayTransaction] {
    let clock = ContinuousClock()
    let startTime = clock.now
    var started = 0
    defer {
      // A hop that started nothing (every display superseded, suspended or out of a window) is no turn.
      if started > 0 {
        let elapsed = clock.now - startTime
        for recorder in recorders {
          recorder.statistics.turns += 1
          recorder.statistics.mainActorTime += elapsed
        }
      }
    }
    var transactions: [DisplayTransaction] = []
    var transactionOfContainer: [ObjectIdentifier: Int] = [:]
    for job in jobs {
      guard let (entry, container) = begin(job, started: &started) else { continue }
      if let index = transactionOfContainer[container] {
        transactions[index].entries.append(entry)
      } else {
        transactionOfContainer[container] = transactions.count
        transactions.append(DisplayTransaction(entries: [entry]))
      }
    }
    return transactions
  }

  /// Starts `job` now and draws it on the main actor (``DisplayNode/displayImmediately()``).
  static func startSynchronously(_ job: DisplayJob) {
    var started = 0
    _ = begin(job, started: &started, forceSynchronous: true)
  }

  /// Starts one display; returns its entry and its transaction container, or `nil` if it does not run
  /// asynchronously (skipped, or drawn and committed already).
  private static func begin(
    _ job: DisplayJob, started: inout Int, forceSynchronous: Bool = false
  ) -> (DisplayTransaction.Entry, ObjectIdentifier)? {
    let ticket = job.ticket
    guard let core = ticket.core, let slot = core.slot, !slot.isReleased, slot.hasRunDidLoad, let layer = slot.layer,
      let node = slot.liveNode
    else { return nil }  // Not loaded yet: it displays when it enters a window.
    // A newer request follows (`displayImmediately()` draws anyway: its caller expects the contents on return).
    guard forceSynchronous || !ticket.isSuperseded else { return nil }
    if forceSynchronous {
      // `displayImmediately()` draws a loaded node in or out of a window, as Texture's `display:NO` does; a
      // suspended one keeps what it shows.
      guard !core.isDisplaySuspended else { return nil }
    } else {
      guard slot.isInHierarchy, !core.isDisplaySuspended else {
        // It cannot display now: what it shows is out of date. Cleared, and displayed when it can be.
        DisplayCommit.markStale(layer)
        return nil
      }
    }
    guard layer.bounds.size.width > 0, layer.bounds.size.height > 0 else {
      slot.displayState.attemptedWhileZeroSized = true
      DisplayTriggers.watchBounds(of: slot)
      return nil
    }
    started += 1
    layer.clearNeedsDisplay()  // The display is under way (Texture's `display` resets the mark first).
    let state = slot.displayState
    state.attemptedWhileZeroSized = false
    state.inFlight = ticket.generation
    state.lastStart = (ContinuousClock.now, layer.bounds.size, ticket.writeVersion)
    let isAsynchronous =
      !forceSynchronous && !core.isSynchronous && !core.hasDisplayFlag(NodeCore.displaySynchronously)
    let request = DisplayRequest(
      bounds: layer.bounds, contentsScale: core.contentsScaleForDisplay, isOpaque: layer.isOpaque,
      backgroundColor: layer.backgroundColor, isRasterizing: false, ticket: ticket, isAsynchronous: isAsynchronous)
    node.displayWillStart(DisplayContext(node: node, isAsynchronous: isAsynchronous))
    let id = ObjectIdentifier(core)
    state.addPending(id)
    if let parentSlot = slot.parent, parentSlot.hasRunDidLoad, let parent = parentSlot.liveNode {
      parentSlot.displayState.addPending(id)
      parent.subnodeDisplayWillStart(DisplayContext(node: parent, isAsynchronous: isAsynchronous, subnode: node))
    }
    guard isAsynchronous else {
      DisplayCommit.commit(job.run(request), of: ticket, request: request, isAsynchronous: false)
      return nil
    }
    return (DisplayTransaction.Entry(job: job, request: request), container(of: slot, core: core))
  }

  /// The transaction container of `slot`'s display: the nearest slot up from it whose node is one, else itself.
  private static func container(of slot: ViewSlot, core: NodeCore) -> ObjectIdentifier {
    var current: ViewSlot? = slot
    while let visiting = current {
      if let node = visiting.liveNode, node.nodeCore.hasDisplayFlag(NodeCore.transactionContainer) {
        return ObjectIdentifier(visiting)
      }
      current = visiting.parent
    }
    return ObjectIdentifier(slot)
  }
}
