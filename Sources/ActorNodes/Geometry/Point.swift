/// A location in a two-dimensional coordinate system, in points.
///
/// The counterpart of `CGPoint`. ActorNodes uses its own geometry types so that
/// they are `Sendable`, `Hashable` and identical on every platform.
public struct Point: Hashable, Sendable {
  /// The x-coordinate.
  public var x: Double
  /// The y-coordinate.
  public var y: Double

  /// Creates a point from its coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, `(0, 0)`.
  public static let zero = Point(x: 0, y: 0)

  /// Whether both coordinates are finite (neither NaN nor infinite).
  public var isFinite: Bool { x.isFinite && y.isFinite }
}

extension Point: CustomStringConvertible {
  public var description: String { "(\(x.shortDescription), \(y.shortDescription))" }
}

extension Double {
  /// A compact rendering for descriptions: `12` rather than `12.0`.
  var shortDescription: String {
    if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
    return String(self)
  }
}
