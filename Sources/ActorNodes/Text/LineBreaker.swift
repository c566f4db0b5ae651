/// Breaks an ``AttributedText`` into ``TextLayout/Line``s: the algorithm behind ``TextLayout``.
///
/// One pass over the grapheme clusters of every run. Characters gather into
/// a word until a break opportunity; a word that does not fit after the
/// line's content starts a new line; one wider than a whole line is broken
/// between clusters. A break inside a word (after a hyphen or a dash, around
/// an ideograph) is no opportunity before closing punctuation or after
/// opening punctuation (``FontMetrics/closesLine(_:)``,
/// ``FontMetrics/opensLine(_:)``), so `。` goes down with the character before
/// it and `「` with the one after it. The pass stops as soon as the lines
/// outnumber what may be shown, and the last line shown is then cut at its tail.
struct LineBreaker {
  private typealias Position = AttributedText.Position

  /// Widths within this of the room still fit (float sums of advances): the pixel grid's tolerance, so that a
  /// width the grid rounds up (it rounds `width − ε`) still fits the text measured at it.
  private static let tolerance = PixelGrid.tolerance

  /// Where a truncation may cut besides whitespace: `ASTextNode`'s default set of characters to avoid
  /// truncating after (whitespace, newlines and these marks).
  private static let truncationPoints: Set<Character> = [".", ",", "!", "?", ":", ";"]

  private let text: AttributedText
  private let room: Size
  private let maximumNumberOfLines: Int
  private let truncationToken: String

  private var lines: [TextLayout.Line] = []
  /// Whether more text follows the last line kept (so it must be truncated).
  private var isCutShort = false

  // The line being filled.
  private var lineStart: Position?
  private var lineContentEnd = Position(run: 0, utf8Offset: 0)
  private var lineWidth = 0.0
  private var lineHasContent = false
  /// Whitespace after the line's content: counts only if a word follows on the same line.
  private var pendingSpace = 0.0
  private var lineHeight = 0.0
  private var lineAscent = 0.0
  private var lineTop = 0.0

  // The word being gathered: each cluster's end, advance and kerning with the cluster before it.
  private var wordStart = Position(run: 0, utf8Offset: 0)
  private var wordEnds: [Position] = []
  private var wordAdvances: [Double] = []
  private var wordKerns: [Double] = []
  private var wordWidth = 0.0
  private var wordHeight = 0.0
  private var wordAscent = 0.0
  /// The word's fonts: from which of its clusters on each run's font sets them (a word may span runs).
  private var wordFonts: [WordFont] = []

  /// The clusters of a word from `first` on are in the font of run `run`, of this height and ascent.
  private struct WordFont {
    var first: Int
    var run: Int
    var height: Double
    var ascent: Double
  }
  /// Whether the last cluster allows a break after it inside a word (a hyphen, a dash, an ideograph).
  private var breaksAfterPrevious = false
  /// Whether the last cluster must not end a line (opening punctuation).
  private var noBreakAfterPrevious = false

  init(text: AttributedText, room: Size, maximumNumberOfLines: Int, truncationToken: String) {
    self.text = text
    self.room = room
    self.maximumNumberOfLines = maximumNumberOfLines
    self.truncationToken = truncationToken
  }

