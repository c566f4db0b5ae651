import Testing

@testable import ActorNodes

@Suite("Drawing: reading an image's pixels and comparing images")
struct DrawingPixelTests {
  @Test("pixel(x:y:) reads row-major from the top-left corner, premultiplied as stored")
  func pixelAccess() {
    let image = Image(
      pixelWidth: 2, pixelHeight: 2,
      rgba: [
        1, 2, 3, 255, 4, 5, 6, 255,
        7, 8, 9, 10, 0, 0, 0, 0,
      ])
    #expect(image.pixel(x: 0, y: 0) == RGBA8(red: 1, green: 2, blue: 3, alpha: 255))
    #expect(image.pixel(x: 1, y: 0) == RGBA8(red: 4, green: 5, blue: 6, alpha: 255))
    #expect(image.pixel(x: 0, y: 1) == RGBA8(red: 7, green: 8, blue: 9, alpha: 10))
    #expect(image.pixel(x: 1, y: 1).color == .clear)
  }

  @Test("RGBA8 of a color premultiplies as Image(filledWith:) does; its color un-premultiplies")
  func colorConversion() {
    let color = Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)
    let pixel = RGBA8(color)
    #expect(pixel == RGBA8(red: 128, green: 64, blue: 0, alpha: 128))
    #expect(Image(pixelWidth: 1, pixelHeight: 1, filledWith: color).pixel(x: 0, y: 0) == pixel)
    #expect(pixel.color == Color(red: 1, green: 0.5, blue: 0, alpha: 128.0 / 255))
    #expect(RGBA8(Color(red: 2, green: -1, blue: 0.5)) == RGBA8(red: 255, green: 0, blue: 128, alpha: 255))
  }

  @Test("images compare byte by byte within a tolerance; other pixel sizes never match; scale is ignored")
  func comparison() {
    let gray = Image(pixelWidth: 3, pixelHeight: 2, scale: 2, filledWith: Color(white: 0.5))
    var bytes = gray.rgba
    bytes[5] += 3
    let nudged = Image(pixelWidth: 3, pixelHeight: 2, scale: 1, rgba: bytes)
    #expect(gray.maximumChannelDifference(from: gray) == 0)
    #expect(gray.maximumChannelDifference(from: nudged) == 3)
    #expect(gray.isApproximatelyEqual(to: nudged, tolerance: 3))
    #expect(!gray.isApproximatelyEqual(to: nudged, tolerance: 2))
    #expect(!gray.isApproximatelyEqual(to: nudged))
    let wide = Image(pixelWidth: 2, pixelHeight: 3, filledWith: Color(white: 0.5))
    #expect(gray.maximumChannelDifference(from: wide) == nil)
    #expect(!gray.isApproximatelyEqual(to: wide, tolerance: 255))
  }
}
