/// A bitmap to draw into: the display step's canvas, in the spirit of `CGContext`.
///
/// A context owns an RGBA bitmap of ``pixelWidth`` × ``pixelHeight`` pixels,
/// 8 bits per channel and premultiplied, with the origin at the top-left
/// corner and y growing downwards (as in UIKit). Drawing coordinates are in
/// points: the initial transform maps a point to `scale` pixels, so code
/// draws the same way at every scale. ``translateBy(x:y:)`` and
/// ``scaleBy(x:y:)`` change the transform, ``clip(to:)`` narrows where
/// drawing lands, and ``setAlpha(_:)`` fades everything drawn; all three are
/// part of the state that ``saveState()`` saves and ``restoreState()``
/// brings back.
///
/// Every drawing operation composites source-over (the drawn color, then
/// what was there scaled by one minus the drawn alpha). A color is first
/// turned into its premultiplied bytes (``RGBA8/init(_:)``), so an opaque fill
/// of a whole pixel writes exactly those bytes. Edges are anti-aliased by
/// the area of each pixel a shape covers (curves and slanted edges are
/// sampled at 16 heights per pixel row); a rectangle whose edges fall on
/// pixel boundaries covers whole pixels only, with no bleeding. Drawing
/// is deterministic: the same calls give the same bytes on every machine.
///
/// ```swift
/// var context = GraphicsContext(size: Size(width: 100, height: 40), scale: 2, fill: .white)
/// context.fillRoundedRect(Rect(x: 4, y: 4, width: 92, height: 32), cornerRadius: 8, with: .blue)
/// context.draw("Texture", at: Point(x: 12, y: 12), fontSize: 14, color: .white)
/// let image = context.makeImage()  // 200 × 80 pixels at scale 2
/// ```
///
/// A context is a value: copying one copies its bitmap (lazily), and a
/// context can be built on any task and its image sent anywhere.
public struct GraphicsContext: Sendable {
  /// How ``draw(_:in:interpolation:)`` picks colors when an image is drawn at another size.
  public enum ImageInterpolation: Hashable, Sendable {
    /// The image pixel under each bitmap pixel's center: hard edges, exact colors (pixel art, 2× upscales).
    case nearest
    /// A blend of the four image pixels around each bitmap pixel's center (of premultiplied values):
    /// smooth scaling. Drawing an image at its own pixel size on whole pixels copies it exactly.
    case bilinear
  }

  /// The bitmap's width in pixels.
  public let pixelWidth: Int
  /// The bitmap's height in pixels.
  public let pixelHeight: Int
  /// Pixels per point.
  public let scale: Double

  /// The premultiplied RGBA bytes, row-major from the top-left corner.
  var pixels: [UInt8]
  /// The current transform, clip and alpha.
  var state: State
  /// The states ``saveState()`` saved, the latest last.
  private var savedStates: [State] = []

  /// What ``saveState()`` saves.
  struct State: Sendable {
    /// Device x = `scaleX` × user x + `translateX`; likewise for y.
    var scaleX: Double
    var scaleY: Double
    var translateX: Double
    var translateY: Double
    /// Where drawing may land, in device space (inside the bitmap).
    var clip: Coverage.Box
    /// Multiplied into the alpha of everything drawn.
    var alpha: Double
  }

  /// Whether a context of `size` points at `scale` is small enough to make: under 2^28 pixels in all (a gigabyte of
  /// RGBA, more than the machines this runs on can allocate at once), and so on each side.
  ///
  /// ``DrawingNode/display(_:request:)`` draws nothing for larger bounds, as a Core Graphics context that cannot
  /// be made gives Texture's display no image.
  public static func canHoldBitmap(of size: Size, scale: Double) -> Bool {
    // The pixel counts as the bitmap rounds them (see `init`).
    let width = max(0, (size.width * scale - 1e-9).rounded(.up))
    let height = max(0, (size.height * scale - 1e-9).rounded(.up))
    return width < 0x1000_0000 && height < 0x1000_0000 && width * height < 0x1000_0000
  }

