import Synchronization

/// What a main-actor turn tells layout: loaded nodes that entered a window, which a pass may have to lay out.
///
/// In Texture a newly loaded layer needs layout: its first layout pass lays
/// the node out at its bounds and places its subnodes. A node added after
/// its window's layout under a supernode that places its subnodes itself (in
/// `layout(_:)`) is reached by no pass of that supernode; so at the end of
/// the turn it entered in, each such node never laid out, with subnodes to
/// place (or a layout that names them: a node that manages its subnodes has
/// none before its first layout), is marked as placed by hand: a pass lays it out at its bounds now
/// if they are not empty, else when a write first gives it a size. Nodes that
/// entered with their window's own layout (an attach) have theirs by then.
///
/// A node laid out before its view loaded loads with that layout applied;
/// its layout hooks run once it is loaded, as a new view's first
/// `layoutSubviews` runs Texture's `-layout`: in the turn it loaded in if
/// that turn applies a pass to it (an attach), else in the turn of a pass
/// asked for at the end of it, which lays the node out again in the range of
/// that layout (a node that places its subnodes itself gets their sizes, which
/// only a pass reads, off the main actor).
///
/// A loaded node whose view or layer was marked as needing layout by hand
/// (``Layer/setNeedsLayout()``, or a written ``ViewPropertyChanges/setNeedsLayout()``
/// once it reaches the view) is laid out again the same way, so that its
/// hooks run, as UIKit's next layout cycle runs `layoutSubviews`.
///
/// A node moved under a supernode whose applied layout places it somewhere
/// else than its view shows (it left and came back, and another supernode's
/// layout framed it meanwhile) has its supernode's frames applied again by a
/// pass asked for at the end of the turn, as UIKit lays a view out again
/// when it gets a subview, and Texture's `-layout` then sets the frames of its
/// current subnodes from its layout.
@MainActor
enum LayoutTriggers {
  private static var entered: [ViewSlot] = []
  /// Loaded nodes moved in this turn under a supernode that places its subnodes from a layout it applied.
  private static var moved: [ViewSlot] = []
  /// Nodes whose layout hooks are owed: loaded with a layout applied before (they have not run for it), or marked.
  private static var owingHooks: [ViewSlot] = []

  /// A node's view loaded with a layout a pass applied before: its hooks run in this turn's pass, or after it.
  static func nodeLoaded(withLayout slot: ViewSlot) {
    slot.layoutRequested = true
    owingHooks.append(slot)
  }

  /// A loaded node's view was marked as needing layout by hand: a pass lays it out again and runs its hooks (a
  /// node no pass laid out yet runs them at its first). Outside a turn the request is sent at once.
  ///
  /// A mark the node makes from its own layout hooks asks for nothing, as its invalidation does: the pass would
  /// run them again, which would mark again, for ever. The mark is cleared when they return.
  static func layoutMarked(_ slot: ViewSlot) {
    guard !slot.isReleased, let node = slot.liveNode,
      LayoutApplication.nodeRunningHooks.load(ordering: .relaxed) != node.nodeCore.id
    else { return }
    slot.layoutRequested = true
    guard slot.appliedLayout != nil else { return }
    owingHooks.append(slot)
    if !MainTurn.isApplying { sendGathered() }
  }

  /// A loaded node entered a window's hierarchy.
  ///
  /// Checked at once, so that an attach (whose supernodes have no applied layout yet) gathers nothing.
  static func nodeEntered(_ slot: ViewSlot) {
    // Nothing to place, unless its layout names its subnodes (none exist before its first layout).
    guard slot.appliedLayout == nil, !slot.children.isEmpty || slot.managesSubnodes, let parent = slot.parent,
      parent.appliedLayout != nil, parent.placesSubnodesByHand
    else { return }
    entered.append(slot)
  }

  /// A loaded node moved in this turn (or loaded): if its supernode places it from a layout already applied, the
  /// frame it shows is checked against that layout at the end of the turn.
  static func nodeMoved(_ slot: ViewSlot) {
    guard let parent = slot.parent, parent.appliedLayout != nil, !parent.placesSubnodesByHand else { return }
    moved.append(slot)
  }

  /// Hands the nodes to lay out to their isolations, once the turn is over.
  static func sendGathered() {
    layOutAgain(movedNodesToPlaceAgain() + nodesOwingHooks())
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
    let registration = LayoutScheduler.registrationLeft()
    Task { @HierarchyActor in
      for node in nodes { await node.enteredUnderHandPlacement() }
      LayoutScheduler.registrationArrived(registration)
    }
  }

  /// The supernodes whose applied layout places a node moved under them in this turn elsewhere than the node's
  /// view shows: each applies that layout again.
  private static func movedNodesToPlaceAgain() -> [any DisplayNode] {
    guard !moved.isEmpty else { return [] }
    // Each supernode's frames by subnode core, read once; a supernode is asked once.
    var framesOfPlacer: [ObjectIdentifier: [ObjectIdentifier: Rect]] = [:]
    var asked = Set<ObjectIdentifier>()
    var nodes: [any DisplayNode] = []
    for slot in moved where !slot.isReleased {
      guard let parent = slot.parent, !parent.placesSubnodesByHand, let layout = parent.appliedLayout,
        let frame = slot.layer?.frame, !asked.contains(ObjectIdentifier(parent))
      else { continue }
      let frames =
        framesOfPlacer[ObjectIdentifier(parent)]
        ?? Dictionary(
          layout.sublayouts.compactMap { sublayout in
            sublayout.node.map { (ObjectIdentifier($0.nodeCore), sublayout.frame) }
          },
          uniquingKeysWith: { first, _ in first })
      framesOfPlacer[ObjectIdentifier(parent)] = frames
      guard let placed = frames[slot.coreID], placed != frame, let node = parent.liveNode else { continue }
      asked.insert(ObjectIdentifier(parent))
      nodes.append(node)
    }
    moved = []
    return nodes
  }

  /// The nodes that loaded with a layout, or were marked, and whose hooks no pass of this turn ran: each lays it
  /// out again.
  private static func nodesOwingHooks() -> [any DisplayNode] {
    guard !owingHooks.isEmpty else { return [] }
    var seen = Set<ObjectIdentifier>()
    let nodes = owingHooks.compactMap { slot in
      slot.layoutRequested && slot.isLoaded && !slot.isReleased && seen.insert(ObjectIdentifier(slot)).inserted
        ? slot.liveNode : nil
    }
    owingHooks = []
    return nodes
  }

  /// Asks one pass that lays each of `nodes` out again in the range of its applied layout (see
  /// ``PassTarget/applied``), placing its subnodes again.
  private static func layOutAgain(_ nodes: [any DisplayNode]) {
    guard !nodes.isEmpty else { return }
    // A follow-up pass of this turn, which `Window.layoutIfNeeded()` waits for too.
    MainTurn.currentRecorder?.resizedSubnodeRequests += 1
    let registration = LayoutScheduler.registrationLeft()
    Task { @HierarchyActor in
      for node in nodes { LayoutScheduler.of(node).layOutLoaded(node) }
      LayoutScheduler.registrationArrived(registration)
    }
  }
}
