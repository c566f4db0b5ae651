/// A node's main-actor side: its view once loaded, and the mirror of its tree links.
///
/// The mirror records, with versions, where the ``HierarchyActor`` last said
/// the node belongs, even before its view exists; views follow the mirror.
/// This is what makes ``MainOperation``s order-independent.
@MainActor
final class ViewSlot {
  // The fields a write reads come first, together: a turn that applies thousands of writes reaches each slot
  // once, and each further line of the slot it touches is another cache miss.

  /// The loaded layer (the view's layer for a view-backed node).
  private(set) var layer: Layer?
  /// Whether `didLoad` has run.
  var hasRunDidLoad = false
  /// Whether the view's position came from a frame (a write's or a layout's) rather than a position written alone.
  var positionIsFromFrame = false
  /// The write version each property of the view shows; starts at the load snapshot's version.
  var propertyVersions = PropertyVersions(snapshotVersion: 0)
  /// The loaded view of a view-backed node.
  private(set) var view: View?

  /// The node; weak, since the node owns its core and the core owns this slot.
  weak var node: (any DisplayNode)?
  /// The node, held while its view is in a window's view tree (Texture's view keeps its node alive).
  ///
  /// So a node in a window cannot die before its `didExitHierarchy`: it
  /// leaves the window first (in a turn, or when the window goes away), and
  /// the turn lets go of it afterwards.
  var keepAlive: (any DisplayNode)?
  /// The node, held while you keep its view in a view of yours (``View/addSubview(_:)``,
  /// ``View/insertSubview(_:at:)``), window or not, as Texture's `_ASDisplayView` keeps its node alive while it
  /// has a superview; the view's next move (out of that view, or into a node's view by a turn) or that view's
  /// end lets go.
  var hostKeepAlive: (any DisplayNode)?

  /// The slot of the parent whose newest subnode list includes this node, if any.
  ///
  /// A parent's list says who is in it, not where a missing node went, so a
  /// node's placement is its newest *inclusion* (``placementVersion``), and
  /// it is cleared when that parent's newer list leaves the node out. Applied
  /// in any order, the operations then agree with the ``HierarchyActor``.
  ///
  /// `unowned`, not `weak`, so that slots get no side table: every slot this
  /// points to lists this one in its ``children``, and a released slot clears
  /// the pointers of its children (``releaseViews()``), so it never dangles.
  ///
  /// A parent the node leaves, by whichever operation comes first (its own newer list, the node's inclusion in
  /// another parent's list, which another window's turn may apply before this parent's, a window's root, the
  /// slot's release), forgets the node's pending display: it no longer holds up that parent's
  /// ``DisplayNode/hierarchyDisplayDidFinish(_:)`` (``SlotDisplay/forgetPending(_:)``).
  unowned var placedParent: ViewSlot? {
    didSet {
      if let oldValue, oldValue !== placedParent { oldValue.display?.forgetPending(coreID) }
    }
  }
  /// The mirrored window, when the node is a window's root.
  weak var window: Window?
  /// The structure version of the newest inclusion (or window operation).
  var placementVersion: UInt64 = 0
  /// The mirrored subnodes' slots, in order.
  ///
  /// Slots, not nodes: the main actor never keeps a node alive, so a dropped
  /// tree's nodes deinitialize where they are dropped and only views wait
  /// for the main actor.
  var children: [ViewSlot] = []
  /// The structure version of ``children``.
  var childrenVersion: UInt64 = 0

  /// Whether the placement is set aside because, with other operations still
  /// in flight, it would close a cycle; the next turn looks at it again.
  var isSuspended = false

  /// The mirrored supernode's slot: where the node's view belongs.
  var parent: ViewSlot? { isSuspended ? nil : placedParent }

