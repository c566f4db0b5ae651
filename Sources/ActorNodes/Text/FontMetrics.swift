/// The metrics table of ActorNodes' built-in typeface, in font units (1,000 per em).
///
/// The values are ActorNodes' own, shaped like a proportional sans-serif:
/// narrow `i`/`l`/punctuation, wide `m`/`w`/`M`/`W`, tabular digits. They are
/// constants, so a measurement is the same on every machine. Characters
/// outside ASCII get the advance of their class: wide East Asian characters
/// one em, emoji 1.15 em, marks and zero-width characters nothing, others
/// 0.6 em. A few pairs (`AV`, `To`, `y.`, …) are kerned.
enum FontMetrics {
  /// Font units per em.
  static let unitsPerEm = 1000.0
  /// The height above the baseline.
  static let ascender = 800
  /// The depth below the baseline (negative).
  static let descender = -200
  /// The space between lines, half above the ascender and half below the descender.
  static let lineGap = 200
  /// How much wider a bold font's advances are.
  static let boldWidening = 1.07

  /// What a character is to the line breaker, with its advance.
  struct Glyph {
    enum Kind {
      /// Visible: part of a word.
      case mark
      /// Whitespace: a line may break after it, and it hangs at the end of a line.
      case space
      /// A hard line break.
      case newline
    }
    /// The advance in font units.
    var units: Int
    var kind: Kind
    /// The character's ASCII value, for kerning.
    var ascii: UInt8?
    /// Whether a line may break before this character even inside a word (ideographs).
    var breaksBefore = false
    /// Whether a line may break after this character even inside a word (hyphens, ideographs).
    var breaksAfter = false
    /// Whether a line must not start with this character: closing punctuation (see ``closesLine(_:)``).
    var noBreakBefore = false
    /// Whether a line must not end with this character: opening punctuation (see ``opensLine(_:)``).
    var noBreakAfter = false
  }

  /// Advances of the printable ASCII characters, from space (32) to tilde (126).
  private static let asciiAdvances: [Int16] = [
    // space ! " # $ % & ' ( ) * + , - . /
    280, 280, 360, 560, 560, 880, 680, 200, 330, 330, 390, 580, 280, 330, 280, 280,
    // 0 – 9
    560, 560, 560, 560, 560, 560, 560, 560, 560, 560,
    // : ; < = > ? @
    280, 280, 580, 580, 580, 560, 1000,
    // A – Z
    680, 660, 720, 720, 660, 610, 770, 720, 280, 500, 670, 560, 830,
    720, 780, 660, 780, 720, 660, 610, 720, 660, 940, 660, 660, 610,
    // [ \ ] ^ _ `
    280, 280, 280, 470, 560, 330,
    // a – z
    560, 560, 500, 560, 560, 280, 560, 560, 220, 220, 500, 220, 830,
    560, 560, 560, 560, 330, 500, 280, 560, 500, 720, 500, 500, 500,
    // { | } ~
    330, 260, 330, 580,
  ]

  /// The kerned pairs and their adjustments.
  private static let kerningPairs: [(String, Int8)] = [
    ("AT", -70), ("AV", -70), ("AW", -50), ("AY", -80), ("Av", -30), ("Aw", -20), ("Ay", -30),
    ("FA", -60), ("F,", -110), ("F.", -110), ("LT", -80), ("LV", -70), ("LW", -60), ("LY", -90), ("Ly", -30),
    ("PA", -70), ("P,", -120), ("P.", -120), ("TA", -70), ("T,", -110), ("T.", -110), ("Ta", -90), ("Tc", -90),
    ("Te", -90), ("To", -90), ("Tr", -60), ("Tu", -60), ("Tw", -60), ("Ty", -60), ("VA", -70), ("V,", -90),
    ("V.", -90), ("Va", -50), ("Ve", -50), ("Vo", -50), ("WA", -50), ("W,", -70), ("W.", -70), ("Wa", -40),
    ("We", -30), ("Wo", -30), ("YA", -80), ("Y,", -110), ("Y.", -110), ("Ya", -80), ("Ye", -80), ("Yo", -80),
    ("Yu", -60), ("r,", -50), ("r.", -50), ("v,", -70), ("v.", -70), ("w,", -50), ("w.", -50), ("y,", -70),
    ("y.", -70),
  ]

  /// The kerning pairs as a 128 × 128 table indexed by ASCII values.
  private static let kerningTable: [Int8] = {
    var table = [Int8](repeating: 0, count: 128 * 128)
    for (pair, units) in kerningPairs {
      let bytes = Array(pair.utf8)
      table[Int(bytes[0]) * 128 + Int(bytes[1])] = units
    }
    return table
  }()

  /// The kerning of the ASCII pair `first`, `second`, in font units.
  static func kerning(_ first: UInt8, _ second: UInt8) -> Int {
    guard first < 128, second < 128 else { return 0 }
    return Int(kerningTable[Int(first) * 128 + Int(second)])
  }

  /// The glyphs of the 128 ASCII characters, each a cluster of its own (CR LF aside): the line breaker's fast path.
  static let asciiGlyphs: [Glyph] = (0..<128).map { classify(Character(Unicode.Scalar(UInt8($0)))) }

  /// What `character` (one grapheme cluster) is to the line breaker.
  static func classify(_ character: Character) -> Glyph {
    var glyph = classifyAdvance(character)
    if glyph.kind == .mark, let first = character.unicodeScalars.first {
      glyph.noBreakBefore = closesLine(first.value)
      glyph.noBreakAfter = opensLine(first.value)
    }
    return glyph
  }

