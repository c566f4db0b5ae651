/// A width and a height, in points.
///
/// The counterpart of `CGSize`.
public struct Size: Hashable, Sendable {
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// Creates a size from its dimensions.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The size whose width and height are both zero.
  public static let zero = Size(width: 0, height: 0)

  /// Whether both dimensions are finite (neither NaN nor infinite).
  public var isFinite: Bool { width.isFinite && height.isFinite }

  /// Whether both dimensions are finite and not negative: a size a view can have.
  public var isValidViewSize: Bool { isFinite && width >= 0 && height >= 0 }

  /// Whether a layout may have this size: a view's size below 10,000,000 points in both dimensions, as
  /// Texture's `ASLayout` requires (`ASIsCGSizeValidForSize`), so that an element that takes the whole of a huge
  /// range (`CGFLOAT_MAX` in ported code) is an error rather than a layout (Texture asserts, and makes it 0 × 0
  /// in release builds).
  var isValidLayoutSize: Bool { isValidViewSize && boundsLayout }
}

extension Size: CustomStringConvertible {
  public var description: String { "\(width.shortDescription)x\(height.shortDescription)" }
}
