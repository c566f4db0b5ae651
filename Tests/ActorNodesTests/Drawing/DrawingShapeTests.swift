import Testing

@testable import ActorNodes

private let red = RGBA8(red: 255, green: 0, blue: 0, alpha: 255)
private let blue = RGBA8(red: 0, green: 0, blue: 255, alpha: 255)
private let clear = RGBA8(red: 0, green: 0, blue: 0, alpha: 0)

/// The pixels of `image` equal to `pixel`, as (x, y) pairs in row order.
private func pixels(of image: Image, equalTo pixel: RGBA8) -> [[Int]] {
  var found: [[Int]] = []
  for y in 0..<image.pixelHeight {
    for x in 0..<image.pixelWidth where image.pixel(x: x, y: y) == pixel { found.append([x, y]) }
  }
  return found
}

/// Every pixel of the box `x..<x + width`, `y..<y + height`, in row order.
private func box(x: Int, y: Int, width: Int, height: Int) -> [[Int]] {
  (y..<y + height).flatMap { row in (x..<x + width).map { [$0, row] } }
}

/// Whether every pixel of `image` is `inside` within `region` and transparent elsewhere.
private func isExactly(_ image: Image, _ inside: RGBA8, in region: [[Int]]) -> Bool {
  pixels(of: image, equalTo: inside) == region
    && pixels(of: image, equalTo: clear).count == image.pixelWidth * image.pixelHeight - region.count
}

@Suite("Drawing: a graphics context's shapes, blending, clip, transform and alpha")
struct DrawingShapeTests {
  @Test("the bitmap is the size in points times the scale, rounded up; it starts transparent or filled")
  func bitmapSize() {
    let context = GraphicsContext(size: Size(width: 10.3, height: 5), scale: 2)
    #expect(context.pixelWidth == 21)
    #expect(context.pixelHeight == 10)
    #expect(context.makeImage().rgba.allSatisfy { $0 == 0 })
    #expect(context.makeImage().scale == 2)
    let third = GraphicsContext(size: Size(width: 0.7, height: 0), scale: 3)  // 0.7 × 3 = 2.0999999999999996
    #expect((third.pixelWidth, third.pixelHeight) == (3, 0))
    #expect(GraphicsContext(size: Size(width: 0.1 * 3, height: 1), scale: 10).pixelWidth == 3)  // not 4
    let filled = GraphicsContext(size: Size(width: 2, height: 2), scale: 1, fill: .blue).makeImage()
    #expect(filled == Image(pixelWidth: 2, pixelHeight: 2, filledWith: .blue))
  }

  @Test("a pixel-aligned fill at scale 1 writes the exact color, with nothing around it")
  func pixelAlignedFillAtScale1() {
    var context = GraphicsContext(size: Size(width: 10, height: 10), scale: 1)
    context.fill(Rect(x: 2, y: 3, width: 4, height: 5), with: .red)
    #expect(isExactly(context.makeImage(), red, in: box(x: 2, y: 3, width: 4, height: 5)))
  }

  @Test("at scale 2 a rectangle on half points covers whole pixels: exact, twice the size")
  func pixelAlignedFillAtScale2() {
    var context = GraphicsContext(size: Size(width: 10, height: 10), scale: 2)
    context.fill(Rect(x: 1, y: 1.5, width: 2, height: 2), with: .blue)
    #expect(isExactly(context.makeImage(), blue, in: box(x: 2, y: 3, width: 4, height: 4)))
  }

  @Test("an edge inside a pixel covers it partly: half a pixel of opaque red is half-transparent red")
  func antialiasedEdge() {
    var context = GraphicsContext(size: Size(width: 3, height: 1), scale: 1)
    context.fill(Rect(x: 0.5, y: 0, width: 1, height: 1), with: .red)
    let image = context.makeImage()
    #expect(image.pixel(x: 0, y: 0) == RGBA8(red: 128, green: 0, blue: 0, alpha: 128))
    #expect(image.pixel(x: 1, y: 0) == RGBA8(red: 128, green: 0, blue: 0, alpha: 128))
    #expect(image.pixel(x: 2, y: 0) == clear)
  }

