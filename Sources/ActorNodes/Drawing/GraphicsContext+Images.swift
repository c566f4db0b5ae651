extension GraphicsContext {
  /// Draws an image scaled to fill a rectangle.
  ///
  /// Each bitmap pixel the rectangle covers takes the image's color at the
  /// matching point (its center mapped into the image), chosen by
  /// `interpolation` from the image's premultiplied pixels, and composites
  /// it source-over, times the coverage and the context's alpha. The
  /// image's own scale plays no part: it is stretched to the rectangle. A
  /// flipped transform (a negative scale factor) flips the image.
  ///
  /// - Parameters:
  ///   - image: The image; an image without pixels draws nothing.
  ///   - rect: Where it goes, in user space.
  ///   - interpolation: How colors are picked between image pixels; bilinear by default.
  /// - Precondition: The rectangle is finite.
  public mutating func draw(_ image: Image, in rect: Rect, interpolation: ImageInterpolation = .bilinear) {
    let box = deviceBox(rect)
    guard image.pixelWidth > 0, image.pixelHeight > 0, !box.isEmpty else { return }
    // Where the rectangle's origin and opposite corner land: flips keep their direction.
    let (originX, originY) = devicePoint(x: rect.minX, y: rect.minY)
    let (cornerX, cornerY) = devicePoint(x: rect.maxX, y: rect.maxY)
    let width = image.pixelWidth
    let height = image.pixelHeight
    let unitsX = Double(width) / (cornerX - originX)
    let unitsY = Double(height) / (cornerY - originY)
    let bytes = image.rgba
    func channels(_ x: Int, _ y: Int) -> (Double, Double, Double, Double) {
      let offset = (y * width + x) * 4
      return (Double(bytes[offset]), Double(bytes[offset + 1]), Double(bytes[offset + 2]), Double(bytes[offset + 3]))
    }
    switch interpolation {
    case .nearest:
      rasterize(Coverage.Rectangle(box: box)) { x, y in
        let u = (Double(x) + 0.5 - originX) * unitsX
        let v = (Double(y) + 0.5 - originY) * unitsY
        return channels(min(max(Int(u.rounded(.down)), 0), width - 1), min(max(Int(v.rounded(.down)), 0), height - 1))
      }
    case .bilinear:
      rasterize(Coverage.Rectangle(box: box)) { x, y in
        // Image pixel centers are at half-integers: measure from the first one, clamping at the edges.
        let u = min(max((Double(x) + 0.5 - originX) * unitsX - 0.5, 0), Double(width - 1))
        let v = min(max((Double(y) + 0.5 - originY) * unitsY - 0.5, 0), Double(height - 1))
        let x0 = Int(u.rounded(.down))
        let y0 = Int(v.rounded(.down))
        let x1 = min(x0 + 1, width - 1)
        let y1 = min(y0 + 1, height - 1)
        let tx = u - Double(x0)
        let ty = v - Double(y0)
        let (a, b, c, d) = (channels(x0, y0), channels(x1, y0), channels(x0, y1), channels(x1, y1))
        func mix(_ p: Double, _ q: Double, _ r: Double, _ s: Double) -> Double {
          let top = tx == 0 ? p : p + (q - p) * tx
          let bottom = tx == 0 ? r : r + (s - r) * tx
          return ty == 0 ? top : top + (bottom - top) * ty
        }
        return (mix(a.0, b.0, c.0, d.0), mix(a.1, b.1, c.1, d.1), mix(a.2, b.2, c.2, d.2), mix(a.3, b.3, c.3, d.3))
      }
    }
  }
}
