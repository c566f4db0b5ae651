/// What a spec asks of one of its elements: a range to lay out in, which may depend on the element's own style.
///
/// A stack cannot offer a child a range before it knows the child's flex
/// basis and alignment, and an absolute spec needs the child's position. The
/// spec sends the request instead, and the element resolves it against its
/// style (a node's own style with the spec's overrides, in the node's actor):
/// one call per element per step, returning the layout with the style facts
/// the spec needs (see ``Measured``).
enum ChildRequest: Hashable, Sendable {
  /// A plain range, with the parent's size to resolve fractions against (Texture's `layoutThatFits:parentSize:`).
  case range(SizeRange, parentSize: Size)
  /// An item of a stack.
  case stackItem(StackItemRequest)
  /// A child of an absolute spec: the spec's largest size, and its size (NaN on an unknown axis).
  case absolute(specMax: Size, parentSize: Size)

  /// Whether the element is left unmeasured for now: a stack's one flexible item (see ``StackItemRequest``).
  func skipsMeasuring(_ style: LayoutStyle) -> Bool {
    guard case .stackItem(let item) = self else { return false }
    return item.skipsFlexibleItem && style.isFlexibleBothWays
  }

  /// The range to lay out in and the parent size to resolve the element's style against.
  func resolve(_ style: LayoutStyle) -> (range: SizeRange, parentSize: Size) {
    switch self {
    case .range(let range, let parentSize):
      return (range, parentSize)
    case .stackItem(let item):
      return (item.range(for: style), item.parentSize)
    case .absolute(let specMax, let parentSize):
      let position = style.layoutPosition
      let room = Size(
        width: Swift.max(0, specMax.width - position.x), height: Swift.max(0, specMax.height - position.y))
      return (style.sizeRange(parentSize: parentSize, autoMax: room), parentSize)
    }
  }
}

/// How a stack offers an item a range (Texture's `crossChildLayout`).
struct StackItemRequest: Hashable, Sendable {
  /// The size along the stack's axis.
  enum Main: Hashable, Sendable {
    /// From the item's flex basis, resolved against the stack's main size (NaN when not known): the first pass.
    case basis(parentMain: Double)
    /// Exactly this size: an item being flexed or stretched.
    case exact(Double)
  }

  var direction: StackDirection
  var alignItems: StackAlignItems
  var main: Main
  /// The stack's cross range: what a stretched item fills, and what bounds any item.
  var crossMin: Double
  var crossMax: Double
  /// The stack's size where it is exact, NaN elsewhere.
  var parentSize: Size
  /// Whether an item that both grows and shrinks is not measured (the stack's main size is exact).
  ///
  /// Texture skips the intrinsic measure of the single flexible item of a
  /// stack with an exact main size, so that it flexes from 0. Whether it is
  /// single is known only once every item's style is, so every such item
  /// skips, and the stack measures them after all if there are several.
  var skipsFlexibleItem = false

  /// The range offered to an item with `style`.
  func range(for style: LayoutStyle) -> SizeRange {
    let mainMin: Double
    let mainMax: Double
    switch main {
    case .basis(let parentMain):
      mainMin = style.flexBasis.resolve(parent: parentMain, autoValue: 0)
      mainMax = style.flexBasis.resolve(parent: parentMain, autoValue: .infinity)
    case .exact(let size):
      mainMin = size
      mainMax = size
    }
    var childCrossMin = 0.0
    var childCrossMax = crossMax
    if style.alignSelf.resolved(in: alignItems) == .stretch {
      // A stretched item's minimum is the cross range's unless its style sets a non-zero minimum of its own
      // (resolved without a parent size; an explicit 0 stretches too), and that minimum wins over the style's
      // maximum below, as in Texture.
      let own = style.sizeRange(parentSize: Size(width: .nan, height: .nan))
      let ownMin = direction.cross(own.min)
      let ownMax = direction.cross(own.max)
      childCrossMin = ownMin == 0 ? crossMin : ownMin
      childCrossMax = ownMax == .infinity ? crossMax : ownMax
    }
    // A style minimum above the stack's maximum wins, as a minimum wins in a style.
    childCrossMax = Swift.max(childCrossMax, childCrossMin)
    return SizeRange(
      uncheckedMin: direction.size(main: mainMin, cross: childCrossMin),
      max: direction.size(main: Swift.max(mainMax, mainMin), cross: childCrossMax))
  }
}

extension LayoutStyle {
  /// Whether the element both grows and shrinks (Texture's `isFlexibleInBothDirections`).
  var isFlexibleBothWays: Bool { flexGrow > 0 && flexShrink > 0 }
}
