/// ActorNodes' built-in bitmap typeface: what ``GraphicsContext`` draws text with.
///
/// Each printable ASCII character is a grid of 5 × 9 dots: 7 rows above the
/// baseline (the cap height) and 2 below it (descenders). In the font's
/// units (1,000 per em, as ``FontMetrics``) a dot is 100 units high, so
/// capitals stand 700 units tall and descenders reach 200 below the
/// baseline, inside the ascender and descender that ``TextLayout`` measures
/// lines with. Horizontally, a glyph's inked columns are centered in its
/// advance from ``FontMetrics``, each at most 90 units wide and narrower
/// when the advance is tight (`f`, `j`, `r`, `t`), with 40 units left on
/// each side at least, so text never draws outside the boxes it was
/// measured with. Bold widens each stroke by 40% of a dot.
///
/// Whitespace and zero-width characters draw nothing; a letter with
/// combining marks draws its letter; `…` and the dashes have glyphs of
/// their own; any other character draws a box the size of its advance.
enum BitmapFont {
  /// Dots per row of a glyph.
  static let columns = 5
  /// Rows of a glyph, top to bottom.
  static let rows = 9
  /// Rows above the baseline.
  static let rowsAboveBaseline = 7
  /// A dot's height, in font units.
  static let dotHeight = 100.0
  /// A dot's largest width, in font units.
  static let maximumDotWidth = 90.0
  /// The least room left on each side of a glyph's ink within its advance, in font units.
  static let sideBearing = 40.0
  /// How much wider a bold glyph's strokes are, as a fraction of a dot.
  static let boldening = 0.4

  /// What a character looks like.
  enum Glyph: Hashable {
    /// Dots: bit `row × 5 + column` is set for an inked dot, row 0 at the top, column 0 at the left.
    case bitmap(UInt64)
    /// The outline of a box: a character the font has no glyph for.
    case box
    /// Nothing: whitespace, controls, zero-width characters.
    case blank
  }

  /// The glyphs of the printable ASCII characters, from space (32) to tilde (126).
  private static let asciiBitmaps: [UInt64] = [
    0x000000000000,  // space
    0x000100421084,  // !
    0x00000000294A,  // "
    0x000295F57D4A,  // #
    0x00011F4717C4,  // $
    0x000632222263,  // %
    0x000593511526,  // &
    0x000000000884,  // '
    0x000208210888,  // (
    0x000088842082,  // )
    0x000009575480,  // *
    0x0000084F9080,  // +
    0x00110C000000,  // ,
    0x0000000F8000,  // -
    0x00018C000000,  // .
    0x000002222200,  // /
    0x0003A33AE62E,  // 0
    0x0003884210C4,  // 1
    0x0007C444422E,  // 2
    0x0003A304111F,  // 3
    0x000211F4A988,  // 4
    0x0003A3083C3F,  // 5
    0x0003A317844C,  // 6
    0x00008422221F,  // 7
    0x0003A317462E,  // 8
    0x0001910F462E,  // 9
    0x00000C6018C0,  // :
    0x0000886018C0,  // ;
    0x000208208888,  // <
    0x000001F07C00,  // =
    0x000088882082,  // >
    0x00010044422E,  // ?
    0x0003AB5B422E,  // @
    0x000463F8C62E,  // A
    0x0003E317C62F,  // B
    0x0003A210862E,  // C
    0x0001D318C527,  // D
    0x0007C217843F,  // E
    0x00004217843F,  // F
    0x0007A31E862E,  // G
    0x0004631FC631,  // H
    0x000108421084,  // I
    0x00019284211C,  // J
    0x000452519531,  // K
    0x0007C2108421,  // L
    0x0004631AD771,  // M
    0x0004639ACE31,  // N
    0x0003A318C62E,  // O
    0x00004217C62F,  // P
    0x00059358C62E,  // Q
    0x00045257C62F,  // R
    0x0003E107043E,  // S
    0x00010842109F,  // T
    0x0003A318C631,  // U
    0x00011518C631,  // V
    0x0002AB5AC631,  // W
    0x000462A22A31,  // X
    0x000108454631,  // Y
    0x0007C222221F,  // Z
    0x00038421084E,  // [
    0x000020820820,  // backslash
    0x00039084210E,  // ]
    0x000000004544,  // ^
    0x00F800000000,  // _
    0x000000002082,  // `
    0x0007A3E83800,  // a
    0x0003E319B421,  // b
    0x0003A210B800,  // c
    0x0007A31CDA10,  // d
    0x000383F8B800,  // e
    0x000084211C4C,  // f
    0x0E87A318F800,  // g
    0x00046319B421,  // h
    0x000108421004,  // i
    0x064210842008,  // j
    0x00024A32A421,  // k
    0x000108421084,  // l
    0x00056B5AAC00,  // m
    0x00046319B400,  // n
    0x0003A318B800,  // o
    0x010BE318BC00,  // p
    0x1087A318F800,  // q
    0x00004211B400,  // r
    0x0003E0E0F800,  // s
    0x000304211C42,  // t
    0x0005B318C400,  // u
    0x00011518C400,  // v
    0x0002AB58C400,  // w
    0x000454454400,  // x
    0x0E87A318C400,  // y
    0x0007C4447C00,  // z
    0x00030420884C,  // {
    0x002108421084,  // |
    0x000190882106,  // }
    0x0000008A8800,  // ~
  ]