  /// Whether a line must not start with `value`: a subset of Unicode's line breaking classes CL and CP (closing
  /// punctuation), EX (`!`, `?`), IS (infix separators) and NS (non-starters), with the closing quotation marks
  /// `’` and `”` (UAX #14 rules LB13, LB19 and LB21; TextKit follows them).
  static func closesLine(_ value: UInt32) -> Bool {
    switch value {
    case 0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D:  // ! ) , . : ; ? ] }
      true
    case 0x2019, 0x201D:  // ’ ”
      true
    case 0x3001, 0x3002, 0x3005, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301C,
      0x301E, 0x301F:  // 、 。 々 〉 》 」 』 】 〕 〗 〙 〛 〜 〞 〟
      true
    case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x309D, 0x309E:
      true  // small hiragana, iteration marks
    case 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x30FB,
      0x30FC, 0x30FD, 0x30FE:  // small katakana, middle dot, prolonged sound mark, iteration marks
      true
    case 0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF61, 0xFF64:
      true  // full-width ! ) , . : ; ? ] }, half-width 。 、
    default: false
    }
  }

  /// Whether a line must not end with `value`: a subset of Unicode's line breaking class OP (opening punctuation),
  /// with the opening quotation marks `‘` and `“` (UAX #14 rules LB14 and LB19).
  static func opensLine(_ value: UInt32) -> Bool {
    switch value {
    case 0x28, 0x5B, 0x7B, 0x2018, 0x201C:  // ( [ { ‘ “
      true
    case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D:
      true  // 〈 《 「 『 【 〔 〖 〘 〚 〝
    case 0xFF08, 0xFF3B, 0xFF5B, 0xFF62:  // full-width ( [ {, half-width 「
      true
    default: false
    }
  }

  /// ``classify(_:)`` without the punctuation rules: the advance, the kind and the break opportunities.
  private static func classifyAdvance(_ character: Character) -> Glyph {
    if let ascii = character.asciiValue {
      switch ascii {
      case 32: return Glyph(units: Int(asciiAdvances[0]), kind: .space, ascii: ascii)
      case 9: return Glyph(units: 4 * Int(asciiAdvances[0]), kind: .space, ascii: ascii)
      case 10, 11, 12, 13: return Glyph(units: 0, kind: .newline, ascii: ascii)
      case 33...126:
        return Glyph(units: Int(asciiAdvances[Int(ascii) - 32]), kind: .mark, ascii: ascii, breaksAfter: ascii == 45)
      default: return Glyph(units: 0, kind: .mark, ascii: ascii)
      }
    }
    return classify(nonASCII: character)
  }

  /// ``classify(_:)`` for a grapheme cluster outside ASCII, by the class of its first scalar.
  private static func classify(nonASCII character: Character) -> Glyph {
    let scalars = character.unicodeScalars
    let first = scalars.first!
    let value = first.value
    if character.isNewline { return Glyph(units: 0, kind: .newline) }
    switch value {
    case 0xA0, 0x2007, 0x202F:  // no-break spaces: advance of a space, but no break
      return Glyph(units: Int(asciiAdvances[0]), kind: .mark)
    case 0x200B: return Glyph(units: 0, kind: .space)  // zero-width space: a break opportunity
    case 0x200C, 0x200D, 0x2060, 0xFEFF: return Glyph(units: 0, kind: .mark)
    case 0x2010, 0x2013: return Glyph(units: 330, kind: .mark, breaksAfter: true)  // hyphen, en dash
    case 0x2014: return Glyph(units: 1000, kind: .mark, breaksAfter: true)  // em dash
    case 0x2026: return Glyph(units: 1000, kind: .mark)  // ellipsis
    default: break
    }
    if character.isWhitespace {
      // A space with a combining mark is visible, not whitespace (Unicode's line breaking treats a mark after a
      // space as a letter, rule LB10).
      let kind: Glyph.Kind = scalars.count > 1 ? .mark : .space
      return Glyph(units: value == 0x3000 ? 1000 : Int(asciiAdvances[0]), kind: kind)
    }
    let properties = first.properties
    if properties.isEmojiPresentation || (properties.isEmoji && scalars.contains { $0.value == 0xFE0F }) {
      return Glyph(units: 1150, kind: .mark)
    }
    if first.isASCII {
      // A letter with combining marks: the advance of the letter ("e" + U+0301 as "é").
      var glyph = classify(Character(first))
      glyph.ascii = nil
      return glyph
    }
    if scalars.count > 1, first.properties.generalCategory == .format, let base = scalars.dropFirst().first {
      // A prepended mark (U+0600, say) and the character it joins: the advance of that character.
      var glyph = classify(Character(base))
      glyph.ascii = nil
      return glyph
    }
    if isWide(value) { return Glyph(units: 1000, kind: .mark, breaksBefore: true, breaksAfter: true) }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return Glyph(units: 0, kind: .mark)
    default: break
    }
    if (0xC0...0x24F).contains(value) { return Glyph(units: 560, kind: .mark) }  // accented Latin letters
    return Glyph(units: 600, kind: .mark)
  }

  /// Whether `value` is an East Asian wide character (ideographs, kana, hangul, full-width forms).
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD,
      0x30000...0x3FFFD:
      true
    default: false
    }
  }
}
