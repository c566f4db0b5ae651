/// A color as red, green, blue and alpha components in `0...1`.
///
/// The counterpart of `UIColor`/`CGColor` for ActorNodes' headless views.
/// Its components are set by its initializers only, which check them: a
/// color is finite wherever it goes (a view, a layer, a drawing).
public struct Color: Hashable, Sendable {
  /// The red component.
  public private(set) var red: Double
  /// The green component.
  public private(set) var green: Double
  /// The blue component.
  public private(set) var blue: Double
  /// The alpha (opacity) component.
  public private(set) var alpha: Double

  /// Creates a color from its components, each in `0...1`.
  ///
  /// - Precondition: Every component is finite.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    contractPrecondition(
      red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite,
      "color components must be finite")
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Creates a gray of the given white level.
  public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// Whether the color is fully opaque.
  public var isOpaque: Bool { alpha >= 1 }

  /// Opaque black.
  public static let black = Color(white: 0)
  /// Opaque white.
  public static let white = Color(white: 1)
  /// Fully transparent black.
  public static let clear = Color(white: 0, alpha: 0)
  /// Opaque mid gray.
  public static let gray = Color(white: 0.5)
  /// Opaque light gray.
  public static let lightGray = Color(white: 2.0 / 3.0)
  /// Opaque red.
  public static let red = Color(red: 1, green: 0, blue: 0)
  /// Opaque green.
  public static let green = Color(red: 0, green: 1, blue: 0)
  /// Opaque blue.
  public static let blue = Color(red: 0, green: 0, blue: 1)
  /// Opaque orange (`UIColor.orange`: red 1, green 0.5, blue 0).
  public static let orange = Color(red: 1, green: 0.5, blue: 0)
  /// Opaque yellow.
  public static let yellow = Color(red: 1, green: 1, blue: 0)
  /// Opaque purple (`UIColor.purple`: red 0.5, green 0, blue 0.5).
  public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
}

extension Color: CustomStringConvertible {
  public var description: String {
    "rgba(\(red.shortDescription), \(green.shortDescription), \(blue.shortDescription), \(alpha.shortDescription))"
  }
}