  /// Writes that arrived before the view existed.
  var parkedWrites: [PropertyWrite] = []
  /// `onDidLoad` blocks, by write version, that wait for `didLoad`.
  var pendingBlocks: [(version: UInt64, block: DidLoadBlock)] = []
  /// The layout whose frames the view shows (see ``DisplayNode/appliedLayout``).
  var appliedLayout: NodeLayout?
  /// The stamp of the pass step that gave the node ``appliedLayout`` (see ``LayoutApplication/Entry/stamp``).
  var appliedLayoutStamp: UInt64 = 0
  /// Whether the node measured itself in that layout and places its subnodes in `layout(_:)`.
  var placesSubnodesByHand = false
  /// Whether a write asked the view for a layout (`setNeedsLayout`) since the node's layout hooks last ran:
  /// the next pass that reaches the node runs them even if its layout did not change, as `layoutSubviews` does.
  var layoutRequested = false
  /// The node's display bookkeeping, once it displayed (see ``displayState``).
  var display: SlotDisplay?
  /// Whether the node is a ``DrawingNode`` (read from its core when its view loads).
  var drawsContents = false
  /// Whether the node's layout names its subnodes (``NodeCore/automaticallyManagesSubnodes``; read at load): it
  /// has subnodes to place even before it has any.
  var managesSubnodes = false
  /// Whether the node died and its views were released; operations for it are ignored.
  private(set) var isReleased = false

  /// Whether the view is in a window's view tree (Texture's `inHierarchy`).
  var isInHierarchy = false
  /// The ``Window/id`` of the window whose view tree holds the view; 0 for none.
  var currentWindow: UInt64 = 0
  /// The turn that last marked this slot's subviews for rebuilding.
  var rebuildStamp: UInt64 = 0
  /// The turn that last marked this slot's placement as changed.
  var movedStamp: UInt64 = 0
  /// The turn in which this slot's chain of parents was found free of cycles.
  var acyclicStamp: UInt64 = 0
  /// The cycle search that last visited this slot.
  var searchStamp: UInt64 = 0
  /// The turn in which this slot's view was created or moved (a candidate for hierarchy changes).
  var candidateStamp: UInt64 = 0
  /// The turn in which every candidate above this slot had its hierarchy state updated.
  var ancestorsDoneStamp: UInt64 = 0
  /// The turn in which this slot waits for its `didLoad`.
  var awaitStamp: UInt64 = 0
  /// The turn in which its parent's load placed this never-placed slot at ``linkIndex`` among its children:
  /// if its view loads in that turn too, it goes straight into the parent's (see `TurnWork.linkToParent`).
  var linkStamp: UInt64 = 0
  var linkIndex = 0

  /// The identity of the node's core, by which operations name subnodes without keeping them alive.
  nonisolated let coreID: ObjectIdentifier

  nonisolated init(coreID: ObjectIdentifier) {
    self.coreID = coreID
  }

  /// Whether the view (or layer) exists.
  var isLoaded: Bool { layer != nil }

  /// The node, if it is alive: without a weak load while it is in a window.
  var liveNode: (any DisplayNode)? { keepAlive ?? node }

  /// Installs the loaded view or layer.
  func install(view: View?, layer: Layer, label: NodeLabel) {
    self.view = view
    self.layer = layer
    view?.isOwnedByNode = true
    layer.nodeLabel = label
    layer.slot = self
  }

  /// Records that the node draws its contents: marking its layer asks for a display (``Layer/slot``).
  func setDrawsContents(_ draws: Bool) {
    drawsContents = draws
  }

  /// Gives up the view and layer of a dead node: takes the view out of a node's view (the node tree's views, where
  /// the library put it), so that each view of a dead tree is released alone, without recursion; forgets the
  /// children, clearing their pointers to this slot.
  ///
  /// As Texture's `-dealloc`, which clears its view's and layer's pointers to the node and detaches its subnodes,
  /// it leaves the rest alone: a layer in a layer of yours stays there, as your layer holds it (a view in a view
  /// of yours keeps its node alive: ``hostKeepAlive``), and keeps
  /// the views of subnodes that outlive the node (detached, in no node's subnodes: they keep their views where
  /// they are until something moves them). The views of its subnodes that die with it leave it, each by its own
  /// slot, as they leave any node's view.
  ///
  /// A surviving subnode whose view was in a window through this one leaves
  /// the window's hierarchy (with its `didExitHierarchy`). With the keep-alive
  /// that cannot happen (a node in a window does not die), but a dead node
  /// must never leave a live one looking as if it were in a window.
  func releaseViews() {
    isReleased = true
    placedParent = nil
    for child in children where child.placedParent === self {
      child.placedParent = nil
      if child.isInHierarchy { MainTurn.exitHierarchy(from: child) }
    }
    children = []
    if let layer {
      layer.slot = nil
      if layer.superlayer?.isOwnedByNode == true {
        if let view { view.removeFromSuperview() } else { layer.removeFromSuperlayer() }
      }
    }
    view = nil
    layer = nil
    // The layout holds the nodes it places: they die now, in the release job, not when the slot goes.
    appliedLayout = nil
  }

