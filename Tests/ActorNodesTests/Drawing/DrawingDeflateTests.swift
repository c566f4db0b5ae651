import Testing

@testable import ActorNodes

/// 4,000 bytes of text-like data with repeats near and far.
private let sampleText: [UInt8] = {
  let words = Array("ActorNodes draws ".utf8)
  var bytes: [UInt8] = []
  for i in 0..<4000 {
    let byte: UInt8 = (i / 50) % 3 != 0 ? words[(i * i / 7) % 17] : UInt8((i * 7) % 13 + 97)
    bytes.append(byte)
  }
  return bytes
}()

/// `sampleText` compressed by Python's `zlib.compress(data, 9)`: one dynamic Huffman block.
private let sampleTextZlib: [UInt8] = [
  0x78, 0xDA, 0xBD, 0x97, 0x5B, 0x8A, 0x44, 0x21, 0x0C, 0x44, 0xB7, 0x72, 0xB7, 0xE2, 0x06, 0xDC,
  0x83, 0x6D, 0x9C, 0x7E, 0x13, 0x48, 0x02, 0x6E, 0x7F, 0xEC, 0xCC, 0x7C, 0xCC, 0x5F, 0x4F, 0x35,
  0xB7, 0xAE, 0x7F, 0x82, 0x12, 0x4F, 0x71, 0xA0, 0xB0, 0x5D, 0x4E, 0xD7, 0x7E, 0x93, 0xFB, 0x78,
  0x7C, 0x3D, 0xCF, 0xED, 0x3F, 0x9B, 0x32, 0x6D, 0x1B, 0xA2, 0xD5, 0xD6, 0xAA, 0x2A, 0x63, 0xB3,
  0x59, 0x54, 0xBD, 0x15, 0xF3, 0x19, 0xD2, 0x62, 0x78, 0xB5, 0xD8, 0xBA, 0xF7, 0x2D, 0xC4, 0xA6,
  0x74, 0xD3, 0x62, 0x12, 0x2E, 0xA2, 0x65, 0x8A, 0x4B, 0xD5, 0xE8, 0xE5, 0xB5, 0x7A, 0x68, 0x5D,
  0xFB, 0x75, 0x59, 0xC4, 0xD7, 0xD1, 0xA2, 0xD6, 0x65, 0xAE, 0xA3, 0xEB, 0x2E, 0xF0, 0x9C, 0xDF,
  0xCD, 0x2E, 0x63, 0xD7, 0x5D, 0xAB, 0x3E, 0xA2, 0x49, 0x4C, 0xB7, 0xD2, 0x5C, 0xF5, 0x2F, 0x2D,
  0x1C, 0xD5, 0x73, 0x97, 0xB1, 0x6F, 0x42, 0x86, 0xA3, 0xBA, 0xED, 0x32, 0xF6, 0x4D, 0xC8, 0x70,
  0x54, 0x67, 0xB2, 0x52, 0x49, 0x0B, 0x47, 0x25, 0x64, 0xA5, 0x92, 0x16, 0x8E, 0xAA, 0x91, 0x95,
  0x4A, 0x5A, 0x38, 0xAA, 0x3B, 0x59, 0xA9, 0xA4, 0x85, 0xA3, 0xBA, 0x90, 0x95, 0x4A, 0x5A, 0x38,
  0xAA, 0x41, 0x56, 0x2A, 0x69, 0xE1, 0xA8, 0x4E, 0x64, 0xA5, 0x92, 0x16, 0x8E, 0xEA, 0x41, 0x56,
  0x2A, 0x69, 0xE1, 0xA8, 0xAE, 0x64, 0xA5, 0x7E, 0x68, 0xE1, 0xCA, 0x21, 0x2B, 0x95, 0xB4, 0x78,
  0x3B, 0x93, 0x95, 0x4A, 0x5A, 0xBC, 0x9D, 0xC9, 0x4A, 0x25, 0x2D, 0xDE, 0xCE, 0x6C, 0xA5, 0x5E,
  0xB4, 0x78, 0x3B, 0x93, 0x95, 0x4A, 0x5A, 0xBC, 0x9D, 0xC9, 0x4A, 0x25, 0x2D, 0xDE, 0xCE, 0x64,
  0xA5, 0x92, 0x16, 0x6F, 0x67, 0xB2, 0x52, 0x49, 0x8B, 0xB7, 0x33, 0x59, 0xA9, 0xA4, 0xC5, 0xDB,
  0x99, 0xAC, 0x54, 0xD2, 0xE2, 0xED, 0xAC, 0x07, 0x7C, 0xBD, 0xF0, 0x76, 0x6E, 0x07, 0x7C, 0xBD,
  0xF0, 0x76, 0xF6, 0x03, 0xBE, 0x5E, 0x1F, 0xB4, 0x33, 0x3C, 0xF6, 0x1B, 0xD9, 0x02, 0x1E, 0xA2,
]

