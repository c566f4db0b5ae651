import Foundation
import Testing

@testable import ActorNodes

/// Deterministic valid premultiplied pixels: color bytes never above alpha, some transparent, some opaque.
private func testImage(width: Int, height: Int, seed: UInt64 = 7) -> Image {
  var state = seed
  var bytes: [UInt8] = []
  for index in 0..<width * height {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let alpha: UInt8 = index % 5 == 0 ? 255 : index % 7 == 0 ? 0 : UInt8(truncatingIfNeeded: state >> 56)
    let straight = RGBA8(
      red: UInt8(truncatingIfNeeded: state >> 20), green: UInt8(truncatingIfNeeded: state >> 28),
      blue: UInt8(truncatingIfNeeded: state >> 36), alpha: alpha)
    let pixel = straight.premultiplied
    bytes += [pixel.red, pixel.green, pixel.blue, pixel.alpha]
  }
  return Image(pixelWidth: width, pixelHeight: height, scale: 2, rgba: bytes)
}

/// The image a fixture holds: its straight samples from the formula, premultiplied.
private func expectedFixture(width: Int, height: Int, channels: [Int]) -> Image {
  var bytes: [UInt8] = []
  for y in 0..<height {
    for x in 0..<width {
      let samples = channels.map { PNGFixtures.sample(x: x, y: y, channel: $0) }
      let straight: RGBA8
      switch samples.count {
      case 1: straight = RGBA8(red: samples[0], green: samples[0], blue: samples[0], alpha: 255)
      case 2: straight = RGBA8(red: samples[0], green: samples[0], blue: samples[0], alpha: samples[1])
      case 3: straight = RGBA8(red: samples[0], green: samples[1], blue: samples[2], alpha: 255)
      default: straight = RGBA8(red: samples[0], green: samples[1], blue: samples[2], alpha: samples[3])
      }
      let pixel = straight.premultiplied
      bytes += [pixel.red, pixel.green, pixel.blue, pixel.alpha]
    }
  }
  return Image(pixelWidth: width, pixelHeight: height, rgba: bytes)
}

