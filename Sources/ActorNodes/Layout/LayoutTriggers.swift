/// What a main-actor turn tells layout: loaded nodes that entered a window, which a pass may have to lay out.
///
/// In Texture a newly loaded layer needs layout: its first layout pass lays
/// the node out at its bounds and places its subnodes. A node added after
/// its window's layout under a supernode that places its subnodes itself (in
/// `layout(_:)`) is reached by no pass of that supernode; so at the end of
/// the turn it entered in, each such node never laid out, with subnodes to
/// place, is marked as placed by hand: a pass lays it out at its bounds now
/// if they are not empty, else when a write first gives it a size. Nodes that
/// entered with their window's own layout (an attach) have theirs by then.
@MainActor
enum LayoutTriggers {
  private static var entered: [ViewSlot] = []

  /// A loaded node entered a window's hierarchy.
  ///
  /// Checked at once, so that an attach (whose supernodes have no applied layout yet) gathers nothing.
  static func nodeEntered(_ slot: ViewSlot) {
    guard slot.appliedLayout == nil, !slot.children.isEmpty, let parent = slot.parent,
      parent.appliedLayout != nil, parent.placesSubnodesByHand
    else { return }
    entered.append(slot)
  }

  /// Hands the nodes to lay out to their isolations, once the turn is over.
  static func sendGathered() {
    guard !entered.isEmpty else { return }
    var nodes: [any DisplayNode] = []
    for slot in entered where slot.appliedLayout == nil && slot.isInHierarchy && !slot.isReleased {
      guard let parent = slot.parent, parent.appliedLayout != nil, parent.placesSubnodesByHand,
        let node = slot.liveNode
      else { continue }
      nodes.append(node)
    }
    entered = []
    guard !nodes.isEmpty else { return }
    // A follow-up pass of this turn, which `Window.layoutIfNeeded()` waits for too.
    MainTurn.currentRecorder?.resizedSubnodeRequests += 1
    // Counted as a registration on its way, so that a wait for the passes also waits for these.
    LayoutScheduler.registrationLeft()
    Task { @HierarchyActor in
      for node in nodes { await node.enteredUnderHandPlacement() }
      LayoutScheduler.registrationArrived()
    }
  }
}