  @Test("source-over: half-transparent red over white is pink; over nothing it stays half-transparent")
  func sourceOverBlending() {
    let halfRed = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
    var context = GraphicsContext(size: Size(width: 2, height: 1), scale: 1)
    context.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: .white)
    context.fill(Rect(x: 0, y: 0, width: 2, height: 1), with: halfRed)
    let image = context.makeImage()
    // 128 + 255 × (1 − 128/255) = 255; 0 + 255 × 127/255 = 127.
    #expect(image.pixel(x: 0, y: 0) == RGBA8(red: 255, green: 127, blue: 127, alpha: 255))
    #expect(image.pixel(x: 1, y: 0) == RGBA8(red: 128, green: 0, blue: 0, alpha: 128))
    // Twice over nothing: 128 + 128 × 127/255 = 191.75, alpha likewise.
    context.fill(Rect(x: 1, y: 0, width: 1, height: 1), with: halfRed)
    #expect(context.makeImage().pixel(x: 1, y: 0) == RGBA8(red: 192, green: 0, blue: 0, alpha: 192))
  }

  @Test("a clip keeps drawing inside it, clips intersect, and restoring the state widens the clip again")
  func clip() {
    var context = GraphicsContext(size: Size(width: 10, height: 10), scale: 1)
    context.saveState()
    context.clip(to: Rect(x: 2, y: 2, width: 5, height: 5))
    context.clip(to: Rect(x: 4, y: 0, width: 10, height: 6))
    context.fill(Rect(x: 0, y: 0, width: 10, height: 10), with: .red)
    #expect(isExactly(context.makeImage(), red, in: box(x: 4, y: 2, width: 3, height: 4)))
    context.restoreState()
    context.fill(Rect(x: 0, y: 9, width: 1, height: 1), with: .red)
    #expect(context.makeImage().pixel(x: 0, y: 9) == red)
  }

  @Test("a clip edge inside a pixel lets part of the drawing through")
  func partialClip() {
    var context = GraphicsContext(size: Size(width: 4, height: 4), scale: 1)
    context.clip(to: Rect(x: 0, y: 0, width: 1.5, height: 4))
    context.fill(Rect(x: 0, y: 0, width: 4, height: 1), with: .red)
    let image = context.makeImage()
    #expect(image.pixel(x: 0, y: 0) == red)
    #expect(image.pixel(x: 1, y: 0) == RGBA8(red: 128, green: 0, blue: 0, alpha: 128))
    #expect(image.pixel(x: 2, y: 0) == clear)
  }

  @Test("translate and scale move and stretch later drawing, on top of the context's scale")
  func transform() {
    var context = GraphicsContext(size: Size(width: 10, height: 10), scale: 1)
    context.translateBy(x: 3, y: 1)
    context.fill(Rect(x: 0, y: 0, width: 2, height: 2), with: .red)
    #expect(isExactly(context.makeImage(), red, in: box(x: 3, y: 1, width: 2, height: 2)))

    var scaled = GraphicsContext(size: Size(width: 10, height: 10), scale: 2)
    scaled.translateBy(x: 1, y: 1)
    scaled.scaleBy(x: 2, y: 0.5)
    scaled.fill(Rect(x: 1, y: 2, width: 1, height: 4), with: .blue)
    // x: (1 + 2 × 1) × 2 = 6, width 2 × 2 = 4; y: (1 + 0.5 × 2) × 2 = 4, height 0.5 × 4 × 2 = 4.
    #expect(isExactly(scaled.makeImage(), blue, in: box(x: 6, y: 4, width: 4, height: 4)))
  }

  @Test("save and restore bring back transform, clip and alpha; withSavedState restores when its body ends")
  func savedState() {
    var context = GraphicsContext(size: Size(width: 4, height: 4), scale: 1)
    let result = context.withSavedState { context in
      context.translateBy(x: 2, y: 2)
      context.setAlpha(0.25)
      context.clip(to: Rect(x: 0, y: 0, width: 1, height: 1))
      #expect(context.alpha == 0.25)
      return 7
    }
    #expect(result == 7)
    #expect(context.alpha == 1)
    context.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: .red)
    #expect(isExactly(context.makeImage(), red, in: box(x: 0, y: 0, width: 1, height: 1)))
  }

  @Test("the global alpha fades every drawing; 0 draws nothing; values outside 0...1 are clamped")
  func globalAlpha() {
    var context = GraphicsContext(size: Size(width: 3, height: 1), scale: 1)
    context.setAlpha(0.5)
    context.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: .red)
    context.setAlpha(0)
    context.fill(Rect(x: 1, y: 0, width: 1, height: 1), with: .red)
    context.setAlpha(3)
    #expect(context.alpha == 1)
    context.fill(Rect(x: 2, y: 0, width: 1, height: 1), with: .red)
    let image = context.makeImage()
    #expect(image.pixel(x: 0, y: 0) == RGBA8(red: 128, green: 0, blue: 0, alpha: 128))
    #expect(image.pixel(x: 1, y: 0) == clear)
    #expect(image.pixel(x: 2, y: 0) == red)
  }

  @Test("a rounded rectangle: corners transparent outside the radius, straight edges and inside exact")
  func roundedRectangle() {
    var context = GraphicsContext(size: Size(width: 20, height: 20), scale: 1)
    context.fillRoundedRect(Rect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 8, with: .red)
    let image = context.makeImage()
    for (x, y) in [(0, 0), (19, 0), (0, 19), (19, 19), (1, 1), (18, 18)] {
      #expect(image.pixel(x: x, y: y) == clear, "corner pixel (\(x), \(y))")
    }
    for (x, y) in [(10, 10), (10, 0), (0, 10), (19, 10), (10, 19), (4, 4)] {
      #expect(image.pixel(x: x, y: y) == red, "inner pixel (\(x), \(y))")
    }
    // (2, 2) straddles the arc: its corner (3, 3) is 7.07 from the arc's center (8, 8), its corner (2, 2) 8.49.
    let straddling = image.pixel(x: 2, y: 2).alpha
    #expect(straddling > 0 && straddling < 255)
    // A radius above half the side is clamped: a circle.
    var circle = GraphicsContext(size: Size(width: 20, height: 20), scale: 1)
    circle.fillRoundedRect(Rect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 50, with: .red)
    var ellipse = GraphicsContext(size: Size(width: 20, height: 20), scale: 1)
    ellipse.fillEllipse(in: Rect(x: 0, y: 0, width: 20, height: 20), with: .red)
    #expect(circle.makeImage().isApproximatelyEqual(to: ellipse.makeImage(), tolerance: 1))
    // Clamped to half the *shorter* side (adversarial round 20: each axis was clamped to its own half, an ellipse).
    var stadium = GraphicsContext(size: Size(width: 20, height: 10), scale: 1)
    stadium.fillRoundedRect(Rect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 100, with: .red)
    var five = GraphicsContext(size: Size(width: 20, height: 10), scale: 1)
    five.fillRoundedRect(Rect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 5, with: .red)
    #expect(stadium.makeImage() == five.makeImage())
    #expect(stadium.makeImage().pixel(x: 8, y: 0) == red, "on the straight top edge, between the half circles")
  }

  @Test("an ellipse: center filled, corners empty, edges partly covered, symmetric")
  func ellipse() {
    var context = GraphicsContext(size: Size(width: 20, height: 10), scale: 1)
    context.fillEllipse(in: Rect(x: 0, y: 0, width: 20, height: 10), with: .blue)
    let image = context.makeImage()
    #expect(image.pixel(x: 10, y: 5) == blue)
    #expect(image.pixel(x: 9, y: 4) == blue)
    for (x, y) in [(0, 0), (19, 0), (0, 9), (19, 9), (2, 0)] {
      #expect(image.pixel(x: x, y: y) == clear, "corner pixel (\(x), \(y))")
    }
    let edge = image.pixel(x: 0, y: 4).alpha
    #expect(edge > 0 && edge < 255)
    for y in 0..<10 {
      for x in 0..<20 {
        let alpha = Int(image.pixel(x: x, y: y).alpha)
        #expect(abs(alpha - Int(image.pixel(x: 19 - x, y: y).alpha)) <= 1)
        #expect(abs(alpha - Int(image.pixel(x: x, y: 9 - y).alpha)) <= 1)
      }
    }
    // The covered area is the ellipse's: π × 10 × 5 ≈ 157.08 pixels.
    let area = Double(image.rgba.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }) / 255
    #expect(abs(area - Double.pi * 50) < 0.5)
  }

  @Test("stroked rectangles, rounded rectangles and ellipses are bands centered on the outline")
  func strokes() {
    var context = GraphicsContext(size: Size(width: 10, height: 10), scale: 1)
    context.stroke(Rect(x: 2.5, y: 2.5, width: 5, height: 5), with: .red)
    // Outer 2...8, inner 3...7: a one-pixel frame.
    let frame = box(x: 2, y: 2, width: 6, height: 6).filter { !($0[0] >= 3 && $0[0] < 7 && $0[1] >= 3 && $0[1] < 7) }
    #expect(isExactly(context.makeImage(), red, in: frame))

    var thick = GraphicsContext(size: Size(width: 10, height: 10), scale: 1)
    thick.stroke(Rect(x: 2, y: 2, width: 4, height: 4), with: .red, lineWidth: 8)
    #expect(isExactly(thick.makeImage(), red, in: box(x: 0, y: 0, width: 10, height: 10)))

    var ring = GraphicsContext(size: Size(width: 20, height: 20), scale: 1)
    ring.strokeEllipse(in: Rect(x: 2, y: 2, width: 16, height: 16), with: .blue, lineWidth: 2)
    let ringImage = ring.makeImage()
    #expect(ringImage.pixel(x: 10, y: 10) == clear)
    #expect(ringImage.pixel(x: 0, y: 0) == clear)
    // Rows 9 and 10 touch the middle: the band runs from x ≤ 10 − √80 ≈ 1.06 to x ≥ 10 − √48 ≈ 3.07.
    #expect(ringImage.pixel(x: 2, y: 10) == blue)
    #expect(ringImage.pixel(x: 17, y: 9) == blue)
    #expect(ringImage.pixel(x: 9, y: 2) == blue)

    var rounded = GraphicsContext(size: Size(width: 20, height: 20), scale: 1)
    rounded.strokeRoundedRect(Rect(x: 2, y: 2, width: 16, height: 16), cornerRadius: 4, with: .red, lineWidth: 2)
    let roundedImage = rounded.makeImage()
    #expect(roundedImage.pixel(x: 10, y: 1) == red)
    #expect(roundedImage.pixel(x: 10, y: 2) == red)
    #expect(roundedImage.pixel(x: 10, y: 3) == clear)
    #expect(roundedImage.pixel(x: 10, y: 0) == clear)
    #expect(roundedImage.pixel(x: 10, y: 10) == clear)
    #expect(roundedImage.pixel(x: 1, y: 1) == clear)

    var none = GraphicsContext(size: Size(width: 4, height: 4), scale: 1)
    none.stroke(Rect(x: 1, y: 1, width: 2, height: 2), with: .red, lineWidth: 0)
    none.strokeLine(from: Point(x: 1, y: 1), to: Point(x: 1, y: 1), with: .red)
    #expect(none.makeImage().rgba.allSatisfy { $0 == 0 })
  }

  @Test("lines: horizontal and vertical ones on pixel boundaries are exact; diagonal ones are anti-aliased")
  func lines() {
    var context = GraphicsContext(size: Size(width: 10, height: 10), scale: 1)
    context.strokeLine(from: Point(x: 1, y: 5.5), to: Point(x: 8, y: 5.5), with: .red)
    context.strokeLine(from: Point(x: 0.5, y: 9), to: Point(x: 0.5, y: 7), with: .red)
    #expect(
      isExactly(context.makeImage(), red, in: box(x: 0, y: 5, width: 8, height: 1).dropFirst() + [[0, 7], [0, 8]]))

    var diagonal = GraphicsContext(size: Size(width: 10, height: 10), scale: 1)
    diagonal.strokeLine(from: Point(x: 0, y: 0), to: Point(x: 10, y: 10), with: .blue)
    let image = diagonal.makeImage()
    // The band |x − y| ≤ √2/2 covers 1 − (1 − √2/2)² ≈ 0.914 of a diagonal pixel: alpha ≈ 233.
    for index in 1..<9 { #expect(abs(Int(image.pixel(x: index, y: index).alpha) - 233) <= 3) }
    #expect(image.pixel(x: 0, y: 9) == clear)
    #expect(image.pixel(x: 9, y: 0) == clear)
    #expect(image.pixel(x: 5, y: 3) == clear)
    // The line's area is its length times its width, 10√2, less the corners of its caps outside the bitmap:
    // at each end two right triangles of area 1/8.
    let area = Double(image.rgba.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }) / 255
    #expect(abs(area - (10 * 2.0.squareRoot() - 0.5)) < 0.1)
  }
}
