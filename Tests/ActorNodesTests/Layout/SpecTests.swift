import ActorNodes
import Testing

/// The frames of the specs other than the stack, ported from Texture's spec snapshot tests.
@Suite("Layout specs", .tags(.texturePort), .timeLimit(.minutes(5)))
struct SpecTests {
  /// A 10 × 10 box inset by `insets` over a background (`ASInsetLayoutSpecSnapshotTests`).
  private func inset(_ insets: EdgeInsets, in range: SizeRange) async throws -> [Rect?] {
    let fixture = try await SpecFixture(2) { n in
      .background(.inset(insets, box(n[1], 10, 10)), background: box(n[0], 0, 0))
    }
    return try await fixture.frames(range)
  }

  @Test("testInsetsWithVariableSize and testInsetsWithFixedSize: finite insets")
  func finiteInsets() async throws {
    #expect(
      try await inset(EdgeInsets(all: 10), in: range(0, 0, 300, 300)) == [rect(0, 0, 30, 30), rect(10, 10, 10, 10)])
    #expect(
      try await inset(EdgeInsets(all: 10), in: range(300, 300, 300, 300)) == [
        rect(0, 0, 300, 300), rect(10, 10, 280, 280),
      ])
  }

  @Test("testInsetsWithFixedSize: an infinite inset pushes the child to the other edge; two centre it")
  func infiniteInsets() async throws {
    let fixed = range(300, 300, 300, 300)
    let left = EdgeInsets(top: 10, left: .infinity, bottom: 10, right: 10)
    #expect(try await inset(left, in: fixed) == [rect(0, 0, 300, 300), rect(280, 10, 10, 280)])
    let sides = EdgeInsets(top: 10, left: .infinity, bottom: 10, right: .infinity)
    #expect(try await inset(sides, in: fixed) == [rect(0, 0, 300, 300), rect(145, 10, 10, 280)])
    let bottomRight = EdgeInsets(top: .infinity, left: .infinity, bottom: 10, right: 10)
    #expect(try await inset(bottomRight, in: fixed) == [rect(0, 0, 300, 300), rect(280, 280, 10, 10)])
  }

  @Test(
    "testInsetsWithVariableSize and testInsetsWithFixedSize: every combination of 10 and infinity", arguments: 0..<16)
  func tenAndInfiniteInsets(combination: Int) async throws {
    func edge(_ bit: Int) -> Double { combination & (1 << bit) != 0 ? .infinity : 10 }
    let insets = EdgeInsets(top: edge(0), left: edge(1), bottom: edge(2), right: edge(3))
    /// The box's offset and length on an axis of `size` points: a finite pair insets it (filling an exact size), an
    /// infinite start pushes it to the end, two infinite edges centre it.
    func axis(_ start: Double, _ end: Double, size: Double, exact: Bool) -> (offset: Double, length: Double) {
      if start.isFinite { return (10, exact && end.isFinite ? size - 20 : 10) }
      return (end.isFinite ? size - 20 : (size - 10) / 2, 10)
    }
    for exact in [false, true] {
      // In 0 ... 300, an axis with an infinite edge takes the maximum; else it is the box and its insets.
      let width: Double = exact || insets.left.isInfinite || insets.right.isInfinite ? 300 : 30
      let height: Double = exact || insets.top.isInfinite || insets.bottom.isInfinite ? 300 : 30
      let x = axis(insets.left, insets.right, size: width, exact: exact)
      let y = axis(insets.top, insets.bottom, size: height, exact: exact)
      let frames = try await inset(insets, in: exact ? range(300, 300, 300, 300) : range(0, 0, 300, 300))
      #expect(frames == [rect(0, 0, width, height), rect(x.offset, y.offset, x.length, y.length)], "exact: \(exact)")
    }
  }

  @Test("testInsetsWithInfinityAndZeroInsetValue: every combination of 0 and infinity", arguments: 0..<16)
  func zeroAndInfiniteInsets(combination: Int) async throws {
    func edge(_ bit: Int) -> Double { combination & (1 << bit) != 0 ? .infinity : 0 }
    let insets = EdgeInsets(top: edge(0), left: edge(1), bottom: edge(2), right: edge(3))
    // An axis with an infinite edge lets the box keep its width; else it fills the 300 points.
    let width: Double = insets.left.isInfinite || insets.right.isInfinite ? 10 : 300
    let height: Double = insets.top.isInfinite || insets.bottom.isInfinite ? 10 : 300
    let x: Double = insets.left.isFinite ? 0 : insets.right.isFinite ? 300 - width : 145
    let y: Double = insets.top.isFinite ? 0 : insets.bottom.isFinite ? 300 - height : 145
    #expect(
      try await inset(insets, in: range(300, 300, 300, 300)) == [rect(0, 0, 300, 300), rect(x, y, width, height)])
  }

  @Test("An infinite inset in an unbounded range makes an infinite size: a typed error")
  func infiniteInsetInUnboundedRange() async throws {
    let error = await #expect(throws: LayoutError.self) {
      try await inset(EdgeInsets(top: 0, left: .infinity, bottom: 0, right: 0), in: .unconstrained)
    }
    guard case .invalidSize(let size, let element) = error else { Issue.record("\(String(describing: error))"); return }
    #expect(size.width == .infinity)
    #expect(element == "Inset")
  }

  @Test("testOverlay and testBackground: exactly the child's size, overlay in front, background behind")
  func overlayAndBackground() async throws {
    let overlay = try await SpecFixture(2) { n in
      .overlay(.inset(EdgeInsets(all: 10), box(n[0], 20, 20)), overlay: box(n[1], 0, 0))
    }
    #expect(try await overlay.frames(.unconstrained) == [rect(10, 10, 20, 20), rect(0, 0, 40, 40)])
    let order = try await overlay.layout(.unconstrained).sublayouts.map { $0.node?.nodeCore.id }
    #expect(order == overlay.subnodes.map { $0.nodeCore.id })

    let background = try await SpecFixture(2) { n in
      .background(.inset(EdgeInsets(all: 10), box(n[0], 20, 20)), background: box(n[1], 0, 0))
    }
    #expect(try await background.frames(.unconstrained) == [rect(10, 10, 20, 20), rect(0, 0, 40, 40)])
    let backOrder = try await background.layout(.unconstrained).sublayouts.map { $0.node?.nodeCore.id }
    #expect(backOrder == background.subnodes.reversed().map { $0.nodeCore.id })
  }

  @Test("testOverlay and testBackground, Texture's fixtures: a 20 × 20 box centred over or on a 320 × 320 node")
  func overlayAndBackgroundOfACenteredBox() async throws {
    let exact = range(320, 320, 320, 320)
    let overlay = try await SpecFixture(2) { n in .overlay(.node(n[0]), overlay: .center(box(n[1], 20, 20))) }
    #expect(try await overlay.frames(exact) == [rect(0, 0, 320, 320), rect(150, 150, 20, 20)])
    let background = try await SpecFixture(2) { n in .background(.center(box(n[1], 20, 20)), background: .node(n[0])) }
    #expect(try await background.frames(exact) == [rect(0, 0, 320, 320), rect(150, 150, 20, 20)])
    #expect(
      try await background.layout(exact).sublayouts.map { $0.node?.nodeCore.id }
        == background.subnodes.map { $0.nodeCore.id })
  }

  @Test("Inset, overlay and background ignore their own size style; other specs apply it")
  func ownSizeStyle() async throws {
    let ignored = try await SpecFixture(1) { n in
      .inset(.zero, box(n[0], 20, 20)).preferredSize(Size(width: 50, height: 50))
    }
    #expect(try await ignored.layout(.unconstrained).size == Size(width: 20, height: 20))
    let applied = try await SpecFixture(1) { n in .wrapper(box(n[0], 20, 20)).preferredSize(Size(width: 50, height: 50))
    }
    #expect(try await applied.layout(.unconstrained).size == Size(width: 50, height: 50))
  }

  @Test(
    "testWithOptions and testWithSizingOptions of ASCenterLayoutSpecSnapshotTests",
    arguments: [
      (CenteringOptions.xy, RelativeSizing(), Size(width: 300, height: 300), rect(115, 100, 70, 100)),
      (.x, RelativeSizing(), Size(width: 300, height: 300), rect(115, 0, 70, 100)),
      (.y, RelativeSizing(), Size(width: 300, height: 300), rect(0, 100, 70, 100)),
      (CenteringOptions(), RelativeSizing(), Size(width: 300, height: 300), rect(0, 0, 70, 100)),
      // Texture's names for the center spec's sizing (ASCenterLayoutSpecSizingOptionMinimumXY, …X, …Y).
      (.xy, .minimumXY, Size(width: 70, height: 100), rect(0, 0, 70, 100)),
      (.xy, .minimumX, Size(width: 70, height: 300), rect(0, 100, 70, 100)),
      (.xy, .minimumY, Size(width: 300, height: 100), rect(115, 0, 70, 100)),
    ])
  func center(centering: CenteringOptions, sizing: RelativeSizing, size: Size, frame: Rect?) async throws {
    let fixture = try await SpecFixture(1) { n in .center(centering, sizing: sizing, box(n[0], 70, 100)) }
    #expect(try await fixture.layout(range(0, 0, 300, 300)).size == size)
    #expect(try await fixture.frames(range(0, 0, 300, 300)) == [frame])
  }

  @Test(
    "Relative spec: nine placements, and the child's size where the range is unbounded",
    arguments: [
      (RelativePosition.start, RelativePosition.start, 0.0, 0.0),
      (RelativePosition.center, RelativePosition.start, 115.0, 0.0),
      (RelativePosition.end, RelativePosition.start, 230.0, 0.0),
      (RelativePosition.start, RelativePosition.center, 0.0, 100.0),
      (RelativePosition.center, RelativePosition.center, 115.0, 100.0),
      (RelativePosition.end, RelativePosition.center, 230.0, 100.0),
      (RelativePosition.start, RelativePosition.end, 0.0, 200.0),
      (RelativePosition.center, RelativePosition.end, 115.0, 200.0),
      (RelativePosition.end, RelativePosition.end, 230.0, 200.0),
    ])
  func relative(horizontal: RelativePosition, vertical: RelativePosition, x: Double, y: Double) async throws {
    let fixture = try await SpecFixture(1) { n in
      .relative(horizontal: horizontal, vertical: vertical, box(n[0], 70, 100))
    }
    #expect(try await fixture.frames(range(300, 300, 300, 300)) == [rect(x, y, 70, 100)])
    #expect(try await fixture.layout(.unconstrained).size == Size(width: 70, height: 100))
  }

  /// Texture's `kSize` in `ASRelativeLayoutSpecSnapshotTests`.
  private static let relativeRange = range(100, 120, 320, 160)

  /// A 70 × 100 box placed by a relative spec over a background that takes the spec's size, in `relativeRange`.
  private func relativeOverBackground(
    _ horizontal: RelativePosition, _ vertical: RelativePosition, sizing: RelativeSizing = []
  ) async throws -> SpecFixture {
    try await SpecFixture(2) { n in
      .background(
        .relative(horizontal: horizontal, vertical: vertical, sizing: sizing, box(n[1], 70, 100)),
        background: .node(n[0]))
    }
  }

  @Test(
    "ASCenterLayoutSpecSnapshotTests testWithOptions and testWithSizingOptions, in Texture's range: an axis not centred offers the box its minimum",
    arguments: [
      (CenteringOptions(), RelativeSizing(), Size(width: 320, height: 160), rect(0, 0, 100, 120)),
      (.xy, RelativeSizing(), Size(width: 320, height: 160), rect(125, 30, 70, 100)),
      (.x, RelativeSizing(), Size(width: 320, height: 160), rect(125, 0, 70, 120)),
      (.y, RelativeSizing(), Size(width: 320, height: 160), rect(0, 30, 100, 100)),
      (CenteringOptions(), .minimumWidth, Size(width: 100, height: 160), rect(0, 0, 100, 120)),
      (CenteringOptions(), .minimumHeight, Size(width: 320, height: 120), rect(0, 0, 100, 120)),
      (CenteringOptions(), .minimumSize, Size(width: 100, height: 120), rect(0, 0, 100, 120)),
    ])
  func centerInTexturesRange(centering: CenteringOptions, sizing: RelativeSizing, size: Size, frame: Rect?)
    async throws
  {
    let fixture = try await SpecFixture(2) { n in
      .background(.center(centering, sizing: sizing, box(n[1], 70, 100)), background: .node(n[0]))
    }
    #expect(try await fixture.layout(Self.relativeRange).size == size)
    #expect(try await fixture.frames(Self.relativeRange) == [Rect(origin: .zero, size: size), frame])
  }

  @Test("ASCenterLayoutSpecSnapshotTests testMinimumSizeRangeIsGivenToChildWhenNotCentering")
  func centerMinimumRangeWhenNotCentering() async throws {
    let fixture = try await SpecFixture(2) { n in
      .center(
        [],
        .background(
          .stack(.vertical, alignItems: .start, children: [box(n[1], 10, 10).flexGrow(1)]), background: .node(n[0])))
    }
    #expect(try await fixture.layout(Self.relativeRange).size == Size(width: 320, height: 160))
    #expect(try await fixture.frames(Self.relativeRange) == [rect(0, 0, 100, 120), rect(0, 0, 10, 120)])
  }

  @Test(
    "ASRelativeLayoutSpecSnapshotTests testWithOptions: the range's maximum, the box at start, centre or end",
    arguments: [
      (RelativePosition.start, RelativePosition.start, 0.0, 0.0),
      (RelativePosition.center, RelativePosition.start, 125.0, 0.0),
      (RelativePosition.end, RelativePosition.start, 250.0, 0.0),
      (RelativePosition.start, RelativePosition.center, 0.0, 30.0),
      (RelativePosition.center, RelativePosition.center, 125.0, 30.0),
      (RelativePosition.end, RelativePosition.center, 250.0, 30.0),
      (RelativePosition.start, RelativePosition.end, 0.0, 60.0),
      (RelativePosition.center, RelativePosition.end, 125.0, 60.0),
      (RelativePosition.end, RelativePosition.end, 250.0, 60.0),
    ])
  func relativeWithOptions(horizontal: RelativePosition, vertical: RelativePosition, x: Double, y: Double)
    async throws
  {
    let fixture = try await relativeOverBackground(horizontal, vertical)
    #expect(try await fixture.layout(Self.relativeRange).size == Size(width: 320, height: 160))
    #expect(try await fixture.frames(Self.relativeRange) == [rect(0, 0, 320, 160), rect(x, y, 70, 100)])
  }

  @Test(
    "ASRelativeLayoutSpecSnapshotTests testWithSizingOptions: a minimum option shrinks to the box, clamped to the range",
    arguments: [
      (RelativeSizing(), 320.0, 160.0),
      (RelativeSizing.minimumWidth, 100.0, 160.0),
      (RelativeSizing.minimumHeight, 320.0, 120.0),
      (RelativeSizing.minimumSize, 100.0, 120.0),
    ])
  func relativeWithSizingOptions(sizing: RelativeSizing, width: Double, height: Double) async throws {
    let fixture = try await relativeOverBackground(.start, .start, sizing: sizing)
    #expect(try await fixture.layout(Self.relativeRange).size == Size(width: width, height: height))
    #expect(try await fixture.frames(Self.relativeRange) == [rect(0, 0, width, height), rect(0, 0, 70, 100)])
  }

  @Test(
    "ASRelativeLayoutSpecSnapshotTests testMinimumSizeRangeIsGivenToChildWhenNotPositioning: no position offers the minimum"
  )
  func relativeMinimumRangeWhenNotPositioning() async throws {
    let fixture = try await SpecFixture(2) { n in
      .relative(
        horizontal: .none, vertical: .none,
        .background(
          .stack(.vertical, alignItems: .start, children: [box(n[1], 10, 10).flexGrow(1)]), background: .node(n[0])))
    }
    #expect(try await fixture.layout(Self.relativeRange).size == Size(width: 320, height: 160))
    // The stack is offered 100 × 120 at least: it is that size, and the box grows to its height.
    #expect(try await fixture.frames(Self.relativeRange) == [rect(0, 0, 100, 120), rect(0, 0, 10, 120)])
  }

  @Test(
    "A relative spec rounds its child's offset to the pixel grid, from its rounded-up size (Texture: ASRoundPixelValue)"
  )
  func relativeOffsetOnThePixelGrid() async throws {
    let fixture = try await SpecFixture(1) { n in
      .relative(horizontal: .center, vertical: .end, box(n[0], 71, 100.5))
    }
    // 124.5 rounds away from zero; the 100.5 box is 101 tall at scale 1, so it ends 59 points down.
    #expect(try await fixture.frames(Self.relativeRange) == [rect(125, 59, 71, 101)])
    #expect(try await fixture.frames(Self.relativeRange, scale: 2) == [rect(124.5, 59.5, 71, 100.5)])
    #expect(try await fixture.frames(Self.relativeRange, scale: 3).first??.origin.x == 374.0 / 3)
  }

  @Test("A relative spec's child resolves its fractions against the spec's maximum, or as auto where it is unbounded")
  func relativeChildFractions() async throws {
    let fixture = try await SpecFixture(1) { n in
      .relative(horizontal: .center, vertical: .center, .node(n[0]).width(.fraction(0.5)).height(.fraction(0.25)))
    }
    #expect(try await fixture.frames(Self.relativeRange) == [rect(80, 60, 160, 40)])
    let shrunk = try await SpecFixture(1) { n in
      .relative(horizontal: .end, vertical: .end, sizing: .minimumSize, box(n[0], 30, 30))
    }
    #expect(try await shrunk.layout(.unconstrained).size == Size(width: 30, height: 30))
    let atLeast = range(50, 50, .infinity, .infinity)
    #expect(try await shrunk.layout(atLeast).size == Size(width: 50, height: 50), "the minimum still holds")
    #expect(try await shrunk.frames(atLeast) == [rect(20, 20, 30, 30)])
  }

  @Test(
    "testRatioLayout: the size nearest the ratio within 100 × 100",
    arguments: [
      (0.5, Size(width: 100, height: 100), Size(width: 100, height: 50)),
      (2.0, Size(width: 100, height: 100), Size(width: 50, height: 100)),
      (7.0, Size(width: 100, height: 100), Size(width: 14, height: 100)),
      (10.0, Size(width: 20, height: 200), Size(width: 10, height: 100)),
    ])
  func ratio(ratio: Double, childSize: Size, expected: Size) async throws {
    let fixture = try await SpecFixture(1) { n in .ratio(ratio, box(n[0], childSize.width, childSize.height)) }
    #expect(try await fixture.frames(range(0, 0, 100, 100)) == [Rect(origin: .zero, size: expected)])
  }

  @Test("A ratio with no finite maximum passes the range through")
  func ratioUnbounded() async throws {
    let fixture = try await SpecFixture(1) { n in .ratio(2, box(n[0], 30, 30)) }
    #expect(try await fixture.frames(.unconstrained) == [rect(0, 0, 30, 30)])
  }

  @Test("testSizingBehaviour and testChildrenMeasuredWithAutoMaxSize of ASAbsoluteLayoutSpecSnapshotTests")
  func absolute() async throws {
    func fixture(secondAt position: Point) async throws -> SpecFixture {
      try await SpecFixture(2) { n in
        .absolute(children: [box(n[0], 50, 50), box(n[1], 100, 100).layoutPosition(position)])
      }
    }
    let stacked = try await fixture(secondAt: Point(x: 0, y: 50))
    // Underflow: the minimum holds both.
    #expect(try await stacked.layout(range(150, 200, .infinity, .infinity)).size == Size(width: 150, height: 200))
    // Overflow: each child's automatic maximum is the room left from its position.
    #expect(try await stacked.frames(range(0, 0, 50, 100)) == [rect(0, 0, 50, 50), rect(0, 50, 50, 50)])
    #expect(try await stacked.layout(range(0, 0, 50, 100)).size == Size(width: 50, height: 100))
    // Unbounded: the spec wraps its children.
    #expect(try await stacked.layout(.unconstrained).size == Size(width: 100, height: 150))
    let offset = try await fixture(secondAt: Point(x: 10, y: 60))
    #expect(try await offset.frames(range(10, 10, 110, 160)) == [rect(0, 0, 50, 50), rect(10, 60, 100, 100)])
    #expect(try await offset.layout(range(10, 10, 110, 160)).size == Size(width: 110, height: 160))
    let fitted = try await SpecFixture(1) { n in
      .absolute(sizing: .sizeToFit, children: [box(n[0], 20, 20).layoutPosition(Point(x: 5, y: 5))])
    }
    #expect(try await fitted.layout(range(0, 0, 300, 300)).size == Size(width: 25, height: 25))
  }

  @Test("ASWrapperSpecSnapshotTests: the largest child, not clamped to the maximum")
  func wrapper() async throws {
    let fixture = try await SpecFixture(2) { n in .wrapper([box(n[0], 100, 100), box(n[1], 50, 50)]) }
    #expect(try await fixture.frames(.unconstrained) == [rect(0, 0, 100, 100), rect(0, 0, 50, 50)])
    #expect(try await fixture.layout(.unconstrained).size == Size(width: 100, height: 100))
  }

  @Test(
    "ASCornerLayoutSpecSnapshotTests: every location, with and without wrapping the corner",
    arguments: [
      (CornerLocation.topLeft, false, Point(x: 0, y: 0), Point(x: -10, y: -10), Size(width: 60, height: 60)),
      (.topLeft, true, Point(x: 10, y: 10), Point(x: 0, y: 0), Size(width: 70, height: 70)),
      (.topRight, false, Point(x: 0, y: 0), Point(x: 50, y: -10), Size(width: 60, height: 60)),
      (.topRight, true, Point(x: 0, y: 10), Point(x: 50, y: 0), Size(width: 70, height: 70)),
      (.bottomLeft, true, Point(x: 10, y: 0), Point(x: 0, y: 50), Size(width: 70, height: 70)),
      (.bottomRight, false, Point(x: 0, y: 0), Point(x: 50, y: 50), Size(width: 60, height: 60)),
      (.bottomRight, true, Point(x: 0, y: 0), Point(x: 50, y: 50), Size(width: 70, height: 70)),
    ])
  func corner(location: CornerLocation, wraps: Bool, base: Point, badge: Point, size: Size) async throws {
    let fixture = try await SpecFixture(2) { n in
      .corner(box(n[0], 60, 60), corner: box(n[1], 20, 20), location: location, wrapsCorner: wraps)
    }
    #expect(
      try await fixture.frames(range(0, 0, 120, 120)) == [
        Rect(origin: base, size: Size(width: 60, height: 60)), Rect(origin: badge, size: Size(width: 20, height: 20)),
      ])
    #expect(try await fixture.layout(range(0, 0, 120, 120)).size == size)
  }

  @Test(
    "ASCornerLayoutSpecSnapshotTests testCornerSpecForAllLocations{,WithInnerOffset,WithOuterOffset}: 24 frames",
    arguments: [
      (CornerLocation.topLeft, 0.0, false, 60.0, Point(x: 0, y: 0), Point(x: -10, y: -10)),
      (CornerLocation.topLeft, 0.0, true, 70.0, Point(x: 10, y: 10), Point(x: 0, y: 0)),
      (CornerLocation.topRight, 0.0, false, 60.0, Point(x: 0, y: 0), Point(x: 50, y: -10)),
      (CornerLocation.topRight, 0.0, true, 70.0, Point(x: 0, y: 10), Point(x: 50, y: 0)),
      (CornerLocation.bottomLeft, 0.0, false, 60.0, Point(x: 0, y: 0), Point(x: -10, y: 50)),
      (CornerLocation.bottomLeft, 0.0, true, 70.0, Point(x: 10, y: 0), Point(x: 0, y: 50)),
      (CornerLocation.bottomRight, 0.0, false, 60.0, Point(x: 0, y: 0), Point(x: 50, y: 50)),
      (CornerLocation.bottomRight, 0.0, true, 70.0, Point(x: 0, y: 0), Point(x: 50, y: 50)),
      (CornerLocation.topLeft, 1.0, false, 60.0, Point(x: 0, y: 0), Point(x: 0, y: 0)),
      (CornerLocation.topLeft, 1.0, true, 60.0, Point(x: 0, y: 0), Point(x: 0, y: 0)),
      (CornerLocation.topRight, 1.0, false, 60.0, Point(x: 0, y: 0), Point(x: 40, y: 0)),
      (CornerLocation.topRight, 1.0, true, 60.0, Point(x: 0, y: 0), Point(x: 40, y: 0)),
      (CornerLocation.bottomLeft, 1.0, false, 60.0, Point(x: 0, y: 0), Point(x: 0, y: 40)),
      (CornerLocation.bottomLeft, 1.0, true, 60.0, Point(x: 0, y: 0), Point(x: 0, y: 40)),
      (CornerLocation.bottomRight, 1.0, false, 60.0, Point(x: 0, y: 0), Point(x: 40, y: 40)),
      (CornerLocation.bottomRight, 1.0, true, 60.0, Point(x: 0, y: 0), Point(x: 40, y: 40)),
      (CornerLocation.topLeft, -1.0, false, 60.0, Point(x: 0, y: 0), Point(x: -20, y: -20)),
      (CornerLocation.topLeft, -1.0, true, 80.0, Point(x: 20, y: 20), Point(x: 0, y: 0)),
      (CornerLocation.topRight, -1.0, false, 60.0, Point(x: 0, y: 0), Point(x: 60, y: -20)),
      (CornerLocation.topRight, -1.0, true, 80.0, Point(x: 0, y: 20), Point(x: 60, y: 0)),
      (CornerLocation.bottomLeft, -1.0, false, 60.0, Point(x: 0, y: 0), Point(x: -20, y: 60)),
      (CornerLocation.bottomLeft, -1.0, true, 80.0, Point(x: 20, y: 0), Point(x: 0, y: 60)),
      (CornerLocation.bottomRight, -1.0, false, 60.0, Point(x: 0, y: 0), Point(x: 60, y: 60)),
      (CornerLocation.bottomRight, -1.0, true, 80.0, Point(x: 0, y: 0), Point(x: 60, y: 60)),
    ])
  func cornerForAllLocations(
    location: CornerLocation, inward: Double, wraps: Bool, side: Double, base: Point, badge: Point
  ) async throws {
    // Texture's fixture: a 60 × 60 base (its layoutPosition, which a corner spec ignores, set to centre it in the
    // context) with a 20 × 20 corner, offset by half the corner's size inward (1), outward (-1) or not (0), over a
    // background, in 0 × 0 … 120 × 120.
    let right = location == .topRight || location == .bottomRight
    let bottom = location == .bottomLeft || location == .bottomRight
    let offset = Point(x: (right ? -10 : 10) * inward, y: (bottom ? -10 : 10) * inward)
    let fixture = try await SpecFixture(3) { n in
      .background(
        .corner(
          box(n[1], 60, 60).layoutPosition(Point(x: 30, y: 30)), corner: box(n[2], 20, 20), location: location,
          offset: offset, wrapsCorner: wraps),
        background: .node(n[0]))
    }
    let context = range(0, 0, 120, 120)
    #expect(try await fixture.layout(context).size == Size(width: side, height: side))
    #expect(
      try await fixture.frames(context) == [
        rect(0, 0, side, side), Rect(origin: base, size: Size(width: 60, height: 60)),
        Rect(origin: badge, size: Size(width: 20, height: 20)),
      ])
  }

  @Test("A corner's offset moves it from the corner")
  func cornerOffset() async throws {
    let fixture = try await SpecFixture(2) { n in
      .corner(box(n[0], 60, 60), corner: box(n[1], 20, 20), location: .bottomRight, offset: Point(x: -5, y: 5))
    }
    #expect(try await fixture.frames(range(0, 0, 120, 120)) == [rect(0, 0, 60, 60), rect(45, 55, 20, 20)])
  }

  @Test(
    "A maximum of 10,000,000 points or more is unbounded where a spec or a node sizes itself from it (Texture: ASPointsValidForSize)",
    arguments: [10_000_000, 2e7, Double.greatestFiniteMagnitude])
  func hugeMaximumIsUnbounded(_ huge: Double) async throws {
    let tall = SizeRange(exactWidth: 320, maxHeight: huge)
    let center = try await SpecFixture(1) { n in .center(box(n[0], 50, 50)) }
    let centered = try await center.layout(tall)
    #expect(centered.size == Size(width: 320, height: 50), "sized by its child, not by the maximum")
    #expect(try await center.frames(tall) == [rect(135, 0, 50, 50)])
    let absolute = try await SpecFixture(1) { n in
      .absolute(children: [box(n[0], 50, 50).layoutPosition(Point(x: 0, y: 10))])
    }
    #expect(try await absolute.layout(tall).size == Size(width: 320, height: 60))
    let ratio = try await SpecFixture(1) { n in .ratio(0.5, .node(n[0])) }
    #expect(try await ratio.layout(tall).size == Size(width: 320, height: 160), "from the bounded axis only")
    #expect(try await BasicNode().layout(thatFits: range(0, 0, 100, huge)).size == .zero, "a node's default size")
    let bounded = try await BasicNode().layout(thatFits: range(0, 0, 100, 9_999_999))
    #expect(bounded.size == Size(width: 100, height: 9_999_999))
  }
}
