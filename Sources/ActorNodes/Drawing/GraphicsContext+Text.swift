extension GraphicsContext {
  /// Draws text laid out by a ``TextLayout``, each run in its font and color, with the layout's top-left at `origin`.
  ///
  /// Characters are drawn with ActorNodes' built-in bitmap typeface, each
  /// in the advance box that ``TextLayout`` measured it with (kerning
  /// included) and between its line's top and bottom, so a text node draws
  /// exactly the box it measured. A truncated line ends with the layout's
  /// truncation token, in the font and color of the text's last character
  /// (as Texture styles its token), right after the line's text.
  /// Characters the typeface has no glyph for draw as boxes.
  ///
  /// - Parameters:
  ///   - layout: The lines to draw.
  ///   - origin: Where the layout's top-left corner goes, in user space.
  /// - Precondition: `origin` is finite.
  public mutating func draw(_ layout: TextLayout, at origin: Point) {
    contractPrecondition(origin.isFinite, "drawing geometry must be finite: got \(origin)")
    let runs = layout.text.runs
    for line in layout.lines {
      var ink = TextInk()
      let baseline = origin.y + line.baseline
      var x = origin.x
      let lower = line.range.lowerBound
      let upper = line.range.upperBound
      for index in lower.run..<min(upper.run + 1, runs.count) {
        let run = runs[index]
        let utf8 = run.string.utf8
        let start = index == lower.run ? lower.utf8Offset : 0
        let end = index == upper.run ? upper.utf8Offset : utf8.count
        guard end > start else { continue }
        let first = utf8.index(utf8.startIndex, offsetBy: start)
        let last = utf8.index(first, offsetBy: end - start)
        let characters = run.string[first..<last]
        x = ink.add(characters, attributes: run.attributes, x: x, baseline: baseline)
      }
      if line.isTruncated, let last = runs.last {
        // Right after the line's text: a token wider than the room runs past the line's box, which stays in it.
        _ = ink.add(Substring(layout.truncationToken), attributes: last.attributes, x: x, baseline: baseline)
      }
      for (color, rectangles) in ink.rectanglesByColor {
        fill(Coverage.Rectangles(rectangles.map(deviceBox)), with: color)
      }
    }
  }

  /// Draws a string set on one line per paragraph, with the top-left of its first line at `point`.
  ///
  /// The string is laid out without a width limit (so it wraps only at
  /// newlines) and drawn as ``draw(_:at:)`` draws a layout: its first line's
  /// box is `font.lineHeight` high from `point.y`, its baseline `font.ascent` below.
  ///
  /// - Parameters:
  ///   - string: The text.
  ///   - point: Where the first line's box starts, in user space.
  ///   - font: The font; 12-point regular by default.
  ///   - color: The color; black by default.
  /// - Precondition: `point` is finite.
  public mutating func draw(_ string: String, at point: Point, font: Font = .default, color: Color = .black) {
    let text = AttributedText(string, attributes: AttributedText.Attributes(font: font, color: color))
    draw(TextLayout(text, constrainedTo: Size(width: .infinity, height: .infinity)), at: point)
  }

  /// Draws a string in a regular font of `fontSize` points; see ``draw(_:at:font:color:)``.
  ///
  /// - Parameters:
  ///   - string: The text.
  ///   - point: Where the first line's box starts, in user space.
  ///   - fontSize: The font's point size.
  ///   - color: The color; black by default.
  /// - Precondition: `point` is finite and `fontSize` is finite and positive.
  public mutating func draw(_ string: String, at point: Point, fontSize: Double, color: Color = .black) {
    draw(string, at: point, font: Font(size: fontSize), color: color)
  }

  /// The rectangles a line of text inks, by color in the order the colors first appear.
  private struct TextInk {
    private(set) var rectanglesByColor: [(Color, [Rect])] = []

    /// Adds the glyphs of `characters`, set from `x` on `baseline`, kerned as ``TextLayout`` kerns them.
    ///
    /// - Returns: The x after the last character's advance.
    mutating func add(_ characters: Substring, attributes: AttributedText.Attributes, x: Double, baseline: Double)
      -> Double
    {
      let font = attributes.font
      var x = x
      var previous: UInt8?
      var rectangles: [Rect] = []
      for character in characters {
        let glyph = FontMetrics.classify(character)
        switch glyph.kind {
        case .newline:
          previous = nil
        case .space:
          x += Double(glyph.units) * font.pointsPerUnit
          previous = nil
        case .mark:
          if let before = previous, let ascii = glyph.ascii {
            x += Double(FontMetrics.kerning(before, ascii)) * font.pointsPerUnit
          }
          rectangles += BitmapFont.rectangles(for: character, font: font, x: x, baseline: baseline)
          x += Double(glyph.units) * font.pointsPerUnit
          previous = glyph.ascii
        }
      }
      if let index = rectanglesByColor.firstIndex(where: { $0.0 == attributes.color }) {
        rectanglesByColor[index].1 += rectangles
      } else if !rectangles.isEmpty {
        rectanglesByColor.append((attributes.color, rectangles))
      }
      return x
    }
  }
}
