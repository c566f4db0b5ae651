/// Writes an ``Image`` as a PNG file: 8-bit RGBA, non-interlaced, one `IDAT` chunk.
///
/// Pixels are un-premultiplied (PNG stores straight alpha). Each row gets the
/// filter whose output has the smallest sum of absolute signed bytes (the
/// heuristic the PNG specification suggests and libpng uses), then the rows
/// are compressed with ``Deflater``.
enum PNGEncoder {
  /// The eight bytes every PNG file starts with.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The PNG bytes of `image`.
  ///
  /// - Precondition: The image has at least one pixel in each dimension (PNG has no empty images).
  static func encode(_ image: Image) -> [UInt8] {
    contractPrecondition(
      image.pixelWidth > 0 && image.pixelHeight > 0,
      "a PNG image must be at least 1 pixel wide and high: got \(image.pixelWidth)x\(image.pixelHeight)")
    var header: [UInt8] = []
    appendBigEndian(UInt32(image.pixelWidth), to: &header)
    appendBigEndian(UInt32(image.pixelHeight), to: &header)
    header += [8, 6, 0, 0, 0]  // 8 bits per channel, RGBA, deflate, adaptive filtering, not interlaced
    var file = signature
    appendChunk("IHDR", header, to: &file)
    appendChunk("IDAT", Deflater.zlibCompress(filteredScanlines(image)), to: &file)
    appendChunk("IEND", [], to: &file)
    return file
  }

  /// The rows of `image`, un-premultiplied, each preceded by its filter type.
  private static func filteredScanlines(_ image: Image) -> [UInt8] {
    let stride = image.pixelWidth * 4
    var scanlines: [UInt8] = []
    scanlines.reserveCapacity((stride + 1) * image.pixelHeight)
    var previous = [UInt8](repeating: 0, count: stride)
    var row = [UInt8](repeating: 0, count: stride)
    for y in 0..<image.pixelHeight {
      for index in Swift.stride(from: 0, to: stride, by: 4) {
        let pixel = RGBA8(image.rgba, at: y * stride + index).unpremultiplied
        row[index] = pixel.red
        row[index + 1] = pixel.green
        row[index + 2] = pixel.blue
        row[index + 3] = pixel.alpha
      }
      var best: (filter: PNGFilter, bytes: [UInt8], cost: Int)?
      for filter in PNGFilter.allCases {
        let bytes = filter.filter(row, previous: previous, bytesPerPixel: 4)
        let cost = bytes.reduce(0) { $0 + abs(Int(Int8(bitPattern: $1))) }
        if best == nil || cost < best!.cost { best = (filter, bytes, cost) }
        if cost == 0 { break }
      }
      scanlines.append(best!.filter.rawValue)
      scanlines += best!.bytes
      swap(&previous, &row)
    }
    return scanlines
  }

  /// Appends a chunk: the data's length, the type, the data, and the CRC-32 of type and data.
  private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
    appendBigEndian(UInt32(data.count), to: &file)
    let start = file.count
    file += Array(type.utf8)
    file += data
    appendBigEndian(CRC32.checksum(file[start...]), to: &file)
  }

  /// Appends `value` as four bytes, most significant first.
  static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}
