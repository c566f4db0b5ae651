extension LayoutSpec {
  /// A stack: the children one after the other along `direction`, flexed to fit, aligned across it.
  ///
  /// Texture's `ASStackLayoutSpec`, which is flexbox with Texture's own rules
  /// (Proposal 0004, "Where Texture's stack differs from flexbox", lists them with their tests):
  /// - children grow only to fill the range's *minimum* along the axis
  ///   (an unbounded or shrink-to-fit stack grows nothing);
  /// - growth is floored per child, and the remainder goes to the first child that grows;
  /// - one pass of flexing, no freezing of children at their own minimum or maximum:
  ///   the range offered to a flexed child wins over its style;
  /// - a child that both grows and shrinks, alone in a stack of exact length,
  ///   flexes from 0 rather than from its measured size;
  /// - `spaceAround` on overflow centres the children;
  /// - the stack's size is its content clamped into its range.
  ///
  /// - Parameters:
  ///   - direction: The stack's axis (Texture's default is horizontal).
  ///   - spacing: The space between neighbouring children.
  ///   - justifyContent: Where the children go along the axis when they do not fill it.
  ///   - alignItems: How the children are placed across the axis (each child's
  ///     ``LayoutStyle/alignSelf`` may override it).
  ///   - children: The children, in order along the axis.
  /// - Precondition: `spacing` is finite.
  public static func stack(
    _ direction: StackDirection = .horizontal,
    spacing: Double = 0,
    justifyContent: StackJustifyContent = .start,
    alignItems: StackAlignItems = .stretch,
    children: [LayoutSpec]
  ) -> LayoutSpec {
    contractPrecondition(spacing.isFinite, "a stack's spacing must be finite: got \(spacing)")
    return LayoutSpec(
      .spec(
        StackSpec(
          direction: direction, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
          children: children)))
  }
}

/// The axis of a stack.
public enum StackDirection: Hashable, Sendable {
  /// Left to right.
  case horizontal
  /// Top to bottom.
  case vertical

  /// `size`'s length along the axis.
  func main(_ size: Size) -> Double { self == .horizontal ? size.width : size.height }
  /// `size`'s length across the axis.
  func cross(_ size: Size) -> Double { self == .horizontal ? size.height : size.width }
  /// The size with these lengths along and across the axis.
  func size(main: Double, cross: Double) -> Size {
    self == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
  }
  /// The point at these offsets along and across the axis.
  func point(main: Double, cross: Double) -> Point {
    self == .horizontal ? Point(x: main, y: cross) : Point(x: cross, y: main)
  }
}

/// Where a stack puts its children along its axis when they do not fill it exactly.
public enum StackJustifyContent: Hashable, Sendable {
  /// At the start.
  case start
  /// Centred (the offset is not rounded to the pixel grid until the layout is flattened).
  case center
  /// At the end.
  case end
  /// The free space between the children; at the start when there is none or one child.
  case spaceBetween
  /// The free space around each child, half at the ends; centred when there is none or one child.
  case spaceAround
}

/// How a stack places its children across its axis.
public enum StackAlignItems: Hashable, Sendable {
  /// At the start of the cross axis.
  case start
  /// At the end.
  case end
  /// Centred, the offset floored to the pixel grid.
  case center
  /// Stretched to the line's cross size (the stack's), unless the child's style sets a non-zero cross minimum.
  ///
  /// The child's style decides, read on the cross axis without a parent size (a fraction counts as unset), as
  /// Texture's `resolveCrossDimensionMinForStretchChild` and `resolveCrossDimensionMaxForStretchChild`
  /// (ASStackUnpositionedLayout.mm) do:
  /// - A non-zero minimum (`minHeight(20)` in a row, or `height(20)`, whose minimum is 20) stops the stretch: the
  ///   child is offered the range from that minimum to its own maximum, or to the line's cross size if it sets
  ///   none, and keeps the size it measures there.
  /// - Otherwise (no minimum, or an explicit 0) the line's cross size is the child's minimum, and it wins over the
  ///   child's own maximum: a child with only `maxHeight(10)` in a 50-point row is stretched to 50 (see
  ///   "Inverted ranges" in Proposal 0004).
  case stretch
}

extension LayoutStyle.AlignSelf {
  /// The alignment of an item with this `alignSelf` in a stack that aligns by `alignItems`.
  func resolved(in alignItems: StackAlignItems) -> StackAlignItems {
    switch self {
    case .auto: alignItems
    case .start: .start
    case .end: .end
    case .center: .center
    case .stretch: .stretch
    }
  }
}

