import ActorNodes

/// A layout in the lock and floor engines: a size and the frames of the direct subnodes.
struct BenchLayout: Equatable, Sendable {
  var size: Size
  var frames: [Rect]
}

/// A stack's parameters in the lock and floor engines: the subset the FEED and WIDE trees use.
struct BenchStackParameters: Sendable {
  var direction: StackDirection
  var spacing = 0.0
  var alignItems: StackAlignItems = .stretch
}

/// A child's flex factors in the lock and floor engines (no sizes, basis or self-alignment in these trees).
struct BenchStyle: Sendable {
  var flexGrow = 0.0
  var flexShrink = 0.0
}

/// The bench's synchronous port of ActorNodes' stack algorithm, for the engines it is compared with.
///
/// Step for step what `StackSpec` does for the trees the bench lays out
/// (justify start, no item that both grows and shrinks, no style sizes):
/// measure each item from an unbounded main length, flex once (growth
/// floored, the remainder to the first grower; shrink weighted by length ×
/// factor), stretch, then place with spacing, centre offsets floored to the
/// pixel grid, and the size clamped into the range and rounded up. The bench
/// checks that every engine gives the same frames as ActorNodes.
enum BenchStack {
  /// A violation smaller than this is none (Texture's `kViolationEpsilon`).
  private static let violationEpsilon = 0.01

  /// Lays out a stack of items with `styles` in `range`; `measure(indices, ranges)` measures items at once.
  static func layout(
    _ stack: BenchStackParameters, styles: [BenchStyle], in range: SizeRange,
    measure: ([Int], [SizeRange]) -> [Size]
  ) -> BenchLayout {
    guard !styles.isEmpty else { return BenchLayout(size: ceil(range.min), frames: []) }
    let horizontal = stack.direction == .horizontal
    func main(_ size: Size) -> Double { horizontal ? size.width : size.height }
    func cross(_ size: Size) -> Double { horizontal ? size.height : size.width }
    func size(main: Double, cross: Double) -> Size {
      horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
    }
    let crossMin = cross(range.min)
    let crossMax = cross(range.max)
    let stretches = stack.alignItems == .stretch
    func itemRange(main lower: Double, _ upper: Double, crossMin lineMin: Double? = nil) -> SizeRange {
      let childCrossMin = lineMin ?? (stretches ? crossMin : 0)
      let childCrossMax = Swift.max(lineMin ?? crossMax, childCrossMin)
      return SizeRange(min: size(main: lower, cross: childCrossMin), max: size(main: upper, cross: childCrossMax))
    }
    let all = Array(styles.indices)
    var sizes = measure(all, Array(repeating: itemRange(main: 0, .infinity), count: styles.count))
    func mainSum() -> Double {
      sizes.reduce(stack.spacing * Double(sizes.count - 1)) { $0 + main($1) }
    }

    // Flex once along the axis.
    let sum = mainSum()
    let violation =
      sum < main(range.min) ? main(range.min) - sum : sum > main(range.max) ? main(range.max) - sum : 0
    if abs(violation) >= violationEpsilon {
      let factors = styles.map { violation > 0 ? $0.flexGrow : $0.flexShrink }
      let factorSum = factors.reduce(0, +)
      if factorSum > 0 {
        var adjustments: [Double]
        if violation > 0 {
          adjustments = factors.map { (violation * ($0 / factorSum)).rounded(.down) }
        } else {
          let scaled = factors.indices.map { main(sizes[$0]) * (factors[$0] / factorSum) }
          let scaledSum = scaled.reduce(0, +)
          adjustments = scaled.map { scaledSum == 0 ? 0 : -abs($0 / scaledSum * violation) }
        }
        let remaining = violation - adjustments.reduce(0, +)
        if let first = adjustments.firstIndex(where: { $0 != 0 }) {
          let flexed = adjustments.indices.filter { adjustments[$0] != 0 }
          let ranges = flexed.map { index in
            var length = main(sizes[index]) + adjustments[index]
            if index == first && styles[index].flexGrow > 0 { length += remaining }
            length = Swift.max(length, 0)
            return itemRange(main: length, length)
          }
          for (offset, size) in measure(flexed, ranges).enumerated() { sizes[flexed[offset]] = size }
        }
      }
    }

    // The line's cross size, then stretch.
    let lineCross =
      crossMin == crossMax
      ? crossMin : Swift.min(Swift.max(crossMin, sizes.reduce(0) { Swift.max($0, cross($1)) }), crossMax)
    if stretches {
      let stretched = all.filter { lineCross - cross(sizes[$0]) > violationEpsilon }
      if !stretched.isEmpty {
        let ranges = stretched.map { itemRange(main: main(sizes[$0]), main(sizes[$0]), crossMin: lineCross) }
        for (offset, size) in measure(stretched, ranges).enumerated() { sizes[stretched[offset]] = size }
      }
    }

    // Place.
    var position = 0.0
    var frames: [Rect] = []
    frames.reserveCapacity(sizes.count)
    for index in sizes.indices {
      if index > 0 { position += stack.spacing }
      let crossOffset: Double
      switch stack.alignItems {
      case .end: crossOffset = lineCross - cross(sizes[index])
      case .center: crossOffset = floor((lineCross - cross(sizes[index])) / 2)
      case .start, .stretch: crossOffset = 0
      }
      let origin = horizontal ? Point(x: position, y: crossOffset) : Point(x: crossOffset, y: position)
      frames.append(Rect(origin: origin, size: sizes[index]))
      position += main(sizes[index])
    }
    return BenchLayout(size: ceil(range.clamp(size(main: mainSum(), cross: lineCross))), frames: frames)
  }

  /// A leaf's layout: `size` clamped into the range and rounded up to whole points.
  static func leaf(_ size: Size, in range: SizeRange) -> BenchLayout {
    BenchLayout(size: ceil(range.clamp(size)), frames: [])
  }

  /// Texture's default size: the range's maximum if finite on both axes, else zero, clamped.
  static func defaultSize(in range: SizeRange) -> BenchLayout {
    leaf(range.max.isFinite ? range.max : .zero, in: range)
  }

  /// A text's layout: its lines' size no larger than the range's maximum, as `TextNode` measures.
  static func text(_ text: AttributedText, in range: SizeRange) -> BenchLayout {
    let lines = TextLayout(text, constrainedTo: range.max).size
    return leaf(
      Size(width: Swift.min(lines.width, range.max.width), height: Swift.min(lines.height, range.max.height)), in: range
    )
  }

  /// Rounds up to whole points with ActorNodes' tolerance (scale 1).
  static func ceil(_ size: Size) -> Size {
    Size(width: ceil(size.width), height: ceil(size.height))
  }

  private static func ceil(_ value: Double) -> Double {
    value.isFinite ? (value - 1.1920928955078125e-07).rounded(.up) : value
  }

  private static func floor(_ value: Double) -> Double {
    value.isFinite ? (value + 1.1920928955078125e-07).rounded(.down) : value
  }
}