/// Deterministic pseudo-random bytes (a linear congruential generator), for incompressible data.
private func noise(_ count: Int, seed: UInt64 = 1) -> [UInt8] {
  var state = seed
  return (0..<count).map { _ in
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return UInt8(truncatingIfNeeded: state >> 33)
  }
}

@Suite("Drawing: zlib deflate and inflate written for PNG")
struct DrawingDeflateTests {
  @Test("compress then decompress gives the input back", arguments: [0, 1, 2, 3, 100, 258, 259, 40_000, 100_000])
  func roundTrip(count: Int) throws {
    let inputs = [
      [UInt8](repeating: 7, count: count),
      noise(count),
      (0..<count).map { UInt8(truncatingIfNeeded: $0 / 100) },
      Array(sampleText.prefix(count)),
    ]
    for input in inputs {
      let compressed = Deflater.zlibCompress(input)
      #expect(try Inflater.zlibDecompress(compressed, expectedCount: input.count) == input)
    }
  }

  @Test("runs shrink to about two bits per 258 bytes; noise falls back to stored blocks of 65,535 bytes")
  func sizes() throws {
    let flat = Deflater.zlibCompress([UInt8](repeating: 0, count: 1_000_000))
    #expect(flat.count < 1_500)
    #expect(try Inflater.zlibDecompress(flat, expectedCount: 1_000_000) == [UInt8](repeating: 0, count: 1_000_000))
    let random = noise(200_000)
    let stored = Deflater.zlibCompress(random)
    // 2 header bytes, 4 blocks of symbols, each one or two stored blocks of 5 header bytes, the data, the Adler-32.
    #expect(stored.count >= 2 + 4 * 5 + 200_000 + 4)
    #expect(stored.count <= 2 + 4 * 10 + 200_000 + 4)
    #expect(try Inflater.zlibDecompress(stored, expectedCount: random.count) == random)
  }

  @Test("blocks use fitted (dynamic) codes when they are smaller than the fixed ones, and both inflate")
  func fixedAndDynamicBlocks() throws {
    let inputs = [Array(sampleText), [UInt8](repeating: 9, count: 70_000), Array("hello hello hello hello".utf8), []]
    for input in inputs {
      let fixed = Deflater.deflate(input, codes: .fixed)
      let best = Deflater.deflate(input)
      #expect(try Inflater.inflate(fixed, expectedCount: input.count) == input)
      #expect(try Inflater.inflate(best, expectedCount: input.count) == input)
      #expect(best.count <= fixed.count)
    }
    // The text's first block is dynamic (BTYPE 10 after BFINAL), and much smaller than with fixed codes.
    let text = Deflater.deflate(sampleText)
    #expect((text[0] >> 1) & 3 == 2)
    #expect(Double(text.count) < 0.85 * Double(Deflater.deflate(sampleText, codes: .fixed).count))
  }

  @Test("more than 65,535 symbols are split into blocks, only the last one final")
  func manyBlocks() throws {
    // Noise of 70,000 bytes in a run of mostly literals, with a compressible run between.
    let input = noise(70_000, seed: 3).map { $0 & 0x0F } + [UInt8](repeating: 1, count: 10_000) + noise(80_000)
    let compressed = Deflater.zlibCompress(input)
    #expect(try Inflater.zlibDecompress(compressed, expectedCount: input.count) == input)
    #expect(compressed.count < input.count)
  }

  @Test("length and distance codes: each value gets the code whose range holds it")
  func symbolTables() {
    let wrongLengths = (3...258).filter { length in
      let index = Int(Deflater.lengthIndex[length])
      let base = DeflateTables.lengthBases[index]
      return !(length >= base && length - base < 1 << DeflateTables.lengthExtraBits[index])
    }
    #expect(wrongLengths.isEmpty)
    #expect(Deflater.lengthIndex[258] == 28)  // 258 has a symbol of its own (285)
    let wrongDistances = (1...32_768).filter { distance in
      let index = Deflater.distanceIndex(distance)
      let base = DeflateTables.distanceBases[index]
      return !(distance >= base && distance - base < 1 << DeflateTables.distanceExtraBits[index])
    }
    #expect(wrongDistances.isEmpty)
  }

