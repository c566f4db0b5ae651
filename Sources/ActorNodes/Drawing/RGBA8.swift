/// One pixel of an ``Image``: four bytes, red, green, blue and alpha, with the color premultiplied by alpha.
///
/// Premultiplied means each color byte is already scaled by the alpha:
/// half-transparent pure red is `(128, 0, 0, 128)`, not `(255, 0, 0, 128)`,
/// and a fully transparent pixel is `(0, 0, 0, 0)`. This is how ``Image``
/// stores its bytes and how ``GraphicsContext`` composites them.
public struct RGBA8: Hashable, Sendable {
  /// The red byte, premultiplied.
  public var red: UInt8
  /// The green byte, premultiplied.
  public var green: UInt8
  /// The blue byte, premultiplied.
  public var blue: UInt8
  /// The alpha byte: 0 transparent, 255 opaque.
  public var alpha: UInt8

  /// Creates a pixel from its premultiplied bytes.
  ///
  /// - Parameters:
  ///   - red: The red byte, at most `alpha` for a valid premultiplied pixel.
  ///   - green: The green byte, at most `alpha`.
  ///   - blue: The blue byte, at most `alpha`.
  ///   - alpha: The alpha byte.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The pixel of a color: components clamped to `0...1`, multiplied by alpha, scaled to 255 and rounded.
  ///
  /// The same bytes as ``Image/init(pixelWidth:pixelHeight:scale:filledWith:)`` writes.
  ///
  /// - Parameter color: The color, with straight (not premultiplied) components.
  public init(_ color: Color) {
    func byte(_ component: Double) -> UInt8 { UInt8((min(max(component, 0), 1) * 255).rounded()) }
    let alpha = min(max(color.alpha, 0), 1)
    self.init(
      red: byte(color.red * alpha), green: byte(color.green * alpha), blue: byte(color.blue * alpha),
      alpha: byte(alpha))
  }

  /// The pixel's straight (un-premultiplied) color; a transparent pixel is ``Color/clear``.
  public var color: Color {
    guard alpha > 0 else { return .clear }
    let alpha = Double(alpha)
    return Color(
      red: min(Double(red) / alpha, 1), green: min(Double(green) / alpha, 1), blue: min(Double(blue) / alpha, 1),
      alpha: alpha / 255)
  }

  /// The four bytes of `bytes` at `offset`.
  init(_ bytes: [UInt8], at offset: Int) {
    self.init(red: bytes[offset], green: bytes[offset + 1], blue: bytes[offset + 2], alpha: bytes[offset + 3])
  }

  /// Each color byte divided by alpha (rounded, at most 255): the straight bytes a PNG stores.
  var unpremultiplied: RGBA8 {
    guard alpha > 0 else { return RGBA8(red: 0, green: 0, blue: 0, alpha: 0) }
    guard alpha < 255 else { return self }
    let alpha = Int(self.alpha)
    func divide(_ byte: UInt8) -> UInt8 { UInt8(min(255, (Int(byte) * 255 + alpha / 2) / alpha)) }
    return RGBA8(red: divide(red), green: divide(green), blue: divide(blue), alpha: self.alpha)
  }

  /// Each color byte multiplied by alpha (rounded): straight bytes made premultiplied.
  ///
  /// For a valid premultiplied pixel, `unpremultiplied.premultiplied` is the pixel again.
  var premultiplied: RGBA8 {
    guard alpha < 255 else { return self }
    let alpha = Int(self.alpha)
    func multiply(_ byte: UInt8) -> UInt8 { UInt8((Int(byte) * alpha + 127) / 255) }
    return RGBA8(red: multiply(red), green: multiply(green), blue: multiply(blue), alpha: self.alpha)
  }
}

extension RGBA8: CustomStringConvertible {
  /// The four bytes, for test failures: `RGBA8(128, 0, 0, 128)`.
  public var description: String { "RGBA8(\(red), \(green), \(blue), \(alpha))" }
}
