/// Writes to a node's view properties, recorded one by one.
///
/// ``DisplayNode/configure(_:)`` hands you one of these. Reading a property
/// gives the node's current value; writing one records it, so that exactly the
/// written properties reach the view, as with Texture's pending state. Writing
/// a property records it even when the value does not change.
public struct ViewPropertyChanges: Sendable {
  /// The values: the node's values with the recorded writes applied.
  public internal(set) var values: ViewProperties
  /// The properties written so far.
  private(set) var written = ViewPropertyMask()
  /// The view actions requested so far.
  private(set) var actions = ViewActions()
  /// The frame written last, unless bounds, position or anchor point were written after it.
  ///
  /// The main actor splits it into bounds and position against the view's
  /// own anchor point and bounds origin, which main-actor code may have
  /// changed since the node recorded them, as Texture splits a frame against
  /// the layer (on the main thread, or when it applies a pending frame).
  private(set) var frameForView: Rect?
  /// The frame written last, whatever was written after it: before load, a factory-made view takes it after every
  /// other property (``NodeState/pendingFrame``).
  private(set) var lastFrame: Rect?
  /// The bounds origin written (then the frame keeps it), if bounds were written.
  private(set) var writtenBoundsOrigin: Point?

  init(values: ViewProperties) {
    self.values = values
  }

  /// Forgets what was written and requested, keeping the values: the start of the next recording.
  mutating func clearMarks() {
    written = ViewPropertyMask()
    actions = ViewActions()
    frameForView = nil
    lastFrame = nil
    writtenBoundsOrigin = nil
  }

  /// Requests a layout pass of the view (`setNeedsLayout`).
  ///
  /// Once the mark reaches the loaded view, the node is laid out again, as
  /// if its view were marked on the main actor (``Layer/setNeedsLayout()``):
  /// its layout hooks run, and the pass clears the mark. Unlike
  /// ``DisplayNode/setNeedsLayout()``, it does not invalidate the node's
  /// calculated layout.
  public mutating func setNeedsLayout() { actions.insert(.needsLayout) }
  /// Marks the view as needing layout for ``DisplayNode/setNeedsLayout()``, which asks for the pass itself.
  mutating func markNeedsLayoutOfRequestedPass() { actions.formUnion([.needsLayout, .layoutPassRequested]) }
  /// Requests a redraw of the view (`setNeedsDisplay`).
  ///
  /// A ``DrawingNode``'s view then draws again, as if its layer were marked on
  /// the main actor (``Layer/setNeedsDisplay()``).
  public mutating func setNeedsDisplay() { actions.insert(.needsDisplay) }

  /// Marks the view as needing display for ``DisplayNode/setNeedsDisplay()``, which asks for the display itself.
  mutating func markNeedsDisplayOfRequestedDisplay() { actions.formUnion([.needsDisplay, .displayRequested]) }