  /// Creates a context whose bitmap covers `size` at `scale`.
  ///
  /// The bitmap is `ceil(size.width × scale)` × `ceil(size.height × scale)`
  /// pixels (a product off a whole number by a rounding error is not
  /// rounded up). Its initial transform maps points to pixels, the clip is
  /// the whole bitmap, and the alpha is 1.
  ///
  /// - Parameters:
  ///   - size: The size in points.
  ///   - scale: Pixels per point.
  ///   - fill: A color every pixel starts with; transparent if `nil`.
  /// - Precondition: `size` is finite and not negative; `scale` is finite and positive; the bitmap is
  ///   under 2^28 pixels on each side and in all (a gigabyte).
  public init(size: Size, scale: Double, fill: Color? = nil) {
    contractPrecondition(
      size.isValidViewSize, "a graphics context's size must be finite and not negative: got \(size)")
    contractPrecondition(
      scale.isFinite && scale > 0, "a graphics context's scale must be finite and positive: got \(scale)")
    contractPrecondition(
      size.width * scale < 0x1000_0000 && size.height * scale < 0x1000_0000,
      "a graphics context's bitmap must be under 2^28 pixels on each side: got \(size) at scale \(scale)")
    contractPrecondition(
      Self.canHoldBitmap(of: size, scale: scale),
      "a graphics context's bitmap must be under 2^28 pixels in all: got \(size) at scale \(scale)")
    func pixelCount(_ length: Double) -> Int { max(0, Int((length * scale - 1e-9).rounded(.up))) }
    pixelWidth = pixelCount(size.width)
    pixelHeight = pixelCount(size.height)
    self.scale = scale
    if let fill {
      pixels = Image(pixelWidth: pixelWidth, pixelHeight: pixelHeight, filledWith: fill).rgba
    } else {
      pixels = [UInt8](repeating: 0, count: pixelWidth * pixelHeight * 4)
    }
    state = State(
      scaleX: scale, scaleY: scale, translateX: 0, translateY: 0,
      clip: Coverage.Box(minX: 0, minY: 0, maxX: Double(pixelWidth), maxY: Double(pixelHeight)), alpha: 1)
  }

  /// The bitmap as an image at the context's scale.
  ///
  /// - Returns: An image of ``pixelWidth`` × ``pixelHeight`` pixels. Later drawing does not change it.
  public func makeImage() -> Image {
    Image(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, rgba: pixels)
  }

  /// The alpha that every drawing operation is multiplied by; see ``setAlpha(_:)``.
  public var alpha: Double { state.alpha }

  /// Saves the transform, clip and alpha, for ``restoreState()`` to bring back.
  public mutating func saveState() {
    savedStates.append(state)
  }

  /// Brings back the transform, clip and alpha of the latest ``saveState()``, and forgets that save.
  ///
  /// - Precondition: A save is left to restore.
  public mutating func restoreState() {
    contractPrecondition(!savedStates.isEmpty, "restoreState() needs a saveState() that it has not yet restored")
    state = savedStates.removeLast()
  }

  /// Runs `body` between ``saveState()`` and ``restoreState()``: what it does to the state ends with it.
  ///
  /// - Parameter body: Drawing that may change the transform, clip or alpha.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws (the state is restored first).
  public mutating func withSavedState<Result, Failure: Error>(
    _ body: (inout GraphicsContext) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    saveState()
    defer { restoreState() }
    return try body(&self)
  }

  /// Moves the origin of user space by `(x, y)` in current user-space units.
  ///
  /// - Precondition: Both offsets are finite, and so is the transform they make.
  public mutating func translateBy(x: Double, y: Double) {
    contractPrecondition(x.isFinite && y.isFinite, "a context's translation must be finite")
    state.translateX += state.scaleX * x
    state.translateY += state.scaleY * y
    contractPrecondition(
      state.translateX.isFinite && state.translateY.isFinite, "a context's transform must stay finite and invertible")
  }

  /// Whether ``translateBy(x:y:)`` can move the origin by `(x, y)`: both offsets, and the transform they make, are
  /// finite.
  func canTranslate(x: Double, y: Double) -> Bool {
    x.isFinite && y.isFinite && (state.translateX + state.scaleX * x).isFinite
      && (state.translateY + state.scaleY * y).isFinite
  }

  /// Scales user space by `(x, y)`: later drawing is `x` times as wide and `y` times as high.
  ///
  /// Negative factors flip the drawing (images too).
  ///
  /// - Precondition: Both factors are finite and not zero, and so are the scales they make.
  public mutating func scaleBy(x: Double, y: Double) {
    contractPrecondition(
      x.isFinite && y.isFinite && x != 0 && y != 0, "a context's scale factors must be finite and not zero")
    state.scaleX *= x
    state.scaleY *= y
    contractPrecondition(
      state.scaleX.isFinite && state.scaleY.isFinite && state.scaleX != 0 && state.scaleY != 0,
      "a context's transform must stay finite and invertible")
  }

