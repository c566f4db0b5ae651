/// A node that shows text: Texture's `ASTextNode`.
///
/// Its measurement is real work, done off the main actor like every
/// measurement: the text is set into lines for the room a layout offers
/// (``TextLayout``: word wrapping on grapheme clusters against the built-in
/// ``Font`` metrics), and the node's size is the lines' size plus the
/// ``textContainerInset``, no larger than the room (Texture clamps the same
/// way). Changing the text or an option that changes the lines invalidates
/// the node's layout, so a loaded node is laid out again with its window,
/// and redraws it: the node draws its lines off the main actor, set in its
/// bounds as it measured them, with the built-in bitmap typeface.
///
/// ```swift
/// let title = TextNode(text: AttributedText("Hello", attributes: .init(font: .system(size: 15, weight: .bold))))
/// let layout = try await title.layout(thatFits: SizeRange(min: .zero, max: Size(width: 200, height: .infinity)))
/// ```
public actor TextNode: DrawingNode {
  /// The node's identity, tree links and loaded view.
  public nonisolated let nodeCore: NodeCore
  /// The library's node-isolated state.
  public let nodeState: NodeState

  /// The text shown: Texture's `attributedText`.
  public private(set) var text: AttributedText
  /// The most lines shown; 0 (the default) means no limit.
  public private(set) var maximumNumberOfLines: Int
  /// The space between the node's edges and the text.
  public private(set) var textContainerInset: EdgeInsets
  /// What ends a line when text is cut short: `…` by default.
  public private(set) var truncationToken: String

  /// Creates a text node.
  ///
  /// - Parameters:
  ///   - debugName: The name shown in descriptions (``DisplayNode/debugName``).
  ///   - text: The text shown.
  ///   - maximumNumberOfLines: The most lines shown; 0 means no limit.
  ///   - isLayerBacked: Whether the node loads a ``Layer`` instead of a ``View``.
  /// - Precondition: `maximumNumberOfLines` is not negative.
  public init(
    debugName: String? = nil, text: AttributedText = AttributedText(), maximumNumberOfLines: Int = 0,
    isLayerBacked: Bool = false
  ) {
    contractPrecondition(
      maximumNumberOfLines >= 0, "maximumNumberOfLines must not be negative: got \(maximumNumberOfLines)")
    nodeCore = NodeCore(isLayerBacked: isLayerBacked)
    // Texture's text nodes redraw when their bounds change size: text wraps to the width it is drawn at.
    nodeState = NodeState(debugName: debugName) { $0.needsDisplayOnBoundsChange = true }
    self.text = text
    self.maximumNumberOfLines = maximumNumberOfLines
    textContainerInset = .zero
    truncationToken = "\u{2026}"
  }

  /// Replaces the text; invalidates the node's layout if it changed.
  public func setText(_ text: AttributedText) {
    guard text != self.text else { return }
    self.text = text
    invalidateCalculatedLayout(asksForPassFromLayoutCode: true)
    requestDisplay()
  }

  /// Changes the most lines shown; invalidates the node's layout if it changed.
  ///
  /// Texture's `setMaximumNumberOfLines:` only redraws; here the line count
  /// is part of the measured size, so the layout is measured again.
  /// - Precondition: `maximumNumberOfLines` is not negative.
  public func setMaximumNumberOfLines(_ maximumNumberOfLines: Int) {
    contractPrecondition(
      maximumNumberOfLines >= 0, "maximumNumberOfLines must not be negative: got \(maximumNumberOfLines)")
    guard maximumNumberOfLines != self.maximumNumberOfLines else { return }
    self.maximumNumberOfLines = maximumNumberOfLines
    invalidateCalculatedLayout(asksForPassFromLayoutCode: true)
    requestDisplay()
  }

  /// Changes the space around the text; invalidates the node's layout if it changed.
  /// - Precondition: every inset is finite and not negative.
  public func setTextContainerInset(_ inset: EdgeInsets) {
    contractPrecondition(
      [inset.top, inset.left, inset.bottom, inset.right].allSatisfy { $0.isFinite && $0 >= 0 },
      "a text container inset must be finite and not negative: got \(inset)")
    guard inset != textContainerInset else { return }
    textContainerInset = inset
    invalidateCalculatedLayout(asksForPassFromLayoutCode: true)
    requestDisplay()
  }

  /// Changes what ends a truncated line; invalidates the node's layout if it changed.
  public func setTruncationToken(_ token: String) {
    guard token != truncationToken else { return }
    truncationToken = token
    invalidateCalculatedLayout(asksForPassFromLayoutCode: true)
    requestDisplay()
  }

  /// The lines the node shows in `size` (its bounds' size, say): the text set inside the inset.
  public func textLayout(in size: Size) -> TextLayout {
    let inset = textContainerInset
    let room = Size(width: max(size.width - inset.horizontal, 0), height: max(size.height - inset.vertical, 0))
    return TextLayout(
      text, constrainedTo: room, maximumNumberOfLines: maximumNumberOfLines, truncationToken: truncationToken)
  }

  /// The text's size in the range's maximum, plus the inset, no larger than the maximum.
  public func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let lines = textLayout(in: range.max).size
    let inset = textContainerInset
    return .size(
      Size(
        width: min(lines.width + inset.horizontal, range.max.width),
        height: min(lines.height + inset.vertical, range.max.height)))
  }

  /// What a display of the node draws: the text and the options that set it into lines.
  public struct DrawParameters: Sendable {
    let text: AttributedText
    let maximumNumberOfLines: Int
    let textContainerInset: EdgeInsets
    let truncationToken: String
  }

  /// The text and its options, for the display that draws them.
  public func drawParameters() -> DrawParameters {
    DrawParameters(
      text: text, maximumNumberOfLines: maximumNumberOfLines, textContainerInset: textContainerInset,
      truncationToken: truncationToken)
  }

  /// Sets the text into lines in the bounds (inside the inset) and draws them, as ``textLayout(in:)`` measures.
  public static func draw(_ parameters: DrawParameters, in context: inout GraphicsContext, request: DisplayRequest) {
    let inset = parameters.textContainerInset
    let size = request.bounds.size
    let room = Size(width: max(size.width - inset.horizontal, 0), height: max(size.height - inset.vertical, 0))
    let layout = TextLayout(
      parameters.text, constrainedTo: room, maximumNumberOfLines: parameters.maximumNumberOfLines,
      truncationToken: parameters.truncationToken)
    guard !request.isCancelled else { return }
    context.draw(layout, at: Point(x: request.bounds.origin.x + inset.left, y: request.bounds.origin.y + inset.top))
  }

  /// The default line, with the first characters of the text.
  public var descriptionForRecursiveDescription: String {
    let string = text.string
    let shown = string.count > 24 ? string.prefix(23) + "\u{2026}" : Substring(string)
    return "\(defaultDescription) \(String(shown).debugDescription)"
  }
}
