import Synchronization

/// The result of laying out an element: its size, its position in its parent, and the layouts of what it holds.
///
/// The counterpart of Texture's `ASLayout`. A layout is an immutable,
/// `Sendable` value, so it can be computed off the main actor, cached, and
/// handed to the main actor to apply without copying or locking.
///
/// A node's layout is *flattened* (see ``flattened(scale:)``): its
/// sublayouts are its direct subnodes, at positions relative to the node, as
/// Texture keeps them. The layouts a spec produces while it is computed
/// (stacks within stacks) are gone by then.
public struct Layout: Sendable {
  /// What a layout is the layout of.
  public enum Element: Sendable {
    /// A node.
    case node(any DisplayNode)
    /// A layout spec or another element that is not a node; the string names its kind (`Stack`, `Inset`).
    case spec(String)
  }

  /// What this is the layout of.
  public let element: Element
  /// The size, in points.
  public let size: Size
  /// The position of the top-left corner in the parent's coordinates; `.zero` for a layout that is not placed.
  public private(set) var position: Point
  /// The layouts of the elements this one holds, back to front.
  public let sublayouts: [Layout]
  /// For a subnode's layout in its supernode's layout computed from a spec: the ``LayoutCache/Key/fingerprint`` of
  /// the measurement of the subnode that layout was computed from (its ``NodeCore/requestFromAbove`` then); 0 if
  /// not known. A pass gives the subnode that measurement, even when the supernode's layout comes from its cache
  /// and the spec measured the subnode in another range since.
  var measuredFrom: UInt64 = 0

  /// Creates a layout.
  ///
  /// - Precondition: `size` is finite and not negative, and `position` is finite.
  public init(element: Element, size: Size, position: Point = .zero, sublayouts: [Layout] = []) {
    contractPrecondition(
      size.isValidViewSize, "a layout's size must be finite and not negative: got \(size) for \(element.label)")
    contractPrecondition(position.isFinite, "a layout's position must be finite: got \(position) for \(element.label)")
    self.element = element
    self.size = size
    self.position = position
    self.sublayouts = sublayouts
  }

  /// A node's layout from values that are valid already (a cached or applied layout).
  init(uncheckedNode node: any DisplayNode, size: Size, sublayouts: [Layout]) {
    element = .node(node)
    self.size = size
    position = .zero
    self.sublayouts = sublayouts
  }

  /// Creates the layout of `node`.
  public init(node: any DisplayNode, size: Size, position: Point = .zero, sublayouts: [Layout] = []) {
    self.init(element: .node(node), size: size, position: position, sublayouts: sublayouts)
  }

  /// The node this is the layout of, if it is a node's.
  public var node: (any DisplayNode)? {
    if case .node(let node) = element { return node }
    return nil
  }

  /// The rectangle the layout takes in its parent's coordinates.
  public var frame: Rect { Rect(origin: position, size: size) }

  /// The frame of `node`'s layout among this layout's direct sublayouts, or `nil` if none is `node`'s: Texture's
  /// `frameForElement:` (which returns `CGRectNull` there).
  ///
  /// On a node's flattened layout (``DisplayNode/calculatedLayout``, ``DisplayNode/appliedLayout``) the
  /// sublayouts are its subnodes' layouts, so this is where the layout puts a subnode, in the node's coordinates:
  /// `await cell.calculatedLayout?.frame(of: avatar)`. Nodes deeper down are not found.
  public func frame(of node: any DisplayNode) -> Rect? {
    sublayouts.first { $0.element.nodeIdentifier == ObjectIdentifier(node) }?.frame
  }

  /// This layout placed at `position`.
  public func positioned(at position: Point) -> Layout {
    Layout(element: element, size: size, position: position, sublayouts: sublayouts)
  }

