import Testing

@testable import ActorNodes

/// The sizing values: ranges, dimensions and styles (Texture's `ASDimensionTests`, `ASLayoutElementStyleTests`).
@Suite("Sizing values")
struct SizingTests {
  private func range(_ minWidth: Double, _ minHeight: Double, _ maxWidth: Double, _ maxHeight: Double) -> SizeRange {
    SizeRange(min: Size(width: minWidth, height: minHeight), max: Size(width: maxWidth, height: maxHeight))
  }

  @Test(
    "Dimensions: auto, points and fractions compare by unit and value (Texture: testCreatingDimensionUnit*)",
    .tags(.texturePort))
  func dimensions() {
    #expect(Dimension.auto == Dimension.auto)
    #expect(Dimension.points(100) == 100)
    #expect(Dimension.points(100) != Dimension.fraction(1))
    #expect(Dimension.fraction(0.5) == Dimension.fraction(0.5))
    #expect(Dimension.fraction(0.5).unit == .fraction)
    #expect(Dimension.auto.value == 0)
    #expect("\(Dimension.auto) \(Dimension.points(12.5)) \(Dimension.fraction(0.25))" == "auto 12.5pt 25%")
  }

  @Test(
    "A dimension reads Texture's strings: 100pt, 50%, auto, and auto for an empty string or one without a unit (Texture: testCreatingDimensionUnit*'s ASDimensionMake(NSString))",
    .tags(.texturePort))
  func dimensionsFromStrings() {
    #expect(Dimension("100pt") == .points(100))
    #expect(Dimension("12.5pt") == .points(12.5))
    #expect(Dimension("50%") == .fraction(0.5))
    #expect(Dimension("100%") == .fraction(1))
    #expect(Dimension("auto") == .auto)
    #expect(Dimension("") == .auto)
    #expect(Dimension("100") == .auto)  // no unit: Texture's ASDimensionMake returns auto
    for dimension in [Dimension.auto, .points(12.5), .fraction(0.25)] {
      #expect(Dimension("\(dimension)") == dimension)
    }
  }

  @Test("Dimensions resolve against the parent; a fraction of an unknown parent size is auto")
  func resolvingDimensions() {
    #expect(Dimension.fraction(0.5).resolve(parent: 300, autoValue: 7) == 150)
    #expect(Dimension.fraction(0.5).resolve(parent: .nan, autoValue: 7) == 7)
    #expect(Dimension.points(40).resolve(parent: .nan, autoValue: 7) == 40)
    #expect(Dimension.auto.resolve(parent: 300, autoValue: 7) == 7)
  }

  @Test(
    "Overlapping ranges intersect (Texture: testIntersectingOverlappingSizeRangesReturnsTheirIntersection)",
    .tags(.texturePort))
  func intersectingOverlappingRanges() {
    #expect(range(0, 0, 10, 10).intersection(range(7, 7, 15, 15)) == range(7, 7, 10, 10))
  }

  @Test(
    "A range inside another is kept (Texture: testIntersectingSizeRangeWithRange{ThatContainsIt,ContainedWithinIt})",
    .tags(.texturePort))
  func intersectingNestedRanges() {
    #expect(range(2, 2, 8, 8).intersection(range(0, 0, 10, 10)) == range(2, 2, 8, 8))
    #expect(range(0, 0, 10, 10).intersection(range(2, 2, 8, 8)) == range(2, 2, 8, 8))
  }

  @Test(
    "Disjoint ranges: the receiver wins with its point nearest the other (Texture: testIntersecting…NonOverlapping…)",
    .tags(.texturePort))
  func intersectingDisjointRanges() {
    #expect(range(0, 0, 5, 5).intersection(range(10, 10, 15, 15)) == range(5, 5, 5, 5))
    #expect(range(10, 10, 15, 15).intersection(range(0, 0, 5, 5)) == range(10, 10, 10, 10))
    // Per axis: overlapping in width, disjoint in height.
    #expect(range(0, 0, 10, 5).intersection(range(7, 10, 15, 15)) == range(7, 5, 10, 5))
  }

