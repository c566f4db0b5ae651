/// Compresses bytes into a zlib stream (RFC 1950) of deflate blocks (RFC 1951).
///
/// LZ77 over a 32 KiB window, matches found with hash chains of three-byte
/// prefixes, coded with the fixed Huffman codes: a flat image's rows, which
/// PNG filtering turns into runs of zeros, shrink to a few bits per 258
/// bytes. Data that this would expand (noise) is written as stored blocks
/// instead. The output is a pure function of the input.
enum Deflater {
  /// The farthest back a match may start.
  private static let windowSize = 32_768
  /// The shortest and longest match deflate can code.
  private static let minimumMatch = 3
  private static let maximumMatch = 258
  /// How many earlier positions with the same hash are tried before settling for the best match so far.
  private static let maximumChainLength = 64
  /// The hash table has `1 << hashBits` chains.
  private static let hashBits = 15
  /// The most bytes one stored block holds.
  private static let maximumStoredBlock = 65_535

  /// `data` as a zlib stream: header, deflate blocks, Adler-32.
  static func zlibCompress(_ data: [UInt8]) -> [UInt8] {
    // CMF 0x78: deflate with a 32 KiB window; FLG 0x5E: "fast" level, no dictionary, header check bits.
    var stream: [UInt8] = [0x78, 0x5E]
    let fixed = fixedHuffmanBlock(data)
    if fixed.count <= storedLength(data.count) {
      stream += fixed
    } else {
      stream += storedBlocks(data)
    }
    let adler = Adler32.checksum(data)
    stream += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
    return stream
  }

  /// The length of `count` bytes as stored blocks: five bytes of header per block.
  private static func storedLength(_ count: Int) -> Int {
    count + 5 * max(1, (count + maximumStoredBlock - 1) / maximumStoredBlock)
  }

  /// `data` as uncompressed (stored) deflate blocks.
  static func storedBlocks(_ data: [UInt8]) -> [UInt8] {
    var writer = BitWriter()
    var start = 0
    repeat {
      let end = min(start + maximumStoredBlock, data.count)
      writer.write(end == data.count ? 1 : 0, count: 1)  // BFINAL
      writer.write(0, count: 2)  // BTYPE 00: stored
      writer.alignToByte()
      let length = UInt32(end - start)
      writer.write(length, count: 16)
      writer.write(~length & 0xFFFF, count: 16)
      writer.append(contentsOf: data[start..<end])
      start = end
    } while start < data.count
    return writer.finish()
  }

  /// `data` as one deflate block coded with the fixed Huffman codes.
  static func fixedHuffmanBlock(_ data: [UInt8]) -> [UInt8] {
    var writer = BitWriter()
    writer.write(1, count: 1)  // BFINAL
    writer.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    let count = data.count
    let mask = windowSize - 1
    var head = [Int32](repeating: -1, count: 1 << hashBits)
    var previous = [Int32](repeating: -1, count: windowSize)

    func hash(_ position: Int) -> Int {
      let value = Int(data[position]) << 16 | Int(data[position + 1]) << 8 | Int(data[position + 2])
      return (value &* 0x9E37_79B1) >> (32 - hashBits) & ((1 << hashBits) - 1)
    }
    func insert(_ position: Int) {
      let key = hash(position)
      previous[position & mask] = head[key]
      head[key] = Int32(position)
    }

    var position = 0
    while position < count {
      var bestLength = 0
      var bestDistance = 0
      if position + minimumMatch <= count {
        let limit = min(maximumMatch, count - position)
        var candidate = Int(head[hash(position)])
        var chain = maximumChainLength
        while candidate >= 0, position - candidate <= windowSize, chain > 0 {
          // A longer match must agree at the byte just past the best one: check it first.
          if data[candidate + bestLength] == data[position + bestLength] {
            var length = 0
            while length < limit, data[candidate + length] == data[position + length] { length += 1 }
            if length > bestLength {
              bestLength = length
              bestDistance = position - candidate
              if length == limit { break }
            }
          }
          let next = Int(previous[candidate & mask])
          // A slot overwritten by a newer position would lead forward: the chain ends there.
          guard next < candidate else { break }
          candidate = next
          chain -= 1
        }
        insert(position)
      }
      if bestLength >= minimumMatch {
        writeLength(bestLength, to: &writer)
        writeDistance(bestDistance, to: &writer)
        for skipped in position + 1..<position + bestLength where skipped + minimumMatch <= count {
          insert(skipped)
        }
        position += bestLength
      } else {
        writeLiteral(Int(data[position]), to: &writer)
        position += 1
      }
    }
    writeLiteral(256, to: &writer)  // end of block
    return writer.finish()
  }

  /// Writes literal/length symbol `symbol` with its fixed Huffman code (RFC 1951 § 3.2.6).
  private static func writeLiteral(_ symbol: Int, to writer: inout BitWriter) {
    let (code, length): (Int, Int) =
      switch symbol {
      case 0...143: (0x30 + symbol, 8)
      case 144...255: (0x190 + symbol - 144, 9)
      case 256...279: (symbol - 256, 7)
      default: (0xC0 + symbol - 280, 8)
      }
    writer.write(reversed(code, length), count: length)
  }

  /// Writes a match length (3...258): its symbol, then its extra bits.
  private static func writeLength(_ length: Int, to writer: inout BitWriter) {
    var index = DeflateTables.lengthBases.count - 1
    while DeflateTables.lengthBases[index] > length { index -= 1 }
    writeLiteral(257 + index, to: &writer)
    let extra = DeflateTables.lengthExtraBits[index]
    if extra > 0 { writer.write(UInt32(length - DeflateTables.lengthBases[index]), count: extra) }
  }

  /// Writes a match distance (1...32,768): its five-bit code, then its extra bits.
  private static func writeDistance(_ distance: Int, to writer: inout BitWriter) {
    var index = DeflateTables.distanceBases.count - 1
    while DeflateTables.distanceBases[index] > distance { index -= 1 }
    writer.write(reversed(index, 5), count: 5)
    let extra = DeflateTables.distanceExtraBits[index]
    if extra > 0 { writer.write(UInt32(distance - DeflateTables.distanceBases[index]), count: extra) }
  }

  /// The low `length` bits of `code` in reverse order: Huffman codes are packed starting with their first bit.
  static func reversed(_ code: Int, _ length: Int) -> UInt32 {
    var result: UInt32 = 0
    var code = code
    for _ in 0..<length {
      result = result << 1 | UInt32(code & 1)
      code >>= 1
    }
    return result
  }
}
