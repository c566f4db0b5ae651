/// Rounds layout values to whole pixels, as Texture's `ASCeilPixelValue` / `ASFloorPixelValue` do.
///
/// A tiny epsilon keeps a value that is already on the grid (but off by a
/// float rounding error) where it is: `ceil((value - ε) × scale) / scale`.
struct PixelGrid: Hashable, Sendable {
  /// Pixels per point.
  let scale: Double

  /// The tolerance Texture uses (`FLT_EPSILON`), so that results match its tests.
  private static let epsilon = 1.1920928955078125e-07

  /// How far above a value on the grid a value may be and still count as on it (twice the rounding's epsilon):
  /// a width rounded up by ``ceil(_:)`` fits what was measured at that width, within this.
  static let tolerance = 2 * epsilon

  /// The smallest pixel boundary at or above `value`.
  func ceil(_ value: Double) -> Double {
    guard value.isFinite else { return value }
    return ((value - Self.epsilon) * scale).rounded(.up) / scale
  }

  /// The largest pixel boundary at or below `value`.
  func floor(_ value: Double) -> Double {
    guard value.isFinite else { return value }
    return ((value + Self.epsilon) * scale).rounded(.down) / scale
  }

  /// The pixel boundary nearest to `value`.
  func round(_ value: Double) -> Double {
    guard value.isFinite else { return value }
    return (value * scale).rounded() / scale
  }

  /// `size` with both dimensions rounded up to the grid.
  func ceil(_ size: Size) -> Size {
    Size(width: ceil(size.width), height: ceil(size.height))
  }

  /// `point` with both coordinates rounded up to the grid.
  func ceil(_ point: Point) -> Point {
    Point(x: ceil(point.x), y: ceil(point.y))
  }
}
