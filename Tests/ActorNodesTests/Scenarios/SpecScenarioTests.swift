import ActorNodes
import Testing

// Layout semantics as a Texture user who knows ASStackLayoutSpec and friends relies on them, with the public API
// only: every expected frame is computed by hand from Texture's algorithms (the arithmetic is in the comments), and
// compared exactly. The rows of Texture's stack that differ from flexbox, the pixel grid at scales 1 and 2, fractions,
// min and max styles, flex bases, the simple specs at their options, and the measurement cache. (Adversarial
// round 34; the helpers are UserScenarioTests.swift's.)

/// A leaf that measures to a fixed size (clamped into its range, as Texture's `calculateSizeThatFits:` result is)
/// and counts its measurements.
actor SpecCountingLeaf: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "counting")
  let intrinsic: Size
  private(set) var measures = 0

  init(intrinsic: Size) { self.intrinsic = intrinsic }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    measures += 1
    return .size(intrinsic)
  }
}

/// A leaf whose measurement waits for `gate` to hold "go", and counts its measurements.
actor SpecGatedLeaf: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "gated")
  let gate: ScenarioCounter
  private(set) var measures = 0

  init(gate: ScenarioCounter) { self.gate = gate }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    measures += 1
    await gate.add("started")
    await gate.wait(for: "go")
    return .size(Size(width: 30, height: 20))
  }
}

@Suite("Layout semantics from Texture's algorithms, public API only (adversarial round 34)", .timeLimit(.minutes(2)))
struct SpecScenarioTests {
  /// The layout of a node whose spec is `spec`, measured in `range` at `scale`.
  func measure(
    _ range: SizeRange, scale: Double = 1, _ spec: @escaping @Sendable () -> LayoutSpec
  ) async throws -> Layout {
    try await BasicNode(automaticallyManagesSubnodes: true) { _, _ in spec() }.layout(thatFits: range, scale: scale)
  }

  static let box = SizeRange(min: .zero, max: Size(width: 100, height: 60))

