/// Decompresses a zlib stream (RFC 1950) of deflate blocks (RFC 1951): stored, fixed and dynamic Huffman.
///
/// Every malformed input throws (a bad header, an over-subscribed code, a
/// distance before the start, a missing end, a wrong Adler-32); so does
/// output beyond the expected length, which a PNG always knows, so a tiny
/// stream cannot expand without bound.
struct Inflater {
  /// A canonical Huffman code as a lookup table indexed by the next `maximumLength` bits of input.
  private struct Code {
    /// Each entry is `length << 12 | symbol`; length 0 marks bits that start no code.
    let table: [UInt16]
    /// The longest code length, so the table has `1 << maximumLength` entries.
    let maximumLength: Int

    /// Builds the code whose symbol `i` has code length `lengths[i]` (0: unused).
    init(lengths: [Int]) throws(PNGError) {
      var counts = [Int](repeating: 0, count: 16)
      for length in lengths { counts[length] += 1 }
      counts[0] = 0
      var left = 1
      for length in 1...15 {
        left = left << 1 - counts[length]
        if left < 0 { throw .invalidCompressedData("over-subscribed Huffman code") }
      }
      let maximumLength = max(1, counts.lastIndex { $0 > 0 } ?? 1)
      var nextCode = [Int](repeating: 0, count: 16)
      var code = 0
      for length in 1...15 {
        code = (code + counts[length - 1]) << 1
        nextCode[length] = code
      }
      var table = [UInt16](repeating: 0, count: 1 << maximumLength)
      for (symbol, length) in lengths.enumerated() where length > 0 {
        let reversed = Int(Deflater.reversed(nextCode[length], length))
        nextCode[length] += 1
        let entry = UInt16(length << 12 | symbol)
        for index in stride(from: reversed, to: table.count, by: 1 << length) { table[index] = entry }
      }
      self.table = table
      self.maximumLength = maximumLength
    }

