/// A headless model of `CALayer`: geometry, appearance, contents and a layer tree.
///
/// Linux has no Core Animation, so ActorNodes models the part of `CALayer`
/// that nodes bridge. Layer-backed nodes load one of these; view-backed nodes
/// load a ``View``, which owns one.
///
/// # Isolation
/// Every member is isolated to the main actor, and `Layer` is not `Sendable`:
/// a layer that main-actor state holds can never be reached from another
/// isolation domain, not even with `await`, and a fresh one cannot be sent
/// either (it is in the main actor's region from its initializer on). Only a
/// `Sendable` main-actor value that holds one (a `@MainActor` struct or
/// class) can be dropped elsewhere: the layer is then deinitialized on the
/// main actor (`isolated deinit`), as Texture trampolines UIKit objects to the
/// main thread, and its sublayers' ``superlayer`` reads `nil` from the moment
/// it was dropped.
///
/// # Values
/// Geometry must be finite and sizes not negative, numeric appearance values
/// finite, and `contentsScale` positive: a setter given anything else stops
/// the program with the rule's words, as ``DisplayNode/configure(_:)`` does.
@MainActor
public final class Layer {
  /// The layer's own coordinate space; its size is the layer's size.
  ///
  /// A new size marks a layer that redraws on a bounds change (``needsDisplayOnBoundsChange``). Written here, on
  /// a drawing node's layer (or through its view's `frame` or `bounds`), the mark asks for a display as
  /// ``setNeedsDisplay()`` does, as Core Animation displays a layer its bounds marked at the next commit: a text
  /// node framed by hand in its supernode's `layout(_:)` draws at its new size.
  public var bounds: Rect {
    get { storedBounds }
    set { if setBounds(newValue), let slot { DisplayTriggers.layerMarked(slot) } }
  }
  private var storedBounds: Rect = .zero

  /// Sets the bounds for the library (a node's write or a layout pass's frame), marking the layer as ``bounds``
  /// does but asking for no display: the write asks for the one it needs itself.
  /// - Returns: Whether the new size marked the layer as needing display.
  @discardableResult
  func setBounds(_ newValue: Rect) -> Bool {
    ViewValueRule.bounds(newValue)
    let oldSize = storedBounds.size
    storedBounds = newValue
    guard needsDisplayOnBoundsChange, newValue.size != oldSize else { return false }
    markNeedsDisplay()
    return true
  }
  /// The position of ``anchorPoint`` in the superlayer's coordinates.
  public var position: Point = .zero {
    willSet { ViewValueRule.point(newValue) }
  }
  /// The point of the bounds, in unit coordinates, that ``position`` places.
  public var anchorPoint = Point(x: 0.5, y: 0.5) {
    willSet { ViewValueRule.point(newValue) }
  }
  /// The opacity, `0...1`.
  public var opacity: Double = 1 {
    willSet { ViewValueRule.alpha(newValue) }
  }
  /// Whether the layer is hidden.
  public var isHidden = false
  /// Whether the layer promises to draw every pixel opaquely.
  public var isOpaque = true
  /// The background color; `nil` is transparent.
  public var backgroundColor: Color?
  /// Whether sublayers are clipped to the bounds.
  public var masksToBounds = false
  /// The radius of the rounded corners.
  public var cornerRadius: Double = 0 {
    willSet { ViewValueRule.cornerOrBorder(newValue) }
  }
  /// The width of the border.
  public var borderWidth: Double = 0 {
    willSet { ViewValueRule.cornerOrBorder(newValue) }
  }
  /// The color of the border.
  public var borderColor: Color = .black
  /// The color of the shadow.
  public var shadowColor: Color = .black
  /// The opacity of the shadow.
  public var shadowOpacity: Double = 0 {
    willSet { ViewValueRule.shadowOpacity(newValue) }
  }
  /// The offset of the shadow.
  public var shadowOffset = Size(width: 0, height: -3) {
    willSet {
      ViewValueRule.shadow(newValue.width)
      ViewValueRule.shadow(newValue.height)
    }
  }
  /// The blur radius of the shadow.
  public var shadowRadius: Double = 3 {
    willSet { ViewValueRule.shadowRadius(newValue) }
  }
  /// The bitmap the layer shows.
  public var contents: Image?
  /// Pixels per point of ``contents``.
  public var contentsScale: Double = 1 {
    willSet { ViewValueRule.contentsScale(newValue) }
  }
  /// Whether a change of the bounds' size marks the layer as needing display (`CALayer`'s, for sizes only: a
  /// layer draws its bounds' size, never their origin). A drawing node's layer so marked displays again, whoever
  /// wrote the size: its node, a layout pass, or main-actor code writing ``bounds`` or ``frame`` directly.
  public var needsDisplayOnBoundsChange = false

  /// Whether the layer waits for a layout pass.
  ///
  /// Set by ``setNeedsLayout()``, and, for a layer no node loaded, when a
  /// sublayer is added or removed, as Core Animation sets it.
  public private(set) var needsLayout = false
  /// Whether the layer waits to redraw its contents.
  public private(set) var needsDisplay = false

