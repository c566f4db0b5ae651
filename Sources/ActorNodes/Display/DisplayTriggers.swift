/// What a main-actor turn tells the display feature: nodes that entered or left a window, and bounds that grew.
///
/// The turn calls ``nodeEntered(_:node:)`` and ``nodeExited(_:node:)`` from
/// its hierarchy phase, a write calls ``propertiesNeedRedraw(_:)``, a marked
/// layer calls ``layerMarked(_:)``, and
/// ``sendGathered()`` runs once the turn (or a main-actor write) is over:
/// the requests and cancellations gathered reach the ``DisplayScheduler`` in one hop.
@MainActor
enum DisplayTriggers {
  private static var requests: [any DisplayNode] = []
  private static var cancellations: [NodeCore] = []
  /// Loaded drawing nodes whose display waits for non-empty bounds.
  private static var zeroSized: [ViewSlot] = []
  /// Drawing nodes that left their window's hierarchy with contents: cleared once the turn is over, unless back.
  private static var exitedWithContents: [ViewSlot] = []

  /// A node entered a window's hierarchy: a drawing node with no contents, or out-of-date ones, displays
  /// (Texture's `__enterHierarchy`).
  static func nodeEntered(_ slot: ViewSlot, node: any DisplayNode) {
    guard slot.drawsContents, let layer = slot.layer, !node.nodeCore.isDisplaySuspended else { return }
    if layer.contents == nil || layer.needsDisplay { requests.append(node) }
  }

  /// A node left its window's hierarchy: its display in flight is cancelled, and the contents it was to
  /// replace are cleared; contents it shows are cleared once the turn is over, unless it entered a window's
  /// hierarchy again in the same turn (Texture's node out of every window leaves the display state: its
  /// `applyPendingInterfaceState:` cancels the display and clears the contents on the next main-queue turn if it
  /// is still out). The node displays again when it is back. A suspended node keeps what it shows, as it does
  /// whatever asks it to draw: nothing would draw it again until it is resumed.
  static func nodeExited(_ slot: ViewSlot, node: any DisplayNode) {
    guard slot.drawsContents, let layer = slot.layer else { return }
    guard let display = slot.display, display.inFlight != nil else {
      if layer.contents != nil { exitedWithContents.append(slot) }
      return
    }
    display.inFlight = nil
    node.nodeCore.cancelDisplays()
    cancellations.append(node.nodeCore)
    DisplayCommit.markStale(layer)
  }

  /// A write changed a property that the contents depend on (opacity, background, tint): a drawing node in a
  /// window redraws (Texture redraws on such writes at flush). Its display in flight is superseded now, so that
  /// it keeps its contents up until the new display commits (cancelled only, it would clear them).
  /// - Returns: Whether a display was asked for.
  @discardableResult
  static func propertiesNeedRedraw(_ slot: ViewSlot) -> Bool {
    guard slot.drawsContents, slot.isInHierarchy, let node = slot.liveNode, !node.nodeCore.isDisplaySuspended else {
      return false
    }
    node.nodeCore.cancelDisplays()
    requests.append(node)
    return true
  }

  /// A drawing node's layer was marked as needing display by hand (``Layer/setNeedsDisplay()``, or a written
  /// ``ViewPropertyChanges/setNeedsDisplay()``): its display in flight is superseded now, and it displays again
  /// if it can (Texture's `_ASDisplayLayer` cancels its display as it is marked, and Core Animation displays a
  /// marked layer at its next commit). Outside a turn the request is sent at once.
  static func layerMarked(_ slot: ViewSlot) {
    guard slot.drawsContents, let node = slot.liveNode else { return }
    // Superseded by the display asked for; if none can start now, superseded all the same (its draw task too).
    if !propertiesNeedRedraw(slot) {
      node.nodeCore.cancelDisplays()
      cancellations.append(node.nodeCore)
    }
    if !MainTurn.isApplying { sendGathered() }
  }

  /// Keeps `slot` until its bounds are not empty, then displays it.
  static func watchBounds(of slot: ViewSlot) {
    if !zeroSized.contains(where: { $0 === slot }) { zeroSized.append(slot) }
  }

  /// Sends what the turn gathered to the scheduler, in one hop.
  static func sendGathered() {
    if !exitedWithContents.isEmpty {
      // (Suspended by the end of the turn: it keeps what it shows.)
      for slot in exitedWithContents where !slot.isInHierarchy && slot.liveNode?.nodeCore.isDisplaySuspended == false {
        slot.layer?.contents = nil
      }
      exitedWithContents = []
    }
    if !zeroSized.isEmpty {
      zeroSized.removeAll { slot in
        guard !slot.isReleased, let layer = slot.layer, slot.display?.attemptedWhileZeroSized == true else {
          return true
        }
        guard layer.bounds.size.width > 0, layer.bounds.size.height > 0 else { return false }
        if let node = slot.liveNode { requests.append(node) }
        return true
      }
    }
    if !cancellations.isEmpty {
      DisplayScheduler.cancelDraws(of: cancellations)
      cancellations = []
    }
    if !requests.isEmpty {
      DisplayScheduler.request(requests)
      requests = []
    }
  }
}
