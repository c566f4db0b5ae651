/// A headless model of `UIView`: a ``Layer`` plus interaction state and a view tree.
///
/// View-backed nodes load one of these. Geometry and appearance live on the
/// ``layer``, as in UIKit; `View` forwards to it.
///
/// # Isolation
/// Every member is isolated to the main actor, and `View` is not `Sendable`.
/// Code off the main actor reaches a node's view state only through the node:
/// ``DisplayNode/configure(_:)`` queues writes and
/// ``DisplayNode/viewProperties()`` reads on the main actor. A fresh view
/// cannot be sent to another isolation domain either. Only a `Sendable`
/// main-actor value that holds one (a `@MainActor` struct or class) can be
/// dropped elsewhere: the view is then deinitialized on the main actor
/// (`isolated deinit`), and its subviews' ``superview`` reads `nil` from the
/// moment it was dropped.
///
/// # Nodes' views
/// The view tree of loaded nodes mirrors their node tree: change it through
/// the nodes (``DisplayNode/addSubnode(_:)``, ``DisplayNode/removeFromSupernode()``).
/// Moving a node's view by hand (`removeFromSuperview()`, or `addSubview(_:)`
/// of another node's view) does not move the node: the node keeps its place
/// and its hierarchy state, and the turn that next changes its supernode's
/// subnodes puts the view back. (Texture's `_ASDisplayView` turns such a
/// move into a node edit; ActorNodes edits only through the nodes, on the
/// `HierarchyActor`, so that the main actor never decides the tree.) Views
/// of your own may be added to a node's view, and stay. A node's view you add
/// to a view of yours keeps its node alive until it leaves that view, as
/// Texture's `_ASDisplayView` does.
@MainActor
public final class View {
  /// The layer that backs this view.
  public let layer: Layer
  /// The views this view contains, back to front.
  public private(set) var subviews: [View] = []
  /// The view that contains this one.
  ///
  /// `weak`, for the reason ``Layer/superlayer`` gives: a superview whose last
  /// reference is dropped off the main actor is gone before its deinitializer runs.
  ///
  /// A node's view in a view of yours keeps its node alive until it leaves that view (Texture's
  /// `_ASDisplayView`); a view the library put in a node's view or a window's does not.
  public private(set) weak var superview: View?
  /// Whether the view receives touches.
  public var isUserInteractionEnabled = true
  /// The tint color; `nil` inherits the superview's tint.
  public var tintColor: Color?

  /// The node that loaded this view, while the node is alive and keeps its views: Texture's
  /// `ASViewToDisplayNode`. `nil` for a view no node loaded (a window's, or one of yours).
  public var node: (any DisplayNode)? { layer.node }

  /// The window that shows this view when it is a window's root view.
  weak var hostingWindow: Window?
  /// Whether a node owns this view; a view factory must return a view nobody owns.
  var isOwnedByNode = false
  /// Called when the view is deinitialized; lets tests check where views are released.
  package var onDeinit: (@MainActor @Sendable () -> Void)?

  /// Creates a view with the given frame.
  public init(frame: Rect = .zero) {
    layer = Layer()
    layer.isViewLayer = true
    if frame != .zero { layer.frame = frame }
  }

  /// Creates a view that calls `onDeinit` when it is deinitialized (for tests).
  package convenience init(onDeinit: @escaping @Sendable () -> Void) {
    self.init()
    self.onDeinit = onDeinit
  }

  // Isolated, so that a view dies on the main actor however its last reference is dropped. Its subviews'
  // `superview` reads `nil` already: it is weak.
  //
  // Freeing the subviews array would free each subview's in turn, one stack frame per level: a 100,000-deep chain
  // of views overflowed the stack. The views only this one holds give up their subviews here, into a list of its
  // own, before they die, so that none frees another (a dying view's layer shares its sublayers with the subviews
  // listed here, so it frees none either); a view something else holds stays whole.
  isolated deinit {
    let subviews = takeSubviews()
    onDeinit?()
    Teardown.releaseIteratively(consume subviews) { $0.takeSubviews() }
  }

  /// Takes the subviews out of a dying view (or one about to die), leaving none; a node's view among them no
  /// longer keeps its node alive.
  private func takeSubviews() -> [View] {
    var taken: [View] = []
    swap(&taken, &subviews)
    for subview in taken { subview.layer.slot?.hostKeepAlive = nil }
    return taken
  }

