/// The library's per-node state that is isolated to the node's actor.
///
/// Every ``DisplayNode`` stores one as `let nodeState = NodeState()`. It holds
/// the debug name, the pending view properties (Texture's `_ASPendingState`)
/// and the `onDidLoad` blocks. Its fields are internal: change them through
/// the node's API.
///
/// It is a class, so that the library reads and writes its fields in place
/// through the protocol requirement instead of copying the whole state; it
/// is not `Sendable`, so it cannot leave the node's actor.
public final class NodeState {
  /// The name shown in descriptions.
  var debugName: String?
  /// Whether the view-loading snapshot was taken: from then on, writes go to the main actor.
  var isLoaded = false
  /// The node's record of its view properties: pending before load, the node's own writes after.
  var properties: ViewProperties {
    get { recording.values }
    _modify { yield &recording.values }
  }
  /// The record, with the marks of the write being recorded: `configure` bodies write into it in place.
  private var recording = ViewPropertyChanges(values: ViewProperties())
  /// The properties written before load: the only ones load copies onto the view.
  var pendingWrites = ViewPropertyMask()
  /// The view actions requested before load.
  var pendingActions = ViewActions()
  /// Before load, the frame written last (by `configure` or a layout pass), whatever was written after it: a view
  /// made by a factory takes it after every other pending property, as a frame, against its own anchor point and
  /// the bounds origin written last before load, else its own.
  ///
  /// Texture keeps a synchronous node's pending frame as a frame, beside its pending bounds, position and anchor
  /// point, and sets it last (`_ASPendingState`'s `applyToView`: `view.frame = frame` after the anchor point,
  /// position and bounds): the view ends at that frame with the anchor point and bounds origin written before or
  /// after it. (A node whose view is not made by a factory takes its record's bounds and position, which a later
  /// write changes, as Texture splits such a node's frame at once.)
  var pendingFrame: FrameForView? {
    pendingFrameRect.map { FrameForView(frame: $0, boundsOrigin: pendingBoundsOrigin) }
  }
  private var pendingFrameRect: Rect?
  /// Before load, the bounds origin written last, if bounds were written: the pending frame keeps it.
  private var pendingBoundsOrigin: Point?
  /// The version of the node's latest write; the main actor applies a write only if it is newer.
  var writeVersion: UInt64 = 0
  /// The version of the node's latest write of its bounds after load (a `configure` write or a pass's frame).
  var boundsVersion: UInt64 = 0
  /// Blocks to run on the main actor after `didLoad`, in registration order.
  var didLoadBlocks: [DidLoadBlock] = []
  /// The node's own layout style (a spec's element may override fields of it).
  var style: LayoutStyle {
    get { layoutStorage?.style ?? LayoutStyle() }
    set { layout.style = newValue }
  }
  /// The node's layout state, made on first use.
  ///
  /// Separate, so that making a node does not pay for it: rows are built long
  /// before they are laid out, and a node a manual parent places never is.
  /// (Inline, the style and the cache made node creation measurably slower.)
  var layout: NodeLayoutState {
    if let layoutStorage { return layoutStorage }
    let storage = NodeLayoutState()
    layoutStorage = storage
    return storage
  }
  /// The node's layout state if it was made: reading it makes nothing.
  private(set) var layoutStorage: NodeLayoutState?
  /// The ``NodeCore/id`` of the core this state was first used with; 0 until its first use.
  var ownerID: UInt64 = 0

  /// Creates the state of a new, unloaded node.
  ///
  /// - Parameters:
  ///   - debugName: The name shown in descriptions; see ``DisplayNode/debugName``.
  public init(debugName: String? = nil) {
    self.debugName = debugName
  }

  /// Creates the state of a new, unloaded node with view properties written by `configure`.
  ///
  /// The writes are recorded exactly as ``DisplayNode/configure(_:)`` records
  /// writes before load, but synchronously, in the node's initializer: a node
  /// that is configured as it is made costs no hop to its actor (Texture sets a
  /// new node's properties in its `init`).
  ///
  /// ```swift
  /// init() {
  ///   nodeState = NodeState(debugName: "avatar") {
  ///     $0.cornerRadius = 20
  ///     $0.clipsToBounds = true
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - debugName: The name shown in descriptions; see ``DisplayNode/debugName``.
  ///   - configure: Records the node's initial view properties.
  /// - Precondition: The written values follow the rules of ``DisplayNode/configure(_:)``.
  public convenience init(debugName: String? = nil, configure: (inout ViewPropertyChanges) -> Void) {
    self.init(debugName: debugName)
    _ = record(configure)
  }

  /// Records a frame written before load (by `configure` or a layout pass) as the pending frame.
  func recordPendingFrame(_ frame: Rect) {
    pendingFrameRect = frame
  }

  /// Forgets the pending frame and bounds origin: the view has them now.
  func clearPendingFrame() {
    pendingFrameRect = nil
    pendingBoundsOrigin = nil
  }

