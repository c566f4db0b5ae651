/// The CRC-32 checksum of PNG chunks (ISO 3309 / ITU-T V.42, the one zlib's `crc32` computes).
///
/// Reflected polynomial `0xEDB88320`, initial value and final XOR `0xFFFFFFFF`,
/// computed a byte at a time from a 256-entry table.
struct CRC32: Hashable, Sendable {
  /// The running remainder, before the final XOR.
  private var remainder: UInt32 = 0xFFFF_FFFF

  /// The checksum of nothing yet.
  init() {}

  /// The remainder of every byte value, for the byte-at-a-time update.
  private static let table: [UInt32] = (0..<256).map { byte in
    var value = UInt32(byte)
    for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
    return value
  }

  /// Adds `bytes` to the checksum.
  mutating func update(_ bytes: some Sequence<UInt8>) {
    var remainder = self.remainder
    for byte in bytes {
      remainder = Self.table[Int((remainder ^ UInt32(byte)) & 0xFF)] ^ (remainder >> 8)
    }
    self.remainder = remainder
  }

  /// The checksum of the bytes added so far.
  var value: UInt32 { remainder ^ 0xFFFF_FFFF }

  /// The checksum of `bytes`.
  static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc = CRC32()
    crc.update(bytes)
    return crc.value
  }
}