  /// Breaks the text into lines, and truncates the last one shown if text is left over.
  ///
  /// - Returns: The lines shown, and whether any text is not shown.
  mutating func run() -> (lines: [TextLayout.Line], isTruncated: Bool) {
    scan: for (index, run) in text.runs.enumerated() {
      let font = run.attributes.font
      let scale = font.pointsPerUnit
      let (fontLineHeight, fontAscent) = (font.lineHeight, font.ascent)
      let string = run.string
      let utf8 = string.utf8
      var position = utf8.startIndex
      var offset = 0
      var previous: UInt8?
      while position != utf8.endIndex {
        // An ASCII character followed by another (or by the end) is a grapheme cluster of its own, except
        // CR LF; anything else is read as a Character, which finds the cluster's end.
        let byte = utf8[position]
        let next = utf8.index(after: position)
        let glyph: FontMetrics.Glyph
        let length: Int
        if byte < 0x80, byte != 13, next == utf8.endIndex || utf8[next] < 0x80 {
          glyph = FontMetrics.asciiGlyphs[Int(byte)]
          length = 1
        } else {
          let character = string[position]
          glyph = FontMetrics.classify(character)
          length = character.utf8.count
        }
        let start = Position(run: index, utf8Offset: offset)
        offset += length
        position = length == 1 ? next : utf8.index(position, offsetBy: length)
        let end = Position(run: index, utf8Offset: offset)
        switch glyph.kind {
        case .newline:
          commitWord()
          note(font)
          endLine(nextStart: end)
          previous = nil
          (breaksAfterPrevious, noBreakAfterPrevious) = (false, false)
        case .space:
          commitWord()
          if lineStart == nil { lineStart = start }
          pendingSpace += Double(glyph.units) * scale
          note(font)
          previous = nil
          (breaksAfterPrevious, noBreakAfterPrevious) = (false, false)
        case .mark:
          // A break inside a word (after a hyphen or an ideograph, before an ideograph), unless this cluster may
          // not start a line (closing punctuation) or the one before may not end one (opening punctuation).
          if breaksAfterPrevious || glyph.breaksBefore, !glyph.noBreakBefore, !noBreakAfterPrevious { commitWord() }
          var kern = 0.0
          if let before = previous, let ascii = glyph.ascii, !wordEnds.isEmpty {
            kern = Double(FontMetrics.kerning(before, ascii)) * scale
          }
          if wordEnds.isEmpty { wordStart = start }
          if wordFonts.last?.run != index {
            wordFonts.append(WordFont(first: wordEnds.count, run: index, height: fontLineHeight, ascent: fontAscent))
          }
          wordEnds.append(end)
          wordAdvances.append(Double(glyph.units) * scale)
          wordKerns.append(kern)
          wordWidth += kern + Double(glyph.units) * scale
          wordHeight = max(wordHeight, fontLineHeight)
          wordAscent = max(wordAscent, fontAscent)
          previous = glyph.ascii
          (breaksAfterPrevious, noBreakAfterPrevious) = (glyph.breaksAfter, glyph.noBreakAfter)
        }
        if isCutShort { break scan }
      }
      // Kerning applies within a run only; a word may go on into the next run.
    }
    if !isCutShort {
      commitWord()
      if lineStart != nil, !isCutShort { endLine(nextStart: nil) }
    }
    if !isCutShort, lineStart == nil, let font = extraLineFont {
      // A final newline ends with an empty line, as TextKit's extra line fragment (which `ASTextNode`'s renderer
      // measures: `usedRectForTextContainer:` includes it), in the newline's font; an empty text is that line alone,
      // in the default font (TextKit lays out an empty text's extra line too). Only if it fits, and leaving it out
      // truncates nothing (no text is left).
      note(font)
      let fitsCount = maximumNumberOfLines == 0 || lines.count < maximumNumberOfLines
      if fitsCount, lineTop + lineHeight <= room.height + Self.tolerance { endLine(nextStart: nil) }
    }
    // An empty token replaces nothing (Texture's tail truncater replaces only with a token of some length): the
    // lines are simply cut at the limit.
    if isCutShort, !lines.isEmpty, !truncationToken.isEmpty { truncateLastLine() }
    return (lines, isCutShort)
  }

  /// The font of TextKit's extra line fragment, if the text has one: the final newline's, or the default font for an
  /// empty text.
  private var extraLineFont: Font? {
    guard let last = text.runs.last else { return .default }
    guard let character = last.string.last, FontMetrics.classify(character).kind == .newline else { return nil }
    return last.attributes.font
  }

  /// Makes `font`'s line height and ascent count for the current line.
  private mutating func note(_ font: Font) {
    lineHeight = max(lineHeight, font.lineHeight)
    lineAscent = max(lineAscent, font.ascent)
  }

  /// Places the gathered word: on the current line if it fits, else on a new line (broken if it is too wide).
  private mutating func commitWord() {
    guard !wordEnds.isEmpty, !isCutShort else { return }
    defer {
      wordEnds.removeAll(keepingCapacity: true)
      wordAdvances.removeAll(keepingCapacity: true)
      wordKerns.removeAll(keepingCapacity: true)
      wordFonts.removeAll(keepingCapacity: true)
      wordWidth = 0
      wordHeight = 0
      wordAscent = 0
    }
    if lineWidth + pendingSpace + wordWidth <= room.width + Self.tolerance {
      place(wordEnds.count - 1, width: wordWidth)
      return
    }
    if lineHasContent || pendingSpace > 0 {
      // Something before the word holds the line: the word starts the next one.
      endLine(nextStart: wordStart)
      guard !isCutShort else { return }
      if wordWidth <= room.width + Self.tolerance {
        place(wordEnds.count - 1, width: wordWidth)
        return
      }
    }
    breakWord()
  }