  /// Narrows the clip to its intersection with `rect` (in user space): later drawing lands only inside both.
  ///
  /// A clip edge that falls inside a pixel covers that pixel partly, so
  /// drawing there is faded by the part inside. Only ``restoreState()``
  /// widens the clip again.
  ///
  /// - Parameter rect: The rectangle to clip to; a negative size is measured the other way.
  /// - Precondition: The rectangle is finite.
  public mutating func clip(to rect: Rect) {
    state.clip = state.clip.intersection(deviceBox(rect))
  }

  /// Sets the alpha that every later drawing operation is multiplied by (1: opaque, 0: draws nothing).
  ///
  /// Like `CGContextSetAlpha`, this replaces the alpha rather than
  /// multiplying into it; values outside `0...1` are clamped.
  ///
  /// - Parameter alpha: The new alpha.
  /// - Precondition: `alpha` is finite.
  public mutating func setAlpha(_ alpha: Double) {
    contractPrecondition(alpha.isFinite, "a context's alpha must be finite: got \(alpha)")
    state.alpha = min(max(alpha, 0), 1)
  }

  /// The device-space position of user-space point `(x, y)`.
  func devicePoint(x: Double, y: Double) -> (x: Double, y: Double) {
    (state.scaleX * x + state.translateX, state.scaleY * y + state.translateY)
  }

  /// The device-space box of a user-space rectangle.
  ///
  /// - Precondition: The rectangle is finite.
  func deviceBox(_ rect: Rect) -> Coverage.Box {
    contractPrecondition(rect.isFinite, "drawing geometry must be finite: got \(rect)")
    let (x0, y0) = devicePoint(x: rect.minX, y: rect.minY)
    let (x1, y1) = devicePoint(x: rect.maxX, y: rect.maxY)
    return Coverage.Box(minX: min(x0, x1), minY: min(y0, y1), maxX: max(x0, x1), maxY: max(y0, y1))
  }

  /// Composites `color` through the coverage of `shape`.
  mutating func fill(_ shape: some Coverage.Shape, with color: Color) {
    let source = RGBA8(color)
    let red = Double(source.red)
    let green = Double(source.green)
    let blue = Double(source.blue)
    let alpha = Double(source.alpha)
    rasterize(shape) { _, _ in (red, green, blue, alpha) }
  }

  /// Composites the premultiplied color `source(x, y)` of each device pixel through the coverage of `shape`.
  ///
  /// - Parameter source: The color to draw at pixel `(x, y)`, premultiplied, each channel in `0...255`.
  mutating func rasterize(
    _ shape: some Coverage.Shape,
    source: (_ x: Int, _ y: Int) -> (red: Double, green: Double, blue: Double, alpha: Double)
  ) {
    let globalAlpha = state.alpha
    guard globalAlpha > 0 else { return }
    let area = shape.bounds.intersection(state.clip)
    guard !area.isEmpty else { return }
    var row = Coverage.Row(
      originX: Int(area.minX.rounded(.down)), width: Int(area.maxX.rounded(.up)) - Int(area.minX.rounded(.down)),
      clipMinX: area.minX, clipMaxX: area.maxX)
    for y in Int(area.minY.rounded(.down))..<Int(area.maxY.rounded(.up)) {
      let top = max(Double(y), area.minY)
      let bottom = min(Double(y + 1), area.maxY)
      guard bottom > top else { continue }
      shape.accumulate(top: top, bottom: bottom, sign: 1, into: &row)
      let rowStart = y * pixelWidth * 4
      row.drain { x, coverage in
        let color = source(x, y)
        let factor = coverage * globalAlpha
        let offset = rowStart + x * 4
        if factor == 1, color.alpha == 255 {
          pixels[offset] = UInt8(color.red.rounded())
          pixels[offset + 1] = UInt8(color.green.rounded())
          pixels[offset + 2] = UInt8(color.blue.rounded())
          pixels[offset + 3] = 255
          return
        }
        let sourceAlpha = color.alpha * factor
        guard sourceAlpha > 0 else { return }
        let keep = 1 - sourceAlpha / 255
        func blend(_ index: Int, _ channel: Double) {
          let value = (channel * factor + Double(pixels[index]) * keep).rounded()
          pixels[index] = UInt8(min(max(value, 0), 255))
        }
        blend(offset, color.red)
        blend(offset + 1, color.green)
        blend(offset + 2, color.blue)
        blend(offset + 3, color.alpha)
      }
    }
  }
}
