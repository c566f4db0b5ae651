import Testing

@testable import ActorNodes

/// A glyph as text: `#` for an inked dot, `.` for none, one string per row.
private func art(_ character: Character) -> [String] {
  guard case .bitmap(let bits) = BitmapFont.glyph(for: character) else { return [] }
  return (0..<BitmapFont.rows).map { row in
    String((0..<BitmapFont.columns).map { bits >> (row * BitmapFont.columns + $0) & 1 == 1 ? "#" : "." })
  }
}

/// The pixels of `image` with any ink (alpha above zero).
private func inkedPixels(_ image: Image) -> [(x: Int, y: Int)] {
  var found: [(x: Int, y: Int)] = []
  for y in 0..<image.pixelHeight {
    for x in 0..<image.pixelWidth where image.pixel(x: x, y: y).alpha > 0 { found.append((x, y)) }
  }
  return found
}

@Suite("Drawing: text in the built-in bitmap typeface, where TextLayout measured it")
struct DrawingTextTests {
  @Test("glyphs are 5 × 9 dots: seven rows above the baseline, two for descenders")
  func glyphTable() {
    #expect(art("A") == [".###.", "#...#", "#...#", "#...#", "#####", "#...#", "#...#", ".....", "....."])
    #expect(art("g") == [".....", ".....", ".####", "#...#", "#...#", "#...#", ".####", "....#", ".###."])
    #expect(art("\u{2026}")[6] == "#.#.#")
    for ascii in UInt8(33)...126 {
      #expect(!art(Character(Unicode.Scalar(ascii))).isEmpty, "printable ASCII \(ascii) has a glyph")
    }
    #expect(BitmapFont.glyph(for: " ") == .blank)
    #expect(BitmapFont.glyph(for: "\u{00A0}") == .blank)
    #expect(BitmapFont.glyph(for: "\u{200B}") == .blank)
    #expect(BitmapFont.glyph(for: "e\u{301}") == BitmapFont.glyph(for: "e"))
    #expect(BitmapFont.glyph(for: "\u{2013}") == BitmapFont.glyph(for: "-"))
    #expect(BitmapFont.glyph(for: "€") == .box)
    #expect(BitmapFont.glyph(for: "日") == .box)
  }

  @Test("a dot is 100 font units high: a 10-point I runs from 2 points below the line's top to the baseline")
  func verticalMetrics() {
    // At scale 10 a point is 10 pixels; the line's baseline is at 9 points (100 + 800 units).
    var context = GraphicsContext(size: Size(width: 4, height: 12), scale: 10)
    context.draw("I", at: .zero, fontSize: 10)
    let image = context.makeImage()
    // The stroke: 90 units wide, centered in the 280-unit advance, so x from 0.95 to 1.85 points.
    let column = 14
    #expect((20..<90).allSatisfy { image.pixel(x: column, y: $0) == RGBA8(red: 0, green: 0, blue: 0, alpha: 255) })
    #expect(image.pixel(x: column, y: 19).alpha == 0)
    #expect(image.pixel(x: column, y: 90).alpha == 0)
    let inked = inkedPixels(image)
    #expect(inked.map(\.x).min() == 9)
    #expect(inked.map(\.x).max() == 18)
  }

  @Test("text drawing puts ink inside each line's box and none outside, and every line gets ink")
  func inkInsideLineBoxes() {
    let text =
      AttributedText("Texture keeps the main thread free, ", attributes: .init(font: Font(size: 11)))
      + AttributedText("gjpqy descend", attributes: .init(font: Font(size: 15, weight: .bold), color: .blue))
      + AttributedText(" and Wide MW@% too.", attributes: .init(font: Font(size: 9), color: .red))
    let layout = TextLayout(text, constrainedTo: Size(width: 120, height: .infinity))
    #expect(layout.lines.count >= 3)
    let origin = Point(x: 5.25, y: 7)
    for scale in [1.0, 2.0, 3.0] {
      var context = GraphicsContext(size: Size(width: 140, height: layout.size.height + 20), scale: scale)
      context.draw(layout, at: origin)
      let image = context.makeImage()
      var linesWithInk = Set<Int>()
      for (x, y) in inkedPixels(image) {
        // The pixel, in points, must overlap a line's box.
        let (left, top, right, bottom) = (
          Double(x) / scale, Double(y) / scale, Double(x + 1) / scale, Double(y + 1) / scale
        )
        let line = layout.lines.firstIndex { line in
          let box = line.frame
          return right > origin.x + box.minX && left < origin.x + box.maxX && bottom > origin.y + box.minY
            && top < origin.y + box.maxY
        }
        #expect(line != nil, "ink at pixel (\(x), \(y)) at scale \(scale) is outside every line box")
        if let line { linesWithInk.insert(line) }
      }
      #expect(linesWithInk == Set(layout.lines.indices))
    }
  }