/// Texture's `ASStackLayoutSpec` (its unpositioned and positioned layout passes), without wrapping and baselines.
struct StackSpec: SpecComputation {
  let direction: StackDirection
  let spacing: Double
  let justifyContent: StackJustifyContent
  let alignItems: StackAlignItems
  let children: [LayoutSpec]

  var name: String { "Stack" }

  func hasSameOptions(as other: StackSpec) -> Bool {
    direction == other.direction && spacing == other.spacing && justifyContent == other.justifyContent
      && alignItems == other.alignItems
  }
  func hashOptions(into hasher: inout Hasher) {
    hasher.combine(direction)
    hasher.combine(spacing)
    hasher.combine(justifyContent)
    hasher.combine(alignItems)
  }

  /// A violation smaller than this is none (Texture's `kViolationEpsilon`).
  static let violationEpsilon = 0.01

  func layout(in range: SizeRange, parentSize _: Size, environment: LayoutEnvironment) async throws -> Layout {
    guard !children.isEmpty else { return try environment.layout(of: .spec(name), size: range.min) }
    let axis = direction
    // Children resolve fractions against the stack's size only on an axis where it is exact.
    let childParent = Size(
      width: range.min.width == range.max.width ? range.min.width : .nan,
      height: range.min.height == range.max.height ? range.min.height : .nan)
    let crossMin = axis.cross(range.min)
    let crossMax = axis.cross(range.max)
    let exactMain = axis.main(range.min) == axis.main(range.max)
    func request(_ main: StackItemRequest.Main, crossMin: Double, crossMax: Double, skips: Bool = false)
      -> ChildRequest
    {
      .stackItem(
        StackItemRequest(
          direction: axis, alignItems: alignItems, main: main, crossMin: crossMin, crossMax: crossMax,
          parentSize: childParent, skipsFlexibleItem: skips))
    }

    // 1. Measure every item along an unconstrained axis (from its flex basis).
    let basis = request(
      .basis(parentMain: axis.main(childParent)), crossMin: crossMin, crossMax: crossMax, skips: exactMain)
    var items = try await environment.measure(children) { _ in basis }
    let flexibleItems = items.indices.filter { items[$0].style.isFlexibleBothWays }
    let optimizedFlexing = exactMain && flexibleItems.count == 1
    if exactMain && !optimizedFlexing && !flexibleItems.isEmpty {
      // Several items grow and shrink: none is skipped after all.
      let unskipped = request(.basis(parentMain: axis.main(childParent)), crossMin: crossMin, crossMax: crossMax)
      let measured = try await environment.measure(children, at: flexibleItems) { _ in unskipped }
      for (offset, index) in flexibleItems.enumerated() { items[index] = measured[offset] }
    }

    // 2. Flex along the axis to resolve a violation of the range. Lengths and spacings that add up past `Double`'s
    // largest value leave nothing to flex (shrinking would offer the items NaN lengths): every position after
    // them would be infinite.
    let measuredSum = mainSum(items)
    guard measuredSum.isFinite else {
      throw LayoutError.invalidPosition(axis.point(main: measuredSum, cross: 0), element: name)
    }
    let violation = Self.violation(measuredSum, min: axis.main(range.min), max: axis.main(range.max))
    let factors = items.map { item in
      abs(violation) < Self.violationEpsilon ? 0 : violation > 0 ? item.style.flexGrow : item.style.flexShrink
    }
    let factorSum = factors.reduce(0, +)
    if factorSum == 0 {
      if optimizedFlexing {
        // The skipped item is laid out at length 0.
        try await remeasure(
          flexibleItems, with: { _ in request(.exact(0), crossMin: crossMin, crossMax: crossMax) }, &items,
          environment)
      }
    } else {
      let lengths = items.map { axis.main($0.size) }
      let adjustments = Self.flexAdjustments(
        violation: violation, factors: factors, factorSum: factorSum, lengths: lengths)
      let remaining = violation - adjustments.reduce(0, +)
      if let first = adjustments.firstIndex(where: { $0 != 0 }) {
        let flexed = adjustments.indices.filter { adjustments[$0] != 0 }
        // The closures below capture no `items`: a capture would make the remeasurement copy the whole array.
        let firstGrows = items[first].style.flexGrow > 0
        try await remeasure(
          flexed,
          with: { index in
            var length = lengths[index] + adjustments[index]
            if index == first && firstGrows { length += remaining }
            return request(.exact(Swift.max(length, 0)), crossMin: crossMin, crossMax: crossMax)
          }, &items, environment)
      }
    }

    // 3. The line's cross size, then stretch the items that ask for it.
    let lineCross: Double
    if crossMin == crossMax {
      lineCross = crossMin
    } else {
      let largest = items.reduce(0) { Swift.max($0, axis.cross($1.size)) }
      lineCross = Swift.min(Swift.max(crossMin, largest), crossMax)
    }
    let stretched = items.indices.filter { index in
      items[index].style.alignSelf.resolved(in: alignItems) == .stretch
        && lineCross - axis.cross(items[index].size) > Self.violationEpsilon
    }
    if !stretched.isEmpty {
      let lengths = items.map { axis.main($0.size) }
      try await remeasure(
        stretched, with: { request(.exact(lengths[$0]), crossMin: lineCross, crossMax: lineCross) }, &items,
        environment)
    }

    // 4. Position along the axis (justification, spacing) and across it (alignment).
    let sum = mainSum(items)
    let free = Self.violation(sum, min: axis.main(range.min), max: axis.main(range.max))
    let (offset, gap) = justification(free: free, count: items.count)
    var position = offset
    var sublayouts: [Layout] = []
    sublayouts.reserveCapacity(items.count)
    for index in items.indices {
      let item = items[index]
      position += item.style.spacingBefore
      if index > 0 { position += spacing + gap }
      let crossOffset: Double
      switch item.style.alignSelf.resolved(in: alignItems) {
      case .end: crossOffset = lineCross - axis.cross(item.size)
      case .center: crossOffset = environment.grid.floor((lineCross - axis.cross(item.size)) / 2)
      case .start, .stretch: crossOffset = 0
      }
      let point = axis.point(main: position, cross: crossOffset)
      guard point.isFinite else { throw LayoutError.invalidPosition(point, element: children[index].element.label) }
      sublayouts.append(item.layout(of: LayoutSpec.element(of: children, at: index), at: point))
      position += axis.main(item.size) + item.style.spacingAfter
    }
    let size = range.clamp(axis.size(main: sum, cross: lineCross))
    return try environment.layout(of: .spec(name), size: size, sublayouts: sublayouts)
  }