  /// Applies a write to the loaded view, property by property, where it is newer than what the view shows.
  ///
  /// - Returns: `false`, applying nothing, if the view does not exist or its node's `didLoad` has not run.
  func apply(_ write: PropertyWrite) -> Bool {
    guard hasRunDidLoad, let layer else { return false }
    let keptFrame = write.written.contains(.anchorPoint) ? frameKept(fromAnAnchorPointIn: write) : nil
    let newer = takeNewer(write.written, version: write.version)
    let size = layer.bounds.size
    let origin = layer.bounds.origin
    // The view only where a property needs it: reaching it costs a cache miss per write otherwise.
    let redraw = write.values.apply(newer, to: layer, view: newer.touchesView ? view : nil)
    if let frame = write.frame {
      FrameForView(frame: frame.frame, boundsOrigin: frame.boundsOrigin ?? origin).apply(to: layer, newer: newer)
    }
    if newer.contains(.position) {
      positionIsFromFrame = write.frame != nil
    } else if let keptFrame {
      layer.position = keptFrame.position(ofAnchor: layer.anchorPoint)
    }
    if !write.actions.isEmpty {
      // The mark of a `setNeedsDisplay()` whose display has drawn and committed already stands for nothing.
      let isDone = write.actions.contains(.displayRequested) && hasDisplayed(since: write)
      write.actions.subtracting(isDone ? .needsDisplay : []).apply(to: layer)
    }
    if write.actions.contains(.needsLayout) {
      layoutRequested = true
      // A mark written by hand: as if the view were marked here (the node's `setNeedsLayout()` asked for its pass).
      if !write.actions.contains(.layoutPassRequested) { LayoutTriggers.layoutMarked(self) }
    }
    if write.actions.contains(.needsDisplay), !write.actions.contains(.displayRequested) {
      DisplayTriggers.layerMarked(self)  // A mark written by hand: as if the layer were marked here.
    } else if redraw {
      layer.markNeedsDisplay()
      DisplayTriggers.propertiesNeedRedraw(self)
    } else if newer.contains(.bounds) {
      redrawIfResized(from: size)
      // Drawn, and committed, at a size this write replaced.
      if hasDisplayed(since: write), let start = display?.lastStart, start.size != layer.bounds.size {
        DisplayTriggers.propertiesNeedRedraw(self)
      }
    }
    return true
  }

  /// The frame the view shows, if `write`, which writes the anchor point, is older than the frame that placed the
  /// view (two writes that raced to the queue): the frame keeps its place, as Texture's pending state applies a
  /// node's anchor point before its frame whatever the order of flushes. Out of line: most writes do not get here.
  @inline(never)
  private func frameKept(fromAnAnchorPointIn write: PropertyWrite) -> Rect? {
    guard positionIsFromFrame, let layer, write.version < propertyVersions.version(of: .position) else { return nil }
    return layer.frame
  }

  /// Whether a display asked for after `write` has drawn and committed already: a synchronous one does so in the
  /// hop that starts it, before the write reaches a manual window's view at its `flush()`; it drew at the size it
  /// saw then. (One still drawing is checked at its commit, by the mark.) Asked only when a write has actions or a
  /// new size: the display state is another object, and most writes touch no line of it.
  private func hasDisplayed(since write: PropertyWrite) -> Bool {
    guard let display, display.inFlight == nil, let start = display.lastStart else { return false }
    return start.writeVersion >= write.version
  }

