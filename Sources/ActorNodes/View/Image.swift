/// An immutable bitmap: the contents of a layer.
///
/// Pixels are 8-bit RGBA, premultiplied, row-major from the top-left corner.
/// The display step draws into these off the main actor; the view model only
/// stores and compares them.
public struct Image: Hashable, Sendable {
  /// The width in pixels.
  public let pixelWidth: Int
  /// The height in pixels.
  public let pixelHeight: Int
  /// Pixels per point.
  public let scale: Double
  /// The pixel bytes, `pixelWidth * pixelHeight * 4` of them.
  public let rgba: [UInt8]

  /// Creates an image from pixel bytes.
  ///
  /// - Precondition: `rgba.count == pixelWidth * pixelHeight * 4`, the
  ///   dimensions are not negative and the scale is finite and positive.
  public init(pixelWidth: Int, pixelHeight: Int, scale: Double = 1, rgba: [UInt8]) {
    contractPrecondition(pixelWidth >= 0 && pixelHeight >= 0, "image dimensions must not be negative")
    contractPrecondition(scale.isFinite && scale > 0, "image scale must be finite and positive")
    let (pixels, overflow) = pixelWidth.multipliedReportingOverflow(by: pixelHeight)
    contractPrecondition(
      !overflow && pixels <= Int.max / 4, "image dimensions must fit in memory: got \(pixelWidth) x \(pixelHeight)")
    contractPrecondition(rgba.count == pixels * 4, "image byte count must be pixelWidth * pixelHeight * 4")
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.scale = scale
    self.rgba = rgba
  }

  /// Creates an image of one color.
  public init(pixelWidth: Int, pixelHeight: Int, scale: Double = 1, filledWith color: Color) {
    func byte(_ component: Double) -> UInt8 { UInt8((min(max(component, 0), 1) * 255).rounded()) }
    let alpha = min(max(color.alpha, 0), 1)
    let pixel = [byte(color.red * alpha), byte(color.green * alpha), byte(color.blue * alpha), byte(alpha)]
    var bytes: [UInt8] = []
    let (pixels, overflow) = pixelWidth.multipliedReportingOverflow(by: pixelHeight)
    contractPrecondition(
      !overflow && pixels <= Int.max / 4, "image dimensions must fit in memory: got \(pixelWidth) x \(pixelHeight)")
    bytes.reserveCapacity(max(pixels, 0) * 4)
    for _ in 0..<max(pixels, 0) { bytes.append(contentsOf: pixel) }
    self.init(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, rgba: bytes)
  }

  /// The size in points: the pixel size divided by the scale.
  public var size: Size { Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }
}

extension Image: CustomStringConvertible {
  public var description: String { "Image(\(pixelWidth)x\(pixelHeight) @\(scale.shortDescription)x)" }
}