  /// The layers this layer contains, back to front.
  public private(set) var sublayers: [Layer] = []
  /// The layer that contains this one.
  ///
  /// `weak` (UIKit's is non-retaining too), not `unowned`, although a weak
  /// pointer gives every layer with sublayers a side table, which makes each
  /// retain of it the slow path: a layer whose last reference is dropped off
  /// the main actor (held by a `Sendable` main-actor value that dies
  /// elsewhere) is deinitialized later, on the main actor, and main-actor
  /// code that reads an `unowned` pointer to it in between traps (adversarial
  /// round 27). A weak pointer reads `nil` from the moment the layer is gone.
  public private(set) weak var superlayer: Layer?
  /// Whether this layer backs a ``View`` (in UIKit, whether its delegate is a view).
  public internal(set) var isViewLayer = false

  /// The node that loaded this layer (or its view), if any: shown by ``recursiveDescription()``.
  var nodeLabel: NodeLabel?
  /// The slot of the node that loaded this layer (or its view): a mark made by hand reaches the node through it,
  /// ``setNeedsDisplay()`` (or a new size written to ``bounds`` that marks the layer) asking a drawing node for a
  /// display, ``setNeedsLayout()`` asking any node for a layout pass.
  ///
  /// `unowned`, as ``superlayer`` is: the slot sets it when the view loads and
  /// clears it when it releases its views, so it never outlives the slot, and
  /// the slot gets no side table.
  unowned var slot: ViewSlot?
  /// Whether a node owns this layer; a view factory must return a layer nobody owns.
  var isOwnedByNode: Bool { nodeLabel != nil }

  /// The node that loaded this layer (or the view it backs), while the node is alive and keeps its views:
  /// Texture's `ASLayerToDisplayNode`. `nil` for a layer no node loaded.
  public var node: (any DisplayNode)? { slot?.liveNode }

  /// Creates a layer with default properties and no sublayers.
  public init() {}

  // Isolated, so that a layer dies on the main actor however its last reference is dropped. Its sublayers'
  // `superlayer` reads `nil` already: it is weak.
  //
  // Freeing the sublayers array would free each sublayer's in turn, one stack frame per level: a 100,000-deep
  // chain of layers overflowed the stack. The layers only this one holds give up their sublayers here, into a
  // list of its own, before they die, so that none frees another; a layer something else holds stays whole.
  isolated deinit {
    Teardown.releaseIteratively(takeSublayers()) { $0.takeSublayers() }
  }

  /// Takes the sublayers out of a dying layer (or one about to die), leaving none.
  private func takeSublayers() -> [Layer] {
    var taken: [Layer] = []
    swap(&taken, &sublayers)
    return taken
  }

  /// The rectangle the layer occupies in its superlayer's coordinates.
  public var frame: Rect {
    get { Rect.frame(bounds: bounds, position: position, anchorPoint: anchorPoint) }
    set {
      bounds.size = newValue.size
      position = newValue.position(ofAnchor: anchorPoint)
    }
  }

  /// Marks the layer as needing a layout pass.
  ///
  /// The layer of a node (or its view's) then asks for a layout pass of the
  /// node, as UIKit's next layout cycle runs `layoutSubviews`, which runs
  /// Texture's `-layout`: the pass lays the node out again in the range of its
  /// applied layout (its calculated layout is not invalidated: measured only if
  /// it is no longer valid), applies it and runs its ``DisplayNode/layout(_:)``
  /// and ``DisplayNode/layoutDidFinish(_:)``, then clears the mark. A node no
  /// pass laid out yet runs them at its first pass. A mark a node makes on its
  /// own layer from its own layout hooks asks for nothing (the pass would run
  /// them again, for ever) and is cleared when they return.
  /// ``Window/layoutIfNeeded()`` waits for the pass.
  public func setNeedsLayout() {
    needsLayout = true
    if let slot { LayoutTriggers.layoutMarked(slot) }
  }

  /// Marks the layer as needing a layout pass without asking its node for one: the library's own marks (a
  /// written mark, which its slot answers, and the marks a load applies).
  func markNeedsLayout() { needsLayout = true }

  /// Marks the layer as needing to redraw its contents.
  ///
  /// The layer of a ``DrawingNode`` (or its view's) then displays, as Core
  /// Animation displays a marked layer at its next commit: the node's display
  /// in flight is superseded at once (Texture's `_ASDisplayLayer` cancels it
  /// here), and a node in a window whose display is not suspended draws
  /// again from its current ``DrawingNode/drawParameters()``.
  public func setNeedsDisplay() {
    markNeedsDisplay()
    if let slot { DisplayTriggers.layerMarked(slot) }
  }

  /// Marks the layer without asking its node for a display: the library's own marks, which ask for one themselves
  /// when one is due (a write, a bounds change, contents that went out of date).
  func markNeedsDisplay() {
    needsDisplay = true
    displayRequestCount += 1
  }

  /// How many times ``setNeedsDisplay()`` was called (for tests that count redraws, as Texture's do).
  package private(set) var displayRequestCount = 0