  /// Applies `body`'s writes to the record (before load, also to the pending state).
  ///
  /// The body writes into the record in place: a write of one property
  /// copies no ``ViewProperties``.
  ///
  /// - Returns: What `body` wrote and requested, or `nil` if nothing.
  /// - Precondition: The written values follow the rules of ``DisplayNode/configure(_:)``.
  func record(_ body: (inout ViewPropertyChanges) -> Void) -> (
    written: ViewPropertyMask, actions: ViewActions, frame: FrameForView?
  )? {
    recording.clearMarks()
    body(&recording)
    let (written, actions) = (recording.written, recording.actions)
    guard !written.isEmpty || !actions.isEmpty else { return nil }
    recording.values.validate(written)
    let frame = recording.frameForView.map { FrameForView(frame: $0, boundsOrigin: recording.writtenBoundsOrigin) }
    if !isLoaded {
      if let origin = recording.writtenBoundsOrigin { pendingBoundsOrigin = origin }
      if let frame = recording.lastFrame { recordPendingFrame(frame) }
      pendingWrites.formUnion(written)
      pendingActions.formUnion(actions)
    }
    return (written, actions, frame)
  }
}

extension DisplayNode {
  /// The node's state, checked to be the one the node has used since its first use.
  ///
  /// `var nodeState` and a computed `nodeCore` compile, but a node whose state
  /// or core changes loses its pending writes and versions silently (a write
  /// then reaches ``viewProperties()`` but never the view). The library reaches
  /// the state only through here, so the first use after a change stops with
  /// the rule's words. The check is one comparison; binding happens once.
  var state: NodeState { state(with: nodeCore) }

  /// ``state``, for a caller that holds the node's core already (each read of a requirement costs a call and a
  /// retain).
  func state(with core: NodeCore) -> NodeState {
    let state = nodeState
    if state.ownerID != core.id { bind(state) }
    return state
  }

  private func bind(_ state: NodeState) {
    let core = nodeCore
    contractPrecondition(
      core === nodeCore,
      "a node's nodeCore must be stored, not computed: declare it `nonisolated let nodeCore = NodeCore()`")
    contractPrecondition(
      state.ownerID == 0,
      "a node's nodeState and nodeCore must be its own and never replaced: this NodeState was first used with "
        + "another NodeCore (declare `nonisolated let nodeCore = NodeCore()` and `let nodeState = NodeState()`)")
    if let boundBySameNode = core.claimState(for: ObjectIdentifier(self)) {
      contractPrecondition(
        !boundBySameNode,
        "a node's nodeState must never be replaced: this node already used another NodeState "
          + "(declare it `let nodeState = NodeState()` and never assign it again)")
      contractViolation(
        "a node's nodeCore must be its own: this NodeCore belongs to another node already (give each node its "
          + "own: declare `nonisolated let nodeCore = NodeCore()`, never a core passed in or shared)")
    }
    state.ownerID = core.id
  }
}

/// A block that runs on the main actor once a node's view has loaded.
public typealias DidLoadBlock = @MainActor @Sendable (borrowing LoadContext) -> Void

/// A node's layout style and measured layouts; see ``NodeState/layout``.
final class NodeLayoutState {
  /// The node's own layout style.
  var style = LayoutStyle()
  /// The node's measured layouts and the measurements in flight.
  var cache = LayoutCache()
  /// The key of the layout measured or reused last (Texture's pending layout).
  var lastMeasured: LayoutCache.Key?
  /// The size of the layout measured or reused last, which stays its size after the node is invalidated: a root
  /// framed at it keeps that layout's range (see `DisplayNode.keptRange(at:_:)`).
  var lastMeasuredSize: Size?
  /// The layout the last pass applied (Texture's calculated layout), the range it was measured in, the
  /// layout version it was measured at, and whether the node measured itself (it places its subnodes).
  var applied: (layout: NodeLayout, range: SizeRange, version: UInt64, isManual: Bool, stamp: UInt64)?
  /// The layout version that the latest change of ``style`` made: a layout applied at an older version was
  /// measured in a range resolved from another style.
  var styleVersion: UInt64 = 0
  /// The supernode whose layout placed the node last in a pass, and the stamp of that supernode's step (see
  /// ``DisplayNode/passStep(_:frame:placedBy:parentStamp:checksLink:chosenAt:anchor:_:)``).
  var placement: (parentID: UInt64, stamp: UInt64)?
  /// Whether the node's frame is its own: its supernode places its subnodes itself (in `layout()`) or not at
  /// all, so no spec of the supernode sizes it (Texture's layout is then not "requested from above").
  var isPlacedByHand = false
  /// The size a supernode's `layout(_:)` gave the node's view directly, on the main actor, if that is newer
  /// than the bounds in the node's record (a `configure` write of the bounds, or a spec's frame, ends it).
  var boundsFromView: Size?
  /// What the node's spec measured of its subnodes when the node was last laid out again (see ``ChildMemo``).
  var childMemo: ChildMemo?
}
