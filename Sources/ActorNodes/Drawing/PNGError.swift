/// Why bytes could not be read as a PNG image.
///
/// ``Image/init(pngData:scale:)`` throws these; the associated text says
/// where the data went wrong, for a test's failure message.
public enum PNGError: Error, Hashable, Sendable {
  /// The data does not start with the PNG signature.
  case invalidSignature
  /// The data ends before a chunk, the image data or the compressed stream does.
  case truncated
  /// A chunk's CRC-32 does not match its type and data.
  case checksumMismatch(chunk: String)
  /// The chunks are missing, out of order, or `IHDR` describes no valid image.
  case invalidHeader(String)
  /// A valid PNG that this decoder does not read (interlaced, 16-bit, palette, an unknown critical chunk).
  case unsupported(String)
  /// The zlib stream in the `IDAT` chunks is malformed, or its Adler-32 does not match.
  case invalidCompressedData(String)
  /// The decompressed scanlines have the wrong length or an unknown filter type.
  case invalidImageData(String)
}
