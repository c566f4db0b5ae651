/// Why bytes could not be read as a PNG image.
///
/// ``Image/init(pngData:scale:)`` throws these; the associated text says
/// where the data went wrong, and the description is a sentence naming what
/// is wrong (`unsupported PNG: palette images`), for a test's failure message.
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

extension PNGError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .invalidSignature: "not a PNG: the data does not start with the PNG signature"
    case .truncated: "invalid PNG: the data ends before a chunk, the image data or the compressed stream does"
    case .checksumMismatch(let chunk): "invalid PNG: the CRC-32 of chunk \(chunk) does not match its type and data"
    case .invalidHeader(let reason): "invalid PNG chunks or header: \(reason)"
    case .unsupported(let feature): "unsupported PNG: \(feature)"
    case .invalidCompressedData(let reason): "invalid PNG compressed data: \(reason)"
    case .invalidImageData(let reason): "invalid PNG image data: \(reason)"
    }
  }
}
