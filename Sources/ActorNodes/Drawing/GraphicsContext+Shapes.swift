extension GraphicsContext {
  /// Fills a rectangle with a color.
  ///
  /// A rectangle whose edges fall on pixel boundaries (in device space)
  /// covers whole pixels: each gets exactly the color's bytes if it is
  /// opaque and the alpha is 1.
  ///
  /// - Parameters:
  ///   - rect: The rectangle, in user space; a negative size is measured the other way.
  ///   - color: The color.
  /// - Precondition: The rectangle is finite.
  public mutating func fill(_ rect: Rect, with color: Color) {
    fill(Coverage.Rectangle(box: deviceBox(rect)), with: color)
  }

  /// Strokes the outline of a rectangle: a band `lineWidth` wide centered on its edges.
  ///
  /// - Parameters:
  ///   - rect: The rectangle, in user space.
  ///   - color: The color.
  ///   - lineWidth: The band's width in user space; 0 draws nothing.
  /// - Precondition: The rectangle is finite and `lineWidth` is finite and not negative.
  public mutating func stroke(_ rect: Rect, with color: Color, lineWidth: Double = 1) {
    checkLineWidth(lineWidth)
    guard lineWidth > 0 else { return }
    let (outer, inner) = strokeBoxes(rect, lineWidth: lineWidth)
    fill(
      Coverage.Difference(
        outer: Coverage.Rectangle(box: outer), inner: inner.isEmpty ? nil : Coverage.Rectangle(box: inner)),
      with: color)
  }

  /// Fills a rectangle with rounded corners: quarter circles of `cornerRadius`.
  ///
  /// The radius is clamped to half the shorter side (a square becomes a
  /// circle); under a non-uniform scale the corners are quarter ellipses.
  ///
  /// - Parameters:
  ///   - rect: The rectangle, in user space.
  ///   - cornerRadius: The corners' radius in user space; 0 gives square corners.
  ///   - color: The color.
  /// - Precondition: The rectangle is finite and `cornerRadius` is finite and not negative.
  public mutating func fillRoundedRect(_ rect: Rect, cornerRadius: Double, with color: Color) {
    checkCornerRadius(cornerRadius)
    let radius = min(cornerRadius, abs(rect.width) / 2, abs(rect.height) / 2)
    fill(roundedShape(deviceBox(rect), radius: radius, grownBy: 0), with: color)
  }

  /// Fills a layer's border as Core Animation draws it: the band `width` wide inside `rect`'s edges, whose outer
  /// edge has the corner radius (clamped to half the shorter side), as the layer's background does, and whose inner
  /// edge has that radius less the width.
  mutating func fillBorder(of rect: Rect, cornerRadius: Double, width: Double, with color: Color) {
    guard width > 0 else { return }
    let box = deviceBox(rect)
    let radius = min(cornerRadius, abs(rect.width) / 2, abs(rect.height) / 2)
    let inner = roundedShape(box, radius: radius, grownBy: -width)
    fill(
      Coverage.Difference(
        outer: roundedShape(box, radius: radius, grownBy: 0), inner: inner.box.isEmpty ? nil : inner),
      with: color)
  }

  /// Strokes the outline of a rounded rectangle: a band `lineWidth` wide centered on it.
  ///
  /// The band lies between the rounded rectangle grown by half the line
  /// width (its corner radius too) and the one shrunk by as much.
  ///
  /// - Parameters:
  ///   - rect: The rectangle, in user space.
  ///   - cornerRadius: The corners' radius in user space, clamped to half the shorter side.
  ///   - color: The color.
  ///   - lineWidth: The band's width in user space; 0 draws nothing.
  /// - Precondition: The rectangle is finite; `cornerRadius` and `lineWidth` are finite and not negative.
  public mutating func strokeRoundedRect(_ rect: Rect, cornerRadius: Double, with color: Color, lineWidth: Double = 1) {
    checkCornerRadius(cornerRadius)
    checkLineWidth(lineWidth)
    guard lineWidth > 0 else { return }
    let box = deviceBox(rect)
    let radius = min(cornerRadius, abs(rect.width) / 2, abs(rect.height) / 2)
    let inner = roundedShape(box, radius: radius, grownBy: -lineWidth / 2)
    fill(
      Coverage.Difference(
        outer: roundedShape(box, radius: radius, grownBy: lineWidth / 2), inner: inner.box.isEmpty ? nil : inner),
      with: color)
  }

  /// Fills the ellipse that fits in a rectangle.
  ///
  /// - Parameters:
  ///   - rect: The ellipse's bounding rectangle, in user space (a square gives a circle).
  ///   - color: The color.
  /// - Precondition: The rectangle is finite.
  public mutating func fillEllipse(in rect: Rect, with color: Color) {
    fill(Coverage.Ellipse(box: deviceBox(rect)), with: color)
  }

  /// Strokes the ellipse that fits in a rectangle: a band `lineWidth` wide centered on it.
  ///
  /// The band lies between the ellipse whose radii are half the line width
  /// longer and the one whose radii are as much shorter.
  ///
  /// - Parameters:
  ///   - rect: The ellipse's bounding rectangle, in user space.
  ///   - color: The color.
  ///   - lineWidth: The band's width in user space; 0 draws nothing.
  /// - Precondition: The rectangle is finite and `lineWidth` is finite and not negative.
  public mutating func strokeEllipse(in rect: Rect, with color: Color, lineWidth: Double = 1) {
    checkLineWidth(lineWidth)
    guard lineWidth > 0 else { return }
    let (outer, inner) = strokeBoxes(rect, lineWidth: lineWidth)
    fill(
      Coverage.Difference(
        outer: Coverage.Ellipse(box: outer), inner: inner.isEmpty ? nil : Coverage.Ellipse(box: inner)),
      with: color)
  }

  /// Strokes a straight line with butt caps: the rectangle `lineWidth` wide from `start` to `end`.
  ///
  /// A horizontal or vertical line whose band falls on pixel boundaries
  /// covers whole pixels, as a filled rectangle does (a 1-point line at
  /// scale 1 along `y = 10.5` fills row 10 exactly).
  ///
  /// - Parameters:
  ///   - start: Where the line starts, in user space.
  ///   - end: Where it ends; a line of zero length draws nothing.
  ///   - color: The color.
  ///   - lineWidth: The line's width in user space; 0 draws nothing.
  /// - Precondition: The points are finite and `lineWidth` is finite and not negative.
  public mutating func strokeLine(from start: Point, to end: Point, with color: Color, lineWidth: Double = 1) {
    contractPrecondition(start.isFinite && end.isFinite, "drawing geometry must be finite: got \(start), \(end)")
    checkLineWidth(lineWidth)
    let length = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
    guard lineWidth > 0, length > 0 else { return }
    if start.x == end.x || start.y == end.y {
      let half = lineWidth / 2
      let box = deviceBox(
        Rect(
          x: min(start.x, end.x) - (start.x == end.x ? half : 0),
          y: min(start.y, end.y) - (start.y == end.y ? half : 0),
          width: start.x == end.x ? lineWidth : abs(end.x - start.x),
          height: start.y == end.y ? lineWidth : abs(end.y - start.y)))
      fill(Coverage.Rectangle(box: box), with: color)
      return
    }
    // The band's half-width, perpendicular to the line, in user space.
    let normalX = -(end.y - start.y) / length * lineWidth / 2
    let normalY = (end.x - start.x) / length * lineWidth / 2
    let corners = [
      devicePoint(x: start.x + normalX, y: start.y + normalY), devicePoint(x: end.x + normalX, y: end.y + normalY),
      devicePoint(x: end.x - normalX, y: end.y - normalY), devicePoint(x: start.x - normalX, y: start.y - normalY),
    ]
    fill(Coverage.ConvexPolygon(corners), with: color)
  }

  /// The device boxes a stroke lies between: `rect` grown and shrunk by half the line width.
  private func strokeBoxes(_ rect: Rect, lineWidth: Double) -> (outer: Coverage.Box, inner: Coverage.Box) {
    let box = deviceBox(rect)
    let dx = lineWidth / 2 * abs(state.scaleX)
    let dy = lineWidth / 2 * abs(state.scaleY)
    return (box.insetBy(dx: -dx, dy: -dy), box.insetBy(dx: dx, dy: dy))
  }

  /// The rounded rectangle of device box `box` and user-space `radius`, grown by `grownBy` user-space units.
  private func roundedShape(_ box: Coverage.Box, radius: Double, grownBy growth: Double) -> Coverage.RoundedRectangle {
    let scaleX = abs(state.scaleX)
    let scaleY = abs(state.scaleY)
    return Coverage.RoundedRectangle(
      box: box.insetBy(dx: -growth * scaleX, dy: -growth * scaleY), radiusX: (radius + growth) * scaleX,
      radiusY: (radius + growth) * scaleY)
  }

  private func checkLineWidth(_ lineWidth: Double) {
    contractPrecondition(
      lineWidth.isFinite && lineWidth >= 0, "a line width must be finite and not negative: got \(lineWidth)")
  }

  private func checkCornerRadius(_ radius: Double) {
    contractPrecondition(
      radius.isFinite && radius >= 0, "a corner radius must be finite and not negative: got \(radius)")
  }
}