  /// Places the word's clusters up to `last` on the current line.
  private mutating func place(_ last: Int, width: Double) {
    if lineStart == nil { lineStart = wordStart }
    lineWidth += pendingSpace + width
    pendingSpace = 0
    lineHasContent = true
    lineContentEnd = wordEnds[last]
    lineHeight = max(lineHeight, wordHeight)
    lineAscent = max(lineAscent, wordAscent)
  }

  /// Places a word wider than a line cluster by cluster, starting a line whenever the next cluster does not fit.
  ///
  /// Called on a line with no content, so a cluster on a line with content follows one of this word. Each line is
  /// as tall as the fonts of the clusters it gets, not of the whole word (whose other part may be in a larger font).
  private mutating func breakWord() {
    var start = wordStart
    var font = 0
    for index in wordEnds.indices {
      if font + 1 < wordFonts.count, wordFonts[font + 1].first == index { font += 1 }
      let advance = wordAdvances[index]
      if lineHasContent, lineWidth + wordKerns[index] + advance > room.width + Self.tolerance {
        endLine(nextStart: start)
        guard !isCutShort else { return }
      }
      if lineStart == nil { lineStart = start }
      lineWidth += (lineHasContent ? wordKerns[index] : 0) + advance
      lineHasContent = true
      lineContentEnd = wordEnds[index]
      lineHeight = max(lineHeight, wordFonts[font].height)
      lineAscent = max(lineAscent, wordFonts[font].ascent)
      start = wordEnds[index]
    }
  }

  /// Ends the current line; `nextStart` is where the next one starts (nil at the end of the text).
  private mutating func endLine(nextStart: Position?) {
    let start = lineStart ?? nextStart ?? text.endPosition
    let end = lineHasContent ? lineContentEnd : start
    if lineHeight == 0 { lineHeight = text.runs.last?.attributes.font.lineHeight ?? 0 }
    let fitsHeight = lineTop + lineHeight <= room.height + Self.tolerance
    let fitsCount = maximumNumberOfLines == 0 || lines.count < maximumNumberOfLines
    guard fitsHeight, fitsCount else {
      isCutShort = true
      return
    }
    lines.append(
      TextLayout.Line(
        range: start..<end, frame: Rect(x: 0, y: lineTop, width: min(lineWidth, room.width), height: lineHeight),
        baseline: lineTop + lineAscent, isTruncated: false))
    lineTop += lineHeight
    lineStart = nil
    lineWidth = 0
    lineHasContent = false
    pendingSpace = 0
    lineHeight = 0
    lineAscent = 0
    if nextStart != nil, maximumNumberOfLines != 0, lines.count == maximumNumberOfLines {
      // More text follows and no further line may be shown.
      isCutShort = nextStart! < text.endPosition
    }
  }

  /// Where the line fragment of a line whose text ends at `position` ends, as TextKit lays it out: after the
  /// whitespace that follows the text (which hangs past the line's end) and the line break, if one ends the line.
  private func endOfLineFragment(after position: Position) -> Position {
    var (run, offset, end) = (position.run, position.utf8Offset, position)
    while run < text.runs.count {
      let string = text.runs[run].string
      guard offset < string.utf8.count else {
        (run, offset) = (run + 1, 0)
        continue
      }
      guard let character = string[string.utf8.index(string.utf8.startIndex, offsetBy: offset)...].first else { break }
      let kind = FontMetrics.classify(character).kind
      guard kind != .mark else { break }
      offset += character.utf8.count
      end = Position(run: run, utf8Offset: offset)
      if kind == .newline { break }
    }
    return end
  }

