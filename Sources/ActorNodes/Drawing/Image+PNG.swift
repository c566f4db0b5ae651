internal import Foundation

extension Image {
  /// The image as a PNG file: 8-bit RGBA, non-interlaced.
  ///
  /// The pixels are un-premultiplied, since PNG stores straight alpha; a
  /// transparent pixel is written as `(0, 0, 0, 0)`. Decoding the result
  /// with ``init(pngData:scale:)`` gives these pixels back exactly (for valid
  /// premultiplied pixels, whose color bytes do not exceed their alpha).
  /// The data is compressed with ActorNodes' own deflate (fixed Huffman
  /// codes over LZ77 matches), so the bytes are the same on every machine.
  /// The scale is not recorded.
  ///
  /// - Returns: The bytes of the PNG file.
  /// - Precondition: The image is at least one pixel wide and high: PNG has no empty images.
  public func pngData() -> [UInt8] {
    PNGEncoder.encode(self)
  }

  /// Decodes a PNG file.
  ///
  /// Reads 8-bit grayscale, grayscale with alpha, RGB and RGBA images that
  /// are not interlaced, with any of the five scanline filters and any
  /// deflate blocks (stored, fixed or dynamic Huffman codes). Every chunk's
  /// CRC-32 and the stream's Adler-32 are checked. A `tRNS` chunk's color
  /// becomes transparent; other ancillary chunks (gamma, color profiles,
  /// text) are ignored. The pixels are premultiplied, as ``Image`` stores them.
  ///
  /// - Parameters:
  ///   - pngData: The bytes of the file.
  ///   - scale: The pixels per point of the image; a PNG does not say.
  /// - Throws: A ``PNGError`` saying why the data is not a PNG this decoder reads.
  /// - Precondition: `scale` is finite and positive.
  public init(pngData: [UInt8], scale: Double = 1) throws(PNGError) {
    contractPrecondition(scale.isFinite && scale > 0, "image scale must be finite and positive")
    self = try PNGDecoder.decode(pngData, scale: scale)
  }

  /// Writes the image to a file as PNG (see ``pngData()``), replacing any file at `path`.
  ///
  /// - Parameter path: The file's path.
  /// - Throws: The file system's error if the file cannot be written.
  /// - Precondition: The image is at least one pixel wide and high.
  public func write(toPNGFile path: String) throws {
    try Data(pngData()).write(to: URL(fileURLWithPath: path), options: .atomic)
  }
}
