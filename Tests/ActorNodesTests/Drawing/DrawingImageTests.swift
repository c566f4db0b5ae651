import Testing

@testable import ActorNodes

private let red = RGBA8(red: 255, green: 0, blue: 0, alpha: 255)
private let green = RGBA8(red: 0, green: 255, blue: 0, alpha: 255)
private let blue = RGBA8(red: 0, green: 0, blue: 255, alpha: 255)
private let white = RGBA8(red: 255, green: 255, blue: 255, alpha: 255)

/// A 2×2 image: red, green on top; blue, white below.
private let quadrants = Image(
  pixelWidth: 2, pixelHeight: 2, scale: 1,
  rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])

@Suite("Drawing: images drawn into a graphics context")
struct DrawingImageTests {
  @Test("an image drawn at twice its size with nearest-neighbour sampling repeats each pixel 2×2")
  func nearestUpscale() {
    for scale in [1.0, 2.0] {
      var context = GraphicsContext(size: Size(width: 4 / scale, height: 4 / scale), scale: scale)
      context.draw(quadrants, in: Rect(x: 0, y: 0, width: 4 / scale, height: 4 / scale), interpolation: .nearest)
      let image = context.makeImage()
      for y in 0..<4 {
        for x in 0..<4 {
          let expected = y < 2 ? (x < 2 ? red : green) : (x < 2 ? blue : white)
          #expect(image.pixel(x: x, y: y) == expected, "pixel (\(x), \(y)) at scale \(scale)")
        }
      }
    }
  }

  @Test("bilinear upscaling blends neighbours, clamps at the edges, and keeps the corners exact")
  func bilinearUpscale() {
    var context = GraphicsContext(size: Size(width: 4, height: 4), scale: 1)
    context.draw(quadrants, in: Rect(x: 0, y: 0, width: 4, height: 4))
    let image = context.makeImage()
    #expect(image.pixel(x: 0, y: 0) == red)
    #expect(image.pixel(x: 3, y: 0) == green)
    #expect(image.pixel(x: 0, y: 3) == blue)
    #expect(image.pixel(x: 3, y: 3) == white)
    // Pixel (1, 0)'s center maps to u = 0.25 past red's center: 0.75 red + 0.25 green.
    #expect(image.pixel(x: 1, y: 0) == RGBA8(red: 191, green: 64, blue: 0, alpha: 255))
    // Pixel (1, 1): 0.5625 red + 0.1875 green + 0.1875 blue + 0.0625 white.
    #expect(image.pixel(x: 1, y: 1) == RGBA8(red: 159, green: 64, blue: 64, alpha: 255))
  }

  @Test("an image drawn at its own size on whole pixels is copied exactly, with either interpolation")
  func identity() {
    var bytes: [UInt8] = []
    for index in 0..<35 {
      let alpha = UInt8(index * 7)
      bytes += [alpha / 3, alpha / 2, alpha, alpha]
    }
    let source = Image(pixelWidth: 7, pixelHeight: 5, scale: 2, rgba: bytes)
    for interpolation in [GraphicsContext.ImageInterpolation.nearest, .bilinear] {
      var context = GraphicsContext(size: source.size, scale: 2)
      context.draw(source, in: Rect(origin: .zero, size: source.size), interpolation: interpolation)
      #expect(context.makeImage() == source)
    }
  }

  @Test("images composite source-over with their premultiplied alpha and the context's alpha")
  func alphaAndBlending() {
    let halfRed = Image(pixelWidth: 1, pixelHeight: 1, filledWith: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    var context = GraphicsContext(size: Size(width: 3, height: 1), scale: 1, fill: .white)
    context.draw(halfRed, in: Rect(x: 0, y: 0, width: 1, height: 1))
    context.draw(Image(pixelWidth: 1, pixelHeight: 1, filledWith: .clear), in: Rect(x: 1, y: 0, width: 1, height: 1))
    context.setAlpha(0.5)
    context.draw(Image(pixelWidth: 1, pixelHeight: 1, filledWith: .blue), in: Rect(x: 2, y: 0, width: 1, height: 1))
    let image = context.makeImage()
    #expect(image.pixel(x: 0, y: 0) == RGBA8(red: 255, green: 127, blue: 127, alpha: 255))
    #expect(image.pixel(x: 1, y: 0) == white)
    // Blue at alpha 0.5 over white: 255 × (1 − 0.5) = 127.5, rounded half away from zero.
    #expect(image.pixel(x: 2, y: 0) == RGBA8(red: 128, green: 128, blue: 255, alpha: 255))
  }

  @Test("a flipped transform flips the image; the clip cuts it")
  func flipAndClip() {
    var context = GraphicsContext(size: Size(width: 4, height: 2), scale: 1)
    context.clip(to: Rect(x: 0, y: 0, width: 4, height: 1))
    context.translateBy(x: 4, y: 0)
    context.scaleBy(x: -1, y: 1)
    context.draw(quadrants, in: Rect(x: 0, y: 0, width: 4, height: 2), interpolation: .nearest)
    let image = context.makeImage()
    #expect((0..<4).map { image.pixel(x: $0, y: 0) } == [green, green, red, red])
    #expect((0..<4).allSatisfy { image.pixel(x: $0, y: 1).alpha == 0 })
  }

  @Test("an empty image or an empty rectangle draws nothing")
  func empty() {
    var context = GraphicsContext(size: Size(width: 2, height: 2), scale: 1)
    context.draw(Image(pixelWidth: 0, pixelHeight: 0, rgba: []), in: Rect(x: 0, y: 0, width: 2, height: 2))
    context.draw(quadrants, in: Rect(x: 0, y: 0, width: 0, height: 2))
    #expect(context.makeImage().rgba.allSatisfy { $0 == 0 })
  }
}
