/// A PNG scanline filter (PNG § 9): how each byte is predicted from its neighbours before compression.
///
/// A filtered byte is the raw byte minus a prediction from `a` (the
/// corresponding byte of the pixel to the left), `b` (the byte above) and
/// `c` (the byte above and to the left), all modulo 256; outside the image
/// they are zero.
enum PNGFilter: UInt8, CaseIterable {
  case none = 0
  case sub = 1
  case up = 2
  case average = 3
  case paeth = 4

  /// The Paeth predictor: whichever of `a`, `b`, `c` is closest to `a + b - c` (ties to `a`, then `b`).
  static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    let estimate = Int(a) + Int(b) - Int(c)
    let distanceA = abs(estimate - Int(a))
    let distanceB = abs(estimate - Int(b))
    let distanceC = abs(estimate - Int(c))
    if distanceA <= distanceB, distanceA <= distanceC { return a }
    return distanceB <= distanceC ? b : c
  }

  /// The prediction of byte `index` of a row.
  ///
  /// - Parameters:
  ///   - row: The raw (unfiltered) bytes of the row, at least up to `index - bytesPerPixel`.
  ///   - previous: The raw bytes of the row above (zeros for the first row).
  ///   - index: The byte.
  ///   - bytesPerPixel: The distance to the corresponding byte of the pixel to the left.
  @inline(__always)
  func prediction(_ row: [UInt8], _ previous: [UInt8], _ index: Int, _ bytesPerPixel: Int) -> UInt8 {
    let a = index >= bytesPerPixel ? row[index - bytesPerPixel] : 0
    let b = previous[index]
    switch self {
    case .none: return 0
    case .sub: return a
    case .up: return b
    case .average: return UInt8((Int(a) + Int(b)) / 2)
    case .paeth: return Self.paethPredictor(a, b, index >= bytesPerPixel ? previous[index - bytesPerPixel] : 0)
    }
  }

  /// Filters a raw row: each byte minus its prediction.
  func filter(_ row: [UInt8], previous: [UInt8], bytesPerPixel: Int) -> [UInt8] {
    var filtered = [UInt8](repeating: 0, count: row.count)
    for index in row.indices { filtered[index] = row[index] &- prediction(row, previous, index, bytesPerPixel) }
    return filtered
  }

  /// Reverses ``filter(_:previous:bytesPerPixel:)`` in place: each byte plus its prediction, left to right.
  func unfilter(_ row: inout [UInt8], previous: [UInt8], bytesPerPixel: Int) {
    for index in row.indices { row[index] = row[index] &+ prediction(row, previous, index, bytesPerPixel) }
  }
}
