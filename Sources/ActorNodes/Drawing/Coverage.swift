/// How much of each pixel a shape covers: the anti-aliasing behind ``GraphicsContext``.
///
/// Shapes are given in device space (pixels, y down). The context walks the
/// pixel rows a shape's bounds cross; for each row, the shape adds its
/// coverage to a ``Row`` as horizontal spans, each with a weight (the height
/// of the row it stands for). A span covers part of a pixel at each end and
/// all of the pixels between, so horizontal coverage is exact. Vertically,
/// axis-aligned rectangles are exact too (the weight is the height they
/// cover), and curved or slanted shapes are sampled at 16 heights per row.
/// A pixel inside a shape gets coverage exactly 1, and a rectangle on pixel
/// boundaries covers whole pixels only: fills of such rectangles have exact
/// colors, with nothing bleeding into the neighbours.
enum Coverage {
  /// How many heights a row is sampled at for shapes whose spans change with y.
  static let samplesPerRow = 16

  /// An axis-aligned rectangle in device space, from its minimum to its maximum coordinates.
  struct Box: Hashable, Sendable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    /// Whether it covers no area.
    var isEmpty: Bool { !(maxX > minX && maxY > minY) }

    /// The part inside both this box and `other` (empty if they do not overlap).
    func intersection(_ other: Box) -> Box {
      Box(
        minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX),
        maxY: min(maxY, other.maxY))
    }

    /// The box shrunk by `dx` on the left and right and `dy` at the top and bottom (grown if negative).
    func insetBy(dx: Double, dy: Double) -> Box {
      Box(minX: minX + dx, minY: minY + dy, maxX: maxX - dx, maxY: maxY - dy)
    }

    /// The height of the part of `top..<bottom` inside the box.
    func overlap(top: Double, bottom: Double) -> Double { max(0, min(bottom, maxY) - max(top, minY)) }
  }

  /// The coverage of one pixel row, accumulated from spans.
  struct Row {
    /// The device column of index 0.
    let originX: Int
    /// Spans are cut to `clipMinX...clipMaxX` (the clip and the bitmap, in device x).
    let clipMinX: Double
    let clipMaxX: Double
    /// Coverage of partly covered pixels, by column from `originX`.
    private(set) var partial: [Double]
    /// Changes of the coverage of whole pixels: column `i` is covered by the sum of `steps[...i]`.
    private(set) var steps: [Double]

    /// A row for the columns `originX..<originX + width`.
    init(originX: Int, width: Int, clipMinX: Double, clipMaxX: Double) {
      self.originX = originX
      self.clipMinX = clipMinX
      self.clipMaxX = clipMaxX
      partial = [Double](repeating: 0, count: width + 1)
      steps = [Double](repeating: 0, count: width + 1)
    }

    /// Adds `weight` times the part of each pixel that `start..<end` covers horizontally.
    ///
    /// A negative weight removes coverage: that is how a stroke is its outer shape minus its inner one.
    mutating func addSpan(from start: Double, to end: Double, weight: Double) {
      let start = max(start, clipMinX) - Double(originX)
      let end = min(end, clipMaxX) - Double(originX)
      guard end > start else { return }
      let first = Int(start.rounded(.down))
      let last = Int(end.rounded(.down))
      if first == last {
        partial[first] += (end - start) * weight
        return
      }
      partial[first] += (Double(first + 1) - start) * weight
      steps[first + 1] += weight
      steps[last] -= weight
      if end > Double(last) { partial[last] += (end - Double(last)) * weight }
    }

    /// The coverage of each column, in order, clamped to `0...1`; resets the row for the next one.
    mutating func drain(_ body: (_ column: Int, _ coverage: Double) -> Void) {
      var whole = 0.0
      for index in 0..<partial.count - 1 {
        whole += steps[index]
        var coverage = whole + partial[index]
        steps[index] = 0
        partial[index] = 0
        // Sums of weights that should cancel may leave a rounding error: snap it.
        if coverage < 1e-9 { continue }
        if coverage > 1 - 1e-9 { coverage = 1 }
        body(originX + index, coverage)
      }
      steps[partial.count - 1] = 0
      partial[partial.count - 1] = 0
    }
  }

  /// A shape that can say how much of each pixel row it covers.
  protocol Shape {
    /// A box that holds the whole shape.
    var bounds: Box { get }
    /// Adds to `row`, with `sign` (1, or -1 to subtract), the coverage of the band `top..<bottom` of a pixel row.
    ///
    /// The band is inside the shape's bounds and the clip, and at most one pixel high.
    func accumulate(top: Double, bottom: Double, sign: Double, into row: inout Row)
  }

  /// A shape whose horizontal extent at a height is one span: curves and slanted lines, sampled at heights.
  protocol SpanShape: Shape {
    /// The span of the shape at height `y`, or `nil` where it has none.
    func span(atY y: Double) -> (start: Double, end: Double)?
  }

  /// An axis-aligned rectangle: exact coverage.
  struct Rectangle: Shape {
    var box: Box
    var bounds: Box { box }

    func accumulate(top: Double, bottom: Double, sign: Double, into row: inout Row) {
      let height = box.overlap(top: top, bottom: bottom)
      if height > 0 { row.addSpan(from: box.minX, to: box.maxX, weight: sign * height) }
    }
  }

  /// Axis-aligned rectangles that do not overlap (a glyph's dots): exact coverage, composited as one shape.
  struct Rectangles: Shape {
    /// The rectangles, sorted by their top edge.
    let boxes: [Box]
    let bounds: Box

    init(_ boxes: [Box]) {
      self.boxes = boxes.filter { !$0.isEmpty }.sorted { $0.minY < $1.minY }
      bounds = self.boxes.reduce(Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)) {
        Box(
          minX: min($0.minX, $1.minX), minY: min($0.minY, $1.minY), maxX: max($0.maxX, $1.maxX),
          maxY: max($0.maxY, $1.maxY))
      }
    }

    func accumulate(top: Double, bottom: Double, sign: Double, into row: inout Row) {
      for box in boxes {
        if box.minY >= bottom { break }
        let height = box.overlap(top: top, bottom: bottom)
        if height > 0 { row.addSpan(from: box.minX, to: box.maxX, weight: sign * height) }
      }
    }
  }

  /// An axis-aligned ellipse.
  struct Ellipse: SpanShape {
    var box: Box
    var bounds: Box { box }

    func span(atY y: Double) -> (start: Double, end: Double)? {
      let radiusY = (box.maxY - box.minY) / 2
      let t = (y - (box.minY + radiusY)) / radiusY
      guard t > -1, t < 1 else { return nil }
      let centerX = (box.minX + box.maxX) / 2
      let halfWidth = (box.maxX - box.minX) / 2 * (1 - t * t).squareRoot()
      return (centerX - halfWidth, centerX + halfWidth)
    }
  }

  /// An axis-aligned rectangle with elliptical corners of radii `radiusX`, `radiusY` (at most half each side).
  ///
  /// Rows between the corners are exact rectangles; rows through the corners are sampled.
  struct RoundedRectangle: SpanShape {
    var box: Box
    var radiusX: Double
    var radiusY: Double
    var bounds: Box { box }

    init(box: Box, radiusX: Double, radiusY: Double) {
      self.box = box
      self.radiusX = min(max(radiusX, 0), (box.maxX - box.minX) / 2)
      self.radiusY = min(max(radiusY, 0), (box.maxY - box.minY) / 2)
      if self.radiusX == 0 || self.radiusY == 0 { (self.radiusX, self.radiusY) = (0, 0) }
    }

    func span(atY y: Double) -> (start: Double, end: Double)? {
      guard y > box.minY, y < box.maxY else { return nil }
      let fromEdge = min(y - box.minY, box.maxY - y)
      guard fromEdge < radiusY else { return (box.minX, box.maxX) }
      let t = (radiusY - fromEdge) / radiusY
      let inset = radiusX * (1 - max(0, 1 - t * t).squareRoot())
      return (box.minX + inset, box.maxX - inset)
    }

    func accumulate(top: Double, bottom: Double, sign: Double, into row: inout Row) {
      if top >= box.minY + radiusY, bottom <= box.maxY - radiusY {
        row.addSpan(from: box.minX, to: box.maxX, weight: sign * (bottom - top))
      } else {
        accumulateSamples(top: top, bottom: bottom, sign: sign, into: &row)
      }
    }
  }

  /// A convex polygon (a stroked line's quadrilateral), its vertices in order.
  struct ConvexPolygon: SpanShape {
    let points: [(x: Double, y: Double)]
    let bounds: Box

    init(_ points: [(x: Double, y: Double)]) {
      self.points = points
      bounds = Box(
        minX: points.map(\.x).min() ?? 0, minY: points.map(\.y).min() ?? 0, maxX: points.map(\.x).max() ?? 0,
        maxY: points.map(\.y).max() ?? 0)
    }

    func span(atY y: Double) -> (start: Double, end: Double)? {
      var start = Double.infinity
      var end = -Double.infinity
      for index in points.indices {
        let p = points[index]
        let q = points[(index + 1) % points.count]
        guard (p.y <= y && y < q.y) || (q.y <= y && y < p.y) else { continue }
        let x = p.x + (y - p.y) * (q.x - p.x) / (q.y - p.y)
        start = min(start, x)
        end = max(end, x)
      }
      return end > start ? (start, end) : nil
    }
  }

  /// The part of `outer` outside `inner`, which must lie inside `outer`: a stroke.
  struct Difference<Outer: Shape, Inner: Shape>: Shape {
    var outer: Outer
    var inner: Inner?
    var bounds: Box { outer.bounds }

    func accumulate(top: Double, bottom: Double, sign: Double, into row: inout Row) {
      outer.accumulate(top: top, bottom: bottom, sign: sign, into: &row)
      guard let inner else { return }
      let band = inner.bounds.intersection(Box(minX: -.infinity, minY: top, maxX: .infinity, maxY: bottom))
      if !band.isEmpty { inner.accumulate(top: band.minY, bottom: band.maxY, sign: -sign, into: &row) }
    }
  }
}

extension Coverage.SpanShape {
  func accumulate(top: Double, bottom: Double, sign: Double, into row: inout Coverage.Row) {
    accumulateSamples(top: top, bottom: bottom, sign: sign, into: &row)
  }

  /// Samples the band `top..<bottom` at ``Coverage/samplesPerRow`` evenly spaced heights.
  func accumulateSamples(top: Double, bottom: Double, sign: Double, into row: inout Coverage.Row) {
    let step = (bottom - top) / Double(Coverage.samplesPerRow)
    let weight = sign * step
    for sample in 0..<Coverage.samplesPerRow {
      if let span = span(atY: top + (Double(sample) + 0.5) * step) {
        row.addSpan(from: span.start, to: span.end, weight: weight)
      }
    }
  }
}
