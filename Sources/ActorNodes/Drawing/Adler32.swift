/// The Adler-32 checksum that ends a zlib stream (RFC 1950): two sums modulo 65,521.
struct Adler32: Hashable, Sendable {
  /// The largest prime below 2^16.
  private static let modulus: UInt32 = 65_521
  /// The most bytes that can be summed before `b` could overflow 32 bits (zlib's `NMAX`).
  private static let blockLength = 5_552

  /// 1 plus the sum of the bytes.
  private var a: UInt32 = 1
  /// The sum of the successive values of `a`.
  private var b: UInt32 = 0

  /// The checksum of nothing yet.
  init() {}

  /// Adds `bytes` to the checksum.
  mutating func update(_ bytes: some Collection<UInt8>) {
    var a = self.a
    var b = self.b
    var pending = 0
    for byte in bytes {
      a &+= UInt32(byte)
      b &+= a
      pending += 1
      if pending == Self.blockLength {
        a %= Self.modulus
        b %= Self.modulus
        pending = 0
      }
    }
    self.a = a % Self.modulus
    self.b = b % Self.modulus
  }

  /// The checksum of the bytes added so far: `b` in the high 16 bits, `a` in the low.
  var value: UInt32 { b << 16 | a }

  /// The checksum of `bytes`.
  static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
    var adler = Adler32()
    adler.update(bytes)
    return adler.value
  }
}