  /// The rectangle in the superview's coordinates; writing it writes ``bounds`` and ``position``.
  public var frame: Rect {
    get { values.frame }
    set {
      values.frame = newValue
      written.insert(.bounds)
      written.insert(.position)
      frameForView = newValue
      lastFrame = newValue
    }
  }
  /// See ``ViewProperties/bounds``.
  public var bounds: Rect {
    get { values.bounds }
    set {
      values.bounds = newValue
      written.insert(.bounds)
      frameForView = nil
      writtenBoundsOrigin = newValue.origin
    }
  }
  /// See ``ViewProperties/position``.
  public var position: Point {
    get { values.position }
    set {
      values.position = newValue
      written.insert(.position)
      frameForView = nil
    }
  }
  /// See ``ViewProperties/anchorPoint``.
  public var anchorPoint: Point {
    get { values.anchorPoint }
    set {
      values.anchorPoint = newValue
      written.insert(.anchorPoint)
      frameForView = nil
    }
  }
  /// See ``ViewProperties/alpha``.
  public var alpha: Double {
    get { values.alpha }
    set { values.alpha = newValue; written.insert(.alpha) }
  }
  /// See ``ViewProperties/isHidden``.
  public var isHidden: Bool {
    get { values.isHidden }
    set { values.isHidden = newValue; written.insert(.isHidden) }
  }
  /// See ``ViewProperties/isOpaque``.
  public var isOpaque: Bool {
    get { values.isOpaque }
    set { values.isOpaque = newValue; written.insert(.isOpaque) }
  }
  /// See ``ViewProperties/backgroundColor``.
  public var backgroundColor: Color? {
    get { values.backgroundColor }
    set { values.backgroundColor = newValue; written.insert(.backgroundColor) }
  }
  /// See ``ViewProperties/tintColor``.
  public var tintColor: Color? {
    get { values.tintColor }
    set { values.tintColor = newValue; written.insert(.tintColor) }
  }
  /// See ``ViewProperties/clipsToBounds``.
  public var clipsToBounds: Bool {
    get { values.clipsToBounds }
    set { values.clipsToBounds = newValue; written.insert(.clipsToBounds) }
  }
  /// See ``ViewProperties/cornerRadius``.
  public var cornerRadius: Double {
    get { values.cornerRadius }
    set { values.cornerRadius = newValue; written.insert(.cornerRadius) }
  }
  /// See ``ViewProperties/borderWidth``.
  public var borderWidth: Double {
    get { values.borderWidth }
    set { values.borderWidth = newValue; written.insert(.borderWidth) }
  }
  /// See ``ViewProperties/borderColor``.
  public var borderColor: Color {
    get { values.borderColor }
    set { values.borderColor = newValue; written.insert(.borderColor) }
  }
  /// See ``ViewProperties/shadowColor``.
  public var shadowColor: Color {
    get { values.shadowColor }
    set { values.shadowColor = newValue; written.insert(.shadowColor) }
  }
  /// See ``ViewProperties/shadowOpacity``.
  public var shadowOpacity: Double {
    get { values.shadowOpacity }
    set { values.shadowOpacity = newValue; written.insert(.shadowOpacity) }
  }
  /// See ``ViewProperties/shadowOffset``.
  public var shadowOffset: Size {
    get { values.shadowOffset }
    set { values.shadowOffset = newValue; written.insert(.shadowOffset) }
  }
  /// See ``ViewProperties/shadowRadius``.
  public var shadowRadius: Double {
    get { values.shadowRadius }
    set { values.shadowRadius = newValue; written.insert(.shadowRadius) }
  }
  /// See ``ViewProperties/contents``.
  public var contents: Image? {
    get { values.contents }
    set { values.contents = newValue; written.insert(.contents) }
  }
  /// See ``ViewProperties/contentsScale``.
  public var contentsScale: Double {
    get { values.contentsScale }
    set { values.contentsScale = newValue; written.insert(.contentsScale) }
  }
  /// See ``ViewProperties/isUserInteractionEnabled``.
  public var isUserInteractionEnabled: Bool {
    get { values.isUserInteractionEnabled }
    set { values.isUserInteractionEnabled = newValue; written.insert(.isUserInteractionEnabled) }
  }
  /// See ``ViewProperties/needsDisplayOnBoundsChange``.
  public var needsDisplayOnBoundsChange: Bool {
    get { values.needsDisplayOnBoundsChange }
    set { values.needsDisplayOnBoundsChange = newValue; written.insert(.needsDisplayOnBoundsChange) }
  }

  /// Writes one property from another set of values (for table-driven code).
  public mutating func write(_ property: ViewProperty, from source: ViewProperties) {
    var mask = ViewPropertyMask()
    mask.insert(property)
    values.copy(mask, from: source)
    written.insert(property)
  }
}

/// The view actions a node can request from any isolation domain.
struct ViewActions: OptionSet, Hashable, Sendable {
  let rawValue: UInt8
  static let needsLayout = ViewActions(rawValue: 1 << 0)
  static let needsDisplay = ViewActions(rawValue: 1 << 1)
  /// With ``needsDisplay``: the display was asked for already (``DisplayNode/setNeedsDisplay()``), so the mark
  /// only marks the layer.
  static let displayRequested = ViewActions(rawValue: 1 << 2)
  /// With ``needsLayout``: the pass was asked for already (``DisplayNode/setNeedsLayout()``), so the mark only marks.
  static let layoutPassRequested = ViewActions(rawValue: 1 << 3)
}