  /// Three dots on the baseline.
  private static let ellipsis: UInt64 = 0x0005_4000_0000

  /// The glyph of `character`.
  static func glyph(for character: Character) -> Glyph {
    if let ascii = character.asciiValue {
      return (33...126).contains(ascii) ? .bitmap(asciiBitmaps[Int(ascii) - 32]) : .blank
    }
    let scalars = character.unicodeScalars
    let first = scalars.first!
    switch first.value {
    case 0x2026: return .bitmap(ellipsis)
    case 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2212: return .bitmap(asciiBitmaps[Int(UInt8(ascii: "-")) - 32])
    default: break
    }
    if character.isWhitespace || FontMetrics.classify(character).units == 0 { return .blank }
    if first.isASCII { return glyph(for: Character(first)) }  // a letter with combining marks: the letter
    return .box
  }

  /// The inked rectangles of `character` set in `font` with its advance box starting at `x`, in points.
  ///
  /// - Parameters:
  ///   - character: The character.
  ///   - font: Its font.
  ///   - x: The left edge of its advance box.
  ///   - baseline: The baseline's y.
  /// - Returns: Rectangles that do not overlap, inside the advance box and between the font's ascender and
  ///   descender.
  static func rectangles(for character: Character, font: Font, x: Double, baseline: Double) -> [Rect] {
    let advance = font.advance(of: character)
    let unit = font.size / FontMetrics.unitsPerEm
    let room = advance - 2 * sideBearing * unit
    let top = baseline - Double(rowsAboveBaseline) * dotHeight * unit
    let dot = dotHeight * unit
    switch glyph(for: character) {
    case .blank:
      return []
    case .box:
      guard room > 0 else { return [] }
      let left = x + sideBearing * unit
      let stroke = min(maximumDotWidth * unit, room / 3)
      let height = Double(rowsAboveBaseline) * dot
      return [
        Rect(x: left, y: top, width: room, height: dot),
        Rect(x: left, y: top + dot, width: stroke, height: height - 2 * dot),
        Rect(x: left + room - stroke, y: top + dot, width: stroke, height: height - 2 * dot),
        Rect(x: left, y: top + height - dot, width: room, height: dot),
      ]
    case .bitmap(let bits):
      let inked = (0..<columns).filter { column in (0..<rows).contains { bits >> ($0 * columns + column) & 1 == 1 } }
      guard let firstColumn = inked.first, let lastColumn = inked.last, room > 0 else { return [] }
      let inkedColumns = Double(lastColumn - firstColumn + 1)
      let extra = font.weight == .bold ? boldening : 0
      let width = min(maximumDotWidth * unit, room / (inkedColumns + extra))
      let left = x + (advance - (inkedColumns + extra) * width) / 2
      var rectangles: [Rect] = []
      for row in 0..<rows {
        var column = firstColumn
        while column <= lastColumn {
          guard bits >> (row * columns + column) & 1 == 1 else {
            column += 1
            continue
          }
          let start = column
          while column <= lastColumn, bits >> (row * columns + column) & 1 == 1 { column += 1 }
          rectangles.append(
            Rect(
              x: left + Double(start - firstColumn) * width, y: top + Double(row) * dot,
              width: (Double(column - start) + extra) * width, height: dot))
        }
      }
      return rectangles
    }
  }
}
