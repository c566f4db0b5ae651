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

  /// The frame of a layer: `bounds`' size, placed so that `anchorPoint` (in unit coordinates) is at `position`.
  static func frame(bounds: Rect, position: Point, anchorPoint: Point) -> Rect {
    Rect(
      x: position.x - bounds.width * anchorPoint.x,
      y: position.y - bounds.height * anchorPoint.y,
      width: bounds.width,
      height: bounds.height)
  }

  /// Where the origin of a layer's own coordinate space lies in its superlayer's: the frame's origin, moved
  /// back by the bounds' origin (a point `p` of the layer is at `p + offset` in the superlayer).
  static func offsetInSuperlayer(bounds: Rect, position: Point, anchorPoint: Point) -> Point {
    let frame = frame(bounds: bounds, position: position, anchorPoint: anchorPoint)
    return Point(x: frame.origin.x - bounds.origin.x, y: frame.origin.y - bounds.origin.y)
  }

  /// The position that places `anchorPoint` of a layer whose frame is `self`.
  func position(ofAnchor anchorPoint: Point) -> Point {
    Point(x: origin.x + width * anchorPoint.x, y: origin.y + height * anchorPoint.y)
  }

  /// Whether the origin and size are finite.
  public var isFinite: Bool { origin.isFinite && size.isFinite }

  /// The smallest rectangle that contains both this one and `other`.
  public func union(_ other: Rect) -> Rect {
    let minX = Swift.min(self.minX, other.minX)
    let minY = Swift.min(self.minY, other.minY)
    return Rect(
      x: minX, y: minY, width: Swift.max(maxX, other.maxX) - minX, height: Swift.max(maxY, other.maxY) - minY)
  }
}

extension Rect: CustomStringConvertible {
  public var description: String { "(\(origin.x.shortDescription), \(origin.y.shortDescription), \(size))" }
}
