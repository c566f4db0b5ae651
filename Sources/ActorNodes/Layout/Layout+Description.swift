extension Layout: CustomStringConvertible {
  /// The layout and its sublayouts, one line each, indented by `| ` per level:
  ///
  /// ```
  /// <RowNode #2> frame: (0, 0, 375x40)
  /// | <BasicNode #3> frame: (0, 0, 40x40)
  /// | <TextNode #4> frame: (48, 3, 100x34)
  /// ```
  public var description: String {
    var lines: [String] = []
    // Without recursion, so that a deep layout is described in constant stack.
    var stack: [(layout: Layout, depth: Int)] = [(self, 0)]
    while let (layout, depth) = stack.popLast() {
      lines.append("\(descriptionIndent(depth: depth))\(layout.element.label) frame: \(layout.frame)")
      for sublayout in layout.sublayouts.reversed() { stack.append((sublayout, depth + 1)) }
    }
    return lines.joined(separator: "\n")
  }

  /// A drawing of the frames in characters, for a quick look at a layout while debugging.
  ///
  /// The layout's own bounds are the outer box; every layout below it is a
  /// box marked with a digit or letter at its top-left corner, explained in a
  /// legend under the drawing. A character cell is twice as high as it is
  /// wide, as in a terminal, so the proportions hold. Boxes drawn later (front
  /// ones) overwrite earlier ones; parts outside the bounds are cut off. A
  /// drawing has at most twice as many rows as columns: a taller layout is
  /// squeezed vertically to fit.
  /// `sketch(columns: 21)` of a 200 × 40 row:
  ///
  /// ```
  /// <RowNode #1> 200x40
  /// 1---+---------------+
  /// |   | 2---------+   |
  /// +---+-+---------+---+
  /// 1 <BasicNode #3> frame: (0, 0, 40x40)
  /// 2 <TextNode #5> frame: (60, 10, 100x20)
  /// ```
  ///
  /// - Parameters:
  ///   - columns: The width of the drawing in characters: at least 8, at most 1,000 (a count outside is taken as
  ///     the nearer of the two, as a wider drawing would not be read, and a huge count would overflow or
  ///     exhaust memory).
  public func sketch(columns: Int = 60) -> String {
    let width = Swift.min(Swift.max(columns, 8), 1_000)
    let scaleX = size.width > 0 ? Double(width - 1) / size.width : 0
    // At most twice as many rows as columns: a very tall layout is squeezed, not drawn a screen per row.
    let rows = (size.height * scaleX / 2).rounded()
    let height = rows < Double(2 * width) ? Swift.max(2, Int(rows) + 1) : 2 * width
    let scaleY = size.height > 0 ? Double(height - 1) / size.height : 0
    var grid = Array(repeating: Array(repeating: Character(" "), count: width), count: height)
    let marks = Array("123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    // A frame is scaled and rounded in floating point and clipped to the grid before anything becomes an `Int`: a
    // frame far outside the bounds, or many times their size, draws only its visible cells.
    func cell(_ value: Double, count: Int) -> Int? { value >= 0 && value < Double(count) ? Int(value) : nil }
    func visibleCells(from low: Double, to high: Double, count: Int) -> ClosedRange<Int>? {
      let low = Swift.max(low, 0), high = Swift.min(high, Double(count - 1))
      return low <= high ? Int(low)...Int(high) : nil
    }
    func box(_ frame: Rect, mark: Character?) {
      let left = (frame.minX * scaleX).rounded(), right = (frame.maxX * scaleX).rounded()
      let top = (frame.minY * scaleY).rounded(), bottom = (frame.maxY * scaleY).rounded()
      // NaN only for an infinite coordinate (a position that overflowed) in a bound of zero width or height.
      guard ![left, right, top, bottom].contains(where: \.isNaN) else { return }
      let edgeRows = [top, bottom].compactMap { cell($0, count: height) }
      let edgeColumns = [left, right].compactMap { cell($0, count: width) }
      if right > left, let visibleColumns = visibleCells(from: left, to: right, count: width) {
        for row in edgeRows { for column in visibleColumns { grid[row][column] = "-" } }
      }
      if bottom > top, let visibleRows = visibleCells(from: top, to: bottom, count: height) {
        for column in edgeColumns { for row in visibleRows { grid[row][column] = "|" } }
      }
      for row in edgeRows { for column in edgeColumns { grid[row][column] = "+" } }
      if let mark, let row = cell(top, count: height), let column = cell(left, count: width) {
        grid[row][column] = mark
      }
    }

    box(Rect(origin: .zero, size: size), mark: nil)
    var legend: [String] = []
    var stack: [(layout: Layout, origin: Point)] = sublayouts.reversed().map { ($0, .zero) }
    while let (layout, origin) = stack.popLast() {
      let frame = Rect(
        x: origin.x + layout.position.x, y: origin.y + layout.position.y, width: layout.size.width,
        height: layout.size.height)
      let mark = legend.count < marks.count ? marks[legend.count] : "*"
      box(frame, mark: mark)
      legend.append("\(mark) \(layout.element.label) frame: \(frame)")
      for sublayout in layout.sublayouts.reversed() { stack.append((sublayout, frame.origin)) }
    }
    let drawing = grid.map { String($0).replacing(/\s+$/, with: "") }
    return (["\(element.label) \(size)"] + drawing + legend).joined(separator: "\n")
  }
}