/// A PNG file with a chunk's bytes replaced, its CRC recomputed.
private func rewritingChunk(_ type: String, in file: [UInt8], _ change: (inout [UInt8]) -> Void) -> [UInt8] {
  var offset = 8
  while offset < file.count {
    let length = file[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    guard String(decoding: file[offset + 4..<offset + 8], as: UTF8.self) == type else {
      offset += 12 + length
      continue
    }
    var body = Array(file[offset + 8..<offset + 8 + length])
    change(&body)
    var chunk: [UInt8] = []
    PNGEncoder.appendBigEndian(UInt32(body.count), to: &chunk)
    let typeAndBody = Array(type.utf8) + body
    chunk += typeAndBody
    PNGEncoder.appendBigEndian(CRC32.checksum(typeAndBody), to: &chunk)
    return Array(file[..<offset]) + chunk + Array(file[(offset + 12 + length)...])
  }
  return file
}

private func decodingError(_ bytes: [UInt8]) -> PNGError? {
  do {
    _ = try Image(pngData: bytes)
    return nil
  } catch {
    return error
  }
}

@Suite("Drawing: PNG encoding and decoding")
struct DrawingPNGTests {
  @Test(
    "encode then decode gives the same pixels: 1×1, odd widths, single rows and columns, transparency",
    arguments: [(1, 1), (3, 5), (17, 9), (64, 1), (1, 64), (33, 33)])
  func roundTrip(width: Int, height: Int) throws {
    let image = testImage(width: width, height: height)
    let decoded = try Image(pngData: image.pngData(), scale: 2)
    #expect(decoded == image)
  }

  @Test("a transparent and an opaque 1×1 image survive the round trip")
  func singlePixels() throws {
    for color in [Color.clear, .red, Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5)] {
      let image = Image(pixelWidth: 1, pixelHeight: 1, filledWith: color)
      #expect(try Image(pngData: image.pngData()) == image)
    }
  }

  @Test("un-premultiplying then premultiplying gives every valid premultiplied byte back")
  func premultiplicationRoundTrip() {
    for alpha in 0...255 {
      for byte in 0...alpha {
        let pixel = RGBA8(red: UInt8(byte), green: UInt8(byte), blue: UInt8(alpha - byte), alpha: UInt8(alpha))
        #expect(pixel.unpremultiplied.premultiplied == pixel)
      }
    }
  }

  @Test("the file is a signature, IHDR (8-bit RGBA, not interlaced), IDAT, IEND; alpha is straight")
  func fileLayout() {
    let image = Image(pixelWidth: 3, pixelHeight: 2, filledWith: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    let file = image.pngData()
    #expect(Array(file.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(Array(file[8..<16]) == [0, 0, 0, 13] + Array("IHDR".utf8))
    #expect(Array(file[16..<29]) == [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0])
    #expect(Array(file.suffix(12)) == [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
    // The stored pixel is (128, 0, 0, 128) premultiplied, so PNG's straight red is 255.
    #expect(image.pixel(x: 0, y: 0) == RGBA8(red: 128, green: 0, blue: 0, alpha: 128))
    let raw = try? Inflater.zlibDecompress(Array(file[41..<file.count - 16]), expectedCount: 2 * (1 + 12))
    #expect(raw.map { Array($0[1..<5]) } == [255, 0, 0, 128])
  }

  @Test("a flat 750×1334 screen compresses to a few kilobytes")
  func flatImageIsSmall() throws {
    let image = Image(pixelWidth: 750, pixelHeight: 1334, scale: 2, filledWith: Color(red: 0.2, green: 0.5, blue: 0.9))
    let file = image.pngData()
    #expect(file.count < 10_000)
    #expect(try Image(pngData: file, scale: 2) == image)
  }

  @Test("hand-made files decode: each filter type, RGB, gray, gray with alpha, stored and dynamic blocks")
  func fixtures() throws {
    let cases: [([UInt8], Int, Int, [Int])] = [
      (PNGFixtures.rgba5x4FilterNone, 5, 4, [0, 1, 2, 3]),
      (PNGFixtures.rgba5x4FilterSub, 5, 4, [0, 1, 2, 3]),
      (PNGFixtures.rgba5x4FilterUp, 5, 4, [0, 1, 2, 3]),
      (PNGFixtures.rgba5x4FilterAverage, 5, 4, [0, 1, 2, 3]),
      (PNGFixtures.rgba5x4FilterPaeth, 5, 4, [0, 1, 2, 3]),
      (PNGFixtures.rgb7x5MixedFilters, 7, 5, [0, 1, 2]),
      (PNGFixtures.gray6x3, 6, 3, [0]),
      (PNGFixtures.grayAlpha3x3, 3, 3, [0, 3]),
      (PNGFixtures.rgba9x2Stored, 9, 2, [0, 1, 2, 3]),
      (PNGFixtures.rgb32x24Dynamic, 32, 24, [0, 1, 2]),
    ]
    for (file, width, height, channels) in cases {
      let image = try Image(pngData: file)
      #expect(image == expectedFixture(width: width, height: height, channels: channels))
    }
    // The IDAT of the dynamic fixture starts with a dynamic Huffman block (BTYPE 2).
    let idatStart = 8 + 25 + 8
    #expect((PNGFixtures.rgb32x24Dynamic[idatStart + 2] >> 1) & 3 == 2)
  }

  @Test("a tRNS chunk makes its gray value transparent")
  func transparencyKey() throws {
    let image = try Image(pngData: PNGFixtures.gray6x3Transparent)
    #expect(image.pixel(x: 0, y: 0) == RGBA8(red: 0, green: 0, blue: 0, alpha: 0))
    #expect(image.pixel(x: 1, y: 0) == RGBA8(red: 40, green: 40, blue: 40, alpha: 255))
  }

  @Test("corrupt data throws: signature, CRC, truncation, chunk order, header values")
  func corrupt() {
    let file = testImage(width: 4, height: 3).pngData()
    #expect(decodingError(file) == nil)
    var badSignature = file
    badSignature[1] = 0x51
    #expect(decodingError(badSignature) == .invalidSignature)
    #expect(decodingError(Array("GIF89a".utf8)) == .invalidSignature)
    #expect(decodingError([]) == .truncated)
    for cut in [4, 8, 20, 33, 40, file.count - 13, file.count - 1] {
      #expect(decodingError(Array(file.prefix(cut))) == .truncated, "cut at \(cut)")
    }
    var badCRC = file
    badCRC[29] ^= 1
    #expect(decodingError(badCRC) == .checksumMismatch(chunk: "IHDR"))
    var badData = file
    badData[45] ^= 0x20
    #expect(decodingError(badData) == .checksumMismatch(chunk: "IDAT"))
    let noIHDR = Array(file[..<8]) + Array(file[33...])
    #expect(decodingError(noIHDR) == .invalidHeader("the first chunk is IDAT, not IHDR"))
    #expect(decodingError(rewritingChunk("IHDR", in: file) { $0[3] = 0 }) == .invalidHeader("invalid dimensions 0x3"))
    #expect(decodingError(rewritingChunk("IHDR", in: file) { $0[8] = 16 }) == .unsupported("bit depth 16"))
    #expect(decodingError(rewritingChunk("IHDR", in: file) { $0[9] = 3 }) == .unsupported("palette images"))
    #expect(decodingError(rewritingChunk("IHDR", in: file) { $0[9] = 5 }) == .invalidHeader("invalid color type 5"))
    #expect(decodingError(rewritingChunk("IHDR", in: file) { $0[12] = 1 }) == .unsupported("interlaced images"))
    // One row more than the data holds: the stream is too short for the header.
    #expect(decodingError(rewritingChunk("IHDR", in: file) { $0[7] = 4 }) != nil)
    #expect(decodingError(rewritingChunk("IDAT", in: file) { $0[0] = 0x79 }) != nil)
    #expect(decodingError(Array(file.dropLast(12))) == .truncated)  // no IEND
  }

  @Test("a decoding error describes itself in a sentence naming what is wrong, as print(error) shows it")
  func errorDescriptions() throws {
    let file = testImage(width: 4, height: 3).pngData()
    let palette = try #require(decodingError(rewritingChunk("IHDR", in: file) { $0[9] = 3 }))
    #expect(String(describing: palette) == "unsupported PNG: palette images")
    let any: any Error = palette
    #expect("\(any)" == "unsupported PNG: palette images")
    #expect(
      decodingError(Array("GIF89a".utf8)).map(String.init(describing:))
        == "not a PNG: the data does not start with the PNG signature")
    var badCRC = file
    badCRC[29] ^= 1
    #expect(
      decodingError(badCRC).map(String.init(describing:))
        == "invalid PNG: the CRC-32 of chunk IHDR does not match its type and data")
    #expect(
      decodingError(rewritingChunk("IHDR", in: file) { $0[9] = 5 }).map(String.init(describing:))
        == "invalid PNG chunks or header: invalid color type 5")
    #expect(decodingError([]).map(String.init(describing:))?.hasPrefix("invalid PNG: the data ends before") == true)
    #expect(
      String(describing: PNGError.invalidCompressedData("Adler-32 mismatch"))
        == "invalid PNG compressed data: Adler-32 mismatch")
    #expect(String(describing: PNGError.invalidImageData("x")) == "invalid PNG image data: x")
  }

  @Test("an unknown critical chunk is refused; an unknown ancillary chunk is skipped")
  func unknownChunks() throws {
    let file = testImage(width: 2, height: 2).pngData()
    func inserting(_ type: String) -> [UInt8] {
      var chunk: [UInt8] = [0, 0, 0, 1]
      let typeAndBody = Array(type.utf8) + [42]
      chunk += typeAndBody
      PNGEncoder.appendBigEndian(CRC32.checksum(typeAndBody), to: &chunk)
      return Array(file[..<33]) + chunk + Array(file[33...])
    }
    #expect(decodingError(inserting("ABCD")) == .unsupported("unknown critical chunk ABCD"))
    #expect(try Image(pngData: inserting("abCD")) == Image(pngData: file))
  }

  @Test("write(toPNGFile:) writes the PNG bytes")
  func writeFile() throws {
    let image = testImage(width: 5, height: 4)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("actornodes-\(UUID()).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try image.write(toPNGFile: path)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(bytes == image.pngData())
  }
}
