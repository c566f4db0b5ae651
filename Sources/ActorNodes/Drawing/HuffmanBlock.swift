/// The Huffman codes of one compressed deflate block, and its size in bits (RFC 1951 § 3.2.5–3.2.7).
///
/// A dynamic block's codes are fitted to the block's own symbol counts:
/// canonical Huffman codes, limited to 15 bits (7 for the code-length
/// code) by halving the counts until they fit. The codes' lengths are sent
/// at the block's start, run-length coded. Built from the same tokens, the
/// codes and therefore the bytes are always the same.
struct HuffmanBlock {
  /// The code length of each literal/length symbol (0 to 285) and distance code (0 to 29).
  private let literalLengths: [Int]
  private let distanceLengths: [Int]
  /// Whether the block is dynamic (BTYPE 10) rather than fixed (BTYPE 01).
  private let isDynamic: Bool
  /// A dynamic block's header after BTYPE: the run-length coded code lengths, ready to write.
  private let header: [(value: UInt32, count: Int)]
  /// The block's size in bits, from BFINAL to the end-of-block code.
  let bitCount: Int

  /// The fixed codes, for `tokens`.
  init(fixedFor tokens: ArraySlice<Deflater.Token>) {
    literalLengths =
      [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24)
      + [Int](repeating: 8, count: 8)
    distanceLengths = [Int](repeating: 5, count: 30)
    isDynamic = false
    header = []
    bitCount = 3 + Self.dataBits(tokens, literalLengths: literalLengths, distanceLengths: distanceLengths)
  }

  /// Codes fitted to the symbol counts of `tokens`.
  init(dynamicFor tokens: ArraySlice<Deflater.Token>) {
    var literalCounts = [Int](repeating: 0, count: 286)
    var distanceCounts = [Int](repeating: 0, count: 30)
    for token in tokens {
      if token.distance == 0 {
        literalCounts[Int(token.value)] += 1
      } else {
        literalCounts[257 + Int(Deflater.lengthIndex[Int(token.value)])] += 1
        distanceCounts[Deflater.distanceIndex(Int(token.distance))] += 1
      }
    }
    literalCounts[256] = 1
    literalLengths = Self.codeLengths(literalCounts, limit: 15)
    distanceLengths = Self.codeLengths(distanceCounts, limit: 15)
    isDynamic = true

    // HLIT and HDIST: trailing unused codes need not be sent.
    let literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
    let distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
    let runs = Self.runLengthCoded(Array(literalLengths[..<literalCount]) + Array(distanceLengths[..<distanceCount]))
    var codeLengthCounts = [Int](repeating: 0, count: 19)
    for run in runs { codeLengthCounts[run.symbol] += 1 }
    let codeLengthLengths = Self.codeLengths(codeLengthCounts, limit: 7)
    let codeLengthCodes = Self.canonicalCodes(codeLengthLengths)
    let sentCodeLengthCount = max(
      4, (DeflateTables.codeLengthOrder.lastIndex { codeLengthLengths[$0] > 0 } ?? 0) + 1)

    var header: [(value: UInt32, count: Int)] = [
      (UInt32(literalCount - 257), 5), (UInt32(distanceCount - 1), 5), (UInt32(sentCodeLengthCount - 4), 4),
    ]
    for symbol in DeflateTables.codeLengthOrder.prefix(sentCodeLengthCount) {
      header.append((UInt32(codeLengthLengths[symbol]), 3))
    }
    for run in runs {
      header.append((codeLengthCodes[run.symbol], codeLengthLengths[run.symbol]))
      if run.extraCount > 0 { header.append((UInt32(run.extra), run.extraCount)) }
    }
    self.header = header
    bitCount =
      3 + header.reduce(0) { $0 + $1.count }
      + Self.dataBits(tokens, literalLengths: literalLengths, distanceLengths: distanceLengths)
  }

  /// Writes the block: BFINAL, BTYPE, a dynamic block's code lengths, `tokens`, end of block.
  func write(_ tokens: ArraySlice<Deflater.Token>, isFinal: Bool, to writer: inout BitWriter) {
    writer.write(isFinal ? 1 : 0, count: 1)
    writer.write(isDynamic ? 2 : 1, count: 2)
    for field in header { writer.write(field.value, count: field.count) }
    let literalCodes = Self.canonicalCodes(literalLengths)
    let distanceCodes = Self.canonicalCodes(distanceLengths)
    for token in tokens {
      if token.distance == 0 {
        writer.write(literalCodes[Int(token.value)], count: literalLengths[Int(token.value)])
        continue
      }
      let length = Int(token.value)
      let lengthIndex = Int(Deflater.lengthIndex[length])
      writer.write(literalCodes[257 + lengthIndex], count: literalLengths[257 + lengthIndex])
      let lengthExtra = DeflateTables.lengthExtraBits[lengthIndex]
      if lengthExtra > 0 { writer.write(UInt32(length - DeflateTables.lengthBases[lengthIndex]), count: lengthExtra) }
      let distance = Int(token.distance)
      let distanceIndex = Deflater.distanceIndex(distance)
      writer.write(distanceCodes[distanceIndex], count: distanceLengths[distanceIndex])
      let distanceExtra = DeflateTables.distanceExtraBits[distanceIndex]
      if distanceExtra > 0 {
        writer.write(UInt32(distance - DeflateTables.distanceBases[distanceIndex]), count: distanceExtra)
      }
    }
    writer.write(literalCodes[256], count: literalLengths[256])
  }

