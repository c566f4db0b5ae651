/// Packs bit fields into bytes, least significant bit first, as deflate streams are written (RFC 1951 § 3.1.1).
struct BitWriter {
  /// The bytes written so far.
  private(set) var bytes: [UInt8] = []
  /// Bits not yet written as a byte, the oldest in the lowest bits.
  private var pending: UInt64 = 0
  /// How many bits `pending` holds (fewer than 32 between calls).
  private var pendingCount = 0

  /// An empty writer.
  init() {}

  /// Appends the low `count` bits of `value`, least significant first.
  ///
  /// - Precondition: `count` is in `0...32` and `value` has no bit set above them.
  mutating func write(_ value: UInt32, count: Int) {
    assert(count <= 32 && (count == 32 || value >> count == 0), "a bit field wider than its count")
    pending |= UInt64(value) << pendingCount
    pendingCount += count
    while pendingCount >= 8 {
      bytes.append(UInt8(truncatingIfNeeded: pending))
      pending >>= 8
      pendingCount -= 8
    }
  }

  /// Pads with zero bits up to the next byte boundary.
  mutating func alignToByte() {
    if pendingCount > 0 { write(0, count: 8 - pendingCount) }
  }

  /// Appends whole bytes; the writer must be at a byte boundary.
  mutating func append(contentsOf data: ArraySlice<UInt8>) {
    assert(pendingCount == 0, "bytes appended off a byte boundary")
    bytes.append(contentsOf: data)
  }

  /// The bytes written, the last one padded with zero bits.
  mutating func finish() -> [UInt8] {
    alignToByte()
    return bytes
  }
}
