import ActorNodes
import Testing

/// The stack spec's frames, ported from Texture's `ASStackLayoutSpecSnapshotTests` (computed from Texture's
/// algorithm, then checked against its reference images, which are at 2 pixels per point), and one test per
/// documented difference from flexbox.
@Suite("Stack spec", .tags(.texturePort), .timeLimit(.minutes(5)))
struct StackSpecTests {
  /// Three 50 × 50 boxes, each growing and shrinking by `flex` (Texture's `defaultSubnodesWithSameSize`).
  private func threeBoxes(
    _ justify: StackJustifyContent, flex: Double = 0
  ) async throws -> SpecFixture {
    try await SpecFixture(3) { nodes in
      .stack(
        .horizontal, justifyContent: justify, children: nodes.map { box($0, 50, 50).flexGrow(flex).flexShrink(flex) })
    }
  }

  @Test(
    "testUnderflowBehaviors: justification in 300 points of room",
    arguments: [
      (StackJustifyContent.start, 0.0, [0.0, 50, 100], 50.0),
      (.center, 0, [75, 125, 175], 50),
      (.end, 0, [150, 200, 250], 50),
      (.start, 1, [0, 100, 200], 100),
      (.spaceBetween, 0, [0, 125, 250], 50),
      (.spaceAround, 0, [25, 125, 225], 50),
    ])
  func underflow(justify: StackJustifyContent, flex: Double, xs: [Double], width: Double) async throws {
    let fixture = try await threeBoxes(justify, flex: flex)
    let layout = try await fixture.layout(range(300, 0, 300, 300))
    #expect(layout.size == Size(width: 300, height: 50))
    #expect(try await fixture.frames(range(300, 0, 300, 300)) == xs.map { rect($0, 0, width, 50) })
  }

  @Test(
    "testOverflowBehaviors: 150 points of boxes in 110 (space between is start, space around is center)",
    arguments: [
      (StackJustifyContent.start, [0.0, 50, 100]),
      (.center, [-20, 30, 80]),
      (.end, [-40, 10, 60]),
      (.spaceBetween, [0, 50, 100]),
      (.spaceAround, [-20, 30, 80]),
    ])
  func overflow(justify: StackJustifyContent, xs: [Double]) async throws {
    let fixture = try await threeBoxes(justify)
    #expect(try await fixture.frames(range(110, 0, 110, 300)) == xs.map { rect($0, 0, 50, 50) })
    #expect(try await fixture.layout(range(110, 0, 110, 300)).size == Size(width: 110, height: 50))
  }