  /// Runs a pending layout pass: clears ``needsLayout`` of a layer no node loaded, and of the layers no node
  /// loaded in its subtree.
  ///
  /// A layer no node loaded lays out as Core Animation's does: its marked
  /// sublayers are laid out with it, after it (a sublayer marked under an
  /// unmarked layer too), and an unmarked one is left alone. The layers no
  /// node loaded under a node's layer are laid out so too, called on that
  /// layer or on a layer above it.
  ///
  /// A node's layer (or its view's) is laid out by the pass its mark asked
  /// for (``setNeedsLayout()``), which runs off the main actor: it cannot run
  /// during this call, so this applies nothing to it and leaves its mark, which the
  /// pass clears once it has applied the layout and run the node's layout hooks
  /// (UIKit's `layoutIfNeeded` runs `layoutSubviews`, and Texture's `-layout`,
  /// synchronously). To wait for that pass, `await` ``Window/layoutIfNeeded()``
  /// or ``DisplayNode/layoutIfNeeded()``.
  public func layoutIfNeeded() {
    // Top down, as Core Animation lays out a subtree; a node's layer keeps its mark for its pass.
    var pending = [self]
    while let layer = pending.popLast() {
      if layer.slot == nil { layer.needsLayout = false }
      pending.append(contentsOf: layer.sublayers.reversed())
    }
  }

  /// Clears ``needsLayout``: a pass applied the node's layout and ran its layout hooks.
  func clearNeedsLayout() { needsLayout = false }

  /// Runs a pending display: clears ``needsDisplay``, except on the layer of a drawing node whose display is
  /// suspended.
  ///
  /// A drawing node's display is asked for by the mark itself (``setNeedsDisplay()``) and clears the mark as it
  /// starts; this clears it at once, as Texture's `displayIfNeeded` starts that display. A suspended node's mark
  /// stands for the display it owes until it is resumed (Texture's resume calls `setNeedsDisplay` and reads
  /// `needsDisplay == true` after it): it stays.
  public func displayIfNeeded() {
    if let slot, slot.drawsContents, slot.liveNode?.nodeCore.isDisplaySuspended == true { return }
    clearNeedsDisplay()
  }

  /// Clears ``needsDisplay``: a display of the node started, or committed.
  func clearNeedsDisplay() { needsDisplay = false }

  /// Appends a sublayer, removing it from its current superlayer first (a sublayer of this layer moves to the top).
  public func addSublayer(_ layer: Layer) {
    // Counted without the layer: a sublayer added again moves to the top, as Core Animation's does.
    insertSublayer(layer, at: sublayers.count - (layer.superlayer === self ? 1 : 0))
  }

  /// Inserts a sublayer at an index, removing it from its current superlayer first.
  ///
  /// - Precondition: `index` is within `0...sublayers.count` once `layer` is
  ///   removed, and `layer` is neither this layer nor one of its ancestors.
  public func insertSublayer(_ layer: Layer, at index: Int) {
    var ancestor: Layer? = self
    while let current = ancestor {
      contractPrecondition(current !== layer, "a layer cannot contain itself or one of its ancestors")
      ancestor = current.superlayer
    }
    layer.removeFromSuperlayer()
    contractPrecondition(index >= 0 && index <= sublayers.count, "sublayer index \(index) is out of bounds")
    sublayers.insert(layer, at: index)
    layer.superlayer = self
    sublayersChanged()
  }

  /// Removes the layer from its superlayer.
  public func removeFromSuperlayer() {
    guard let parent = superlayer else { return }
    if let index = parent.sublayers.firstIndex(where: { $0 === self }) {
      parent.sublayers.remove(at: index)
    }
    superlayer = nil
    parent.sublayersChanged()
  }

  /// A sublayer was added or removed: a layer no node loaded is marked as needing layout, as Core Animation marks
  /// one (`ASCALayerTests`). A node's layer is not: the node's layout places its sublayers, and its pass comes from
  /// its own invalidations and marks.
  private func sublayersChanged() {
    if slot == nil { needsLayout = true }
  }

  /// Replaces the sublayers with `layers` in one step, fixing every back pointer.
  func setSublayers(_ layers: [Layer]) {
    if layers.count == sublayers.count, zip(layers, sublayers).allSatisfy({ $0 === $1 }) { return }
    let incoming = IdentityLookup(layers)
    for former in formerParents(of: layers, other: self, parentOf: { $0.superlayer }) {
      former.sublayers.removeAll { incoming.contains($0) }
      // A layer of yours the turn took a node's layer from lost a sublayer, as `removeFromSuperlayer()` marks it.
      former.sublayersChanged()
    }
    for old in sublayers where !incoming.contains(old) { old.superlayer = nil }
    sublayers = layers
    for layer in layers { layer.superlayer = self }
  }

  /// Appends `layer`, which has no superlayer: a node's new layer, linked as its view loads.
  func appendNewSublayer(_ layer: Layer) {
    assert(layer.superlayer == nil, "a new sublayer has no superlayer")
    sublayers.append(layer)
    layer.superlayer = self
  }
}

@available(*, unavailable)
extension Layer: Sendable {}