  @Test("fitted code lengths are optimal when short enough, and limited when not")
  func codeLengths() {
    #expect(HuffmanBlock.codeLengths([5, 0, 3, 1, 1], limit: 15) == [1, 0, 2, 3, 3])
    #expect(HuffmanBlock.codeLengths([0, 0, 0, 4], limit: 15) == [1, 0, 0, 1])
    #expect(HuffmanBlock.codeLengths([0, 0, 0, 0], limit: 15) == [1, 1, 0, 0])
    // Fibonacci counts give an optimal code 24 bits deep; the limit flattens it to 15 and keeps it complete.
    var fibonacci = [1, 1]
    while fibonacci.count < 25 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
    #expect(HuffmanBlock.codeLengths(fibonacci, limit: 30).max() == 24)
    let limited = HuffmanBlock.codeLengths(fibonacci, limit: 15)
    #expect(limited.max()! <= 15)
    #expect(limited.reduce(0.0) { $0 + 1 / Double(1 << $1) } == 1)  // Kraft: a complete prefix code
  }

  @Test("a dynamic Huffman stream from Python's zlib inflates to its text")
  func dynamicHuffmanFromZlib() throws {
    #expect((sampleTextZlib[2] >> 1) & 3 == 2)  // the first block's type: dynamic
    #expect(try Inflater.zlibDecompress(sampleTextZlib, expectedCount: sampleText.count) == sampleText)
  }

  @Test("a stored block from the writer inflates")
  func storedBlock() throws {
    let text = Array("hello hello hello hello".utf8)
    var writer = BitWriter()
    writer.write(0b001, count: 3)  // BFINAL 1, BTYPE 00
    writer.alignToByte()
    writer.write(UInt32(text.count), count: 16)
    writer.write(~UInt32(text.count) & 0xFFFF, count: 16)
    writer.append(contentsOf: text[...])
    #expect(try Inflater.inflate(writer.finish(), expectedCount: text.count) == text)
  }

  @Test("malformed streams throw: header, block type, truncation, checksum, length, distance")
  func malformed() {
    let good = Deflater.zlibCompress(sampleText)
    func rejects(_ bytes: [UInt8], count: Int = sampleText.count) -> PNGError? {
      do {
        _ = try Inflater.zlibDecompress(bytes, expectedCount: count)
        return nil
      } catch {
        return error
      }
    }
    #expect(rejects(good) == nil)
    var badHeader = good
    badHeader[1] ^= 1
    #expect(rejects(badHeader) == .invalidCompressedData("bad zlib header check"))
    #expect(rejects(Array(good.dropLast(5))) == .truncated)
    #expect(rejects(Array(good.prefix(1))) == .truncated)
    var badAdler = good
    badAdler[badAdler.count - 1] ^= 0x40
    #expect(rejects(badAdler) == .invalidCompressedData("Adler-32 mismatch"))
    #expect(rejects(good, count: sampleText.count - 1) == .invalidCompressedData("more data than expected"))
    #expect(rejects(good, count: sampleText.count + 1) != nil)
    // BFINAL 1, BTYPE 11: reserved.
    #expect(rejects([0x78, 0x5E, 0b111]) == .invalidCompressedData("reserved block type 3"))
    // A fixed block whose first symbol is a match (length 3, distance 1) with nothing before it.
    var writer = BitWriter()
    writer.write(0b011, count: 3)  // BFINAL 1, BTYPE 01
    writer.write(Deflater.reversed(1, 7), count: 7)  // symbol 257: length 3
    writer.write(0, count: 5)  // distance code 0: distance 1
    #expect(
      rejects([0x78, 0x5E] + writer.finish() + [0, 0, 0, 1], count: 3)
        == .invalidCompressedData("a distance before the start"))
    // A stored block whose NLEN is not LEN's complement.
    #expect(
      rejects([0x78, 0x5E, 0x01, 0x02, 0x00, 0xFD, 0xFE, 0x41, 0x42], count: 2)
        == .invalidCompressedData("stored block length check"))
    // Flipped bits inside the compressed data: never a crash, always an error or (rarely) other bytes.
    for index in stride(from: 2, to: good.count - 4, by: 7) {
      var flipped = good
      flipped[index] ^= 0x10
      if let bytes = try? Inflater.zlibDecompress(flipped, expectedCount: sampleText.count) {
        #expect(bytes != sampleText)
      }
    }
  }
}
