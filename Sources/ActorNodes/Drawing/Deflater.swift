/// Compresses bytes into a zlib stream (RFC 1950) of deflate blocks (RFC 1951).
///
/// LZ77 over a 32 KiB window finds matches with hash chains of three-byte
/// prefixes. The matches and literals are cut into blocks of at most 65,535
/// symbols, and each block is written in whichever form is smallest: with
/// Huffman codes built for its own symbol counts (a dynamic block), with the
/// fixed codes, or stored. A flat image's rows, which PNG filtering turns
/// into runs of zeros, shrink to about two bits per 258 bytes; noise is
/// stored, five bytes of block header per 65,535 bytes at most (ten when
/// chance matches make a block of symbols hold more bytes than one stored
/// block can). The output is a pure function of the input.
enum Deflater {
  /// Which Huffman codes ``deflate(_:codes:)`` may use.
  enum Codes {
    /// Only the fixed codes (RFC 1951 § 3.2.6), or stored blocks.
    case fixed
    /// Codes fitted to each block, the fixed codes, or stored blocks: whichever is smallest.
    case best
  }

  /// A literal byte or a match, as LZ77 found it.
  struct Token {
    /// The byte (for a literal) or the match length, 3 to 258.
    var value: UInt16
    /// The match distance, 1 to 32,768; 0 for a literal.
    var distance: UInt16
  }

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
  /// The most symbols one Huffman block codes (its end-of-block symbol aside).
  private static let maximumBlockSymbols = 65_535

  /// `data` as a zlib stream: header, deflate blocks, Adler-32.
  static func zlibCompress(_ data: [UInt8]) -> [UInt8] {
    // CMF 0x78: deflate with a 32 KiB window; FLG 0x5E: "fast" level, no dictionary, header check bits.
    var stream: [UInt8] = [0x78, 0x5E]
    stream += deflate(data)
    let adler = Adler32.checksum(data)
    stream += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
    return stream
  }

  /// `data` as a raw deflate stream (no zlib header or checksum).
  ///
  /// - Parameters:
  ///   - data: The bytes to compress.
  ///   - codes: Which Huffman codes the blocks may use.
  static func deflate(_ data: [UInt8], codes: Codes = .best) -> [UInt8] {
    let tokens = matches(data)
    var writer = BitWriter()
    var start = 0
    var byteStart = 0
    repeat {
      let end = min(start + maximumBlockSymbols, tokens.count)
      let block = tokens[start..<end]
      let byteCount = block.reduce(0) { $0 + ($1.distance == 0 ? 1 : Int($1.value)) }
      let isFinal = end == tokens.count
      let bytes = data[byteStart..<byteStart + byteCount]
      let fixed = HuffmanBlock(fixedFor: block)
      let dynamic = codes == .best ? HuffmanBlock(dynamicFor: block) : nil
      let huffman = dynamic.map { $0.bitCount < fixed.bitCount ? $0 : fixed } ?? fixed
      // Stored: per 65,535 bytes at most 5 bytes of header (3 bits, padding, LEN and NLEN), then the bytes.
      let storedBits = 8 * (bytes.count + 5 * max(1, (bytes.count + maximumStoredBlock - 1) / maximumStoredBlock))
      if storedBits < huffman.bitCount {
        writeStored(bytes, isFinal: isFinal, to: &writer)
      } else {
        huffman.write(block, isFinal: isFinal, to: &writer)
      }
      start = end
      byteStart += byteCount
    } while start < tokens.count
    return writer.finish()
  }

  /// Writes `bytes` as stored blocks of at most 65,535 bytes; the last is final if `isFinal`.
  private static func writeStored(_ bytes: ArraySlice<UInt8>, isFinal: Bool, to writer: inout BitWriter) {
    var start = bytes.startIndex
    repeat {
      let end = min(start + maximumStoredBlock, bytes.endIndex)
      writer.write(isFinal && end == bytes.endIndex ? 1 : 0, count: 1)  // BFINAL
      writer.write(0, count: 2)  // BTYPE 00: stored
      writer.alignToByte()
      let length = UInt32(end - start)
      writer.write(length, count: 16)
      writer.write(~length & 0xFFFF, count: 16)
      writer.append(contentsOf: bytes[start..<end])
      start = end
    } while start < bytes.endIndex
  }

  /// The literals and matches of `data`: at each position, the longest match a hash chain offers, else a literal.
  static func matches(_ data: [UInt8]) -> [Token] {
    let count = data.count
    let mask = windowSize - 1
    var head = [Int32](repeating: -1, count: 1 << hashBits)
    var previous = [Int32](repeating: -1, count: windowSize)
    var tokens: [Token] = []

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
        tokens.append(Token(value: UInt16(bestLength), distance: UInt16(bestDistance)))
        for skipped in position + 1..<position + bestLength where skipped + minimumMatch <= count {
          insert(skipped)
        }
        position += bestLength
      } else {
        tokens.append(Token(value: UInt16(data[position]), distance: 0))
        position += 1
      }
    }
    return tokens
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

  /// The length symbol's index (0 for symbol 257) of each match length 0...258 (0...2 unused).
  static let lengthIndex: [UInt8] = (0...258).map { length in
    UInt8(DeflateTables.lengthBases.lastIndex { $0 <= length } ?? 0)
  }

  /// The distance code of a match distance.
  static func distanceIndex(_ distance: Int) -> Int {
    // Codes 2k and 2k + 1 cover distances from 2^k + 1 on: the position of the top bit of distance − 1.
    guard distance > 4 else { return distance - 1 }
    let bits = Int.bitWidth - (distance - 1).leadingZeroBitCount
    return 2 * (bits - 1) + ((distance - 1) >> (bits - 2) & 1)
  }
}