  /// The bits the tokens and the end-of-block code take with these code lengths.
  private static func dataBits(
    _ tokens: ArraySlice<Deflater.Token>, literalLengths: [Int], distanceLengths: [Int]
  ) -> Int {
    var bits = literalLengths[256]
    for token in tokens {
      if token.distance == 0 {
        bits += literalLengths[Int(token.value)]
        continue
      }
      let lengthIndex = Int(Deflater.lengthIndex[Int(token.value)])
      let distanceIndex = Deflater.distanceIndex(Int(token.distance))
      bits += literalLengths[257 + lengthIndex] + DeflateTables.lengthExtraBits[lengthIndex]
      bits += distanceLengths[distanceIndex] + DeflateTables.distanceExtraBits[distanceIndex]
    }
    return bits
  }

  /// Huffman code lengths for symbol counts, none longer than `limit`: counts are halved until they fit.
  ///
  /// Fewer than two used symbols get two codes of one bit (symbols 0 and 1
  /// stand in): a complete code, which zlib's decoder requires of some trees.
  static func codeLengths(_ counts: [Int], limit: Int) -> [Int] {
    var counts = counts
    for index in [0, 1] where counts.filter({ $0 > 0 }).count < 2 { counts[index] = max(counts[index], 1) }
    while true {
      let lengths = huffmanLengths(counts)
      if lengths.allSatisfy({ $0 <= limit }) { return lengths }
      counts = counts.map { $0 == 0 ? 0 : max(1, $0 / 2) }
    }
  }

  /// Optimal (unlimited) Huffman code lengths: two queues, leaves sorted by count then symbol.
  private static func huffmanLengths(_ counts: [Int]) -> [Int] {
    var lengths = [Int](repeating: 0, count: counts.count)
    let leaves = counts.indices.filter { counts[$0] > 0 }.sorted { (counts[$0], $0) < (counts[$1], $1) }
    guard leaves.count > 1 else {
      if let only = leaves.first { lengths[only] = 1 }
      return lengths
    }
    // Nodes 0..<leaves.count are the leaves in sorted order; merged nodes follow, by increasing weight.
    var weights = leaves.map { counts[$0] }
    var parents = [Int](repeating: -1, count: 2 * leaves.count - 1)
    var nextLeaf = 0
    var nextMerged = leaves.count
    func takeLightest() -> Int {
      if nextLeaf < leaves.count, nextMerged >= weights.count || weights[nextLeaf] <= weights[nextMerged] {
        nextLeaf += 1
        return nextLeaf - 1
      }
      nextMerged += 1
      return nextMerged - 1
    }
    for _ in 1..<leaves.count {
      let first = takeLightest()
      let second = takeLightest()
      parents[first] = weights.count
      parents[second] = weights.count
      weights.append(weights[first] + weights[second])
    }
    var depths = [Int](repeating: 0, count: weights.count)
    for node in stride(from: weights.count - 2, through: 0, by: -1) { depths[node] = depths[parents[node]] + 1 }
    for (node, symbol) in leaves.enumerated() { lengths[symbol] = depths[node] }
    return lengths
  }

  /// The canonical codes of code lengths, bit-reversed for writing.
  static func canonicalCodes(_ lengths: [Int]) -> [UInt32] {
    var counts = [Int](repeating: 0, count: 16)
    for length in lengths where length > 0 { counts[length] += 1 }
    var nextCode = [Int](repeating: 0, count: 16)
    var code = 0
    for length in 1...15 {
      code = (code + counts[length - 1]) << 1
      nextCode[length] = code
    }
    return lengths.map { length in
      guard length > 0 else { return 0 }
      defer { nextCode[length] += 1 }
      return Deflater.reversed(nextCode[length], length)
    }
  }

  /// Code lengths run-length coded with the code-length alphabet: 0–15 literally, 16 repeats the last
  /// length 3–6 times, 17 and 18 give 3–10 and 11–138 zeros.
  private static func runLengthCoded(_ lengths: [Int]) -> [(symbol: Int, extra: Int, extraCount: Int)] {
    var runs: [(symbol: Int, extra: Int, extraCount: Int)] = []
    var index = 0
    while index < lengths.count {
      let value = lengths[index]
      var run = 1
      while index + run < lengths.count, lengths[index + run] == value { run += 1 }
      index += run
      if value == 0 {
        while run >= 11 {
          let repeats = min(run, 138)
          runs.append((18, repeats - 11, 7))
          run -= repeats
        }
        if run >= 3 {
          runs.append((17, run - 3, 3))
          run = 0
        }
      } else {
        runs.append((value, 0, 0))
        run -= 1
        while run >= 3 {
          let repeats = min(run, 6)
          runs.append((16, repeats - 3, 2))
          run -= repeats
        }
      }
      runs += repeatElement((symbol: value, extra: 0, extraCount: 0), count: run)
    }
    return runs
  }
}
