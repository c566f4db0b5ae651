extension Image {
  /// The pixel at column `x` and row `y`, counted from the top-left corner, premultiplied as stored.
  ///
  /// - Parameters:
  ///   - x: The column, in `0..<pixelWidth`.
  ///   - y: The row, in `0..<pixelHeight`.
  /// - Returns: The pixel's bytes; ``RGBA8/color`` gives its straight color.
  /// - Precondition: The pixel is inside the image.
  public func pixel(x: Int, y: Int) -> RGBA8 {
    contractPrecondition(
      (0..<pixelWidth).contains(x) && (0..<pixelHeight).contains(y),
      "pixel (\(x), \(y)) must be inside the image's \(pixelWidth)x\(pixelHeight) pixels")
    return RGBA8(rgba, at: (y * pixelWidth + x) * 4)
  }

  /// The largest difference between two corresponding bytes of this image and `other`.
  ///
  /// Compares the premultiplied bytes pixel by pixel, ignoring the scale
  /// (an image decoded from PNG has scale 1 whatever it was drawn at).
  ///
  /// - Parameter other: The image to compare with.
  /// - Returns: A difference in `0...255` (0 for identical pixels), or `nil` if the pixel sizes differ.
  public func maximumChannelDifference(from other: Image) -> Int? {
    guard pixelWidth == other.pixelWidth, pixelHeight == other.pixelHeight else { return nil }
    var largest = 0
    for index in rgba.indices { largest = max(largest, abs(Int(rgba[index]) - Int(other.rgba[index]))) }
    return largest
  }

  /// Whether `other` has the same pixel size and no byte differs from this image's by more than `tolerance`.
  ///
  /// The scale is ignored, as in ``maximumChannelDifference(from:)``.
  ///
  /// - Parameters:
  ///   - other: The image to compare with.
  ///   - tolerance: The largest difference allowed per byte; 0 asks for identical pixels.
  /// - Returns: Whether the images match.
  /// - Precondition: `tolerance` is not negative.
  public func isApproximatelyEqual(to other: Image, tolerance: Int = 0) -> Bool {
    contractPrecondition(tolerance >= 0, "an image comparison's tolerance must not be negative: got \(tolerance)")
    guard let difference = maximumChannelDifference(from: other) else { return false }
    return difference <= tolerance
  }
}