  /// This layout, not placed, with its sublayouts replaced by the node layouts found below it, at positions
  /// relative to it.
  ///
  /// Spec layouts are walked through, node layouts are kept without their own
  /// sublayouts, in back-to-front order (Texture's flattening: a node's
  /// layout lists its direct subnodes only). Positions are rounded up to the
  /// pixel grid of `scale` (pixels per point), as Texture rounds the
  /// positions of the layouts it makes. The result is at `.zero` (not placed)
  /// whatever this layout's own ``position``, as Texture's
  /// `-filteredNodeLayoutTree` makes its root without a position: it is a
  /// node's own layout, which its supernode's layout places.
  ///
  /// - Precondition: `scale` is finite and positive, and every position the
  ///   flattening adds up (and rounds) is finite. A node's layout code that
  ///   returns a layout whose positions add up past `Double`'s largest value
  ///   gets ``LayoutError/invalidPosition(_:element:)`` instead.
  public func flattened(scale: Double = 1) -> Layout {
    contractPrecondition(scale.isFinite && scale > 0, "a layout's scale must be finite and positive: got \(scale)")
    do {
      return try flattened(grid: PixelGrid(scale: scale))
    } catch {
      contractViolation("\(error)")
    }
  }

  /// ``flattened(scale:)`` on `grid`, throwing where a position adds up (or rounds) past `Double`'s largest value.
  ///
  /// - Throws: ``LayoutError/invalidPosition(_:element:)``, naming the first element placed at a position that
  ///   is not finite.
  func flattened(grid: PixelGrid) throws(LayoutError) -> Layout {
    Layout(element: element, size: size, sublayouts: try Self.nodeLayouts(in: sublayouts, origin: .zero, grid: grid))
  }

  /// The node layouts of a node whose spec's layout is `spec` (placed at the node's origin): ``flattened(scale:)``
  /// of the node's layout, without making that layout first.
  ///
  /// - Throws: ``LayoutError/invalidPosition(_:element:)`` if a position adds up or rounds past `Double`'s largest
  ///   value.
  static func nodeLayouts(placing spec: consuming Layout, grid: PixelGrid) throws(LayoutError) -> [Layout] {
    if case .node = spec.element {
      return [Layout(element: spec.element, size: spec.size, position: .zero)]
    }
    var layouts = spec.sublayouts
    _ = consume spec
    guard layouts.allSatisfy({ $0.element.isNode && $0.sublayouts.isEmpty }) else {
      return try nodeLayouts(in: layouts, origin: .zero, grid: grid)
    }
    // The usual case, a spec of nodes (a stack of cells): its layouts are the node layouts, rounded in place
    // (the array is this function's alone by now, so no layout is copied and no node retained).
    for index in layouts.indices {
      layouts[index].position = try placed(grid.ceil(layouts[index].position), layouts[index].element)
    }
    return layouts
  }

  /// The node layouts at or below `layouts` (whose positions are relative to `origin`), back to front,
  /// their positions rounded up to `grid`.
  ///
  /// - Throws: ``LayoutError/invalidPosition(_:element:)`` if a position adds up or rounds past `Double`'s largest
  ///   value.
  private static func nodeLayouts(in layouts: [Layout], origin: Point, grid: PixelGrid) throws(LayoutError)
    -> [Layout]
  {
    var nodes: [Layout] = []
    nodes.reserveCapacity(layouts.count)
    // Walk without recursion, so that a deep nesting of specs costs no stack.
    var pending: [(layout: Layout, origin: Point)] = []
    for root in layouts {
      if case .node = root.element {
        // The usual case, a spec's node element: no walk.
        let position = Point(x: origin.x + root.position.x, y: origin.y + root.position.y)
        nodes.append(
          Layout(element: root.element, size: root.size, position: try placed(grid.ceil(position), root.element)))
        continue
      }
      pending.append((root, origin))
      while let (layout, origin) = pending.popLast() {
        let position = Point(x: origin.x + layout.position.x, y: origin.y + layout.position.y)
        if case .node = layout.element {
          nodes.append(
            Layout(
              element: layout.element, size: layout.size, position: try placed(grid.ceil(position), layout.element)))
        } else {
          let position = try placed(position, layout.element)
          for sublayout in layout.sublayouts.reversed() { pending.append((sublayout, position)) }
        }
      }
    }
    return nodes
  }