  @Test(
    "Positions add up down the spec tree and are ceiled once, when flattened: 0.4 + 0.4 is 1, not 2; sizes ceil per item and the row advances by them"
  ) func positionsCeiledOnceWhenFlattened() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let c = BasicNode(debugName: "c")
    let spec: @Sendable () -> LayoutSpec = {
      .inset(
        EdgeInsets(top: 0.4, left: 0.4, bottom: 0, right: 0),
        .stack(
          spacing: 0.3, alignItems: .start,
          children: [
            .node(a).preferredSize(Size(width: 10.2, height: 5)).spacingBefore(0.4),
            .node(b).preferredSize(Size(width: 10.2, height: 5)),
            .node(c).preferredSize(Size(width: 10.2, height: 5)),
          ]))
    }
    let range = SizeRange(min: .zero, max: Size(width: 200, height: 50))
    // Scale 1: each 10.2 is ceiled to 11 as its layout is made. Row positions 0.4, 0.4 + 11 + 0.3 = 11.7,
    // 11.7 + 11 + 0.3 = 23; plus the inset's 0.4: 0.8, 12.1, 23.4; y 0.4. Ceiled when flattened: 1, 13, 24; y 1.
    // The row: 0.4 + 33 + 0.6 = 34 wide, 5 high; the inset adds 0.4: 34.4 x 5.4, ceiled to 35 x 6.
    let one = try await measure(range, spec)
    #expect(one.frame(of: a) == Rect(x: 1, y: 1, width: 11, height: 5))
    #expect(one.frame(of: b) == Rect(x: 13, y: 1, width: 11, height: 5))
    #expect(one.frame(of: c) == Rect(x: 24, y: 1, width: 11, height: 5))
    #expect(one.size == Size(width: 35, height: 6))
    // Scale 2: 10.2 ceils to 10.5. Row 0.4, 0.4 + 10.5 + 0.3 = 11.2, 11.2 + 10.5 + 0.3 = 22; plus 0.4: 0.8, 11.6,
    // 22.4 → 1, 12, 22.5; y 0.4 → 0.5. Row 0.4 + 31.5 + 0.6 = 32.5, inset 32.9 x 5.4 → 33 x 5.5.
    let two = try await measure(range, scale: 2, spec)
    #expect(two.frame(of: a) == Rect(x: 1, y: 0.5, width: 10.5, height: 5))
    #expect(two.frame(of: b) == Rect(x: 12, y: 0.5, width: 10.5, height: 5))
    #expect(two.frame(of: c) == Rect(x: 22.5, y: 0.5, width: 10.5, height: 5))
    #expect(two.size == Size(width: 33, height: 5.5))
  }

  @Test(
    "Cross centring floors to the grid (scale 1: 9, scale 2: 9.5) while a main-axis centre is only ceiled when flattened (30 and 29.5)"
  ) func centringAtBothScales() async throws {
    let x = BasicNode(debugName: "x")
    let spec: @Sendable () -> LayoutSpec = {
      .stack(
        justifyContent: .center, alignItems: .center,
        children: [.node(x).preferredSize(Size(width: 41, height: 21))])
    }
    let range = SizeRange(exactly: Size(width: 100, height: 40))
    // Main: free 100 - 41 = 59, offset 29.5 (not rounded by the stack); cross: (40 - 21) / 2 = 9.5 floored.
    let one = try await measure(range, spec)
    #expect(one.frame(of: x) == Rect(x: 30, y: 9, width: 41, height: 21))
    let two = try await measure(range, scale: 2, spec)
    #expect(two.frame(of: x) == Rect(x: 29.5, y: 9.5, width: 41, height: 21))
  }

  @Test(
    "Growth floors per item and the remainder goes to the first item that grows, even when it is not the first item: 10 + 34 + 33 + 33"
  ) func remainderToFirstGrowingItem() async throws {
    let fixed = BasicNode(debugName: "fixed")
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let c = BasicNode(debugName: "c")
    let layout = try await measure(SizeRange(exactly: Size(width: 110, height: 10))) {
      .stack(children: [
        .node(fixed).width(10), .node(a).width(0).flexGrow(1), .node(b).width(0).flexGrow(1),
        .node(c).width(0).flexGrow(1),
      ])
    }
    // Free 100; each floor(100 / 3) = 33; the remainder 1 to a, the first with flexGrow > 0.
    #expect(layout.frame(of: fixed) == Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(layout.frame(of: a) == Rect(x: 10, y: 0, width: 34, height: 10))
    #expect(layout.frame(of: b) == Rect(x: 44, y: 0, width: 33, height: 10))
    #expect(layout.frame(of: c) == Rect(x: 77, y: 0, width: 33, height: 10))
  }

  @Test(
    "flexBasis in points and as a fraction of an exact row, then grown: the basis, not the width, is what grows (125, 135, 40)"
  ) func flexBasisPointsAndFractionWithGrow() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let c = BasicNode(debugName: "c")
    let layout = try await measure(SizeRange(exactly: Size(width: 300, height: 20))) {
      .stack(
        alignItems: .start,
        children: [
          .node(a).width(10).height(5).flexBasis(.points(50)).flexGrow(1),
          .node(b).height(5).flexBasis(.fraction(0.2)).flexGrow(1),
          .node(c).preferredSize(Size(width: 40, height: 5)),
        ])
    }
    // Bases: a 50 (beats width 10), b 20% of the exact 300 = 60, c 40: sum 150, free 150, 75 each.
    #expect(layout.frame(of: a) == Rect(x: 0, y: 0, width: 125, height: 5))
    #expect(layout.frame(of: b) == Rect(x: 125, y: 0, width: 135, height: 5))
    #expect(layout.frame(of: c) == Rect(x: 260, y: 0, width: 40, height: 5))
  }

  @Test(
    "Shrinking is weighted by flexShrink x size: bases 150 (shrink 1) and 100 (shrink 3) in 200 give 133.33 and 66.67, ceiled to 134 and 67"
  ) func shrinkWeightedBySizeTimesFactor() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let spec: @Sendable () -> LayoutSpec = {
      .stack(children: [
        .node(a).flexBasis(.points(150)).flexShrink(1), .node(b).flexBasis(.points(100)).flexShrink(3),
      ])
    }
    let range = SizeRange(exactly: Size(width: 200, height: 10))
    let layout = try await measure(range, spec)
    // Overflow 50. Weights 150 x 1/4 = 37.5 and 100 x 3/4 = 75 (sum 112.5): a gives 50 x 37.5/112.5 = 16.67,
    // b 33.33. a 133.33 → 134; b starts after a's ceiled size, at 134, and is 66.67 → 67.
    #expect(layout.frame(of: a) == Rect(x: 0, y: 0, width: 134, height: 10))
    #expect(layout.frame(of: b) == Rect(x: 134, y: 0, width: 67, height: 10))
    #expect(layout.size == Size(width: 200, height: 10))
    // Scale 2: 133.33 → 133.5 and 66.67 → 67, b at 133.5; 200.5 is clamped to the row's 200.
    let two = try await measure(range, scale: 2, spec)
    #expect(two.frame(of: a) == Rect(x: 0, y: 0, width: 133.5, height: 10))
    #expect(two.frame(of: b) == Rect(x: 133.5, y: 0, width: 67, height: 10))
    #expect(two.size == Size(width: 200, height: 10))
  }

  @Test(
    "Shrinking never goes below zero and what is left is not given to the others; a zero-length item shrinks nothing"
  ) func shrinkClampsAtZeroWithoutRedistribution() async throws {
    let small = BasicNode(debugName: "small")
    let empty = BasicNode(debugName: "empty")
    let rigid = BasicNode(debugName: "rigid")
    let layout = try await measure(SizeRange(exactly: Size(width: 50, height: 10))) {
      .stack(children: [
        .node(small).width(10).flexShrink(1), .node(empty).width(0).flexShrink(1), .node(rigid).width(100),
      ])
    }
    // Sum 110 in 50: overflow 60. Weights 10 x 1/2 = 5 and 0 x 1/2 = 0: small takes all 60 → -50 → 0; empty has
    // no weight. rigid keeps 100 and overflows; the row is clamped to 50.
    #expect(layout.frame(of: small) == Rect(x: 0, y: 0, width: 0, height: 10))
    #expect(layout.frame(of: empty) == Rect(x: 0, y: 0, width: 0, height: 10))
    #expect(layout.frame(of: rigid) == Rect(x: 0, y: 0, width: 100, height: 10))
    #expect(layout.size == Size(width: 50, height: 10))
  }

  @Test(
    "A stack's own min and max style: it grows its children only to its own minimum (150), and shrinks them to its maximum (250)"
  ) func stackOwnMinAndMax() async throws {
    let grower = BasicNode(debugName: "grower")
    let fixed = BasicNode(debugName: "fixed")
    let range = SizeRange(min: .zero, max: Size(width: 1000, height: 10))
    let grown = try await measure(range) {
      .stack(children: [.node(grower).width(50).flexGrow(1), .node(fixed).width(20)])
        .minWidth(.points(150)).maxWidth(.points(250))
    }
    // The stack's range: [0...1000] ∩ [150...250] = [150...250]. Sum 70 < 150: grow 80 → 130; the row 150.
    #expect(grown.frame(of: grower) == Rect(x: 0, y: 0, width: 130, height: 10))
    #expect(grown.frame(of: fixed) == Rect(x: 130, y: 0, width: 20, height: 10))
    #expect(grown.size == Size(width: 150, height: 10))

    let shrunk = try await measure(range) {
      .stack(children: [.node(grower).width(200).flexShrink(1), .node(fixed).width(100)])
        .minWidth(.points(150)).maxWidth(.points(250))
    }
    // Sum 300 > 250: the only shrinking child gives 50 → 150; the row 250.
    #expect(shrunk.frame(of: grower) == Rect(x: 0, y: 0, width: 150, height: 10))
    #expect(shrunk.frame(of: fixed) == Rect(x: 150, y: 0, width: 100, height: 10))
    #expect(shrunk.size == Size(width: 250, height: 10))
  }

  @Test(
    "Min and max style on unflexed stack children: a plain node fills its finite max (50), a min wins over a smaller max, content is clamped to the max"
  ) func childMinAndMaxStyles() async throws {
    let capped = BasicNode(debugName: "capped")
    let inverted = BasicNode(debugName: "inverted")
    let big = SpecCountingLeaf(intrinsic: Size(width: 80, height: 80))
    let layout = try await measure(SizeRange(exactly: Size(width: 300, height: 40))) {
      .stack(
        alignItems: .start,
        children: [
          .node(capped).minWidth(.points(20)).maxWidth(.points(50)),
          .node(inverted).minWidth(.points(30)).maxWidth(.points(10)).height(.points(5)),
          .node(big).maxSize(Size(width: 60, height: 30)),
        ])
    }
    // capped: [20...50] x [0...40] (start: cross 0...40): a plain node takes its max when both are finite: 50 x 40.
    // inverted: min 30 beats max 10 → exactly 30; height 5. big: 80 x 80 clamped into [0...60] x [0...30].
    #expect(layout.frame(of: capped) == Rect(x: 0, y: 0, width: 50, height: 40))
    #expect(layout.frame(of: inverted) == Rect(x: 50, y: 0, width: 30, height: 5))
    #expect(layout.frame(of: big) == Rect(x: 80, y: 0, width: 60, height: 30))
  }

  @Test(
    "alignSelf in a column that centres: end, start and stretch override it, auto follows it (floored)"
  ) func alignSelfInAColumn() async throws {
    let auto = BasicNode(debugName: "auto")
    let end = BasicNode(debugName: "end")
    let start = BasicNode(debugName: "start")
    let stretch = BasicNode(debugName: "stretch")
    let layout = try await measure(SizeRange(exactly: Size(width: 200, height: 100))) {
      .stack(
        .vertical, alignItems: .center,
        children: [
          .node(auto).preferredSize(Size(width: 61, height: 10)),
          .node(end).preferredSize(Size(width: 61, height: 10)).alignSelf(.end),
          .node(start).preferredSize(Size(width: 61, height: 10)).alignSelf(.start),
          .node(stretch).height(.points(10)).alignSelf(.stretch),
        ])
    }
    // Cross 200: auto floor(139 / 2) = 69; end 200 - 61 = 139; start 0; stretch: no width → 200 wide.
    #expect(layout.frame(of: auto) == Rect(x: 69, y: 0, width: 61, height: 10))
    #expect(layout.frame(of: end) == Rect(x: 139, y: 10, width: 61, height: 10))
    #expect(layout.frame(of: start) == Rect(x: 0, y: 20, width: 61, height: 10))
    #expect(layout.frame(of: stretch) == Rect(x: 0, y: 30, width: 200, height: 10))
  }

  @Test(
    "spacingBefore and spacingAfter with spaceBetween and spaceAround: free space is what is left after every spacing"
  ) func spacingsWithSpaceBetweenAndAround() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let c = BasicNode(debugName: "c")
    func row(_ justify: StackJustifyContent) async throws -> Layout {
      try await measure(SizeRange(exactly: Size(width: 200, height: 10))) {
        .stack(
          spacing: 5, justifyContent: justify,
          children: [
            .node(a).width(40).spacingBefore(10), .node(b).width(40).spacingAfter(20), .node(c).width(40),
          ])
      }
    }
    // Used: 120 + 2 x 5 + 10 + 20 = 160; free 40.
    // spaceBetween: gap 20. a 0 + 10 = 10; b 50 + 5 + 20 = 75; c 115 + 20 + 5 + 20 = 160.
    let between = try await row(.spaceBetween)
    #expect(between.frame(of: a)?.origin.x == 10)
    #expect(between.frame(of: b)?.origin.x == 75)
    #expect(between.frame(of: c)?.origin.x == 160)
    // spaceAround: gap 40 / 3 = 13.33, offset 6.67. a 16.67 → 17; b 56.67 + 18.33 = 75; c 135 + 18.33 = 153.33 → 154.
    let around = try await row(.spaceAround)
    #expect(around.frame(of: a)?.origin.x == 17)
    #expect(around.frame(of: b)?.origin.x == 75)
    #expect(around.frame(of: c)?.origin.x == 154)
    // center: offset 20. a 30; b 70 + 5 = 75; c 115 + 20 + 5 = 140.
    let centred = try await row(.center)
    #expect(centred.frame(of: a)?.origin.x == 30)
    #expect(centred.frame(of: b)?.origin.x == 75)
    #expect(centred.frame(of: c)?.origin.x == 140)
  }

  @Test(
    "Overflow with spacings: spaceBetween falls back to start, end and center go negative, spacingBefore still counts"
  ) func overflowFallbacksWithSpacings() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    func row(_ justify: StackJustifyContent) async throws -> Layout {
      try await measure(SizeRange(exactly: Size(width: 150, height: 10))) {
        .stack(
          spacing: 10, justifyContent: justify,
          children: [.node(a).width(80).spacingBefore(10), .node(b).width(80)])
      }
    }
    // Used 80 + 80 + 10 + 10 = 180 in 150: free -30.
    let between = try await row(.spaceBetween)  // start: a 10, b 10 + 80 + 10 = 100
    #expect(between.frame(of: a)?.origin.x == 10)
    #expect(between.frame(of: b)?.origin.x == 100)
    let end = try await row(.end)  // offset -30: a -20, b 70
    #expect(end.frame(of: a)?.origin.x == -20)
    #expect(end.frame(of: b)?.origin.x == 70)
    let centred = try await row(.center)  // offset -15: a -5, b 85
    #expect(centred.frame(of: a)?.origin.x == -5)
    #expect(centred.frame(of: b)?.origin.x == 85)
    let around = try await row(.spaceAround)  // falls back to center
    #expect(around.frame(of: a)?.origin.x == -5)
    #expect(around.frame(of: b)?.origin.x == 85)
  }

  @Test(
    "A nested row offered an unbounded length grows nothing inside; given flexGrow in its parent it is flexed to an exact length and its own child grows"
  ) func nestedStackUnboundedThenFlexed() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let range = SizeRange(exactly: Size(width: 300, height: 50))
    let unflexed = try await measure(range) {
      .stack(children: [
        .stack(
          alignItems: .start,
          children: [.node(a).preferredSize(Size(width: 10, height: 5)).flexGrow(1), .node(b).width(20)])
      ])
    }
    // The inner row's first range: width [0...∞] (auto basis), height [50...50] (stretched in the outer row).
    // Its minimum width is 0: a does not grow. a 10 x 5 (start); b: [20...20] x [0...50], both maximums finite,
    // so a plain node takes them: 20 x 50.
    #expect(unflexed.frame(of: a) == Rect(x: 0, y: 0, width: 10, height: 5))
    #expect(unflexed.frame(of: b) == Rect(x: 10, y: 0, width: 20, height: 50))

    let flexed = try await measure(range) {
      .stack(children: [
        .stack(
          alignItems: .start,
          children: [.node(a).preferredSize(Size(width: 10, height: 5)).flexGrow(1), .node(b).width(20)]
        )
        .flexGrow(1)
      ])
    }
    // The inner row (30 wide) grows by 270 to exactly 300: inside, a grows by 270 to 280, b at 280.
    #expect(flexed.frame(of: a) == Rect(x: 0, y: 0, width: 280, height: 5))
    #expect(flexed.frame(of: b) == Rect(x: 280, y: 0, width: 20, height: 50))
  }

  @Test(
    "Ratio above and below 1 in a bounded range: the option nearer the ratio wins and the child is forced to it; floored to the grid at each scale"
  ) func ratioInBoundedRanges() async throws {
    let x = BasicNode(debugName: "x")
    let square = SizeRange(min: .zero, max: Size(width: 100, height: 100))
    // Ratio 2: from the width (100, 200 → clamped 100), distance |1 - 2| = 1; from the height (50, 100), 0.
    let tall = try await measure(square) { .ratio(2, .node(x).preferredSize(Size(width: 7, height: 7))) }
    #expect(tall.size == Size(width: 50, height: 100))
    #expect(tall.frame(of: x) == Rect(x: 0, y: 0, width: 50, height: 100))
    // Ratio 0.5: from the width (100, 50), distance 0; from the height (200 → 100, 100), 0.5.
    let wide = try await measure(square) { .ratio(0.5, .node(x)) }
    #expect(wide.frame(of: x) == Rect(x: 0, y: 0, width: 100, height: 50))
    // Ratio 0.335 in a width of 100, height unbounded: the only option is (100, floor(33.5)): 33 at scale 1,
    // 33.5 at scale 2.
    let one = try await measure(SizeRange(exactWidth: 100)) { .ratio(0.335, .node(x)) }
    #expect(one.frame(of: x) == Rect(x: 0, y: 0, width: 100, height: 33))
    let two = try await measure(SizeRange(exactWidth: 100), scale: 2) { .ratio(0.335, .node(x)) }
    #expect(two.frame(of: x) == Rect(x: 0, y: 0, width: 100, height: 33.5))
  }

  @Test(
    "Ratio in an unbounded range passes the range through: the child keeps its own size, whatever the ratio"
  ) func ratioInUnboundedRange() async throws {
    let x = BasicNode(debugName: "x")
    let layout = try await measure(.unconstrained) { .ratio(1.5, .node(x).preferredSize(Size(width: 30, height: 20))) }
    #expect(layout.size == Size(width: 30, height: 20))
    #expect(layout.frame(of: x) == Rect(x: 0, y: 0, width: 30, height: 20))
  }

  @Test(
    "Relative spec, the nine positions in a 100 x 60 box: start 0, centre rounded (40 / 25), end 80 / 50",
    arguments: [RelativePosition.start, .center, .end]
  ) func relativeNinePositions(horizontal: RelativePosition) async throws {
    let x = BasicNode(debugName: "x")
    let expectedX: Double = horizontal == .start ? 0 : horizontal == .center ? 40 : 80
    for (vertical, expectedY) in [(RelativePosition.start, 0.0), (.center, 25), (.end, 50)] {
      let layout = try await measure(Self.box) {
        .relative(
          horizontal: horizontal, vertical: vertical, .node(x).preferredSize(Size(width: 20, height: 10)))
      }
      // The spec takes the finite max, 100 x 60; free 80 x 50.
      #expect(layout.size == Size(width: 100, height: 60))
      #expect(layout.frame(of: x) == Rect(x: expectedX, y: expectedY, width: 20, height: 10))
    }
  }

  @Test(
    "Relative sizing options shrink the spec to the child on their axis; none offers the child the range's minimum, start does not"
  ) func relativeSizingAndNone() async throws {
    let x = BasicNode(debugName: "x")
    let child: @Sendable () -> LayoutSpec = { .node(x).preferredSize(Size(width: 21, height: 10)) }
    let narrow = try await measure(Self.box) {
      .relative(horizontal: .end, vertical: .center, sizing: .minimumWidth, child())
    }
    // Width min(100, 21) = 21, so end is 0; height 60, centre (60 - 10) / 2 = 25.
    #expect(narrow.size == Size(width: 21, height: 60))
    #expect(narrow.frame(of: x) == Rect(x: 0, y: 25, width: 21, height: 10))
    let low = try await measure(Self.box) {
      .relative(horizontal: .center, vertical: .end, sizing: .minimumHeight, child())
    }
    // Width 100, centre round(79 / 2 = 39.5) = 40; height 10, end 0.
    #expect(low.size == Size(width: 100, height: 10))
    #expect(low.frame(of: x) == Rect(x: 40, y: 0, width: 21, height: 10))

    let floored = SizeRange(min: Size(width: 30, height: 30), max: Size(width: 100, height: 60))
    let none = try await measure(floored) { .relative(horizontal: .none, vertical: .none, child()) }
    // none: the child's range is [30...100] x [30...60]; its style (21 x 10) is disjoint: the offer wins, 30 x 30.
    #expect(none.frame(of: x) == Rect(x: 0, y: 0, width: 30, height: 30))
    let start = try await measure(floored) { .relative(horizontal: .start, vertical: .start, child()) }
    #expect(start.frame(of: x) == Rect(x: 0, y: 0, width: 21, height: 10))
  }

  @Test(
    "Center spec options: centring one axis leaves the other at the start with the range's minimum; minimumXY shrinks only down to the range's minimum"
  ) func centerOptions() async throws {
    let x = BasicNode(debugName: "x")
    let child: @Sendable () -> LayoutSpec = { .node(x).preferredSize(Size(width: 20, height: 10)) }
    let onlyX = try await measure(Self.box) { .center(.x, sizing: .minimumY, child()) }
    // x centred in 100: 40; y not centred: height min(60, 10) = 10.
    #expect(onlyX.size == Size(width: 100, height: 10))
    #expect(onlyX.frame(of: x) == Rect(x: 40, y: 0, width: 20, height: 10))
    let onlyY = try await measure(Self.box) { .center(.y, sizing: .minimumX, child()) }
    #expect(onlyY.size == Size(width: 20, height: 60))
    #expect(onlyY.frame(of: x) == Rect(x: 0, y: 25, width: 20, height: 10))
    let floored = SizeRange(min: Size(width: 50, height: 50), max: Size(width: 100, height: 100))
    let shrunk = try await measure(floored) { .center(sizing: .minimumXY, child()) }
    // min(100, 20) clamped back to the minimum 50; centre (50 - 20) / 2 = 15, (50 - 10) / 2 = 20.
    #expect(shrunk.size == Size(width: 50, height: 50))
    #expect(shrunk.frame(of: x) == Rect(x: 15, y: 20, width: 20, height: 10))
  }

  @Test(
    "Infinite insets on both sides centre the child against the range's maximum (39 for an odd remainder), and the free axis lets the child keep its size"
  ) func infiniteInsetsOnBothSides() async throws {
    let x = BasicNode(debugName: "x")
    let layout = try await measure(SizeRange(exactly: Size(width: 100, height: 100))) {
      .inset(
        EdgeInsets(top: 5, left: .infinity, bottom: 15, right: .infinity),
        .node(x).preferredSize(Size(width: 21, height: 10)))
    }
    // Width: an infinite inset frees the child's min (0), insets count 0: [0...100] → 21. x: right is infinite:
    // round((100 - 21) / 2) = 40 → 100 - (40 + 21) = 39.
    // Height: [100 - 20 = 80 ... 80]: the offer beats the child's 10 → 80, y 5. Size: (∞ → max 100, 5 + 80 + 15).
    #expect(layout.frame(of: x) == Rect(x: 39, y: 5, width: 21, height: 80))
    #expect(layout.size == Size(width: 100, height: 100))
  }

  @Test(
    "Absolute spec: default sizing takes the finite max, sizeToFit the children's union; an automatic max is the room left past the position; fractions of the spec's max"
  ) func absoluteSizingAndRoom() async throws {
    let filler = BasicNode(debugName: "filler")
    let half = BasicNode(debugName: "half")
    let range = SizeRange(min: .zero, max: Size(width: 100, height: 80))
    let children: @Sendable () -> [LayoutSpec] = {
      [
        // Range [0...70] x [0...60] (the room past (30, 20)): a plain node takes its max.
        .node(filler).layoutPosition(Point(x: 30, y: 20)),
        // width 50% of the spec's max 100 = 50; height auto in [0...80 - 5].
        .node(half).width(.fraction(0.5)).height(.points(10)).layoutPosition(Point(x: 0, y: 5)),
      ]
    }
    let fixed = try await measure(range) { .absolute(children: children()) }
    #expect(fixed.size == Size(width: 100, height: 80))
    #expect(fixed.frame(of: filler) == Rect(x: 30, y: 20, width: 70, height: 60))
    #expect(fixed.frame(of: half) == Rect(x: 0, y: 5, width: 50, height: 10))
    let fitted = try await measure(range) {
      .absolute(
        sizing: .sizeToFit,
        children: [.node(half).width(.fraction(0.5)).height(.points(10)).layoutPosition(Point(x: 3, y: 5))])
    }
    // Union: (3 + 50, 5 + 10).
    #expect(fitted.size == Size(width: 53, height: 15))

    let unbounded = try await measure(
      SizeRange(min: Size(width: 10, height: 40), max: Size(width: .infinity, height: .infinity))
    ) {
      .absolute(children: [
        .node(filler).layoutPosition(Point(x: 30, y: 20)),
        .node(half).width(.fraction(0.5)).height(.points(10)).layoutPosition(Point(x: 5, y: 5)),
      ])
    }
    // Unbounded: the plain node sizes 0 x 0; the fraction is auto, so half is 0 x 10. Union (30, 20) and (5, 15),
    // grown from the min (10, 40): 30 x 40.
    #expect(unbounded.size == Size(width: 30, height: 40))
    #expect(unbounded.frame(of: filler) == Rect(x: 30, y: 20, width: 0, height: 0))
    #expect(unbounded.frame(of: half) == Rect(x: 5, y: 5, width: 0, height: 10))
  }

  @Test(
    "Corner spec at each corner with an offset, and wrapsCorner: the union moved to start at the origin, half-points ceiled when flattened"
  ) func cornerEachLocation() async throws {
    let avatar = BasicNode(debugName: "avatar")
    let badge = BasicNode(debugName: "badge")
    let range = SizeRange(min: .zero, max: Size(width: 100, height: 100))
    // The badge's centre on the avatar's corner plus (-2, 3): 15 x 15 → origin = corner - 7.5 + offset.
    let expected: [(CornerLocation, Point)] = [
      (.topLeft, Point(x: -9.5, y: -4.5)), (.topRight, Point(x: 30.5, y: -4.5)),
      (.bottomLeft, Point(x: -9.5, y: 35.5)), (.bottomRight, Point(x: 30.5, y: 35.5)),
    ]
    for (location, origin) in expected {
      let plain = try await measure(range) {
        .corner(
          .node(avatar).preferredSize(Size(width: 40, height: 40)),
          corner: .node(badge).preferredSize(Size(width: 15, height: 15)), location: location,
          offset: Point(x: -2, y: 3))
      }
      // Not wrapping: the spec is the avatar's size; the badge's origin ceiled: -9.5 → -9, 30.5 → 31, ...
      #expect(plain.size == Size(width: 40, height: 40))
      #expect(plain.frame(of: avatar) == Rect(x: 0, y: 0, width: 40, height: 40))
      #expect(plain.frame(of: badge)?.origin == Point(x: origin.x.rounded(.up), y: origin.y.rounded(.up)))
    }
    let wrapped = try await measure(range) {
      .corner(
        .node(avatar).preferredSize(Size(width: 40, height: 40)),
        corner: .node(badge).preferredSize(Size(width: 15, height: 15)), location: .topRight,
        offset: Point(x: -2, y: 3), wrapsCorner: true)
    }
    // Union of (0, 0, 40, 40) and (30.5, -4.5, 15, 15): x 0...45.5, y -4.5...40 → 45.5 x 44.5, ceiled 46 x 45.
    // Moved by (0, 4.5): the avatar at (0, 4.5) → (0, 5), the badge at (30.5, 0) → (31, 0).
    #expect(wrapped.size == Size(width: 46, height: 45))
    #expect(wrapped.frame(of: avatar) == Rect(x: 0, y: 5, width: 40, height: 40))
    #expect(wrapped.frame(of: badge) == Rect(x: 31, y: 0, width: 15, height: 15))
  }

  @Test(
    "Background and overlay: the child decides the size, the decorations are forced to it, and the spec's own size style is ignored"
  ) func backgroundOverlaySizedByChild() async throws {
    let content = BasicNode(debugName: "content")
    let back = BasicNode(debugName: "back")
    let front = BasicNode(debugName: "front")
    let layout = try await measure(SizeRange(min: .zero, max: Size(width: 200, height: 200))) {
      .stack(
        alignItems: .start,
        children: [
          .overlay(
            .background(
              .node(content).preferredSize(Size(width: 30, height: 20)),
              background: .node(back).preferredSize(Size(width: 150, height: 150))),
            overlay: .node(front).minSize(Size(width: 80, height: 5))
          ).preferredSize(Size(width: 120, height: 120))
        ])
    }
    // The overlay ignores its 120 x 120; the background takes its child's 30 x 20; each decoration is offered
    // exactly 30 x 20, which beats its own style.
    #expect(layout.size == Size(width: 30, height: 20))
    #expect(layout.frame(of: content) == Rect(x: 0, y: 0, width: 30, height: 20))
    #expect(layout.frame(of: back) == Rect(x: 0, y: 0, width: 30, height: 20))
    #expect(layout.frame(of: front) == Rect(x: 0, y: 0, width: 30, height: 20))
  }

  @Test(
    "A wrapper in a range with a minimum takes the minimum when its children are smaller, and places each at the origin"
  ) func wrapperTakesMinimum() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let layout = try await measure(SizeRange(min: Size(width: 50, height: 50), max: Size(width: 200, height: 200))) {
      .wrapper([
        .node(a).preferredSize(Size(width: 20, height: 10)), .node(b).preferredSize(Size(width: 30, height: 5)),
      ])
    }
    // Each child in [50...200]^2: the offer beats its style → 50 x 50; the wrapper 50 x 50.
    #expect(layout.size == Size(width: 50, height: 50))
    #expect(layout.frame(of: a) == Rect(x: 0, y: 0, width: 50, height: 50))
    #expect(layout.frame(of: b) == Rect(x: 0, y: 0, width: 50, height: 50))
  }

  @Test(
    "A node's own style applies when it is measured as a root and when a spec names it; an element's override replaces only the fields it sets"
  ) func nodeOwnStyleAsRootAndAsChild() async throws {
    let leaf = BasicNode(debugName: "leaf")
    await leaf.setStyle { $0.preferredSize = Size(width: 60, height: 30) }
    // As a root: [0...100]^2 ∩ exactly 60 x 30.
    #expect(
      try await leaf.layout(thatFits: SizeRange(min: .zero, max: Size(width: 100, height: 100))).size
        == Size(width: 60, height: 30))
    // Disjoint: the offered range wins.
    #expect(
      try await leaf.layout(thatFits: SizeRange(exactly: Size(width: 100, height: 100))).size
        == Size(width: 100, height: 100))
    let layout = try await measure(SizeRange(exactly: Size(width: 300, height: 50))) {
      .stack(alignItems: .start, children: [.node(leaf).width(80)])
    }
    // The override sets the width only: 80 x 30.
    #expect(layout.frame(of: leaf) == Rect(x: 0, y: 0, width: 80, height: 30))

    let bounded = BasicNode(debugName: "bounded")
    await bounded.setStyle {
      $0.minSize = Size(width: 40, height: 40)
      $0.maxSize = Size(width: 60, height: 60)
    }
    // As a root in [0...100]^2: [40...60]^2, both maximums finite, so a plain node takes them: 60 x 60.
    #expect(
      try await bounded.layout(thatFits: SizeRange(min: .zero, max: Size(width: 100, height: 100))).size
        == Size(width: 60, height: 60))
    let row = try await measure(SizeRange(exactly: Size(width: 300, height: 50))) {
      .stack(alignItems: .start, children: [.node(bounded)])
    }
    // In a row 50 high: [0...∞] ∩ [40...60] along, [0...50] ∩ [40...60] = [40...50] across: 60 x 50.
    #expect(row.frame(of: bounded) == Rect(x: 0, y: 0, width: 60, height: 50))
  }

  @Test(
    "layout(thatFits:parentSize:) and the cache: the same range twice is one measurement; another parent size resolves a fraction anew"
  ) func parentSizeAndCache() async throws {
    let leaf = SpecCountingLeaf(intrinsic: Size(width: 10, height: 10))
    await leaf.setStyle { $0.width = .fraction(0.5) }
    let range = SizeRange(min: .zero, max: Size(width: 200, height: 100))
    // parentSize defaults to range.max: width 50% of 200 = 100 exactly; 10 x 10 clamped → 100 x 10.
    #expect(try await leaf.layout(thatFits: range).size == Size(width: 100, height: 10))
    #expect(try await leaf.layout(thatFits: range).size == Size(width: 100, height: 10))
    #expect(await leaf.measures == 1)
    // 50% of 300 = 150.
    #expect(
      try await leaf.layout(thatFits: range, parentSize: Size(width: 300, height: 100)).size
        == Size(width: 150, height: 10))
    #expect(await leaf.measures == 2)
    // The default parent size given explicitly resolves to the same range: the cached measurement.
    #expect(
      try await leaf.layout(thatFits: range, parentSize: Size(width: 200, height: 100)).size
        == Size(width: 100, height: 10))
    #expect(await leaf.measures == 2)
    // An unknown parent width: the fraction is auto, 10 x 10.
    #expect(
      try await leaf.layout(thatFits: range, parentSize: Size(width: .nan, height: 100)).size
        == Size(width: 10, height: 10))
    #expect(await leaf.measures == 3)
    // Invalidated: the same range is measured again (Texture bumps the layout version).
    leaf.invalidateCalculatedLayout()
    #expect(try await leaf.layout(thatFits: range).size == Size(width: 100, height: 10))
    #expect(await leaf.measures == 4)
  }

  @Test(
    "Fractions resolve only against an exact parent range: a column exact in width resolves a width fraction but not a height fraction"
  ) func fractionsAgainstExactAxisOnly() async throws {
    let x = BasicNode(debugName: "x")
    let layout = try await measure(SizeRange(exactWidth: 200, maxHeight: 500)) {
      .stack(
        .vertical, alignItems: .start,
        children: [.node(x).width(.fraction(0.5)).height(.fraction(0.5)).minHeight(.points(12))])
    }
    // Width 50% of the exact 200 = 100; height 50% of an inexact range is auto: [12...∞]... the column's first
    // pass offers [0...∞] along: [12...∞] → not both finite, a plain node sizes 0, clamped to 12.
    #expect(layout.frame(of: x) == Rect(x: 0, y: 0, width: 100, height: 12))
  }

  @Test(
    "Leaves as Texture sizes them: no content takes the offered max when both are finite, otherwise nothing, and content bigger than the offer is clamped"
  ) func leafSizing() async throws {
    let plain = BasicNode(debugName: "plain")
    #expect(
      try await plain.layout(thatFits: SizeRange(min: .zero, max: Size(width: 50, height: 40))).size
        == Size(width: 50, height: 40))
    #expect(try await plain.layout(thatFits: SizeRange(exactWidth: 50)).size == Size(width: 50, height: 0))
    #expect(
      try await plain.layout(
        thatFits: SizeRange(min: Size(width: 10, height: 5), max: Size(width: 50, height: .infinity))
      ).size
        == Size(width: 10, height: 5))
    let big = SpecCountingLeaf(intrinsic: Size(width: 80, height: 80))
    #expect(
      try await big.layout(thatFits: SizeRange(min: .zero, max: Size(width: 50, height: 60))).size
        == Size(width: 50, height: 60))
  }

  @Test(
    "The one item that grows and shrinks in a row of exact length flexes from 0 (its width never read); in a row that is not exact it shrinks from its width"
  ) func singleFlexibleItemFlexesFromZero() async throws {
    let flexible = BasicNode(debugName: "flexible")
    let wide = BasicNode(debugName: "wide")
    let spec: @Sendable () -> LayoutSpec = {
      .stack(children: [
        .node(flexible).width(50).flexGrow(1).flexShrink(1), .node(wide).width(120).flexShrink(1),
      ])
    }
    // Exact 100: flexible is not measured (0); sum 120, overflow 20, weights 0 x 1 and 120 x 1: wide gives all 20
    // → 100; flexible's weight is 0, it is never flexed and stays 0 wide; it is stretched to the row's 10.
    let exact = try await measure(SizeRange(exactly: Size(width: 100, height: 10)), spec)
    #expect(exact.frame(of: flexible) == Rect(x: 0, y: 0, width: 0, height: 10))
    #expect(exact.frame(of: wide) == Rect(x: 0, y: 0, width: 100, height: 10))
    // [0...100] x [10...10]: flexible measures 50; sum 170, overflow 70; weights 50 / 2 = 25 and 120 / 2 = 60 (85):
    // flexible 50 - 70 x 25/85 = 29.41 → 30; wide 120 - 70 x 60/85 = 70.59 → 71, at 30. The row is clamped to 100.
    let loose = try await measure(SizeRange(min: Size(width: 0, height: 10), max: Size(width: 100, height: 10)), spec)
    #expect(loose.frame(of: flexible) == Rect(x: 0, y: 0, width: 30, height: 10))
    #expect(loose.frame(of: wide) == Rect(x: 30, y: 0, width: 71, height: 10))
    #expect(loose.size == Size(width: 100, height: 10))
  }

  @Test(
    "Free space smaller than the floors: 2 points among three growers grow none; 10 points among grow 1 and 2 give 3 + 1 and 6"
  ) func growthFloorsBelowOnePoint() async throws {
    let fixed = BasicNode(debugName: "fixed")
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let c = BasicNode(debugName: "c")
    let tiny = try await measure(SizeRange(exactly: Size(width: 102, height: 10))) {
      .stack(children: [
        .node(fixed).width(100), .node(a).width(0).flexGrow(1), .node(b).width(0).flexGrow(1),
        .node(c).width(0).flexGrow(1),
      ])
    }
    // floor(2 / 3) = 0 for each: no item flexes, so no item takes the remainder either.
    #expect(tiny.frame(of: a) == Rect(x: 100, y: 0, width: 0, height: 10))
    #expect(tiny.frame(of: c) == Rect(x: 100, y: 0, width: 0, height: 10))
    #expect(tiny.size == Size(width: 102, height: 10))
    let split = try await measure(SizeRange(exactly: Size(width: 10, height: 10))) {
      .stack(children: [.node(a).width(0).flexGrow(1), .node(b).width(0).flexGrow(2)])
    }
    // floor(10 / 3) = 3 and floor(20 / 3) = 6; the remainder 1 to a.
    #expect(split.frame(of: a) == Rect(x: 0, y: 0, width: 4, height: 10))
    #expect(split.frame(of: b) == Rect(x: 4, y: 0, width: 6, height: 10))
  }

  @Test(
    "alignSelf stretch in a row that aligns to the start and is not exact across: the line is as high as the highest item, and only the stretched item grows to it"
  ) func alignSelfStretchToLine() async throws {
    let tall = BasicNode(debugName: "tall")
    let short = SpecCountingLeaf(intrinsic: Size(width: 20, height: 10))
    let plain = SpecCountingLeaf(intrinsic: Size(width: 20, height: 10))
    let layout = try await measure(SizeRange(min: .zero, max: Size(width: 300, height: 100))) {
      .stack(
        alignItems: .start,
        children: [
          .node(tall).preferredSize(Size(width: 10, height: 40)), .node(short).alignSelf(.stretch), .node(plain),
        ])
    }
    // First pass: tall 10 x 40, short and plain 20 x 10. The line: max(40, 10, 10) = 40 in [0...100]. short is
    // offered exactly 20 x 40; plain keeps 10. The row: 50 x 40.
    #expect(layout.frame(of: tall) == Rect(x: 0, y: 0, width: 10, height: 40))
    #expect(layout.frame(of: short) == Rect(x: 10, y: 0, width: 20, height: 40))
    #expect(layout.frame(of: plain) == Rect(x: 30, y: 0, width: 20, height: 10))
    #expect(layout.size == Size(width: 50, height: 40))
  }

  @Test(
    "A node's own fractional style, measured in a stack: 25% of an exact row is 50, and auto in a row that is not exact"
  ) func ownFractionalStyleInStack() async throws {
    let leaf = SpecCountingLeaf(intrinsic: Size(width: 10, height: 10))
    await leaf.setStyle { $0.width = .fraction(0.25) }
    let exact = try await measure(SizeRange(exactly: Size(width: 200, height: 20))) {
      .stack(alignItems: .start, children: [.node(leaf)])
    }
    #expect(exact.frame(of: leaf) == Rect(x: 0, y: 0, width: 50, height: 10))
    let loose = try await measure(SizeRange(min: .zero, max: Size(width: 200, height: 20))) {
      .stack(alignItems: .start, children: [.node(leaf)])
    }
    #expect(loose.frame(of: leaf) == Rect(x: 0, y: 0, width: 10, height: 10))
  }

  @Test(
    "A nested stack's own fractional width (50% of an exact row) makes its length exact, so its growing child fills it"
  ) func nestedStackOwnFraction() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let layout = try await measure(SizeRange(exactly: Size(width: 300, height: 10))) {
      .stack(children: [
        .stack(children: [.node(a).width(10).flexGrow(1), .node(b).width(20)]).width(.fraction(0.5))
      ])
    }
    // The inner row: [0...∞] ∩ 50% of 300 = exactly 150: a grows by 120 to 130, b at 130.
    #expect(layout.frame(of: a) == Rect(x: 0, y: 0, width: 130, height: 10))
    #expect(layout.frame(of: b) == Rect(x: 130, y: 0, width: 20, height: 10))
  }

  @Test(
    "A negative spacing overlaps the children and shortens the row: 20-wide items at 0, 15, 30 in a row 50 wide"
  ) func negativeSpacing() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let c = BasicNode(debugName: "c")
    let layout = try await measure(SizeRange(min: .zero, max: Size(width: 200, height: 10))) {
      .stack(
        spacing: -5, alignItems: .start,
        children: [
          .node(a).preferredSize(Size(width: 20, height: 10)), .node(b).preferredSize(Size(width: 20, height: 10)),
          .node(c).preferredSize(Size(width: 20, height: 10)),
        ])
    }
    #expect(layout.frame(of: b) == Rect(x: 15, y: 0, width: 20, height: 10))
    #expect(layout.frame(of: c) == Rect(x: 30, y: 0, width: 20, height: 10))
    #expect(layout.size == Size(width: 50, height: 10))
  }

  @Test(
    "A window's root is laid out at the window's size whatever its own preferred size, and a measurement made ahead in that range is not made again"
  ) @MainActor func windowRootStyleAndMeasuredAhead() async throws {
    let root = SpecCountingLeaf(intrinsic: Size(width: 10, height: 10))
    await root.setStyle { $0.preferredSize = Size(width: 50, height: 50) }
    let size = Size(width: 320, height: 480)
    // Measured ahead in the window's range: the offer (exactly 320 x 480) beats the style.
    #expect(try await root.layout(thatFits: SizeRange(exactly: size)).size == size)
    #expect(await root.measures == 1)
    let window = Window(size: size, turnMode: .manual)
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 320, height: 480) }
    try await window.attach(root)
    try await window.layoutIfNeeded()
    #expect(root.appliedLayout?.size == size)
    #expect(await root.measures == 1)
    // Asked again for the range it is laid out in: Texture answers from the calculated layout.
    #expect(try await root.layout(thatFits: SizeRange(exactly: size)).size == size)
    #expect(await root.measures == 1)
  }

  @Test(
    "A column inside a row is offered an unbounded width: it takes its widest child's width, and stretches its other children to it"
  ) func columnInRowStretchesToWidestChild() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let layout = try await measure(SizeRange(exactly: Size(width: 300, height: 100))) {
      .stack(children: [
        .stack(.vertical, children: [.node(a).preferredSize(Size(width: 50, height: 10)), .node(b).height(10)])
      ])
    }
    // The column's range: width [0...∞] (the row's auto basis), height exactly 100 (stretched across the row).
    // a: 50 x 10; b: width [0...∞] x exactly 10, unbounded, so a plain node sizes 0 → 0 x 10. The line across the
    // column: max(50, 0) = 50 in [0...∞]; b is stretched to exactly 50. The column is 50 x 100 at (0, 0).
    #expect(layout.frame(of: a) == Rect(x: 0, y: 0, width: 50, height: 10))
    #expect(layout.frame(of: b) == Rect(x: 0, y: 10, width: 50, height: 10))
    #expect(layout.size == Size(width: 300, height: 100))
  }

  @Test(
    "Spacing counts in the used length but not in the shrink weights: two 60s with spacing 10 in 100 shrink to 45 each, at 0 and 55"
  ) func shrinkWithSpacing() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let layout = try await measure(SizeRange(exactly: Size(width: 100, height: 10))) {
      .stack(spacing: 10, children: [.node(a).width(60).flexShrink(1), .node(b).width(60).flexShrink(1)])
    }
    // Used 60 + 10 + 60 = 130: overflow 30, weights 60 and 60: 15 each.
    #expect(layout.frame(of: a) == Rect(x: 0, y: 0, width: 45, height: 10))
    #expect(layout.frame(of: b) == Rect(x: 55, y: 0, width: 45, height: 10))
  }

  @Test(
    "Justification against a range's minimum: a row in [100...∞] with 50 of content is 100 wide, its content at the end at 50"
  ) func justifyAgainstMinimum() async throws {
    let a = BasicNode(debugName: "a")
    let layout = try await measure(SizeRange(min: Size(width: 100, height: 0), max: Size(width: .infinity, height: 10)))
    {
      .stack(justifyContent: .end, alignItems: .start, children: [.node(a).preferredSize(Size(width: 50, height: 10))])
    }
    // Free 100 - 50 = 50 (the minimum is what the row must fill).
    #expect(layout.frame(of: a) == Rect(x: 50, y: 0, width: 50, height: 10))
    #expect(layout.size == Size(width: 100, height: 10))
  }

  @Test(
    "Relative spec at scale 2: the centre offset rounds to the half-point grid (39.5), the end offset is exact (79)"
  ) func relativeAtScaleTwo() async throws {
    let x = BasicNode(debugName: "x")
    let layout = try await measure(Self.box, scale: 2) {
      .relative(horizontal: .center, vertical: .end, .node(x).preferredSize(Size(width: 21, height: 10.2)))
    }
    // 10.2 ceils to 10.5; x: round((100 - 21) / 2 x 2) / 2 = 39.5; y: 60 - 10.5 = 49.5.
    #expect(layout.frame(of: x) == Rect(x: 39.5, y: 49.5, width: 21, height: 10.5))
  }

  @Test(
    "Texture's equal columns: flexBasis 0 and flexGrow 1 give three items of different content 100 each in 300"
  ) func equalColumnsFromZeroBasis() async throws {
    let a = SpecCountingLeaf(intrinsic: Size(width: 50, height: 10))
    let b = SpecCountingLeaf(intrinsic: Size(width: 100, height: 10))
    let c = SpecCountingLeaf(intrinsic: Size(width: 20, height: 10))
    let layout = try await measure(SizeRange(exactly: Size(width: 300, height: 10))) {
      .stack(children: [a, b, c].map { .node($0).flexBasis(.points(0)).flexGrow(1).flexShrink(1) })
    }
    // Three items grow and shrink: none is skipped. Each is measured at exactly 0 (its basis), so the free space is
    // 300: floor(100) each.
    #expect(layout.frame(of: a) == Rect(x: 0, y: 0, width: 100, height: 10))
    #expect(layout.frame(of: b) == Rect(x: 100, y: 0, width: 100, height: 10))
    #expect(layout.frame(of: c) == Rect(x: 200, y: 0, width: 100, height: 10))
  }

  @Test(
    "A spec naming a node twice fails the window's pass with elementListedTwice; the views keep their frames, and a fixed spec applies"
  ) @MainActor func specNamingANodeTwiceKeepsTheTree() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let root = BasicNode(debugName: "root") { _, _ in
      .stack(alignItems: .start, children: [.node(a).preferredSize(Size(width: 20, height: 10)), .node(b).width(30)])
    }
    try await root.addSubnodes([a, b])
    let window = Window(size: Size(width: 100, height: 50), turnMode: .manual)
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 50) }
    try await window.attach(root)
    // b: [30...30] x [0...50], both finite: 30 x 50.
    #expect(a.view?.frame == Rect(x: 0, y: 0, width: 20, height: 10))
    #expect(b.view?.frame == Rect(x: 20, y: 0, width: 30, height: 50))
    let applied = root.appliedLayout

    await root.setLayoutSpecBlock { _, _ in .stack(children: [.node(a), .node(b), .node(a)]) }
    await root.setNeedsLayout()
    await #expect {
      try await window.layoutIfNeeded()
    } throws: { error in
      if case LayoutError.elementListedTwice = error { true } else { false }
    }
    #expect(a.view?.frame == Rect(x: 0, y: 0, width: 20, height: 10))
    #expect(b.view?.frame == Rect(x: 20, y: 0, width: 30, height: 50))
    #expect(root.appliedLayout == applied)

    await root.setLayoutSpecBlock { _, _ in
      .stack(.vertical, alignItems: .start, children: [.node(b).preferredSize(Size(width: 30, height: 5)), .node(a)])
    }
    await root.setNeedsLayout()
    try await window.layoutIfNeeded()
    // a: width [0...100] across, height [0...∞] along: unbounded, 0 x 0, at y 5.
    #expect(b.view?.frame == Rect(x: 0, y: 0, width: 30, height: 5))
    #expect(a.view?.frame == Rect(x: 0, y: 5, width: 0, height: 0))
  }

  @Test(
    "Relative spec, each sizing option at each of the nine positions: the spec shrinks to the child (20 x 10) on the axes the option names, and the child's offset follows",
    arguments: [
      (RelativeSizing(), Size(width: 100, height: 60)), (.minimumWidth, Size(width: 20, height: 60)),
      (.minimumHeight, Size(width: 100, height: 10)), (.minimumSize, Size(width: 20, height: 10)),
    ]
  ) func relativeSizingAtEveryPosition(sizing: RelativeSizing, size: Size) async throws {
    let x = BasicNode(debugName: "x")
    let positions: [(RelativePosition, Double)] = [(.start, 0), (.center, 0.5), (.end, 1)]
    for (horizontal, h) in positions {
      for (vertical, v) in positions {
        let layout = try await measure(Self.box) {
          .relative(
            horizontal: horizontal, vertical: vertical, sizing: sizing,
            .node(x).preferredSize(Size(width: 20, height: 10)))
        }
        // Free (W - 20, H - 10) shared by the position's proportion: 0, a half, all of it (whole points here).
        #expect(layout.size == size)
        #expect(
          layout.frame(of: x)
            == Rect(x: (size.width - 20) * h, y: (size.height - 10) * v, width: 20, height: 10))
      }
    }
  }

  @Test(
    "An absolute child's explicit width is cut to the room left past its position (30 at x 90 in 100 → 10), and kept where there is room"
  ) func absoluteChildCutToItsRoom() async throws {
    let cut = BasicNode(debugName: "cut")
    let kept = BasicNode(debugName: "kept")
    let layout = try await measure(SizeRange(min: .zero, max: Size(width: 100, height: 50))) {
      .absolute(children: [
        .node(cut).preferredSize(Size(width: 30, height: 10)).layoutPosition(Point(x: 90, y: 0)),
        .node(kept).preferredSize(Size(width: 30, height: 10)).layoutPosition(Point(x: 60, y: 20)),
      ])
    }
    // cut: min 0, width 30 above the automatic max 100 - 90 = 10 → exactly 10. kept: room 40, exactly 30.
    #expect(layout.frame(of: cut) == Rect(x: 90, y: 0, width: 10, height: 10))
    #expect(layout.frame(of: kept) == Rect(x: 60, y: 20, width: 30, height: 10))
  }

  @Test(
    "A subnode's own fractional width follows its window: 50% of a 200-wide row is 100, and 150 once the window is 300 wide"
  ) @MainActor func fractionalStyleFollowsWindowResize() async throws {
    let leaf = SpecCountingLeaf(intrinsic: Size(width: 10, height: 10))
    await leaf.setStyle { $0.width = .fraction(0.5) }
    let root = BasicNode(debugName: "root", automaticallyManagesSubnodes: true) { _, _ in
      .stack(alignItems: .start, children: [.node(leaf)])
    }
    let window = Window(size: Size(width: 200, height: 50), turnMode: .manual)
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 200, height: 50) }
    try await window.attach(root)
    // The row is exactly 200 wide: 50% is 100; height [0...50], the leaf's 10.
    #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: 100, height: 10))
    window.resize(to: Size(width: 300, height: 50))
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 300, height: 50) }
    try await window.layoutIfNeeded()
    #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: 150, height: 10))
  }

  @Test(
    "The single flexible item in a window's row across resizes: grown from 0 to fill 200, left at 0 when the row overflows at 100, grown again at 200"
  ) @MainActor func singleFlexibleItemAcrossResizes() async throws {
    let flexible = SpecCountingLeaf(intrinsic: Size(width: 50, height: 10))
    let wide = SpecCountingLeaf(intrinsic: Size(width: 120, height: 10))
    let root = BasicNode(debugName: "root", automaticallyManagesSubnodes: true) { _, _ in
      .stack(children: [.node(flexible).flexGrow(1).flexShrink(1), .node(wide).width(120).flexShrink(1)])
    }
    let window = Window(size: Size(width: 200, height: 50), turnMode: .manual)
    func resize(_ width: Double) async throws {
      window.resize(to: Size(width: width, height: 50))
      await root.configure { $0.frame = Rect(x: 0, y: 0, width: width, height: 50) }
      try await window.layoutIfNeeded()
    }
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 200, height: 50) }
    try await window.attach(root)
    // 200: flexible skipped (0); free 80, all to it: exactly 80 x 50 (stretched); wide 120 x 50 at 80.
    #expect(flexible.view?.frame == Rect(x: 0, y: 0, width: 80, height: 50))
    #expect(wide.view?.frame == Rect(x: 80, y: 0, width: 120, height: 50))
    // 100: overflow 20, flexible's weight 0 x 1: wide gives all 20 → 100; flexible stays 0, stretched to 50.
    try await resize(100)
    #expect(flexible.view?.frame == Rect(x: 0, y: 0, width: 0, height: 50))
    #expect(wide.view?.frame == Rect(x: 0, y: 0, width: 100, height: 50))
    try await resize(200)
    #expect(flexible.view?.frame == Rect(x: 0, y: 0, width: 80, height: 50))
    #expect(wide.view?.frame == Rect(x: 80, y: 0, width: 120, height: 50))
  }

  @Test(
    "Two tasks measuring a node in the same range at once get one measurement, as Texture's second caller finds the first's layout"
  ) func concurrentSameRangeMeasuresOnce() async throws {
    let gate = ScenarioCounter()
    let leaf = SpecGatedLeaf(gate: gate)
    let range = SizeRange(min: .zero, max: Size(width: 100, height: 100))
    let first = Task { try await leaf.layout(thatFits: range).size }
    await gate.wait(for: "started")
    let second = Task { try await leaf.layout(thatFits: range).size }
    await gate.add("go")
    #expect(try await first.value == Size(width: 30, height: 20))
    #expect(try await second.value == Size(width: 30, height: 20))
    #expect(await leaf.measures == 1)
  }

  @Test(
    "An infinite top inset pins the child to the bottom of the range's maximum and the spec takes that maximum's height"
  ) func infiniteTopInsetPinsToBottom() async throws {
    let x = BasicNode(debugName: "x")
    let layout = try await measure(SizeRange(min: .zero, max: Size(width: 100, height: 80))) {
      .inset(
        EdgeInsets(top: .infinity, left: 5, bottom: 10, right: 5), .node(x).preferredSize(Size(width: 20, height: 10)))
    }
    // Child range [0...90] x [0...70]: 20 x 10. Width 5 + 20 + 5 = 30; height ∞ → the maximum, 80.
    // x 5; y: 80 - (10 + 10) = 60.
    #expect(layout.size == Size(width: 30, height: 80))
    #expect(layout.frame(of: x) == Rect(x: 5, y: 60, width: 20, height: 10))
  }

  @Test(
    "A subnode whose inset takes all of an unbounded height fails the window's pass with invalidSize; every frame stays until its spec is fixed"
  ) @MainActor func unboundedInsetFailsThePassAndKeepsTheTree() async throws {
    let x = BasicNode(debugName: "x")
    let card = BasicNode(debugName: "card") { _, _ in .inset(EdgeInsets(all: 5), .node(x).height(10)) }
    try await card.addSubnode(x)
    let footer = BasicNode(debugName: "footer")
    let root = BasicNode(debugName: "root") { _, _ in
      .stack(.vertical, children: [.node(card), .node(footer).height(20)])
    }
    try await root.addSubnodes([card, footer])
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    await root.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    try await window.attach(root)
    // card: width exactly 100 (stretched), height [0...∞]: 5 + 10 + 5 = 20; x inside at (5, 5), 90 x 10.
    #expect(card.view?.frame == Rect(x: 0, y: 0, width: 100, height: 20))
    #expect(x.view?.frame == Rect(x: 5, y: 5, width: 90, height: 10))
    #expect(footer.view?.frame == Rect(x: 0, y: 20, width: 100, height: 20))

    // An infinite top inset in the card's unbounded height: the inset takes the range's maximum, ∞.
    await card.setLayoutSpecBlock { _, _ in
      .inset(EdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0), .node(x).height(10))
    }
    await card.setNeedsLayout()
    await #expect {
      try await window.layoutIfNeeded()
    } throws: { error in
      if case LayoutError.invalidSize = error { true } else { false }
    }
    #expect(card.view?.frame == Rect(x: 0, y: 0, width: 100, height: 20))
    #expect(x.view?.frame == Rect(x: 5, y: 5, width: 90, height: 10))
    #expect(footer.view?.frame == Rect(x: 0, y: 20, width: 100, height: 20))

    await card.setLayoutSpecBlock { _, _ in .inset(EdgeInsets(all: 10), .node(x).height(10)) }
    await card.setNeedsLayout()
    try await window.layoutIfNeeded()
    // 10 + 10 + 10 = 30 high; x at (10, 10), 80 x 10; the footer moves to 30.
    #expect(card.view?.frame == Rect(x: 0, y: 0, width: 100, height: 30))
    #expect(x.view?.frame == Rect(x: 10, y: 10, width: 80, height: 10))
    #expect(footer.view?.frame == Rect(x: 0, y: 30, width: 100, height: 20))
  }

  @Test("A style spacing that is not finite stops the program")
  func nanSpacingExits() async {
    await #expect(processExitsWith: .failure) {
      var style = LayoutStyle()
      style.spacingBefore = .nan
    }
  }

  @Test("A ratio that is not positive stops the program")
  func zeroRatioExits() async {
    await #expect(processExitsWith: .failure) {
      _ = LayoutSpec.ratio(0, .spacer)
    }
  }
}