  @Test("testOverflowBehaviors (flex): shrinking to 36.67 each is rounded up to 37, overflowing by 1 (D17)")
  func overflowFlexRoundsUp() async throws {
    let fixture = try await threeBoxes(.start, flex: 1)
    #expect(
      try await fixture.frames(range(110, 0, 110, 300)) == [
        rect(0, 0, 37, 50), rect(37, 0, 37, 50), rect(74, 0, 37, 50),
      ])
    // At 2 pixels per point too: 73.3 pixels round up to 74.
    #expect(
      try await fixture.frames(range(110, 0, 110, 300), scale: 2) == [
        rect(0, 0, 37, 50), rect(37, 0, 37, 50), rect(74, 0, 37, 50),
      ])
  }

  @Test("testOverflowBehaviorsWhenAllFlexShrinkChildrenHaveBeenClampedToZeroButViolationStillExists")
  func shrinkClampedAtZero() async throws {
    let fixture = try await SpecFixture(3) { n in
      .stack(children: [box(n[0], 50, 50), box(n[1], 50, 50).flexShrink(1), box(n[2], 50, 50)])
    }
    #expect(
      try await fixture.frames(range(75, 0, 75, 150)) == [rect(0, 0, 50, 50), rect(50, 0, 0, 50), rect(50, 0, 50, 50)])
    #expect(try await fixture.layout(range(75, 0, 75, 150)).size == Size(width: 75, height: 50))
  }

  @Test("testFlexWithUnequalIntrinsicSizes: growth floored per item, the remainder to the first (D3)")
  func unequalIntrinsicSizes() async throws {
    let fixture = try await SpecFixture(3) { n in
      .stack(
        children: [box(n[0], 50, 50), box(n[1], 150, 150), box(n[2], 50, 50)].map { $0.flexGrow(1).flexShrink(1) })
    }
    #expect(
      try await fixture.frames(range(300, 0, 300, 150)) == [
        rect(0, 0, 68, 50), rect(68, 0, 166, 150), rect(234, 0, 66, 50),
      ])
    #expect(
      try await fixture.frames(range(200, 0, 200, 150)) == [
        rect(0, 0, 40, 50), rect(40, 0, 120, 150), rect(160, 0, 40, 50),
      ])
    #expect(try await fixture.layout(range(300, 0, 300, 150)).size == Size(width: 300, height: 150))
    #expect(try await fixture.layout(range(200, 0, 200, 150)).size == Size(width: 200, height: 150))
  }

  @Test("testCrossAxisSizeBehaviors and testStackSpacing: a vertical stack keeps explicit widths")
  func crossAxisSizes() async throws {
    for spacing in [0.0, 10] {
      let fixture = try await SpecFixture(3) { n in
        .stack(.vertical, spacing: spacing, children: [box(n[0], 50, 50), box(n[1], 100, 50), box(n[2], 150, 50)])
      }
      for range in [range(0, 300, 300, 300), range(300, 300, 300, 300)] {
        #expect(
          try await fixture.frames(range) == [
            rect(0, 0, 50, 50), rect(0, 50 + spacing, 100, 50), rect(0, 100 + 2 * spacing, 150, 50),
          ])
      }
      #expect(try await fixture.layout(range(0, 300, 300, 300)).size == Size(width: 150, height: 300))
    }
  }

  @Test("testChildSpacing: spacing before and after, which may be negative (D16)")
  func childSpacing() async throws {
    func frames(spacing: Double, before: [Double], after: [Double], height: Double) async throws -> [Rect?] {
      let fixture = try await SpecFixture(3) { n in
        .stack(
          .vertical, spacing: spacing,
          children: zip([box(n[0], 50, 50), box(n[1], 100, 70), box(n[2], 150, 90)], zip(before, after)).map {
            $0.spacingBefore($1.0).spacingAfter($1.1)
          })
      }
      // The reference images' sizes: the last child's spacing after counts.
      #expect(try await fixture.layout(.unconstrained).size == Size(width: 150, height: height))
      return try await fixture.frames(.unconstrained)
    }
    #expect(
      try await frames(spacing: 0, before: [0, 10, 20], after: [0, 0, 0], height: 240) == [
        rect(0, 0, 50, 50), rect(0, 60, 100, 70), rect(0, 150, 150, 90),
      ])
    #expect(
      try await frames(spacing: 0, before: [0, 0, 0], after: [0, 10, 20], height: 240) == [
        rect(0, 0, 50, 50), rect(0, 50, 100, 70), rect(0, 130, 150, 90),
      ])
    #expect(
      try await frames(spacing: 10, before: [0, -10, 0], after: [0, -10, 0], height: 210) == [
        rect(0, 0, 50, 50), rect(0, 50, 100, 70), rect(0, 120, 150, 90),
      ])
  }

  @Test(
    "testJustifiedCenterWithChildSpacing and testAligned{Start,End,Center}",
    arguments: [
      (StackAlignItems.start, [0.0, 0, 0]),
      (.end, [250, 200, 150]),
      (.center, [125, 100, 75]),
    ])
  func alignment(align: StackAlignItems, xs: [Double]) async throws {
    let fixture = try await SpecFixture(3) { n in
      .stack(
        .vertical, justifyContent: .center, alignItems: align,
        children: [box(n[0], 50, 50), box(n[1], 100, 70).spacingBefore(20), box(n[2], 150, 90).spacingBefore(30)])
    }
    #expect(
      try await fixture.frames(range(300, 300, 300, 300)) == [
        rect(xs[0], 20, 50, 50), rect(xs[1], 90, 100, 70), rect(xs[2], 190, 150, 90),
      ])
  }

  @Test("testJustifiedCenterWithChildSpacing (variableHeight): as wide as the widest child, centred in 300 points")
  func justifiedCenterWithChildSpacing() async throws {
    let fixture = try await SpecFixture(3) { n in
      .stack(
        .vertical, justifyContent: .center, alignItems: .start,
        children: [box(n[0], 50, 50), box(n[1], 100, 70).spacingBefore(20), box(n[2], 150, 90).spacingBefore(30)])
    }
    #expect(try await fixture.layout(range(0, 300, 300, 300)).size == Size(width: 150, height: 300))
    #expect(
      try await fixture.frames(range(0, 300, 300, 300)) == [
        rect(0, 20, 50, 50), rect(0, 90, 100, 70), rect(0, 190, 150, 90),
      ])
  }

  @Test(
    "testHorizontalAndVerticalAlignments: Texture's horizontal and vertical alignments as justification and alignment",
    arguments: [
      (StackDirection.horizontal, StackJustifyContent.start, StackAlignItems.start, [0.0, 50, 100], [0.0, 0, 0]),
      (.horizontal, .center, .center, [25, 75, 125], [75, 75, 75]),
      (.horizontal, .end, .end, [50, 100, 150], [150, 150, 150]),
      (.vertical, .start, .start, [0, 0, 0], [0, 50, 100]),
      (.vertical, .center, .center, [75, 75, 75], [25, 75, 125]),
      (.vertical, .end, .end, [150, 150, 150], [50, 100, 150]),
    ])
  func horizontalAndVerticalAlignments(
    direction: StackDirection, justify: StackJustifyContent, align: StackAlignItems, xs: [Double], ys: [Double]
  ) async throws {
    let fixture = try await SpecFixture(3) { n in
      .stack(direction, justifyContent: justify, alignItems: align, children: n.map { box($0, 50, 50) })
    }
    #expect(try await fixture.frames(range(200, 200, 200, 200)) == xs.indices.map { rect(xs[$0], ys[$0], 50, 50) })
  }

  @Test("testAlignedStretch{No,One}ChildExceedsMin: an explicit cross size is not stretched (D14)")
  func stretchKeepsExplicitCrossSize() async throws {
    let fixture = try await SpecFixture(3) { n in
      .stack(
        .vertical, justifyContent: .center, alignItems: .stretch,
        children: [box(n[0], 50, 50), box(n[1], 100, 70).spacingBefore(20), box(n[2], 150, 90).spacingBefore(30)])
    }
    let expected = [rect(0, 0, 50, 50), rect(0, 70, 100, 70), rect(0, 170, 150, 90)]
    #expect(try await fixture.frames(range(200, 200, 300, 300)) == expected)
    #expect(try await fixture.layout(range(200, 200, 300, 300)).size == Size(width: 200, height: 260))
    #expect(try await fixture.frames(range(50, 50, 300, 300)) == expected)
    #expect(try await fixture.layout(range(50, 50, 300, 300)).size == Size(width: 150, height: 260))
  }

  @Test("A child with no cross size of its own is stretched to the line")
  func stretchFillsLine() async throws {
    let fixture = try await SpecFixture(2) { n in
      .stack(children: [box(n[0], 50, 80), .inset(.zero, box(n[1], 30, 20))])
    }
    #expect(try await fixture.frames(range(0, 0, 300, 300)) == [rect(0, 0, 50, 80), rect(50, 0, 30, 80)])
  }

  @Test("testEmptyStack: the range's minimum")
  func emptyStack() async throws {
    let fixture = try await SpecFixture(0) { _ in .stack(children: []) }
    #expect(try await fixture.layout(range(50, 50, 300, 300)).size == Size(width: 50, height: 50))
  }

  @Test("testStackSpacingWithChildrenHavingNilObjects: an empty stack with spacing takes no height")
  func emptyStackWithSpacing() async throws {
    let fixture = try await SpecFixture(1) { n in
      .inset(
        EdgeInsets(all: 10), .background(.stack(.vertical, spacing: 10, children: []), background: box(n[0], 0, 0)))
    }
    #expect(try await fixture.layout(range(300, 0, 300, 300)).size == Size(width: 300, height: 20))
    #expect(try await fixture.frames(range(300, 0, 300, 300)) == [rect(10, 10, 280, 0)])
  }

  @Test("testJustifiedSpace{Between,Around}WithOneChild: start and center")
  func spaceWithOneChild() async throws {
    for (justify, x) in [(StackJustifyContent.spaceBetween, 0.0), (.spaceAround, 125)] {
      let fixture = try await SpecFixture(1) { n in .stack(justifyContent: justify, children: [box(n[0], 50, 50)]) }
      #expect(try await fixture.frames(range(300, 0, 300, .infinity)) == [rect(x, 0, 50, 50)])
    }
  }

  @Test("testJustifiedSpace{Between,Around}WithRemainingSpace: fractional offsets rounded up when flattened")
  func spaceWithRemainingSpace() async throws {
    let between = try await threeBoxes(.spaceBetween)
    #expect(
      try await between.frames(range(301, 0, 301, 300)) == [
        rect(0, 0, 50, 50), rect(126, 0, 50, 50), rect(251, 0, 50, 50),
      ])
    let around = try await threeBoxes(.spaceAround)
    #expect(
      try await around.frames(range(305, 0, 305, 300)) == [
        rect(26, 0, 50, 50), rect(128, 0, 50, 50), rect(230, 0, 50, 50),
      ])
    // At 2 pixels per point, the scale of Texture's reference images: the half points they show.
    #expect(
      try await between.frames(range(301, 0, 301, 300), scale: 2) == [
        rect(0, 0, 50, 50), rect(125.5, 0, 50, 50), rect(251, 0, 50, 50),
      ])
    #expect(
      try await around.frames(range(305, 0, 305, 300), scale: 2) == [
        rect(26, 0, 50, 50), rect(127.5, 0, 50, 50), rect(229.5, 0, 50, 50),
      ])
  }

  @Test("testChildThatChangesCrossSizeWhenMainSizeIsFlexed: a lone flexible item flexes from 0")
  func crossSizeChangesWhenFlexed() async throws {
    let fixture = try await SpecFixture(2) { n in
      .stack(children: [
        .ratio(1.5, .node(n[0])).flexBasis(.fraction(1)).flexGrow(1).flexShrink(1),
        box(n[1], 50, 50),
      ])
    }
    #expect(try await fixture.frames(range(150, 0, 150, .infinity)) == [rect(0, 0, 100, 150), rect(100, 0, 50, 50)])
    #expect(try await fixture.layout(range(150, 0, 150, .infinity)).size == Size(width: 150, height: 150))
  }

  @Test("testAlignCenterWithFlexedMainDimension: shrunk by length × factor, centred on floored offsets")
  func alignCenterWithFlexedMain() async throws {
    let fixture = try await SpecFixture(2) { n in
      .stack(
        .vertical, alignItems: .center, children: [box(n[0], 100, 100).flexShrink(1), box(n[1], 50, 50).flexShrink(1)])
    }
    #expect(try await fixture.frames(range(150, 0, 150, 100)) == [rect(25, 0, 100, 67), rect(50, 67, 50, 34)])
    #expect(try await fixture.layout(range(150, 0, 150, 100)).size == Size(width: 150, height: 100))
  }

  @Test("testAlignCenterWithIndefiniteCrossDimension: alignSelf overrides the stack")
  func alignSelfCenter() async throws {
    let fixture = try await SpecFixture(2) { n in
      .stack(children: [box(n[0], 100, 100), box(n[1], 50, 50).alignSelf(.center)])
    }
    #expect(try await fixture.frames(range(150, 0, 150, .infinity)) == [rect(0, 0, 100, 100), rect(100, 25, 50, 50)])
    #expect(try await fixture.layout(range(150, 0, 150, .infinity)).size == Size(width: 150, height: 100))
  }

  @Test("Centering an odd remainder floors across the axis and rounds up along it at flattening (D9)")
  func oddCentering() async throws {
    let fixture = try await SpecFixture(1) { n in
      .stack(justifyContent: .center, alignItems: .center, children: [box(n[0], 61, 61)])
    }
    #expect(try await fixture.frames(range(200, 200, 200, 200)) == [rect(70, 69, 61, 61)])
    #expect(try await fixture.frames(range(200, 200, 200, 200), scale: 2) == [rect(69.5, 69.5, 61, 61)])
  }

  @Test("testFixedFlexBasisAppliedWhenFlexingItems: the basis wins over the width, then flexes")
  func fixedFlexBasisWhenFlexing() async throws {
    let fixture = try await SpecFixture(3) { n in
      .stack(
        children: [box(n[0], 50, 50), box(n[1], 150, 150), box(n[2], 50, 50)].map { $0.flexGrow(1).flexBasis(10) })
    }
    #expect(
      try await fixture.frames(range(300, 0, 300, 150)) == [
        rect(0, 0, 100, 50), rect(100, 0, 100, 150), rect(200, 0, 100, 50),
      ])
    #expect(
      try await fixture.frames(range(200, 0, 200, 150)) == [
        rect(0, 0, 68, 50), rect(68, 0, 66, 150), rect(134, 0, 66, 50),
      ])
  }

  @Test("testFractionalFlexBasisResolvesAgainstParentSize")
  func fractionalFlexBasis() async throws {
    let fixture = try await SpecFixture(3) { n in
      .stack(
        children: [box(n[0], 50, 50).flexBasis(.fraction(0.5)), box(n[1], 50, 50), box(n[2], 50, 50)].map {
          $0.flexGrow(1)
        })
    }
    #expect(
      try await fixture.frames(range(200, 0, 200, .infinity)) == [
        rect(0, 0, 100, 50), rect(100, 0, 50, 50), rect(150, 0, 50, 50),
      ])
  }

  @Test("testFixedFlexBasisOverridesIntrinsicSizeForNonFlexingChildren (D15)")
  func fixedFlexBasisWithoutFlexing() async throws {
    let fixture = try await SpecFixture(3) { n in
      .stack(children: [box(n[0], 50, 50), box(n[1], 150, 150), box(n[2], 150, 50)].map { $0.flexBasis(20) })
    }
    #expect(
      try await fixture.frames(range(300, 0, 300, 150)) == [
        rect(0, 0, 20, 50), rect(20, 0, 20, 150), rect(40, 0, 20, 50),
      ])
  }

  @Test("testCrossAxisStretchingOccursAfterStackAxisFlexing")
  func stretchAfterFlexing() async throws {
    let fixture = try await SpecFixture(3) { n in
      .background(
        .inset(
          EdgeInsets(all: 10), .stack(children: [box(n[1], 10, 0), box(n[2], 500, 500).flexGrow(1).flexShrink(1)])),
        background: box(n[0], 0, 0))
    }
    #expect(
      try await fixture.frames(range(300, 0, 300, .infinity)) == [
        rect(0, 0, 300, 520), rect(10, 10, 10, 500), rect(20, 10, 270, 500),
      ])
  }

  @Test(
    "Positive violations: distributed by grow factor, floored, the remainder to the first grower",
    arguments: [
      ([1.0, 0, 1], StackDirection.horizontal, [0.0, 150, 200], [150.0, 50, 150]),
      ([0.5, 0, 0.5], .horizontal, [0, 150, 200], [150, 50, 150]),
      ([1, 2, 1], .vertical, [0, 100, 250], [100, 150, 100]),
      ([0.25, 0.5, 0.25], .vertical, [0, 100, 250], [100, 150, 100]),
    ])
  func positiveViolation(grow: [Double], direction: StackDirection, offsets: [Double], lengths: [Double]) async throws {
    let fixture = try await SpecFixture(3) { n in
      .stack(direction, children: n.indices.map { box(n[$0], 50, 50).flexGrow(grow[$0]) })
    }
    let frames = try await fixture.frames(range(350, 350, 350, 350))
    let expected = offsets.indices.map { index in
      direction == .horizontal
        ? rect(offsets[index], 0, lengths[index], 50) : rect(0, offsets[index], 50, lengths[index])
    }
    #expect(frames == expected)
  }

  @Test("testRemainingViolationIsAppliedProperlyToFirstFlexibleChild: 88 and 87")
  func remainingViolation() async throws {
    for grow in [1.0, 0.5] {
      let fixture = try await SpecFixture(3) { n in
        .stack(
          .vertical, children: [box(n[0], 50, 25), box(n[1], 50, 0).flexGrow(grow), box(n[2], 50, 100).flexGrow(grow)])
      }
      #expect(
        try await fixture.frames(range(300, 300, 300, 300)) == [
          rect(0, 0, 50, 25), rect(0, 25, 50, 88), rect(0, 113, 50, 187),
        ])
    }
  }

  @Test(
    "testNegativeViolationIsDistributedBasedOnSize (and flex factor)",
    arguments: [
      ([1.0, 0, 1], [0.0, 180, 280], [180.0, 100, 120]),
      ([0.5, 0, 0.5], [0, 180, 280], [180, 100, 120]),
    ])
  func negativeViolation(shrink: [Double], xs: [Double], widths: [Double]) async throws {
    let fixture = try await SpecFixture(3) { n in
      .stack(
        children: [box(n[0], 300, 50), box(n[1], 100, 50), box(n[2], 200, 50)].enumerated().map {
          $1.flexShrink(shrink[$0])
        })
    }
    #expect(try await fixture.frames(range(400, 400, 400, 400)) == xs.indices.map { rect(xs[$0], 0, widths[$0], 50) })
  }

  @Test("testNegativeViolationIsDistributedBasedOnSizeAndFlexFactor: -109, -18 and -72, rounded up")
  func negativeViolationByFactor() async throws {
    let fixture = try await SpecFixture(3) { n in
      .stack(
        .vertical,
        children: [
          box(n[0], 50, 300).flexShrink(2), box(n[1], 50, 100).flexShrink(1), box(n[2], 50, 200).flexShrink(2),
        ])
    }
    #expect(
      try await fixture.frames(range(400, 400, 400, 400)) == [
        rect(0, 0, 50, 191), rect(0, 191, 50, 82), rect(0, 273, 50, 128),
      ])
  }

  @Test(
    "testPositiveViolationIsDistributed{Equally,Proportionally}AmongMixedChildren[WithArbitraryFloats]: shrinkers do not grow",
    arguments: [
      (StackDirection.horizontal, 1.0, 1.0, [50.0, 150, 50, 150]),
      (.horizontal, 0.5, 0.5, [50, 150, 50, 150]),
      (.vertical, 3, 1, [50, 200, 50, 100]),
      (.vertical, 0.75, 0.25, [50, 200, 50, 100]),
    ])
  func positiveViolationAmongMixedChildren(
    direction: StackDirection, grow1: Double, grow3: Double, lengths: [Double]
  ) async throws {
    let fixture = try await SpecFixture(4) { n in
      .stack(
        direction,
        children: [
          box(n[0], 50, 50).flexShrink(1), box(n[1], 50, 50).flexGrow(grow1), box(n[2], 50, 50),
          box(n[3], 50, 50).flexGrow(grow3),
        ])
    }
    var offset = 0.0
    var expected: [Rect?] = []
    for length in lengths {
      expected.append(
        direction == .horizontal ? rect(offset, 0, length, 50) : rect(0, offset, 50, length))
      offset += length
    }
    #expect(try await fixture.frames(range(400, 400, 400, 400)) == expected)
  }

  @Test(
    "testNegativeViolationIsDistributedBasedOnSizeAmongMixedChildren[WithArbitraryFloats]: growers do not shrink",
    arguments: [1.0, 0.5])
  func negativeViolationAmongMixedChildren(shrink: Double) async throws {
    let fixture = try await SpecFixture(4) { n in
      .stack(children: [
        box(n[0], 150, 50).flexGrow(1), box(n[1], 150, 50).flexShrink(shrink), box(n[2], 150, 50),
        box(n[3], 150, 50).flexShrink(shrink),
      ])
    }
    #expect(
      try await fixture.frames(range(400, 400, 400, 400)) == [
        rect(0, 0, 150, 50), rect(150, 0, 50, 50), rect(200, 0, 150, 50), rect(350, 0, 50, 50),
      ])
  }

  @Test(
    "testNegativeViolationIsDistributedBasedOnSizeAndFlexFactorAmongMixedChildren[ArbitraryFloats]: -28.57 and -171.43",
    arguments: [(1.0, 3.0), (0.25, 0.75)])
  func negativeViolationByFactorAmongMixedChildren(shrink1: Double, shrink3: Double) async throws {
    let fixture = try await SpecFixture(4) { n in
      .stack(
        .vertical,
        children: [
          box(n[0], 50, 150).flexGrow(1), box(n[1], 50, 100).flexShrink(shrink1), box(n[2], 50, 150),
          box(n[3], 50, 200).flexShrink(shrink3),
        ])
    }
    // At 2 pixels per point, as Texture's reference image shows (it clips the last child at 400).
    #expect(
      try await fixture.frames(range(400, 400, 400, 400), scale: 2) == [
        rect(0, 0, 50, 150), rect(0, 150, 50, 71.5), rect(0, 221.5, 50, 150), rect(0, 371.5, 50, 29),
      ])
    #expect(
      try await fixture.frames(range(400, 400, 400, 400)) == [
        rect(0, 0, 50, 150), rect(0, 150, 50, 72), rect(0, 222, 50, 150), rect(0, 372, 50, 29),
      ])
  }

  @Test(
    "testNegativeViolationIsDistributedBasedOnSizeAndFlexFactorDoesNotShrinkToZero[WithArbitraryFloats]: 42.86 wide",
    arguments: [(1.0, 2.0), (0.25, 0.5)])
  func negativeViolationDoesNotShrinkToZero(shrink: Double, middleShrink: Double) async throws {
    let fixture = try await SpecFixture(3) { n in
      .stack(children: [
        box(n[0], 300, 50).flexShrink(shrink), box(n[1], 100, 50).flexShrink(middleShrink),
        box(n[2], 200, 50).flexShrink(shrink),
      ])
    }
    // At 2 pixels per point, as Texture's reference image shows (it clips the last child at 400).
    #expect(
      try await fixture.frames(range(400, 400, 400, 400), scale: 2) == [
        rect(0, 0, 214.5, 50), rect(214.5, 0, 43, 50), rect(257.5, 0, 143, 50),
      ])
  }

  @Test("testNegativeViolationAndFlexFactorIsNotRespected: a zero-length item absorbs nothing (D6)")
  func zeroLengthItemDoesNotShrink() async throws {
    let fixture = try await SpecFixture(2) { n in
      .stack(children: [box(n[0], 50, 50), box(n[1], 0, 0).flexShrink(1)])
    }
    #expect(try await fixture.frames(range(40, 50, 40, 50)) == [rect(0, 0, 50, 50), rect(50, 0, 0, 50)])
    #expect(try await fixture.layout(range(40, 50, 40, 50)).size == Size(width: 40, height: 50))
  }

  @Test("testNestedStackLayoutStretchDoesNotViolateWidth: a stack's own size style applies")
  func nestedStackOwnSize() async throws {
    let fixture = try await SpecFixture(2) { n in
      .background(
        .stack(children: [box(n[1], 50, 50)]).preferredSize(Size(width: 100, height: 100)), background: box(n[0], 0, 0))
    }
    #expect(try await fixture.frames(range(0, 0, 300, .infinity)) == [rect(0, 0, 100, 100), rect(0, 0, 50, 50)])
  }

  @Test("D1: a bare stack is horizontal, and its children do not shrink on overflow (flexShrink defaults to 0)")
  func defaults() async throws {
    // testDefaultStackLayoutElementFlexProperties: no growing, no shrinking, an automatic basis.
    #expect(LayoutStyle().flexGrow == 0)
    #expect(LayoutStyle().flexShrink == 0)
    #expect(LayoutStyle().flexBasis == .auto)
    let fixture = try await SpecFixture(2) { n in .stack(children: [box(n[0], 100, 50), box(n[1], 100, 40)]) }
    #expect(try await fixture.frames(range(150, 0, 150, 300)) == [rect(0, 0, 100, 50), rect(100, 0, 100, 40)])
    #expect(try await fixture.layout(range(150, 0, 150, 300)).size == Size(width: 150, height: 50))
  }

  @Test("D10: a fractional flexBasis counts as auto in a stack of unbounded length")
  func fractionOfAnUnboundedStack() async throws {
    let fixture = try await SpecFixture(2) { n in
      .stack(children: [box(n[0], 50, 50).flexBasis(.fraction(0.5)), box(n[1], 60, 50)])
    }
    #expect(try await fixture.frames(range(0, 0, .infinity, 300)) == [rect(0, 0, 50, 50), rect(50, 0, 60, 50)])
    // Against an exact length it resolves: half of 200.
    #expect(try await fixture.frames(range(200, 0, 200, 300)) == [rect(0, 0, 100, 50), rect(100, 0, 60, 50)])
  }

  @Test("D2: children grow only up to the range's minimum; an unbounded stack grows nothing")
  func growFillsOnlyToMinimum() async throws {
    let fixture = try await SpecFixture(2) { n in .stack(children: [box(n[0], 50, 50).flexGrow(1), box(n[1], 50, 50)]) }
    #expect(try await fixture.frames(range(0, 0, 375, 100)) == [rect(0, 0, 50, 50), rect(50, 0, 50, 50)])
    #expect(try await fixture.frames(range(200, 0, 375, 100)) == [rect(0, 0, 150, 50), rect(150, 0, 50, 50)])
  }

  @Test("D4: a flexed item's offered length wins over its own maximum (no freezing)")
  func flexedLengthBeatsMaximum() async throws {
    let fixture = try await SpecFixture(2) { n in
      .stack(children: [.node(n[0]).flexGrow(1).maxWidth(100).height(10), .node(n[1]).flexGrow(1).height(10)])
    }
    // Pass 1 measures each at its basis: a plain node takes its finite maximum (100), the other 0.
    #expect(try await fixture.frames(range(300, 0, 300, 10)) == [rect(0, 0, 200, 10), rect(200, 0, 100, 10)])
  }

  @Test("D5: shrinking ignores an item's minimum")
  func shrinkIgnoresMinimum() async throws {
    let fixture = try await SpecFixture(2) { n in
      .stack(children: [box(n[0], 100, 10).flexShrink(1).minWidth(80), box(n[1], 100, 10).flexShrink(1)])
    }
    #expect(try await fixture.frames(range(100, 0, 100, 10)) == [rect(0, 0, 50, 10), rect(50, 0, 50, 10)])
  }

  @Test("Two items that both grow and shrink are measured from their basis (no single-item optimization)")
  func severalFlexibleItems() async throws {
    let fixture = try await SpecFixture(3) { n in
      .stack(children: [
        box(n[0], 100, 10), box(n[1], 40, 10).flexGrow(1).flexShrink(1), box(n[2], 20, 10).flexGrow(1).flexShrink(1),
      ])
    }
    // Violation 300 - 160 = 140, 70 each.
    #expect(
      try await fixture.frames(range(300, 0, 300, 10)) == [
        rect(0, 0, 100, 10), rect(100, 0, 110, 10), rect(210, 0, 90, 10),
      ])
  }

  @Test("A spacer with flexGrow fills the gap between items")
  func spacer() async throws {
    let fixture = try await SpecFixture(2) { n in
      .stack(children: [box(n[0], 40, 40), LayoutSpec.spacer.flexGrow(1), box(n[1], 20, 20)])
    }
    #expect(try await fixture.frames(range(375, 0, 375, 100)) == [rect(0, 0, 40, 40), rect(355, 0, 20, 20)])
  }
}
