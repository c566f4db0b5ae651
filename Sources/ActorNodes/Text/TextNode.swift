/// A node that shows text: Texture's `ASTextNode`.
///
/// Its measurement is real work, done off the main actor like every
/// measurement: the text is set into lines for the room a layout offers
/// (``TextLayout``: word wrapping on grapheme clusters against the built-in
/// ``Font`` metrics), and the node's size is the lines' size plus the
/// ``textContainerInset``, no larger than the room (Texture clamps the same
/// way). Changing the text or an option that changes the lines invalidates
/// the node's layout, so a loaded node is laid out again with its window,
/// and redraws it: the node draws its lines off the main actor, set as it
/// measured them (in its bounds, or in the room its applied layout, else a
/// measurement, was measured in if its bounds are the size that gave), with
/// the built-in bitmap typeface.
///
/// Its view starts out not opaque, redrawn when its bounds change size, and
/// not taking touches (``ViewProperties/isOpaque`` `false`,
/// ``ViewProperties/needsDisplayOnBoundsChange`` `true`,
/// ``ViewProperties/isUserInteractionEnabled`` `false`), as Texture's
/// `ASTextNode` and `ASTextNode2` set them in their `init`; a
/// ``DisplayNode/configure(_:)`` write changes them like any property.
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
    // As Texture's text nodes set in their init: not opaque (the lines are drawn over what is behind them, on no
    // background), redrawn when their bounds change size (text wraps to the width it is drawn at), and not taking
    // touches (text has no links here, for which Texture's would take them).
    nodeState = NodeState(debugName: debugName) {
      $0.isOpaque = false
      $0.needsDisplayOnBoundsChange = true
      $0.isUserInteractionEnabled = false
    }
    self.text = text
    self.maximumNumberOfLines = maximumNumberOfLines
    textContainerInset = .zero
    truncationToken = "\u{2026}"
  }

  /// Replaces the text; invalidates the node's layout if it changed.
  public func setText(_ text: AttributedText) {
    guard text != self.text else { return }
    self.text = text
    contentChanged()
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
    contentChanged()
  }

  /// Changes the space around the text; invalidates the node's layout if it changed.
  /// - Precondition: every inset is finite and not negative.
  public func setTextContainerInset(_ inset: EdgeInsets) {
    contractPrecondition(
      [inset.top, inset.left, inset.bottom, inset.right].allSatisfy { $0.isFinite && $0 >= 0 },
      "a text container inset must be finite and not negative: got \(inset)")
    guard inset != textContainerInset else { return }
    textContainerInset = inset
    contentChanged()
  }

  /// Changes what ends a truncated line; invalidates the node's layout if it changed.
  ///
  /// The token is set in the attributes of the text's last character. An
  /// empty token truncates nothing: the lines are cut at the limit.
  public func setTruncationToken(_ token: String) {
    guard token != truncationToken else { return }
    truncationToken = token
    contentChanged()
  }

  /// The rooms the node's current text was measured in, with the sizes they gave (the newest last; a room once per
  /// size).
  private var measurements: [Measurement] = []

  /// The most rooms kept: as many as a node's layout cache keeps.
  private static let measurementsKept = 4

  /// A room the text was measured in and the node's size there.
  struct Measurement: Hashable, Sendable {
    let room: Size
    let size: Size

    /// Whether bounds of `size` are this measurement's size, rounded up to the pixel grid of a layout pass.
    func gave(_ size: Size) -> Bool {
      let tolerance = PixelGrid.tolerance
      return self.size.width <= size.width + tolerance && size.width < self.size.width + 1
        && self.size.height <= size.height + tolerance && size.height < self.size.height + 1
    }
  }

  /// The parameters of the latest display's snapshot since the content last changed; `nil` before one.
  private var drawnParameters: DrawParameters?
  /// The size of the layout the latest pass gave the node.
  private var laidOutSize: Size?

  /// The text or an option that sets it into lines changed: measured and drawn again.
  private func contentChanged() {
    measurements = []
    drawnParameters = nil
    invalidateCalculatedLayout(asksForPassFromLayoutCode: true)
    requestDisplay()
  }

  /// The lines the node shows in `size` (its bounds' size, say): the text set inside the inset.
  ///
  /// An inset larger than `size` leaves a room of zero.
  /// - Precondition: `size` has no NaN or negative dimension, as for ``TextLayout``.
  public func textLayout(in size: Size) -> TextLayout {
    contractPrecondition(
      !size.width.isNaN && !size.height.isNaN && size.width >= 0 && size.height >= 0,
      "text must be laid out in a size without NaN or negative dimensions: got \(size)")
    return Self.lines(of: parameters, in: size, measured: false)
  }

  /// Whether the text the node shows in its bounds is cut short: Texture's `isTruncated`.
  ///
  /// The lines are the ones a display draws in the node's bounds (``DisplayNode/viewProperties()``'s `bounds`,
  /// read from the view once it is loaded): those the node measured, in bounds of the size a measurement gave, else
  /// the text set in the bounds inside the inset. A node with no bounds yet (not laid out, no frame set) has no
  /// room for a line, so a text that is not empty reads as truncated, as Texture's text node does before it has a
  /// frame. ``textLayout(in:)`` answers for another size (Texture's `shouldTruncateForConstrainedSize:`).
  ///
  /// - Important: This property suspends.
  public var isTruncated: Bool {
    get async { await linesInBounds().isTruncated }
  }

  /// The number of lines the node shows in its bounds: Texture's `lineCount`.
  ///
  /// Counted in the lines ``isTruncated`` reads: the truncated line counts, the lines cut off do not. The empty
  /// line after a final newline (and the one an empty text is) does not count either: it is TextKit's extra line
  /// fragment, which holds no glyph, and `ASTextNode` counts the line fragments of glyphs (0 for an empty text, 1
  /// for `"abc\n"`).
  ///
  /// - Important: This property suspends.
  public var lineCount: Int {
    get async {
      let layout = await linesInBounds()
      let last = layout.lines.last?.range
      let isExtraLine = last.map { $0.isEmpty && $0.lowerBound == layout.text.endPosition } ?? false
      return layout.lines.count - (isExtraLine ? 1 : 0)
    }
  }

  /// The lines a display draws in the node's current bounds.
  private func linesInBounds() async -> TextLayout {
    let bounds = await viewProperties().bounds.size
    return Self.lines(of: parameters, in: bounds)
  }

  /// The text's size in the range's maximum, plus the inset, no larger than the maximum.
  public func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let lines = textLayout(in: range.max).size
    let inset = textContainerInset
    let size = Size(
      width: min(lines.width + inset.horizontal, range.max.width),
      height: min(lines.height + inset.vertical, range.max.height))
    // The size the node's layout will have: a range whose minimum is larger (a `minWidth`) widens it, and the node
    // still draws the lines it measured in those bounds. One room measured with two minimums gives two sizes, both
    // kept: the layout cache may serve either range later, and its bounds must still find this room.
    let measurement = Measurement(room: range.max, size: range.clamp(size))
    measurements.removeAll { $0 == measurement }
    if measurements.count == Self.measurementsKept { measurements.removeFirst() }
    measurements.append(measurement)
    return .size(size)
  }

  /// What a display of the node draws: the text and the options that set it into lines.
  ///
  /// Equal parameters draw the same pixels: compare two to see whether a display would change.
  public struct DrawParameters: Hashable, Sendable {
    let text: AttributedText
    let maximumNumberOfLines: Int
    let textContainerInset: EdgeInsets
    let truncationToken: String
    let measurements: [Measurement]
    /// The room and size of the layout the latest pass applied to the node, `nil` before one.
    let applied: Measurement?
  }

  /// The text and its options, for the display that draws them.
  public func drawParameters() -> DrawParameters {
    let parameters = self.parameters
    drawnParameters = parameters
    return parameters
  }

  /// The text, its options and its measurements.
  private var parameters: DrawParameters {
    DrawParameters(
      text: text, maximumNumberOfLines: maximumNumberOfLines, textContainerInset: textContainerInset,
      truncationToken: truncationToken, measurements: measurements,
      applied: state.layoutStorage?.applied.map { Measurement(room: $0.range.max, size: $0.layout.size) })
  }

  /// Draws the node again if a display took its snapshot before the pass that measured its content anew, and sets
  /// the lines in another room, at the size the node had.
  ///
  /// A change of content asks for a display and a pass together (Texture's `setNeedsDisplay` and `setNeedsLayout`,
  /// which one commit serves, layout first). Here the display may take its snapshot before the pass measures: it
  /// then sets the lines in the bounds, not in the room the pass measured them in (``draw(_:in:request:)``). A new
  /// size draws again anyway (``ViewProperties/needsDisplayOnBoundsChange``); at the same size, this does.
  public func calculatedLayoutDidChange() {
    let size = calculatedLayout?.size
    defer { laidOutSize = size }
    guard let size, size == laidOutSize, let drawn = drawnParameters,
      Self.measurement(of: drawn, giving: size)?.room != Self.measurement(of: parameters, giving: size)?.room
    else { return }
    requestDisplay()
  }

  /// Sets the text into lines and draws them, as the node measured them.
  ///
  /// Bounds of the size a measurement gave (rounded up to the pixel grid, and
  /// widened to the minimum of the range it was measured in, such as an
  /// element's `minWidth`) are filled as that measurement set the lines, in
  /// its room (the applied layout's, if it has that size, so that of two
  /// rooms that give one size, the one the node was laid out in): a line cut short is cut where it was measured, though the
  /// truncated line is narrower than the room it was cut in. Other bounds (a stack stretched
  /// the node, say) set the lines in the bounds, as ``textLayout(in:)`` does.
  public static func draw(_ parameters: DrawParameters, in context: inout GraphicsContext, request: DisplayRequest) {
    let layout = lines(of: parameters, in: request.bounds.size)
    guard !request.isCancelled else { return }
    let inset = parameters.textContainerInset
    context.draw(layout, at: Point(x: request.bounds.origin.x + inset.left, y: request.bounds.origin.y + inset.top))
  }

  /// The lines ``draw(_:in:request:)`` draws in bounds of `bounds`: set in the room of the measurement that gave
  /// them (unless `measured` is `false`), else in them.
  static func lines(of parameters: DrawParameters, in bounds: Size, measured: Bool = true) -> TextLayout {
    let inset = parameters.textContainerInset
    let size = (measured ? measurement(of: parameters, giving: bounds)?.room : nil) ?? bounds
    let room = Size(width: max(size.width - inset.horizontal, 0), height: max(size.height - inset.vertical, 0))
    return TextLayout(
      parameters.text, constrainedTo: room, maximumNumberOfLines: parameters.maximumNumberOfLines,
      truncationToken: parameters.truncationToken)
  }

  /// The measurement whose room sets the lines in bounds of `size`: the applied layout's if it gave that size (of
  /// two rooms that give one size, the one the node was laid out in, as a fresh node laid out there measured it),
  /// else the latest measurement that gave it.
  static func measurement(of parameters: DrawParameters, giving size: Size) -> Measurement? {
    if let applied = parameters.applied, applied.gave(size) { return applied }
    return parameters.measurements.last { $0.gave(size) }
  }

  /// The default line, with the first characters of the text.
  public var descriptionForRecursiveDescription: String {
    let string = text.string
    let shown = string.count > 24 ? string.prefix(23) + "\u{2026}" : Substring(string)
    return "\(defaultDescription) \(String(shown).debugDescription)"
  }
}