  /// The items' total length along the axis, with the stack's spacing and the items' own.
  private func mainSum(_ items: [Measured]) -> Double {
    var sum = spacing * Double(items.count - 1)
    for item in items {
      sum += direction.main(item.size) + item.style.spacingBefore + item.style.spacingAfter
    }
    return sum
  }

  /// How far `sum` is from the range `min...max`: positive below it, negative above, 0 within.
  static func violation(_ sum: Double, min: Double, max: Double) -> Double {
    if sum < min { return min - sum }
    if sum > max { return max - sum }
    return 0
  }

  /// Each item's change of length: growth floored per item, or shrinkage weighted by length × shrink factor.
  static func flexAdjustments(violation: Double, factors: [Double], factorSum: Double, lengths: [Double]) -> [Double] {
    if violation > 0 {
      return factors.map { (violation * ($0 / factorSum)).rounded(.down) }
    }
    let scaled = factors.indices.map { lengths[$0] * (factors[$0] / factorSum) }
    let scaledSum = scaled.reduce(0, +)
    guard scaledSum != 0 else { return factors.map { _ in 0 } }
    return scaled.map { -abs($0 / scaledSum * violation) }
  }

  /// The offset of the first item and the extra gap between items for `free` space along the axis.
  private func justification(free: Double, count: Int) -> (offset: Double, gap: Double) {
    var justify = justifyContent
    if justify == .spaceBetween && (free < Self.violationEpsilon || count == 1) { justify = .start }
    if justify == .spaceAround && (free < Self.violationEpsilon || count == 1) { justify = .center }
    switch justify {
    case .start: return (0, 0)
    case .center: return (free / 2, 0)
    case .end: return (free, 0)
    case .spaceBetween: return (0, free / Double(count - 1))
    case .spaceAround: return (free / Double(count * 2), free / Double(count))
    }
  }

  /// Measures the items at `indices` again, each with the request `request(index)`, replacing their sizes and
  /// sublayouts (their style facts are those of their first measurement).
  private func remeasure(
    _ indices: [Int], with request: (Int) -> ChildRequest, _ items: inout [Measured], _ environment: LayoutEnvironment
  ) async throws {
    let measured = try await environment.measure(children, at: indices, request)
    for (offset, index) in indices.enumerated() {
      items[index].size = measured[offset].size
      items[index].sublayouts = measured[offset].sublayouts
    }
  }
}
