/// Reads a PNG file into an ``Image``: 8-bit grayscale, gray with alpha, RGB or RGBA, non-interlaced.
///
/// Every chunk's CRC-32 is checked, the critical chunks must come in order
/// (`IHDR` first, the `IDAT`s together, `IEND` last), and the scanlines may
/// use all five filters. A `tRNS` chunk makes its gray or RGB value
/// transparent. Ancillary chunks are otherwise skipped; unknown critical ones
/// are refused. The pixels come out premultiplied, as ``Image`` stores them.
enum PNGDecoder {
  /// The image in `data`, at `scale` pixels per point.
  static func decode(_ data: [UInt8], scale: Double) throws(PNGError) -> Image {
    let signature = PNGEncoder.signature
    guard data.starts(with: signature.prefix(min(data.count, signature.count))) else { throw .invalidSignature }
    guard data.count >= signature.count else { throw .truncated }
    var header: Header?
    var compressed: [UInt8] = []
    var idatState = 0  // 0: none yet, 1: in the run of IDAT chunks, 2: after it
    var transparentKey: [UInt8]?
    var offset = signature.count
    var sawEnd = false
    while !sawEnd {
      guard offset + 8 <= data.count else { throw .truncated }
      let length = Int(bigEndian(data, offset))
      let typeBytes = Array(data[offset + 4..<offset + 8])
      let type = String(decoding: typeBytes, as: UTF8.self)
      guard length < 1 << 31 else { throw .invalidHeader("chunk \(type) is longer than 2^31 - 1 bytes") }
      guard offset + 12 + length <= data.count else { throw .truncated }
      let body = data[offset + 8..<offset + 8 + length]
      guard CRC32.checksum(data[offset + 4..<offset + 8 + length]) == bigEndian(data, offset + 8 + length) else {
        throw .checksumMismatch(chunk: type)
      }
      offset += 12 + length
      if header == nil, type != "IHDR" { throw .invalidHeader("the first chunk is \(type), not IHDR") }
      if idatState == 1, type != "IDAT" { idatState = 2 }
      switch type {
      case "IHDR":
        guard header == nil else { throw .invalidHeader("a second IHDR chunk") }
        header = try Header(Array(body))
      case "IDAT":
        guard idatState != 2 else { throw .invalidHeader("IDAT chunks are not consecutive") }
        idatState = 1
        compressed += body
      case "IEND":
        sawEnd = true
      case "tRNS":
        transparentKey = Array(body)
      case "PLTE":
        break  // a suggested palette for a true-color image; nothing to do for these color types
      default:
        guard typeBytes[0] & 0x20 != 0 else { throw .unsupported("unknown critical chunk \(type)") }
      }
    }
    guard let header else { throw .invalidHeader("no IHDR chunk") }
    guard idatState != 0 else { throw .invalidHeader("no IDAT chunk") }
    let stride = header.width * header.channels
    let (rawCount, overflow) = (stride + 1).multipliedReportingOverflow(by: header.height)
    guard !overflow else { throw .unsupported("an image of \(header.width)x\(header.height) pixels is too large") }
    let raw = try Inflater.zlibDecompress(compressed, expectedCount: rawCount)
    let rgba = try pixels(raw, header: header, transparentKey: transparentKey)
    return Image(pixelWidth: header.width, pixelHeight: header.height, scale: scale, rgba: rgba)
  }

  /// What `IHDR` says about the image.
  private struct Header {
    var width: Int
    var height: Int
    /// 1 (gray), 2 (gray and alpha), 3 (RGB) or 4 (RGBA) bytes per pixel.
    var channels: Int
    /// The PNG color type: 0 gray, 2 RGB, 4 gray and alpha, 6 RGBA.
    var colorType: UInt8

    init(_ bytes: [UInt8]) throws(PNGError) {
      guard bytes.count == 13 else { throw .invalidHeader("IHDR is \(bytes.count) bytes, not 13") }
      width = Int(bigEndian(bytes, 0))
      height = Int(bigEndian(bytes, 4))
      guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else {
        throw .invalidHeader("invalid dimensions \(width)x\(height)")
      }
      let (depth, colorType) = (bytes[8], bytes[9])
      switch colorType {
      case 0: channels = 1
      case 2: channels = 3
      case 4: channels = 2
      case 6: channels = 4
      case 3: throw .unsupported("palette images")
      default: throw .invalidHeader("invalid color type \(colorType)")
      }
      self.colorType = colorType
      guard [1, 2, 4, 8, 16].contains(depth) else { throw .invalidHeader("invalid bit depth \(depth)") }
      guard depth == 8 else { throw .unsupported("bit depth \(depth)") }
      guard bytes[10] == 0 else { throw .invalidHeader("unknown compression method \(bytes[10])") }
      guard bytes[11] == 0 else { throw .invalidHeader("unknown filter method \(bytes[11])") }
      switch bytes[12] {
      case 0: break
      case 1: throw .unsupported("interlaced images")
      default: throw .invalidHeader("unknown interlace method \(bytes[12])")
      }
    }
  }

  /// Unfilters the scanlines and converts them to premultiplied RGBA.
  private static func pixels(_ raw: [UInt8], header: Header, transparentKey: [UInt8]?) throws(PNGError) -> [UInt8] {
    let channels = header.channels
    let stride = header.width * channels
    // tRNS for gray or RGB: one 16-bit sample per channel; at bit depth 8 only the low bytes matter.
    var key: [UInt8]?
    if let transparentKey, channels == 1 || channels == 3 {
      guard transparentKey.count == channels * 2 else { throw .invalidImageData("tRNS has the wrong length") }
      key = (0..<channels).map { transparentKey[$0 * 2 + 1] }
      // A sample above 255 matches no 8-bit pixel.
      if (0..<channels).contains(where: { transparentKey[$0 * 2] != 0 }) { key = nil }
    }
    var rgba = [UInt8](repeating: 0, count: header.width * header.height * 4)
    var previous = [UInt8](repeating: 0, count: stride)
    var row = [UInt8](repeating: 0, count: stride)
    for y in 0..<header.height {
      let start = y * (stride + 1)
      guard let filter = PNGFilter(rawValue: raw[start]) else {
        throw .invalidImageData("unknown filter type \(raw[start]) on row \(y)")
      }
      for index in 0..<stride { row[index] = raw[start + 1 + index] }
      filter.unfilter(&row, previous: previous, bytesPerPixel: channels)
      for x in 0..<header.width {
        let sample = x * channels
        var pixel: RGBA8
        switch channels {
        case 1: pixel = RGBA8(red: row[sample], green: row[sample], blue: row[sample], alpha: 255)
        case 2: pixel = RGBA8(red: row[sample], green: row[sample], blue: row[sample], alpha: row[sample + 1])
        case 3: pixel = RGBA8(red: row[sample], green: row[sample + 1], blue: row[sample + 2], alpha: 255)
        default:
          pixel = RGBA8(red: row[sample], green: row[sample + 1], blue: row[sample + 2], alpha: row[sample + 3])
        }
        if let key, row[sample..<sample + channels].elementsEqual(key) { pixel.alpha = 0 }
        pixel = pixel.premultiplied
        let target = (y * header.width + x) * 4
        rgba[target] = pixel.red
        rgba[target + 1] = pixel.green
        rgba[target + 2] = pixel.blue
        rgba[target + 3] = pixel.alpha
      }
      swap(&previous, &row)
    }
    return rgba
  }

  /// The four bytes at `offset`, most significant first.
  private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    (offset..<offset + 4).reduce(0) { $0 << 8 | UInt32(bytes[$1]) }
  }
}
