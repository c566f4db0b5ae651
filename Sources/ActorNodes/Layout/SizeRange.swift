/// The sizes a layout may take: every size between a minimum and a maximum, per axis.
///
/// The counterpart of Texture's `ASSizeRange`. A node is laid out *within* a
/// range (``DisplayNode`` layout takes one). A size the node measures itself
/// (``LayoutMethod/size(_:)``) is clamped into the range, and so is the size
/// of every spec but a wrapper (`LayoutSpec.wrapper(_:)` grows past the
/// maximum to hold its children, as in Texture); a complete layout
/// (``LayoutMethod/layout(_:)``) keeps its size, as Texture's
/// `calculateLayoutThatFits:` does. Each size is then rounded up to the pixel
/// grid, which can take it past a fractional maximum (62.75 becomes 63 at one
/// pixel per point). A maximum may be infinite (that axis is unbounded); a
/// minimum may not.
///
/// ```swift
/// let cell = SizeRange(exactWidth: 375)                 // 375 wide, any height
/// let icon = SizeRange(exactly: Size(width: 40, height: 40))
/// ```
///
/// - Precondition: Each minimum is finite and not negative, each maximum is
///   not NaN and not negative (infinity allowed), and minimum ≤ maximum, per axis.
public struct SizeRange: Hashable, Sendable {
  /// The smallest size, per axis.
  public let min: Size
  /// The largest size, per axis; `.infinity` on an unbounded axis.
  public let max: Size

  /// Creates the range of sizes between `min` and `max`.
  public init(min: Size, max: Size) {
    contractPrecondition(
      Self.isValid(min: min, max: max),
      "a size range needs finite, non-negative minimums, non-negative maximums (infinity allowed) "
        + "and min ≤ max on each axis: got min \(min), max \(max)")
    self.min = min
    self.max = max
  }

  /// Creates the range that holds exactly one size.
  public init(exactly size: Size) {
    self.init(min: size, max: size)
  }

  /// Creates a range exactly `width` wide, with a height between `minHeight` and `maxHeight` (unbounded by default).
  ///
  /// The range a vertical list gives its cells.
  public init(exactWidth width: Double, minHeight: Double = 0, maxHeight: Double = .infinity) {
    self.init(min: Size(width: width, height: minHeight), max: Size(width: width, height: maxHeight))
  }

  /// Creates a range exactly `height` high, with a width between `minWidth` and `maxWidth` (unbounded by default).
  public init(exactHeight height: Double, minWidth: Double = 0, maxWidth: Double = .infinity) {
    self.init(min: Size(width: minWidth, height: height), max: Size(width: maxWidth, height: height))
  }

  /// Every size: from zero to infinity on both axes.
  public static let unconstrained = SizeRange(min: .zero, max: Size(width: .infinity, height: .infinity))

  /// Whether `min` and `max` make a valid range; see the type's precondition.
  public static func isValid(min: Size, max: Size) -> Bool {
    min.width.isFinite && min.height.isFinite && min.width >= 0 && min.height >= 0
      && !max.width.isNaN && !max.height.isNaN && min.width <= max.width && min.height <= max.height
  }

  /// The range that holds only the zero size: Texture's `ASSizeRangeZero`.
  public static let zero = SizeRange(exactly: .zero)

  /// Whether the range holds exactly one size.
  public var isExact: Bool { min == max }

  /// Whether a layout in the range can have an area worth drawing: both maximums above 0.1 point, as Texture's
  /// `ASSizeRangeHasSignificantArea` decides.
  public var hasSignificantArea: Bool { max.width > 0.1 && max.height > 0.1 }

  /// `size` moved into the range, axis by axis.
  public func clamp(_ size: Size) -> Size {
    Size(
      width: Swift.max(min.width, Swift.min(max.width, size.width)),
      height: Swift.max(min.height, Swift.min(max.height, size.height)))
  }

  /// The sizes in both this range and `other`; where they do not overlap on an axis, this range wins.
  ///
  /// On an axis where the ranges are disjoint, the result is the single size of
  /// this range nearest to `other`: its maximum if `other` lies above it, else
  /// its minimum (Texture's `ASSizeRangeIntersect`). A node's style is
  /// intersected *into* the range it is offered this way, so the offer wins.
  public func intersection(_ other: SizeRange) -> SizeRange {
    let width = Self.intersect(min.width, max.width, other.min.width, other.max.width)
    let height = Self.intersect(min.height, max.height, other.min.height, other.max.height)
    return SizeRange(
      uncheckedMin: Size(width: width.min, height: height.min), max: Size(width: width.max, height: height.max))
  }

  private static func intersect(
    _ min: Double, _ max: Double, _ otherMin: Double, _ otherMax: Double
  ) -> (min: Double, max: Double) {
    let low = Swift.max(min, otherMin)
    let high = Swift.min(max, otherMax)
    if low <= high { return (low, high) }
    return min < otherMin ? (max, max) : (min, min)
  }

  /// A range built by the library from values it has checked already.
  init(uncheckedMin min: Size, max: Size) {
    self.min = min
    self.max = max
  }
}

extension SizeRange: CustomStringConvertible {
  /// `[375x0 ... 375xinf]`, or `[40x40]` for an exact range.
  public var description: String { isExact ? "[\(min)]" : "[\(min) ... \(max)]" }
}

extension Double {
  /// Whether a range's maximum bounds a layout that sizes itself from it: finite, not negative and below
  /// 10,000,000 points, as Texture's `ASPointsValidForSize` decides.
  ///
  /// So a huge maximum (`CGFLOAT_MAX` in ported code, or Yoga's undefined) counts as unbounded where a spec
  /// or a node takes its size from the maximum (center, relative, ratio, absolute, corner, a node's default
  /// size), instead of giving a layout some 10³⁰⁸ points tall.
  static let largestLayoutBound = 10_000_000.0

  var boundsLayout: Bool { isFinite && self >= 0 && self < Self.largestLayoutBound }
}

extension Size {
  /// Whether both dimensions bound a layout (see ``Swift/Double/boundsLayout``).
  var boundsLayout: Bool { width.boundsLayout && height.boundsLayout }

  /// The size with each dimension that does not bound a layout replaced by NaN: a parent size for children to
  /// resolve fractions against (Texture's `ASLayoutElementParentDimensionUndefined`).
  var boundedOrUnknown: Size {
    Size(width: width.boundsLayout ? width : .nan, height: height.boundsLayout ? height : .nan)
  }
}