  /// Asks for a display if the layer's size changed from `size` and the layer redraws on a bounds change, or
  /// its latest display started after `layoutRequestedAt` at another size.
  ///
  /// The second case is the order of a Core Animation commit: Texture lays
  /// out before it displays, so a display asked for along with a relayout
  /// draws at the bounds the relayout gives. Here the pass runs off the main
  /// actor and a display may start before its frames are applied; such a
  /// display, which read bounds the pass then changed, is done again. A
  /// display that started before the layout was asked for keeps its contents
  /// (an earlier commit, in Texture's terms), unless the layer redraws on
  /// every bounds change.
  ///
  /// A layer that redraws on a bounds change asks for a display whatever the sizes (its bounds marked it, as Core
  /// Animation marks it): a display asked for at an empty size waits for a non-empty one (the zero-size rule,
  /// ``DisplayTriggers/watchBounds(of:)``). Otherwise a size that was or is empty is left to that rule.
  func redrawIfResized(from size: Size, layoutRequestedAt: ContinuousClock.Instant? = nil) {
    guard let layer, layer.bounds.size != size else { return }
    if layer.needsDisplayOnBoundsChange {
      DisplayTriggers.propertiesNeedRedraw(self)
      return
    }
    guard size.width > 0, size.height > 0, layer.bounds.size.width > 0, layer.bounds.size.height > 0 else { return }
    if let layoutRequestedAt, let start = display?.lastStart, start.at >= layoutRequestedAt,
      start.size != layer.bounds.size
    {
      DisplayTriggers.propertiesNeedRedraw(self)
    }
  }

  /// The properties of `written` that a write at `version` may set (newer than what the view shows), now at it.
  func takeNewer(_ written: ViewPropertyMask, version: UInt64) -> ViewPropertyMask {
    // One access to the versions; moved out and back, so a table stays uniquely referenced.
    var versions = propertyVersions
    propertyVersions = PropertyVersions(snapshotVersion: 0)
    let newer = versions.takeNewer(written, version: version)
    propertyVersions = versions
    return newer
  }

  /// The current values, read from the view (`fallback` for those a view does not keep); `nil` before it exists.
  func currentProperties(fallback: ViewProperties) -> ViewProperties? {
    guard let layer else { return nil }
    var properties = ViewProperties(layer: layer, view: view, fallback: fallback)
    if view == nil { properties.isUserInteractionEnabled = false }  // A bare layer takes no touches (Texture: NO).
    // A view with no tint color shows its superview's, as UIKit's `tintColor` reads. (A layer-backed node's is
    // its supernode's, as Texture's getter asks: `viewProperties()` ascends the nodes, whose records hold it.)
    var ancestor = view == nil ? nil : parent
    while properties.tintColor == nil, let slot = ancestor {
      properties.tintColor = slot.view?.tintColor
      ancestor = slot.parent
    }
    return properties
  }
}

extension NodeCore {
  /// The node's slot, created on first use.
  @MainActor
  var mainSlot: ViewSlot {
    if let slot { return slot }
    let created = ViewSlot(coreID: ObjectIdentifier(self))
    slot = created
    return created
  }
}

/// The write version that each property of a loaded view shows, so that a write never overtakes a newer one.
///
/// Compact until a view's second post-load write: the snapshot's version
/// for every property and one write's properties at its version. Most
/// views get one write between turns, or none; a table per view (an
/// allocation on its first post-load write) was a tenth of a flush of fresh writes.
struct PropertyVersions {
  /// The version of every property that no post-load write set.
  private let snapshotVersion: UInt64
  /// The properties the first post-load write set, and its version (while ``table`` is `nil`).
  private var firstWritten = ViewPropertyMask()
  private var firstVersion: UInt64 = 0
  /// Each property's version by raw value, from the second post-load write on.
  private var table: [UInt64]?

  init(snapshotVersion: UInt64) {
    self.snapshotVersion = snapshotVersion
  }

  /// The version `property` shows.
  func version(of property: ViewProperty) -> UInt64 {
    if let table { return table[property.rawValue] }
    return firstWritten.contains(property) ? firstVersion : snapshotVersion
  }

  /// The properties of `written` that a write at `version` may set (newer than what they show), now at it.
  mutating func takeNewer(_ written: ViewPropertyMask, version: UInt64) -> ViewPropertyMask {
    if table == nil, firstWritten.isEmpty {
      guard version > snapshotVersion else { return ViewPropertyMask() }
      firstWritten = written
      firstVersion = version
      return written
    }
    var versions = table ?? ViewProperty.allCases.map(version(of:))
    table = nil
    var newer = ViewPropertyMask()
    for property in written where version > versions[property.rawValue] {
      newer.insert(property)
      versions[property.rawValue] = version
    }
    table = versions
    return newer
  }
}