  @Test("Clamping, exactness and the one-axis constructors")
  func clampingAndConstructors() {
    let cell = SizeRange(exactWidth: 375)
    #expect(cell.min == Size(width: 375, height: 0))
    #expect(cell.max == Size(width: 375, height: .infinity))
    #expect(!cell.isExact)
    #expect(cell.clamp(Size(width: 10, height: 900)) == Size(width: 375, height: 900))
    #expect(
      SizeRange(exactHeight: 44, maxWidth: 100).clamp(Size(width: 300, height: 0)) == Size(width: 100, height: 44))
    #expect(SizeRange(exactly: Size(width: 4, height: 5)).isExact)
    #expect(SizeRange.unconstrained.clamp(Size(width: 1e6, height: 3)) == Size(width: 1e6, height: 3))
    #expect("\(cell)" == "[375x0 ... 375xinf]")
    #expect("\(SizeRange(exactly: Size(width: 4, height: 5)))" == "[4x5]")
    #expect(!SizeRange.isValid(min: Size(width: 2, height: 0), max: Size(width: 1, height: 1)))
  }

  @Test(
    "The zero range and significant area: both maximums above 0.1 point (Texture: ASSizeRangeZero, ASSizeRangeHasSignificantArea)"
  )
  func zeroRangeAndSignificantArea() {
    #expect(SizeRange.zero == SizeRange(min: .zero, max: .zero))
    #expect(!SizeRange.zero.hasSignificantArea)
    #expect(SizeRange.unconstrained.hasSignificantArea)
    #expect(SizeRange(exactWidth: 375).hasSignificantArea)
    #expect(!SizeRange(exactly: Size(width: 100, height: 0.1)).hasSignificantArea)
    #expect(!SizeRange(exactly: Size(width: 0.05, height: 100)).hasSignificantArea)
    #expect(SizeRange(min: .zero, max: Size(width: 0.2, height: 0.2)).hasSignificantArea)
  }

  @Test(
    "Setting sizes through layout sizes, fractions included, on a style and on a spec's element (Texture: testSettingSizeViaLayoutSize)",
    .tags(.texturePort))
  func settingSizesViaLayoutSize() {
    var style = LayoutStyle()
    #expect(style.preferredLayoutSize == .auto && style.minLayoutSize == .auto && style.maxLayoutSize == .auto)
    let layoutSize = LayoutSize(width: 100, height: .fraction(0.5))
    style.preferredLayoutSize = layoutSize
    #expect(style.width == .points(100) && style.height == .fraction(0.5))
    #expect(style.preferredLayoutSize == layoutSize)
    style.minLayoutSize = layoutSize
    #expect(style.minWidth == .points(100) && style.minHeight == .fraction(0.5))
    #expect(style.minLayoutSize == layoutSize)
    style.maxLayoutSize = layoutSize
    #expect(style.maxWidth == .points(100) && style.maxHeight == .fraction(0.5))
    #expect(style.maxLayoutSize == layoutSize)
    #expect(style.preferredSize == nil)  // a fraction has no size in points
    let element = LayoutSpec.node(BasicNode()).preferredLayoutSize(layoutSize).minLayoutSize(layoutSize)
      .maxLayoutSize(layoutSize)
    #expect(element.style == style)
    #expect("\(layoutSize)" == "{100pt, 50%}")
  }

  @Test(
    "Setting sizes through Dimensions and Sizes (Texture: testSettingSize, testSettingSizeViaCGSize)",
    .tags(.texturePort))
  func settingSizes() {
    var style = LayoutStyle()
    #expect(style.preferredSize == nil)
    style.width = 100
    style.height = 100
    #expect(style.width == .points(100) && style.height == .points(100))
    // Texture checks after each step that a minimum or a maximum leaves the exact size alone.
    style.minWidth = 100
    style.minHeight = 100
    #expect(style.width == .points(100) && style.height == .points(100))
    #expect(style.minWidth == .points(100) && style.minHeight == .points(100))
    style.maxWidth = 100
    style.maxHeight = 100
    #expect(style.width == .points(100) && style.height == .points(100))
    #expect(style.maxWidth == .points(100) && style.maxHeight == .points(100))
    #expect(style.preferredSize == Size(width: 100, height: 100))

    var bySize = LayoutStyle()
    bySize.preferredSize = Size(width: 100, height: 50)
    bySize.minSize = Size(width: 10, height: 5)
    bySize.maxSize = Size(width: 200, height: 80)
    #expect(bySize.width == .points(100) && bySize.height == .points(50))
    #expect(bySize.minWidth == .points(10) && bySize.minHeight == .points(5))
    #expect(bySize.maxWidth == .points(200) && bySize.maxHeight == .points(80))
    bySize.preferredSize = nil
    #expect(bySize.width == .auto && bySize.height == .auto)
  }

  @Test(
    "A fractional size has no preferredSize (Texture: testReadingInvalidSizeForPreferredSize asserts)",
    .tags(.texturePort))
  func fractionalPreferredSize() {
    var style = LayoutStyle()
    style.width = .fraction(0.5)
    style.height = 10
    #expect(style.preferredSize == nil)
    style.preferredSize = Size(width: 100, height: 100)
    #expect(style.preferredSize == Size(width: 100, height: 100))
  }

  @Test(
    "setStyle's body sets the node's own style: width, flexGrow and flexShrink read back (Texture: testSettingPropertiesViaStyllableProtocol)",
    .tags(.texturePort))
  func setStyleSetsTheNodesStyle() async {
    let node = BasicNode()
    await node.setStyle {
      $0.width = .points(100)
      $0.flexGrow = 1
      $0.flexShrink = 1
    }
    let style = await node.style
    #expect(style.width == .points(100))
    #expect(style.flexGrow == 1)
    #expect(style.flexShrink == 1)
  }

  @Test(
    "A node's style change invalidates its layout; writing the same style does not (Texture: testSettingPropertiesWillCallDelegate)",
    .tags(.texturePort), .timeLimit(.minutes(5)))
  func styleChangeInvalidatesLayout() async throws {
    let node = PassNode("leaf", size: Size(width: 10, height: 10))
    let offer = range(0, 0, 300, 300)
    #expect(try await node.layout(thatFits: offer).size == Size(width: 10, height: 10))
    await node.setStyle { $0.width = 100 }
    #expect(try await node.layout(thatFits: offer).size == Size(width: 100, height: 10), "measured again")
    let calls = await node.layoutCalls
    await node.setStyle { $0.width = 100 }
    #expect(try await node.layout(thatFits: offer).size == Size(width: 100, height: 10))
    #expect(await node.layoutCalls == calls, "an unchanged style, as Texture calls its delegate only on a change")
  }

  @Test(
    "A style's range: min beats max beats exact, per axis, against the parent size",
    arguments: [
      // (min, exact, max) -> (min, max)
      (Dimension.auto, Dimension.auto, Dimension.auto, 0.0, Double.infinity),
      (.auto, .points(50), .auto, 50, 50),
      (.auto, .points(50), .points(40), 40, 40),  // exact above max: max
      (.points(60), .points(50), .auto, 60, 60),  // exact below min: min
      (.points(60), .auto, .points(40), 60, 60),  // max below min: min
      (.points(10), .auto, .points(40), 10, 40),
      (.auto, .fraction(0.5), .auto, 100, 100),  // of a 200 parent
      (.fraction(0.25), .auto, .fraction(0.75), 50, 150),
    ])
  func styleRange(min: Dimension, exact: Dimension, max: Dimension, expectedMin: Double, expectedMax: Double) {
    var style = LayoutStyle()
    style.minWidth = min
    style.width = exact
    style.maxWidth = max
    style.minHeight = min
    style.height = exact
    style.maxHeight = max
    let resolved = style.sizeRange(parentSize: Size(width: 200, height: 200))
    #expect(resolved.min == Size(width: expectedMin, height: expectedMin))
    #expect(resolved.max == Size(width: expectedMax, height: expectedMax))
  }

  @Test("Against an unknown parent size, fractions count as auto on that axis only")
  func unknownParentSize() {
    var style = LayoutStyle()
    style.width = .fraction(0.5)
    style.height = .fraction(0.5)
    style.maxHeight = .fraction(0.1)
    let resolved = style.sizeRange(parentSize: Size(width: .nan, height: 300))
    #expect(resolved.min == Size(width: 0, height: 30))
    #expect(resolved.max == Size(width: .infinity, height: 30))
  }

  @Test("A style describes the fields that differ from the default, as Texture's ASLayoutElementStyle description")
  func styleDescription() {
    #expect(LayoutStyle().description == "{}")
    var style = LayoutStyle()
    style.width = 100
    style.maxHeight = .fraction(0.5)
    style.flexGrow = 1
    style.flexShrink = 0.5
    style.flexBasis = .fraction(0.25)
    style.alignSelf = .center
    style.spacingBefore = -2
    style.spacingAfter = 3
    style.layoutPosition = Point(x: 4, y: 5)
    #expect(
      style.description
        == "{width 100pt, maxHeight 50%, flexGrow 1, flexShrink 0.5, flexBasis 25%, alignSelf center, "
        + "spacingBefore -2, spacingAfter 3, layoutPosition (4, 5)}")
    style = LayoutStyle()
    style.minSize = Size(width: 1, height: 2)
    style.height = 0
    #expect(style.description == "{height 0pt, minWidth 1pt, minHeight 2pt}")
  }

  @Test("Insets: infinite edges count as 0 in the sums")
  func insets() {
    let insets = EdgeInsets(top: 1, left: .infinity, bottom: 3, right: 4)
    #expect(insets.horizontal == 4)
    #expect(insets.vertical == 4)
    #expect(EdgeInsets(all: 2) == EdgeInsets(top: 2, left: 2, bottom: 2, right: 2))
    #expect("\(EdgeInsets(all: 2))" == "{top 2, left 2, bottom 2, right 2}")
  }

  @Test("The pixel grid rounds as Texture does, leaving values on the grid in place")
  func pixelGrid() {
    let single = PixelGrid(scale: 1)
    let double = PixelGrid(scale: 2)
    #expect(single.ceil(36.67) == 37)
    #expect(single.ceil(37.0000000001) == 37)
    #expect(double.ceil(36.2) == 36.5)
    #expect(single.floor(69.5) == 69)
    #expect(double.floor(69.7) == 69.5)
    #expect(single.ceil(Double.infinity) == .infinity)
  }
}