  /// Cuts the last line at its tail to make room for the token, as `ASTextNode`'s tail truncater does.
  ///
  /// The line keeps its own text (nothing of the lines it hides). The token
  /// goes at the line's right end: the cluster its left edge falls on is the
  /// first to go (past the line's text and the whitespace after it, the
  /// line's last glyph, as TextKit's nearest glyph: its line break, the last
  /// space it ends with, or its last cluster if it broke inside a word; the
  /// whitespace is part of TextKit's line fragment). The cut then goes back to the last space or
  /// punctuation mark (`.,!?:;`) before that cluster, which goes too, so a
  /// last line whose text the token would fit after still loses its last
  /// word, as in Texture. Only a line without such a mark before it is cut
  /// inside a word (between grapheme clusters); a first line cut to nothing
  /// (an empty one too, a text starting with a newline) keeps its text and
  /// takes no token (Texture truncates nothing then).
  ///
  /// The token is set in the attributes of the text's last character, as
  /// `ASTextNode`'s `_locked_prepareTruncationStringForDrawing:` sets it, and
  /// the line's box is no wider than the room even when the token is. The
  /// line is as tall as the fonts of the text it keeps and of the token, as
  /// TextKit lays the truncated text out again, no lower than the room.
  private mutating func truncateLastLine() {
    var line = lines.removeLast()
    let range = line.range
    // Each cluster of the line as TextKit's line fragment has it (its text, then the whitespace after it and its
    // line break): where it ends, the width up to its end, and what it is.
    let fragmentEnd = endOfLineFragment(after: range.upperBound)
    var ends: [Position] = []
    var widths: [Double] = []
    var marks: [Bool] = []
    var heights: [Double] = []
    var ascents: [Double] = []
    var width = 0.0
    for index in range.lowerBound.run...fragmentEnd.run where index < text.runs.count {
      let run = text.runs[index]
      let font = run.attributes.font
      let utf8 = run.string.utf8
      var offset = index == range.lowerBound.run ? range.lowerBound.utf8Offset : 0
      let endOffset = index == fragmentEnd.run ? fragmentEnd.utf8Offset : utf8.count
      var previous: UInt8?
      for character in run.string[utf8.index(utf8.startIndex, offsetBy: offset)...] {
        guard offset < endOffset else { break }
        let glyph = FontMetrics.classify(character)
        var advance = Double(glyph.units) * font.pointsPerUnit
        if let before = previous, let ascii = glyph.ascii {
          advance += Double(FontMetrics.kerning(before, ascii)) * font.pointsPerUnit
        }
        width += advance
        offset += character.utf8.count
        ends.append(Position(run: index, utf8Offset: offset))
        widths.append(width)
        marks.append(glyph.kind != .mark || Self.truncationPoints.contains(character))
        heights.append(font.lineHeight)
        ascents.append(font.ascent)
        previous = glyph.kind == .space ? nil : glyph.ascii
      }
    }
    // The token is set in the attributes of the text's last character, wherever the line ends.
    let tokenFont = text.runs[text.runs.count - 1].attributes.font
    let tokenWidth = tokenFont.width(of: truncationToken)
    func lineWidth(keeping count: Int) -> Double { (count > 0 ? widths[count - 1] : 0) + tokenWidth }
    func fits(keeping count: Int) -> Bool { lineWidth(keeping: count) <= room.width + Self.tolerance }
    // The first cluster to go: the first after which the token does not fit; else the line's last glyph (its line
    // break, the last space it ends with, or its last cluster if it broke inside a word).
    let clipped = widths.indices.first { !fits(keeping: $0 + 1) } ?? max(0, ends.count - 1)
    // Back to the last space or punctuation mark before it, which goes too (only it: spaces before it stay, as
    // Texture's backward search cuts at the one character it finds); else inside the word.
    let kept = marks[..<clipped].lastIndex(of: true) ?? clipped
    if kept == 0, lines.isEmpty {
      // Nothing would be left of the first line (the text's start, or the newline it starts with): Texture's
      // truncater leaves the text as it is.
      lines.append(line)
      return
    }
    line.range = range.lowerBound..<(kept > 0 ? ends[kept - 1] : range.lowerBound)
    // A token wider than the room runs past it; the line's box stays in the room, as Texture intersects the text's
    // used rectangle with the room.
    line.frame.size.width = min(lineWidth(keeping: kept), room.width)
    // TextKit lays the line out again with the token in place of the cut: it is as tall as the fonts of the text it
    // keeps and of the token, not of what it lost; a token taller than the height left is cut at the room's bottom,
    // as Texture intersects the used rectangle with the room.
    let keptHeight = heights[..<kept].max() ?? 0
    line.frame.size.height = max(keptHeight, min(tokenFont.lineHeight, room.height - line.frame.minY))
    line.baseline = line.frame.minY + max(ascents[..<kept].max() ?? 0, tokenFont.ascent)
    line.isTruncated = true
    lines.append(line)
  }
}