  /// The rectangle the view occupies in its superview's coordinates.
  public var frame: Rect {
    get { layer.frame }
    set { layer.frame = newValue }
  }
  /// The view's own coordinate space.
  public var bounds: Rect {
    get { layer.bounds }
    set { layer.bounds = newValue }
  }
  /// The center of the frame in the superview's coordinates (the layer's position).
  public var center: Point {
    get { layer.position }
    set { layer.position = newValue }
  }
  /// The opacity, `0...1`.
  public var alpha: Double {
    get { layer.opacity }
    set { layer.opacity = newValue }
  }
  /// Whether the view is hidden.
  public var isHidden: Bool {
    get { layer.isHidden }
    set { layer.isHidden = newValue }
  }
  /// Whether the view promises to draw every pixel opaquely.
  public var isOpaque: Bool {
    get { layer.isOpaque }
    set { layer.isOpaque = newValue }
  }
  /// The background color.
  public var backgroundColor: Color? {
    get { layer.backgroundColor }
    set { layer.backgroundColor = newValue }
  }
  /// Whether subviews are clipped to the bounds.
  public var clipsToBounds: Bool {
    get { layer.masksToBounds }
    set { layer.masksToBounds = newValue }
  }
  /// Whether the view waits for a layout pass.
  public var needsLayout: Bool { layer.needsLayout }
  /// Whether the view waits to redraw.
  public var needsDisplay: Bool { layer.needsDisplay }

  /// Marks the view as needing a layout pass; a node's view asks for a pass of its node (see ``Layer/setNeedsLayout()``).
  public func setNeedsLayout() { layer.setNeedsLayout() }
  /// Marks the view as needing to redraw.
  public func setNeedsDisplay() { layer.setNeedsDisplay() }
  /// Runs a pending layout pass: clears ``needsLayout`` of a view no node loaded; a node's view keeps its mark
  /// until the pass it asked for applies (see ``Layer/layoutIfNeeded()``).
  public func layoutIfNeeded() { layer.layoutIfNeeded() }

  /// The window whose view tree contains this view, if any.
  public var window: Window? {
    var current = self
    while let parent = current.superview { current = parent }
    return current.hostingWindow
  }

  /// Appends a subview, removing it from its current superview first (a subview of this view moves to the top).
  public func addSubview(_ view: View) {
    // Counted without the view: a subview added again moves to the top, as UIKit's does.
    insertSubview(view, at: subviews.count - (view.superview === self ? 1 : 0))
  }

  /// Inserts a subview at an index, removing it from its current superview first.
  ///
  /// The subview's layer becomes a sublayer of this view's layer, placed
  /// just below the layer of the subview now at `index` (on top of every
  /// sublayer at the end, as ``addSubview(_:)``): a bare sublayer between two
  /// subviews stays below the new one.
  ///
  /// - Precondition: `index` is within `0...subviews.count` once `view` is
  ///   removed, and `view` is neither this view nor one of its ancestors.
  public func insertSubview(_ view: View, at index: Int) {
    var ancestor: View? = self
    while let current = ancestor {
      contractPrecondition(current !== view, "a view cannot contain itself or one of its ancestors")
      ancestor = current.superview
    }
    // A node's view keeps its node alive in a view of yours, across a move too (Texture's `_ASDisplayView`).
    let node = view.layer.slot?.node
    view.removeFromSuperview()
    contractPrecondition(index >= 0 && index <= subviews.count, "subview index \(index) is out of bounds")
    let layerIndex: Int
    if index == subviews.count {
      layerIndex = layer.sublayers.count
    } else if let above = layer.sublayers.firstIndex(where: { $0 === subviews[index].layer }) {
      layerIndex = above
    } else {
      layerIndex = layer.sublayers.count
    }
    subviews.insert(view, at: index)
    view.superview = self
    layer.insertSublayer(view.layer, at: layerIndex)
    view.layer.slot?.hostKeepAlive = node
  }

  /// Removes the view from its superview.
  public func removeFromSuperview() {
    guard let parent = superview else { return }
    if let index = parent.subviews.firstIndex(where: { $0 === self }) {
      parent.subviews.remove(at: index)
    }
    superview = nil
    layer.slot?.hostKeepAlive = nil
    layer.removeFromSuperlayer()
  }

  /// Replaces the subviews with `views` in one step, fixing every back pointer.
  ///
  /// The caller sets the layer tree separately (``Layer/setSublayers(_:)``):
  /// a node's children can mix views and bare layers.
  func setSubviews(_ views: [View]) {
    if views.count == subviews.count, zip(views, subviews).allSatisfy({ $0 === $1 }) { return }
    let incoming = IdentityLookup(views)
    for former in formerParents(of: views, other: self, parentOf: { $0.superview }) {
      former.subviews.removeAll { incoming.contains($0) }
    }
    for old in subviews where !incoming.contains(old) {
      old.superview = nil
      old.layer.slot?.hostKeepAlive = nil
    }
    subviews = views
    for view in views {
      view.superview = self
      // Placed by a turn, in a node's view or a window's: nothing of yours holds it.
      view.layer.slot?.hostKeepAlive = nil
    }
  }

  /// Appends `view`, which has no superview, to the subviews only: a node's new view, linked as it loads (the
  /// caller appends its layer to this view's layer).
  func appendNewSubview(_ view: View) {
    assert(view.superview == nil, "a new subview has no superview")
    subviews.append(view)
    view.superview = self
  }
}

@available(*, unavailable)
extension View: Sendable {}