  @Test("ink spans the measured width: from about a side bearing after the start to one before the end")
  func inkSpansMeasuredWidth() {
    let font = Font(size: 20)
    let width = font.width(of: "Hello")
    var context = GraphicsContext(size: Size(width: 100, height: 30), scale: 1)
    context.draw("Hello", at: .zero, font: font)
    let columns = inkedPixels(context.makeImage()).map(\.x)
    // H's ink is 450 units wide centered in 720: it starts 2.7 points in; o's ends 1.1 points before the end.
    #expect(columns.min() == 2)
    #expect(columns.max() == Int((width - 1.1).rounded(.down)))
  }

  @Test("each run draws in its color")
  func runColors() {
    let text =
      AttributedText("III", attributes: .init(font: Font(size: 10), color: .red))
      + AttributedText("III", attributes: .init(font: Font(size: 10), color: .blue))
    var context = GraphicsContext(size: Size(width: 20, height: 12), scale: 4)
    context.draw(TextLayout(text, constrainedTo: Size(width: 100, height: 100)), at: .zero)
    let image = context.makeImage()
    let split = Int(Font(size: 10).width(of: "III") * 4)
    for (x, y) in inkedPixels(image) {
      let pixel = image.pixel(x: x, y: y)
      if x < split { #expect(pixel.blue == 0 && pixel.red > 0) } else { #expect(pixel.red == 0 && pixel.blue > 0) }
    }
  }

  @Test("a truncated line ends with the token's dots on the baseline, inside the line's box")
  func truncationToken() {
    let layout = TextLayout(
      AttributedText("abcdefghijklmnopqrstuvwxyz", attributes: .init(font: Font(size: 10))),
      constrainedTo: Size(width: 40, height: 100), maximumNumberOfLines: 1)
    #expect(layout.isTruncated)
    var context = GraphicsContext(size: Size(width: 50, height: 14), scale: 2)
    context.draw(layout, at: .zero)
    let image = context.makeImage()
    let width = layout.lines[0].frame.width
    // The token is 10 points wide; its dots sit on the baseline (row 6: y 8 to 9 points).
    let tokenStart = Int((width - 10) * 2)
    let tokenInk = inkedPixels(image).filter { $0.x >= tokenStart }
    #expect(!tokenInk.isEmpty)
    #expect(tokenInk.allSatisfy { $0.y >= 16 && $0.y < 18 && Double($0.x) < width * 2 })
  }

  @Test("the token draws in the color of the text's last character, right after the line's text")
  func truncationTokenInTheTextsLastColor() {
    // Adversarial round 25: it drew in the color of the text it followed.
    var text = AttributedText("abc def", attributes: .init(font: Font(size: 10), color: .red))
    text.append("\nghi", attributes: .init(font: Font(size: 10), color: .blue))
    let layout = TextLayout(text, constrainedTo: Size(width: 100, height: 100), maximumNumberOfLines: 1)
    #expect(layout.lines.count == 1 && layout.lines[0].isTruncated)
    var context = GraphicsContext(size: Size(width: 100, height: 14), scale: 2)
    context.draw(layout, at: .zero)
    let image = context.makeImage()
    let split = Font(size: 10).width(of: layout.text.string(in: layout.lines[0].range)) * 2
    let inked = inkedPixels(image)
    #expect(inked.contains { Double($0.x) >= split })
    for (x, y) in inked {
      let pixel = image.pixel(x: x, y: y)
      if Double(x) < split {
        #expect(pixel.blue == 0 && pixel.red > 0)
      } else {
        #expect(pixel.red == 0 && pixel.blue > 0)
      }
    }
  }

  @Test("a string with a newline draws two lines; clip and alpha apply to text as to shapes")
  func stringsClipAndAlpha() {
    var context = GraphicsContext(size: Size(width: 20, height: 30), scale: 1)
    context.draw("I\nI", at: .zero, fontSize: 10, color: .black)
    let rows = Set(inkedPixels(context.makeImage()).map(\.y))
    #expect(rows.contains(5) && rows.contains(17) && !rows.contains(11))

    var faded = GraphicsContext(size: Size(width: 20, height: 12), scale: 10)
    faded.clip(to: Rect(x: 0, y: 0, width: 20, height: 5))
    faded.setAlpha(0.5)
    faded.draw("I", at: .zero, fontSize: 10)
    let image = faded.makeImage()
    #expect(image.pixel(x: 14, y: 30) == RGBA8(red: 0, green: 0, blue: 0, alpha: 128))
    #expect(image.pixel(x: 14, y: 60).alpha == 0)
  }
}