    /// The fixed literal/length code (RFC 1951 § 3.2.6).
    static let fixedLiterals = try! Code(
      lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24)
        + [Int](repeating: 8, count: 8))
    /// The fixed distance code: five bits each.
    static let fixedDistances = try! Code(lengths: [Int](repeating: 5, count: 30))
  }

  private let input: [UInt8]
  /// The next byte of `input` to load into `bits`.
  private var position: Int
  /// Loaded bits not yet consumed, the next one lowest.
  private var bits: UInt64 = 0
  /// How many bits `bits` holds.
  private var bitCount = 0
  private var output: [UInt8] = []
  private let expectedCount: Int

  private init(input: [UInt8], start: Int, expectedCount: Int) {
    self.input = input
    self.position = start
    self.expectedCount = expectedCount
    // A deflate stream expands at most about 1,032 times: never reserve more than the input could give.
    output.reserveCapacity(min(expectedCount, input.count * 1_032 + 64))
  }

  /// Decompresses the zlib stream `data`, which must hold exactly `expectedCount` bytes.
  ///
  /// - Throws: ``PNGError/invalidCompressedData(_:)`` for a malformed stream or one of another length,
  ///   ``PNGError/truncated`` for one cut short.
  static func zlibDecompress(_ data: [UInt8], expectedCount: Int) throws(PNGError) -> [UInt8] {
    guard data.count >= 2 else { throw .truncated }
    let cmf = Int(data[0])
    let flg = Int(data[1])
    guard cmf & 0x0F == 8, cmf >> 4 <= 7 else { throw .invalidCompressedData("not a deflate zlib stream") }
    guard (cmf << 8 | flg) % 31 == 0 else { throw .invalidCompressedData("bad zlib header check") }
    guard flg & 0x20 == 0 else { throw .invalidCompressedData("zlib preset dictionaries are not supported") }
    var inflater = Inflater(input: data, start: 2, expectedCount: expectedCount)
    try inflater.inflateBlocks()
    guard inflater.output.count == expectedCount else {
      throw .invalidCompressedData("stream holds \(inflater.output.count) bytes, expected \(expectedCount)")
    }
    // The Adler-32 follows the last block, big-endian, from the next byte boundary.
    inflater.dropBits(inflater.bitCount % 8)
    var adler: UInt32 = 0
    for _ in 0..<4 { adler = adler << 8 | UInt32(try inflater.read(8)) }
    guard adler == Adler32.checksum(inflater.output) else { throw .invalidCompressedData("Adler-32 mismatch") }
    return inflater.output
  }

  /// Decompresses a raw deflate stream (no zlib header or checksum) of exactly `expectedCount` bytes.
  static func inflate(_ data: [UInt8], expectedCount: Int) throws(PNGError) -> [UInt8] {
    var inflater = Inflater(input: data, start: 0, expectedCount: expectedCount)
    try inflater.inflateBlocks()
    guard inflater.output.count == expectedCount else {
      throw .invalidCompressedData("stream holds \(inflater.output.count) bytes, expected \(expectedCount)")
    }
    return inflater.output
  }

  /// Reads blocks up to and including the one marked final.
  private mutating func inflateBlocks() throws(PNGError) {
    var isFinal = false
    while !isFinal {
      isFinal = try read(1) == 1
      switch try read(2) {
      case 0: try copyStoredBlock()
      case 1: try inflateBlock(literals: Code.fixedLiterals, distances: Code.fixedDistances)
      case 2:
        let (literals, distances) = try readDynamicCodes()
        try inflateBlock(literals: literals, distances: distances)
      default: throw .invalidCompressedData("reserved block type 3")
      }
    }
  }

  /// Loads whole bytes of input until `bits` holds more than 56 bits or the input ends.
  private mutating func refill() {
    while bitCount <= 56, position < input.count {
      bits |= UInt64(input[position]) << bitCount
      position += 1
      bitCount += 8
    }
  }

  /// Discards `count` loaded bits.
  private mutating func dropBits(_ count: Int) {
    bits >>= count
    bitCount -= count
  }

  /// Reads a `count`-bit field (at most 32), least significant bit first.
  private mutating func read(_ count: Int) throws(PNGError) -> Int {
    if bitCount < count { refill() }
    guard bitCount >= count else { throw .truncated }
    let value = Int(bits & (1 << count - 1))
    dropBits(count)
    return value
  }

  /// Reads one symbol of `code`.
  private mutating func decode(_ code: Code) throws(PNGError) -> Int {
    if bitCount < code.maximumLength { refill() }
    let entry = Int(code.table[Int(bits & (1 << code.maximumLength - 1))])
    let length = entry >> 12
    guard length > 0 else { throw .invalidCompressedData("a bit sequence that is no Huffman code") }
    // Past the end of input the table was indexed with zero bits: the code must fit in what was there.
    guard length <= bitCount else { throw .truncated }
    dropBits(length)
    return entry & 0xFFF
  }

  /// Copies a stored block: from the next byte boundary, LEN and its complement NLEN, then LEN bytes.
  private mutating func copyStoredBlock() throws(PNGError) {
    dropBits(bitCount % 8)
    let length = try read(16)
    let complement = try read(16)
    guard length == ~complement & 0xFFFF else { throw .invalidCompressedData("stored block length check") }
    // Give back the whole bytes still loaded, then copy straight from the input.
    position -= bitCount / 8
    bits = 0
    bitCount = 0
    guard position + length <= input.count else { throw .truncated }
    guard output.count + length <= expectedCount else { throw .invalidCompressedData("more data than expected") }
    output.append(contentsOf: input[position..<position + length])
    position += length
  }

  /// Reads a dynamic block's header: the code-length code, then the literal/length and distance codes.
  private mutating func readDynamicCodes() throws(PNGError) -> (literals: Code, distances: Code) {
    let literalCount = try read(5) + 257
    let distanceCount = try read(5) + 1
    let codeLengthCount = try read(4) + 4
    guard literalCount <= 286, distanceCount <= 30 else {
      throw .invalidCompressedData("too many literal/length or distance codes")
    }
    var codeLengthLengths = [Int](repeating: 0, count: 19)
    for index in 0..<codeLengthCount { codeLengthLengths[DeflateTables.codeLengthOrder[index]] = try read(3) }
    let codeLengthCode = try Code(lengths: codeLengthLengths)
    var lengths: [Int] = []
    lengths.reserveCapacity(literalCount + distanceCount)
    while lengths.count < literalCount + distanceCount {
      let symbol = try decode(codeLengthCode)
      let (value, repeats): (Int, Int)
      switch symbol {
      case 0...15: (value, repeats) = (symbol, 1)
      case 16:
        guard let last = lengths.last else { throw .invalidCompressedData("a repeat with no length before it") }
        (value, repeats) = (last, 3 + (try read(2)))
      case 17: (value, repeats) = (0, 3 + (try read(3)))
      default: (value, repeats) = (0, 11 + (try read(7)))
      }
      guard lengths.count + repeats <= literalCount + distanceCount else {
        throw .invalidCompressedData("code lengths repeat past the end")
      }
      lengths += repeatElement(value, count: repeats)
    }
    guard lengths[256] > 0 else { throw .invalidCompressedData("no code for the end of block") }
    return (try Code(lengths: Array(lengths[..<literalCount])), try Code(lengths: Array(lengths[literalCount...])))
  }

  /// Decodes literals and matches with the given codes up to the end-of-block symbol.
  private mutating func inflateBlock(literals: Code, distances: Code) throws(PNGError) {
    while true {
      let symbol = try decode(literals)
      if symbol < 256 {
        guard output.count < expectedCount else { throw .invalidCompressedData("more data than expected") }
        output.append(UInt8(symbol))
        continue
      }
      if symbol == 256 { return }
      let lengthIndex = symbol - 257
      guard lengthIndex < DeflateTables.lengthBases.count else {
        throw .invalidCompressedData("invalid length symbol \(symbol)")
      }
      let length = DeflateTables.lengthBases[lengthIndex] + (try read(DeflateTables.lengthExtraBits[lengthIndex]))
      let distanceIndex = try decode(distances)
      guard distanceIndex < DeflateTables.distanceBases.count else {
        throw .invalidCompressedData("invalid distance symbol \(distanceIndex)")
      }
      let distance =
        DeflateTables.distanceBases[distanceIndex] + (try read(DeflateTables.distanceExtraBits[distanceIndex]))
      guard distance <= output.count else { throw .invalidCompressedData("a distance before the start") }
      guard output.count + length <= expectedCount else { throw .invalidCompressedData("more data than expected") }
      let start = output.count - distance
      if distance >= length {
        output.append(contentsOf: output[start..<start + length])
      } else {
        for offset in 0..<length { output.append(output[start + offset]) }
      }
    }
  }
}
