import Testing

@testable import ActorNodes

@Suite("Drawing: the checksums of PNG chunks (CRC-32) and zlib streams (Adler-32)")
struct DrawingChecksumTests {
  @Test("CRC-32 of \"123456789\" is the catalogued check value 0xCBF43926")
  func crc32CheckValue() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum([UInt8]()) == 0)
  }

  @Test("CRC-32 of the IEND chunk type is the AE 42 60 82 that ends every PNG file")
  func crc32OfIEND() {
    #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
  }

  @Test("CRC-32 fed in pieces equals CRC-32 of the whole")
  func crc32Incremental() {
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 31 + 7) }
    var crc = CRC32()
    crc.update(bytes[..<333])
    crc.update(bytes[333...])
    #expect(crc.value == CRC32.checksum(bytes))
  }

  @Test("Adler-32 of \"Wikipedia\" is 0x11E60398")
  func adler32Wikipedia() {
    #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
    #expect(Adler32.checksum([UInt8]()) == 1)
  }

  @Test("Adler-32 reduces its sums in time: a megabyte of 0xFF matches the value zlib gives")
  func adler32LongInput() {
    // zlib.adler32(b"\xff" * 1_000_000)
    #expect(Adler32.checksum([UInt8](repeating: 0xFF, count: 1_000_000)) == 0x3843_E1BE)
  }
}
