/// A node that draws its own contents off the main actor (Texture: a node class with `drawRect:withParameters:…`
/// or `displayWithParameters:…`).
///
/// A display happens in three places, each in its own isolation:
///
/// 1. ``drawParameters()`` runs in the node's isolation and returns a
///    `Sendable` snapshot of what the drawing needs (Texture's
///    `drawParametersForAsyncLayer:`): the only node state draw code sees.
/// 2. ``draw(_:in:request:)`` (or ``display(_:request:)``) runs off the main
///    actor, on the library's display executor, from that snapshot. Both are
///    `static`: they have no `self`, so they cannot read the node's state or
///    touch its view. They poll ``DisplayRequest/isCancelled`` and may stop early.
/// 3. The result is committed on the main actor, in a turn of the node's
///    window, together with the other displays of its transaction.
///
/// ```swift
/// actor RainbowNode: DrawingNode {
///   nonisolated let nodeCore = NodeCore()
///   let nodeState = NodeState()
///
///   func drawParameters() -> Bool { true }  // nothing to snapshot but a flag
///
///   static func draw(_ isOpaque: Bool, in context: inout GraphicsContext, request: DisplayRequest) {
///     let colors: [Color] = [.red, .orange, .yellow, .green, .blue, .purple]
///     let stripe = (request.bounds.height / Double(colors.count)).rounded()
///     for (index, color) in colors.enumerated() {
///       context.fill(Rect(x: 0, y: Double(index) * stripe, width: request.bounds.width, height: stripe), with: color)
///     }
///   }
/// }
/// ```
///
/// # Implementation requirements
/// - Implement ``drawParameters()`` and one of ``draw(_:in:request:)`` and
///   ``display(_:request:)``. When a node implements both, ``display(_:request:)``
///   is used and ``draw(_:in:request:)`` is never called, as in Texture: the
///   default ``display(_:request:)`` is what calls ``draw(_:in:request:)``.
/// - Spell them exactly as the requirements do (both `static`, synchronous,
///   with these labels and types). Both have defaults, so a method that nearly
///   matches (an instance `draw`, an `async` one, `draw(_:context:request:)`)
///   is another method: it compiles without a warning and is never called, and
///   the node's contents are a transparent bitmap.
/// - `DrawParameters` must be `Sendable`: the compiler rejects a snapshot
///   that could share mutable state with the node.
/// - Draw code must be a pure function of its parameters and the request.
public protocol DrawingNode: DisplayNode {
  /// The snapshot of the node's state that its drawing reads.
  associatedtype DrawParameters: Sendable

  /// Takes the snapshot that this display draws from (Texture's `drawParametersForAsyncLayer:`).
  ///
  /// Called in the node's isolation once per display, before
  /// ``displayWillStart(_:)``. State changed after it returns is drawn by the
  /// next display: call ``setNeedsDisplay()`` after changing it.
  func drawParameters() -> DrawParameters

  /// Draws the node's contents into `context` (Texture's `+drawRect:withParameters:isCancelled:isRasterizing:`).
  ///
  /// Called off the main actor, on the display executor (on the main actor
  /// for a synchronous display). `context` is sized to the node's bounds at
  /// its contents scale and starts transparent: the layer's background color
  /// shows under the contents (clipped by its corner radius), as Core
  /// Animation draws it, so the drawing does not paint it again (Texture fills
  /// the background only when it rasterizes a subtree); coordinates are in points. Return early when
  /// ``DisplayRequest/isCancelled`` becomes `true`: nothing a cancelled
  /// display draws is ever shown. The default draws nothing.
  ///
  /// - Parameters:
  ///   - parameters: The snapshot ``drawParameters()`` took.
  ///   - context: The bitmap to draw into.
  ///   - request: The node's bounds, scale and cancellation.
  static func draw(_ parameters: DrawParameters, in context: inout GraphicsContext, request: DisplayRequest)

  /// Makes the node's contents (Texture's `+displayWithParameters:isCancelled:`).
  ///
  /// Implement it to return a bitmap made some other way (decoded, cached,
  /// composed). The default makes a context sized to the request, calls
  /// ``draw(_:in:request:)`` and returns its bitmap, or `nil` if the display
  /// was cancelled meanwhile. Returning `nil` sets no contents. Bounds too
  /// large for a bitmap (2^28 pixels or more at the request's scale, see
  /// ``GraphicsContext/canHoldBitmap(of:scale:)``) draw nothing: the default
  /// returns `nil`, as Texture's display gets no image from a Core Graphics
  /// context that cannot be made.
  ///
  /// - Parameters:
  ///   - parameters: The snapshot ``drawParameters()`` took.
  ///   - request: The node's bounds, scale and cancellation.
  /// - Returns: The contents, or `nil` for none.
  static func display(_ parameters: DrawParameters, request: DisplayRequest) -> Image?
}

extension DrawingNode {
  /// Draws nothing.
  public static func draw(_ parameters: DrawParameters, in context: inout GraphicsContext, request: DisplayRequest) {}

  /// Makes a context of the request's size and scale, lets ``draw(_:in:request:)`` draw into it, and returns it.
  public static func display(_ parameters: DrawParameters, request: DisplayRequest) -> Image? {
    guard GraphicsContext.canHoldBitmap(of: request.bounds.size, scale: request.contentsScale) else { return nil }
    var context = GraphicsContext(size: request.bounds.size, scale: request.contentsScale)
    draw(parameters, in: &context, request: request)
    return request.isCancelled ? nil : context.makeImage()
  }
}
