/// A font: the deterministic ``FontMetrics`` of ActorNodes' one typeface, at a point size and weight.
///
/// Linux has no font system that every machine shares, so text is measured
/// against a built-in table (per-character advances and a few kerning pairs)
/// instead of a real typeface: the same text measures the same everywhere,
/// which is what layouts, their tests and the benchmarks need. The table is
/// shaped like a proportional sans-serif, so wrapping behaves as it would
/// with one.
public struct Font: Hashable, Sendable {
  /// How heavy the strokes are; a bold font's advances are wider.
  public enum Weight: Hashable, Sendable {
    case regular
    case bold
  }

  /// The point size: the length of one em.
  public let size: Double
  /// The weight.
  public let weight: Weight

  /// Creates a font.
  ///
  /// - Parameters:
  ///   - size: The point size.
  ///   - weight: The weight; regular by default.
  /// - Precondition: `size` is finite and positive.
  public init(size: Double, weight: Weight = .regular) {
    contractPrecondition(size.isFinite && size > 0, "a font's size must be finite and positive: got \(size)")
    self.size = size
    self.weight = weight
  }

  /// A regular font of `size` points.
  public static func system(size: Double, weight: Weight = .regular) -> Font {
    Font(size: size, weight: weight)
  }

  /// The default font of text without one: 12 points, regular (as `NSAttributedString`'s default).
  public static let `default` = Font(size: 12)

  /// The distance from the top of a line to its baseline, in points.
  public var ascent: Double { Double(FontMetrics.lineGap / 2 + FontMetrics.ascender) * size / FontMetrics.unitsPerEm }

  /// The height of one line, in points: ascender, descender and line gap.
  public var lineHeight: Double {
    Double(FontMetrics.ascender - FontMetrics.descender + FontMetrics.lineGap) * size / FontMetrics.unitsPerEm
  }

  /// Points per font unit, with the weight's widening.
  var pointsPerUnit: Double {
    switch weight {
    case .regular: size / FontMetrics.unitsPerEm
    case .bold: size * FontMetrics.boldWidening / FontMetrics.unitsPerEm
    }
  }

  /// The advance of `character` in points, without kerning.
  public func advance(of character: Character) -> Double {
    Double(FontMetrics.classify(character).units) * pointsPerUnit
  }

  /// The kerning between `first` and `second` when they are adjacent in one run, in points (usually negative).
  public func kerning(between first: Character, and second: Character) -> Double {
    guard let a = first.asciiValue, let b = second.asciiValue else { return 0 }
    return Double(FontMetrics.kerning(a, b)) * pointsPerUnit
  }

  /// The width of `string` set on one line in this font, kerning included.
  public func width(of string: some StringProtocol) -> Double {
    var width = 0.0
    var previous: UInt8?
    for character in string {
      let glyph = FontMetrics.classify(character)
      if let ascii = glyph.ascii, let before = previous {
        width += Double(FontMetrics.kerning(before, ascii)) * pointsPerUnit
      }
      width += Double(glyph.units) * pointsPerUnit
      previous = glyph.ascii
    }
    return width
  }
}

extension Font: CustomStringConvertible {
  public var description: String {
    "Font(\(size.shortDescription)pt\(weight == .bold ? " bold" : ""))"
  }
}
