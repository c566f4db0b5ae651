/// Text set into lines: where each line breaks, how wide and high it is, and whether the text was cut short.
///
/// The measurement behind ``TextNode``, and a pure function of its inputs:
/// the same text, size and options give the same lines on every machine
/// (the metrics are ActorNodes' built-in ``Font`` table). Lines break as
/// Texture's text nodes break them by default (word wrapping):
///
/// - at whitespace, after a hyphen or dash, and around East Asian ideographs;
///   spaces at a break hang past the line's end and do not count to its width;
/// - never, in a word, before closing punctuation (`)]}` and `!?,.:;`, `’”`,
///   `、。」』】` and the other CJK closing marks and non-starters, full-width
///   forms) nor after opening punctuation (`([{`, `‘“`, `「『【` and the like):
///   a subset of Unicode's line breaking rules (UAX #14, LB13, LB14, LB19 and
///   LB21), which TextKit follows, so `。` goes down with the character before
///   it; the rules hold where two characters touch, not across spaces;
/// - a word wider than the line is broken between grapheme clusters, so an
///   emoji sequence or a letter with its accents is never split; each line
///   is as tall as the fonts of its own clusters (a line is as tall as its
///   tallest font, its baseline at that font's ascent);
/// - a newline always breaks; a newline at the very end is followed by an
///   empty line in its font (TextKit's extra line fragment), left out, and
///   nothing truncated, where no line is left for it; an empty text is that
///   empty line alone, in the default ``Font`` (as `ASTextNode` measures an
///   empty text one line high and zero wide);
/// - when the text needs more lines than ``maximumNumberOfLines`` allows or
///   than fit in the height, the last line shown ends with the truncation
///   token (`…` by default), in the attributes of the text's last character,
///   as `ASTextNode` truncates: the line keeps its own text; the token goes at
///   the line's right end, and the cut goes back from the first cluster it
///   covers (the line's last glyph if it covers none: its line break, or
///   the last of the spaces it ends with) to the last space or
///   punctuation mark (`.,!?:;`) before it (that one character goes, spaces
///   before it stay), so the line's last word goes even
///   where the token would fit after it; a line without such a mark is cut
///   between grapheme clusters, and a first line cut to nothing (an empty
///   one too) keeps its text without a token. The cut line is as tall as
///   the fonts of the text it keeps and of the token (TextKit lays it out
///   again). An empty token cuts nothing: the lines simply stop at the limit;
/// - no line, and so not the layout, is wider than the room: a token (or a
///   single cluster) wider than the room runs past its line's box, as Texture
///   intersects the text's used rectangle with the room.
public struct TextLayout: Hashable, Sendable {
  /// One line of text.
  public struct Line: Hashable, Sendable {
    /// The characters the line shows: without the whitespace it ends with (a truncated line keeps the spaces
    /// before the one its cut took), and without the truncation token.
    public var range: Range<AttributedText.Position>
    /// The line's box: x is 0, y is the line's top, the width is what the line shows (token included), no wider
    /// than the room.
    public var frame: Rect
    /// The baseline's distance from the top of the layout.
    public var baseline: Double
    /// Whether the truncation token follows ``range``.
    public var isTruncated: Bool
  }

  /// The text laid out.
  public let text: AttributedText
  /// The lines shown, top to bottom.
  public let lines: [Line]
  /// The widest line's width and the lines' total height (not rounded to pixels): never larger than the room.
  public let size: Size
  /// Whether some of the text is not shown.
  ///
  /// The last line shown then ends with the truncation token (its
  /// ``Line/isTruncated``), except where Texture's truncater adds none: when
  /// the token is empty (the lines are simply cut at the limit), and when the
  /// only line shown would be cut to nothing (it keeps its text). It is also
  /// `true` when the height has no room for a single line.
  public let isTruncated: Bool
  /// The token that ends a truncated line, set in the attributes of the text's last character.
  public let truncationToken: String

  /// Sets `text` into lines that fit `size`.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - size: The room: lines wrap at its width and stop at its height; either may be infinite.
  ///   - maximumNumberOfLines: The most lines shown; 0 means no limit.
  ///   - truncationToken: What ends a line cut short; empty, lines are cut at the limit without one.
  /// - Precondition: `size` has no NaN or negative dimension, and `maximumNumberOfLines` is not negative.
  public init(
    _ text: AttributedText, constrainedTo size: Size, maximumNumberOfLines: Int = 0,
    truncationToken: String = "\u{2026}"
  ) {
    contractPrecondition(
      !size.width.isNaN && !size.height.isNaN && size.width >= 0 && size.height >= 0,
      "text must be laid out in a size without NaN or negative dimensions: got \(size)")
    contractPrecondition(
      maximumNumberOfLines >= 0, "maximumNumberOfLines must not be negative: got \(maximumNumberOfLines)")
    var breaker = LineBreaker(
      text: text, room: size, maximumNumberOfLines: maximumNumberOfLines, truncationToken: truncationToken)
    self.text = text
    (lines, isTruncated) = breaker.run()
    self.truncationToken = truncationToken
    self.size = Size(
      width: lines.reduce(0) { max($0, $1.frame.size.width) },
      height: lines.last?.frame.maxY ?? 0)
  }
}

extension TextLayout: CustomStringConvertible {
  /// The size and each line's text, for tests and debugging.
  public var description: String {
    let shown = lines.map { line in
      (text.string(in: line.range) + (line.isTruncated ? truncationToken : "")).debugDescription
    }
    return "TextLayout(\(size), lines: [\(shown.joined(separator: ", "))])"
  }
}