  /// `position`, if it is finite: positions that are each finite can add up, or round up to the pixel grid, past
  /// `Double`'s largest value (two nested specs each placing their content at `1e308`).
  private static func placed(_ position: Point, _ element: Element) throws(LayoutError) -> Point {
    guard position.isFinite else { throw LayoutError.invalidPosition(position, element: element.label) }
    return position
  }
}

extension Layout.Element {
  /// Whether both name the same node, or specs of the same kind.
  func isSame(as other: Layout.Element) -> Bool {
    // One value at a time: a switch over the pair copies both (and retains both nodes).
    switch self {
    case .node(let a):
      guard case .node(let b) = other else { return false }
      return a === b
    case .spec(let a):
      guard case .spec(let b) = other else { return false }
      return a == b
    }
  }

  /// Whether this is a node.
  var isNode: Bool {
    if case .node = self { return true }
    return false
  }

  /// Whether this is a node that is settled (see ``NodeCore/isSettled(request:)``), read without copying the node
  /// out; for a `request` other than 0, settled with the layout of that measurement.
  func isSettledNode(request: UInt64) -> Bool {
    if case .node(let node) = self { return node.nodeCore.isSettled(request: request) }
    return false
  }

  /// The ``NodeCore/requestFromAbove`` of a node, read without copying the node out; 0 for anything else.
  var requestFromAbove: UInt64 {
    if case .node(let node) = self { return node.nodeCore.requestFromAbove.load(ordering: .relaxed) }
    return 0
  }

  /// The identity of the node, if this is a node.
  var nodeIdentifier: ObjectIdentifier? {
    if case .node(let node) = self { return ObjectIdentifier(node) }
    return nil
  }

  /// `<BasicNode #3>` for a node, the kind for anything else.
  var label: String {
    switch self {
    case .node(let node): NodeLabel(type: type(of: node), id: node.nodeCore.id, debugName: nil).description
    case .spec(let kind): kind
    }
  }
}

extension Layout.Element: Hashable {
  /// Whether both are the same node (by identity, as `===`) or specs of the same kind.
  public static func == (lhs: Layout.Element, rhs: Layout.Element) -> Bool { lhs.isSame(as: rhs) }

  /// Hashes the node's identity, or the spec's kind.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .node(let node):
      hasher.combine(0)
      hasher.combine(ObjectIdentifier(node))
    case .spec(let kind):
      hasher.combine(1)
      hasher.combine(kind)
    }
  }
}

extension Layout.Element: CustomStringConvertible {
  /// `<BasicNode #3>` for a node, the kind (`Stack`) for a spec.
  public var description: String { label }
}

extension Layout: Hashable {
  /// Whether both layouts are of the same elements (nodes compared by identity, as `===`), with the same sizes
  /// and positions, all the way down: two passes that gave a node the same layout give equal layouts.
  ///
  /// Compared without recursion, so that deep layouts compare in constant stack.
  public static func == (lhs: Layout, rhs: Layout) -> Bool {
    var pending = [(lhs, rhs)]
    while let (a, b) = pending.popLast() {
      guard a.size == b.size, a.position == b.position, a.sublayouts.count == b.sublayouts.count,
        a.element.isSame(as: b.element)
      else { return false }
      pending.append(contentsOf: zip(a.sublayouts, b.sublayouts))
    }
    return true
  }

  /// Hashes every layout's element (a node by its identity), size and position, as `==` compares them, without
  /// recursion.
  public func hash(into hasher: inout Hasher) {
    var pending = [self]
    while let layout = pending.popLast() {
      hasher.combine(layout.element)
      hasher.combine(layout.size)
      hasher.combine(layout.position)
      hasher.combine(layout.sublayouts.count)
      pending.append(contentsOf: layout.sublayouts)
    }
  }
}
