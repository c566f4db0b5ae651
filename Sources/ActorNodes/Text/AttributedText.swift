/// Text with attributes: runs of characters, each set in one font and color.
///
/// Texture's text nodes take an `NSAttributedString`; this is the `Sendable`
/// value that replaces it. Empty runs are dropped and adjacent runs with
/// equal attributes are merged, so two texts that look the same are equal.
///
/// A grapheme cluster is set in one style, the one its first character was
/// given, as a text stack sets a cluster with one font: characters appended
/// with other attributes that join the text's last cluster (a skin tone after
/// an emoji, a combining accent after its letter) go with that cluster. So a
/// run starts on a cluster boundary of the whole text, and the text measures
/// and wraps as its string does, whatever its colors.
///
/// ```swift
/// var text = AttributedText("Texture ", attributes: .init(font: .system(size: 15, weight: .bold)))
/// text.append("keeps the main thread free", attributes: .init(font: .system(size: 15)))
/// ```
public struct AttributedText: Hashable, Sendable {
  /// How a run of characters is set.
  public struct Attributes: Hashable, Sendable {
    /// The font.
    public var font: Font
    /// The color (the display step draws with it).
    public var color: Color

    /// Creates attributes.
    public init(font: Font = .default, color: Color = .black) {
      self.font = font
      self.color = color
    }
  }

  /// Characters set with one set of attributes.
  public struct Run: Hashable, Sendable {
    /// The characters.
    public var string: String
    /// How they are set.
    public var attributes: Attributes

    /// Creates a run.
    public init(_ string: String, attributes: Attributes = Attributes()) {
      self.string = string
      self.attributes = attributes
    }
  }

  /// A place in the text: a run, and a UTF-8 offset into its string.
  public struct Position: Hashable, Comparable, Sendable {
    /// The run's index in ``AttributedText/runs``.
    public var run: Int
    /// The offset in the run's string, in UTF-8 code units (on a grapheme boundary).
    public var utf8Offset: Int

    /// Creates a position.
    public init(run: Int, utf8Offset: Int) {
      self.run = run
      self.utf8Offset = utf8Offset
    }

    public static func < (lhs: Position, rhs: Position) -> Bool {
      (lhs.run, lhs.utf8Offset) < (rhs.run, rhs.utf8Offset)
    }
  }

  /// The runs, none empty, no two adjacent ones with equal attributes.
  public private(set) var runs: [Run]

  /// Creates an empty text.
  public init() { runs = [] }

  /// Creates a text of one run.
  public init(_ string: String, attributes: Attributes = Attributes()) {
    runs = []
    append(string, attributes: attributes)
  }

  /// Creates a text from runs, dropping empty ones and merging neighbours with equal attributes.
  public init(runs: [Run]) {
    self.runs = []
    for run in runs { append(run.string, attributes: run.attributes) }
  }

  /// Appends `string` set with `attributes`; characters that join the text's last grapheme cluster take that
  /// cluster's attributes.
  public mutating func append(_ string: String, attributes: Attributes = Attributes()) {
    guard !string.isEmpty else { return }
    guard let last = runs.indices.last else { return runs.append(Run(string, attributes: attributes)) }
    if runs[last].attributes == attributes { return runs[last].string += string }
    let rest = string[Self.joiningPrefixEnd(of: string, after: runs[last].string)...]
    if rest.startIndex != string.startIndex { runs[last].string += string[..<rest.startIndex] }
    if !rest.isEmpty { runs.append(Run(String(rest), attributes: attributes)) }
  }

  /// Where the characters of `string` that join the last grapheme cluster of `text` end.
  private static func joiningPrefixEnd(of string: String, after text: String) -> String.Index {
    // An ASCII character after an ASCII character starts a cluster of its own, except a line feed after a carriage
    // return. (After another character it may not: a prepended mark, U+0600 say, joins the character after it.)
    let first = string.utf8.first!
    if first < 0x80, let last = text.utf8.last, last < 0x80, !(first == 10 && last == 13) { return string.startIndex }
    guard let lastCluster = text.last, let joined = (String(lastCluster) + string).first else {
      return string.startIndex
    }
    return string.utf8.index(string.startIndex, offsetBy: joined.utf8.count - lastCluster.utf8.count)
  }

  /// Appends the runs of `other`.
  public mutating func append(_ other: AttributedText) {
    for run in other.runs { append(run.string, attributes: run.attributes) }
  }

  /// The text without attributes.
  public var string: String { runs.map(\.string).joined() }

  /// Whether the text has no characters.
  public var isEmpty: Bool { runs.isEmpty }

  /// The start of the text.
  public var startPosition: Position { Position(run: 0, utf8Offset: 0) }

  /// The end of the text.
  public var endPosition: Position {
    runs.isEmpty ? startPosition : Position(run: runs.count - 1, utf8Offset: runs[runs.count - 1].string.utf8.count)
  }

  /// The characters between two positions, without attributes.
  ///
  /// - Precondition: Both bounds are positions in the text: a run of ``runs`` and an offset from 0 to that run's
  ///   UTF-8 count (in an empty text, ``startPosition``).
  public func string(in range: Range<Position>) -> String {
    contractPrecondition(
      contains(range.lowerBound) && contains(range.upperBound),
      "a position must be in the text (a run of its runs, an offset within that run's UTF-8 count): got \(range)")
    var result = ""
    var position = range.lowerBound
    while position < range.upperBound, position.run < runs.count {
      let utf8 = runs[position.run].string.utf8
      let end = position.run == range.upperBound.run ? range.upperBound.utf8Offset : utf8.count
      let lower = utf8.index(utf8.startIndex, offsetBy: position.utf8Offset)
      let upper = utf8.index(utf8.startIndex, offsetBy: end)
      result += String(runs[position.run].string[lower..<upper])
      position = Position(run: position.run + 1, utf8Offset: 0)
    }
    return result
  }

  /// Whether `position` is in the text: a run of it and an offset within that run, or the start of an empty text.
  private func contains(_ position: Position) -> Bool {
    guard position.run >= 0, position.utf8Offset >= 0 else { return false }
    guard position.run < runs.count else { return position == endPosition }
    return position.utf8Offset <= runs[position.run].string.utf8.count
  }

  /// The text of `lhs` followed by the text of `rhs`.
  public static func + (lhs: AttributedText, rhs: AttributedText) -> AttributedText {
    var text = lhs
    text.append(rhs)
    return text
  }
}

extension AttributedText: ExpressibleByStringLiteral {
  /// A text of one run in the default attributes.
  public init(stringLiteral value: String) {
    self.init(value)
  }
}

extension AttributedText: CustomStringConvertible {
  public var description: String { string.debugDescription }
}
