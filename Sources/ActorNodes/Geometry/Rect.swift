/// A rectangle given by its origin and size, in points.
///
/// The counterpart of `CGRect`.
public struct Rect: Hashable, Sendable {
  /// The corner with the smallest coordinates.
  public var origin: Point
  /// The width and height.
  public var size: Size

  /// Creates a rectangle from its origin and size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from coordinates and dimensions.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The rectangle at the origin with zero size.
  public static let zero = Rect(origin: .zero, size: .zero)

  /// The smallest x-coordinate.
  public var minX: Double { origin.x }
  /// The smallest y-coordinate.
  public var minY: Double { origin.y }
  /// The largest x-coordinate.
  public var maxX: Double { origin.x + size.width }
  /// The largest y-coordinate.
  public var maxY: Double { origin.y + size.height }
  /// The width.
  public var width: Double { size.width }
  /// The height.
  public var height: Double { size.height }
  /// The center point.
  public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

  /// Whether the origin and size are finite.
  public var isFinite: Bool { origin.isFinite && size.isFinite }
}

extension Rect: CustomStringConvertible {
  public var description: String { "(\(origin.x.shortDescription), \(origin.y.shortDescription), \(size))" }
}
