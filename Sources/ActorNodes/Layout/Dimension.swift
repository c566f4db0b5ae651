/// One dimension of a layout style: automatic, a number of points, or a fraction of the parent's size.
///
/// The counterpart of Texture's `ASDimension`. A number literal is points:
///
/// ```swift
/// style.width = 100                 // points
/// style.height = .fraction(0.5)     // half the parent's height
/// style.maxWidth = .auto            // no limit of its own
/// ```
///
/// A fraction resolves against the parent's size on that axis only when the
/// parent's size there is known; otherwise it counts as ``auto`` (see
/// ``LayoutStyle``).
public struct Dimension: Hashable, Sendable {
  /// How a ``Dimension``'s value is read.
  public enum Unit: Hashable, Sendable {
    /// No value of its own: the layout decides.
    case auto
    /// A number of points.
    case points
    /// A fraction, between 0 and 1, of the parent's size on the same axis.
    case fraction
  }

  /// How ``value`` is read.
  public let unit: Unit
  /// The number of points or the fraction; 0 for ``auto``.
  public let value: Double

  private init(unit: Unit, value: Double) {
    self.unit = unit
    self.value = value
  }

  /// No value of its own.
  public static let auto = Dimension(unit: .auto, value: 0)

  /// A number of points.
  ///
  /// - Precondition: `value` is finite and not negative.
  public static func points(_ value: Double) -> Dimension {
    contractPrecondition(
      value.isFinite && value >= 0, "a dimension in points must be finite and not negative: got \(value)")
    return Dimension(unit: .points, value: value)
  }

  /// A fraction of the parent's size on the same axis.
  ///
  /// - Precondition: `value` is between 0 and 1.
  public static func fraction(_ value: Double) -> Dimension {
    contractPrecondition(value >= 0 && value <= 1, "a fractional dimension must be between 0 and 1: got \(value)")
    return Dimension(unit: .fraction, value: value)
  }

  /// The value in points: `autoValue` for ``auto``, and for a fraction whose parent size is not known (NaN or infinite).
  func resolve(parent: Double, autoValue: Double) -> Double {
    switch unit {
    case .auto: return autoValue
    case .points: return value
    case .fraction:
      return parent.isFinite ? value * parent : autoValue
    }
  }
}

extension Dimension: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
  /// A number of points.
  public init(integerLiteral value: Int) {
    self = .points(Double(value))
  }

  /// A number of points.
  public init(floatLiteral value: Double) {
    self = .points(value)
  }
}

extension Dimension {
  /// The dimension a string names, as Texture's `ASDimensionMake(NSString *)` reads it: `"100pt"` is points, `"50%"`
  /// a fraction (0.5), and `"auto"`, `""` or any string without either suffix is ``auto``.
  ///
  /// The forms ``description`` prints read back: `Dimension("\(dimension)") == dimension`.
  ///
  /// - Precondition: The text before `pt` or `%` is a number (Texture reads anything else as 0), the points are
  ///   finite and not negative, and the percentage is between 0 and 100.
  public init(_ string: String) {
    if string.hasSuffix("pt") {
      self = .points(Self.number(in: string.dropLast(2), of: string))
    } else if string.hasSuffix("%") {
      self = .fraction(Self.number(in: string.dropLast(), of: string) / 100)
    } else {
      self = .auto
    }
  }

  /// The number `text` spells, leading and trailing spaces aside.
  private static func number(in text: Substring, of string: String) -> Double {
    let trimmed = text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
    let number = Double(String(trimmed))
    contractPrecondition(number != nil, "a dimension's string must be a number with pt or %: got \"\(string)\"")
    return number ?? 0
  }
}

extension Dimension: CustomStringConvertible {
  /// `auto`, `100pt` or `50%`.
  public var description: String {
    switch unit {
    case .auto: "auto"
    case .points: "\(value.shortDescription)pt"
    case .fraction: "\((value * 100).shortDescription)%"
    }
  }
}

/// A width and a height, each a ``Dimension``: Texture's `ASLayoutSize`.
///
/// What ``LayoutStyle/preferredLayoutSize``, ``LayoutStyle/minLayoutSize`` and ``LayoutStyle/maxLayoutSize`` read
/// and write, where a size in points (``LayoutStyle/preferredSize``) cannot say a fraction:
///
/// ```swift
/// style.preferredLayoutSize = LayoutSize(width: .fraction(0.5), height: 100)
/// ```
public struct LayoutSize: Hashable, Sendable {
  /// The width.
  public var width: Dimension
  /// The height.
  public var height: Dimension

  /// Creates a size of two dimensions: Texture's `ASLayoutSizeMake`.
  public init(width: Dimension, height: Dimension) {
    self.width = width
    self.height = height
  }

  /// Both dimensions automatic: Texture's `ASLayoutSizeAuto`.
  public static let auto = LayoutSize(width: .auto, height: .auto)
}

extension LayoutSize: CustomStringConvertible {
  /// `{50%, 100pt}`, as Texture's `NSStringFromASLayoutSize`.
  public var description: String { "{\(width), \(height)}" }
}
