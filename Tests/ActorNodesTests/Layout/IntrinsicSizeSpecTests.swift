import ActorNodes
import Testing

/// A leaf that measures itself, as Texture's `ASStaticSizeDisplayNode`: a fixed size, or Texture's default size
/// (the range's maximum where both axes are bounded, else nothing), clamped into the range it is offered.
actor IntrinsicLeaf: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  private let intrinsic: Size?

  init(_ name: String, _ intrinsic: Size?) {
    nodeState = NodeState(debugName: name)
    self.intrinsic = intrinsic
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    if let intrinsic { return .size(intrinsic) }
    // Texture's default, written out: both axes below 10,000,000 points (so finite), else nothing.
    let max = range.max
    return .size(max.width < 10_000_000 && max.height < 10_000_000 ? max : .zero)
  }
}

/// A spec over leaves that measure themselves, laid out by a host node.
private struct IntrinsicFixture {
  let leaves: [IntrinsicLeaf]
  let host: SpecHost

  init(_ sizes: [Size?], _ makeSpec: ([IntrinsicLeaf]) -> LayoutSpec) async throws {
    leaves = sizes.enumerated().map { IntrinsicLeaf("\($0.offset)", $0.element) }
    host = SpecHost(makeSpec(leaves))
    try await host.addSubnodes(leaves)
  }

  func layout(_ range: SizeRange) async throws -> Layout {
    try await host.layout(thatFits: range)
  }

  /// Each leaf's frame in the host's layout within `range`, in leaf order (nil: not laid out).
  func frames(_ range: SizeRange) async throws -> [Rect?] {
    let layout = try await layout(range)
    return leaves.map { leaf in layout.sublayouts.first { $0.node?.nodeCore === leaf.nodeCore }?.frame }
  }
}

private func size(_ width: Double, _ height: Double) -> Size { Size(width: width, height: height) }

/// Specs over leaves whose size comes from their own measurement rather than their style: each expectation is
/// worked out by hand from Texture's code (`ASStackUnpositionedLayout`, `ASStackPositionedLayout`, the inset,
/// relative, center, ratio, absolute and wrapper specs, `ASLayoutElementSizeResolve`), independently of the
/// ports of Texture's snapshot tests, whose boxes take their sizes from their style.
@Suite("Specs over self-measuring leaves", .timeLimit(.minutes(5)))
struct IntrinsicSizeSpecTests {
  @Test("The one flexible item of an exact stack flexes from 0 (its measure skipped), then is stretched")
  func loneFlexibleItem() async throws {
    let fixture = try await IntrinsicFixture([size(30, 30), nil]) { leaves in
      .stack(children: [.node(leaves[0]).flexGrow(1).flexShrink(1), .node(leaves[1]).preferredSize(size(20, 20))])
    }
    // 100 - 20 = 80 of room, all to the flexible item, which fills the exact cross size; the other keeps its 20.
    #expect(try await fixture.frames(range(100, 100, 100, 100)) == [rect(0, 0, 80, 100), rect(80, 0, 20, 20)])
  }

  @Test("The lone flexible item with nothing to flex keeps the 0 it was laid out at")
  func loneFlexibleItemWithoutViolation() async throws {
    let fixture = try await IntrinsicFixture([size(30, 30), size(100, 10)]) { leaves in
      .stack(alignItems: .start, children: [.node(leaves[0]).flexGrow(1).flexShrink(1), .node(leaves[1])])
    }
    #expect(try await fixture.frames(range(100, 0, 100, 100)) == [rect(0, 0, 0, 30), rect(0, 0, 100, 10)])
  }

  @Test("A first child's spacingBefore counts, and a centred run starts at its ceiled offset")
  func spacingBeforeFirstChild() async throws {
    let fixture = try await IntrinsicFixture([size(50, 50), size(50, 50)]) { leaves in
      .stack(
        spacing: 5, justifyContent: .center, alignItems: .start,
        children: [.node(leaves[0]).spacingBefore(10), .node(leaves[1])])
    }
    // Content 10 + 50 + 5 + 50 = 115; (200 - 115) / 2 = 42.5, ceiled to 43 where the layout is flattened.
    #expect(try await fixture.frames(range(200, 50, 200, 50)) == [rect(53, 0, 50, 50), rect(108, 0, 50, 50)])
  }

  @Test("Vertical: alignSelf center floors its offset, stretch fills the exact cross size")
  func verticalAlignment() async throws {
    let fixture = try await IntrinsicFixture([size(40, 30), size(60, 20)]) { leaves in
      .stack(.vertical, children: [.node(leaves[0]).alignSelf(.center), .node(leaves[1])])
    }
    #expect(try await fixture.layout(SizeRange(exactWidth: 100)).size == size(100, 50))
    #expect(
      try await fixture.frames(SizeRange(exactWidth: 100)) == [rect(30, 0, 40, 30), rect(0, 30, 100, 20)])
  }

  @Test("spaceBetween spreads the children over the range's minimum when it exceeds the content")
  func spaceBetweenOverMinimum() async throws {
    let fixture = try await IntrinsicFixture([size(50, 50), size(50, 50)]) { leaves in
      .stack(justifyContent: .spaceBetween, children: [.node(leaves[0]), .node(leaves[1])])
    }
    #expect(try await fixture.layout(range(200, 50, 300, 50)).size == size(200, 50))
    #expect(try await fixture.frames(range(200, 50, 300, 50)) == [rect(0, 0, 50, 50), rect(150, 0, 50, 50)])
  }

  @Test("Overflow: items shrink by size times factor; without shrink, end justification goes negative")
  func overflow() async throws {
    let shrinking = try await IntrinsicFixture([size(80, 10), size(80, 10)]) { leaves in
      .stack(children: [.node(leaves[0]).flexShrink(1), .node(leaves[1]).flexShrink(1)])
    }
    // 60 too much, split by 80 x 1 each: 30 off each.
    #expect(try await shrinking.frames(range(0, 0, 100, 10)) == [rect(0, 0, 50, 10), rect(50, 0, 50, 10)])
    let rigid = try await IntrinsicFixture([size(80, 10), size(80, 10)]) { leaves in
      .stack(justifyContent: .end, children: [.node(leaves[0]), .node(leaves[1])])
    }
    // The stack's size is clamped into the range; the content starts 100 - 160 = -60 from its leading edge.
    #expect(try await rigid.layout(range(0, 0, 100, 10)).size == size(100, 10))
    #expect(try await rigid.frames(range(0, 0, 100, 10)) == [rect(-60, 0, 80, 10), rect(20, 0, 80, 10)])
  }

  @Test("A fractional flex basis resolves against an exact main size; grow shares the room left after spacing")
  func basisAndGrow() async throws {
    let basis = try await IntrinsicFixture([size(10, 10), size(10, 10)]) { leaves in
      .stack(children: [.node(leaves[0]).flexBasis(.fraction(0.5)), .node(leaves[1])])
    }
    #expect(try await basis.frames(range(300, 100, 300, 100)) == [rect(0, 0, 150, 100), rect(150, 0, 10, 100)])
    let growing = try await IntrinsicFixture([size(50, 10), size(50, 10)]) { leaves in
      .stack(spacing: 10, children: [.node(leaves[0]).flexGrow(1), .node(leaves[1]).flexGrow(1)])
    }
    // 300 - (50 + 10 + 50) = 190 of room, 95 each.
    #expect(try await growing.frames(range(300, 10, 300, 10)) == [rect(0, 0, 145, 10), rect(155, 0, 145, 10)])
  }

  @Test("A stretched item keeps a minimum cross size of its own; an explicit 0 cross size stretches")
  func stretchWithOwnCrossSize() async throws {
    let fixture = try await IntrinsicFixture([size(20, 80), size(20, 30), size(20, 30)]) { leaves in
      .stack(children: [.node(leaves[0]), .node(leaves[1]).minHeight(40), .node(leaves[2]).height(0)])
    }
    #expect(
      try await fixture.frames(range(0, 0, 300, 100)) == [
        rect(0, 0, 20, 80), rect(20, 0, 20, 40), rect(40, 0, 20, 80),
      ])
  }

  @Test("Relative at the end corner, a centre spec of minimum size, and centring on one axis")
  func relativeAndCenter() async throws {
    let relative = try await IntrinsicFixture([size(30, 30)]) { leaves in
      .relative(horizontal: .end, vertical: .end, .node(leaves[0]))
    }
    // The width takes the bounded maximum; the unbounded height takes the child's.
    #expect(try await relative.layout(range(0, 0, 100, .infinity)).size == size(100, 30))
    #expect(try await relative.frames(range(0, 0, 100, .infinity)) == [rect(70, 0, 30, 30)])
    let minimum = try await IntrinsicFixture([size(30, 30)]) { leaves in .center(sizing: .minimumSize, .node(leaves[0]))
    }
    #expect(try await minimum.layout(range(0, 0, 100, 100)).size == size(30, 30))
    let horizontal = try await IntrinsicFixture([size(30, 30)]) { leaves in .center(.x, .node(leaves[0])) }
    // Not centred vertically: the child is offered the range's minimum height, 100.
    #expect(try await horizontal.frames(range(100, 100, 100, 100)) == [rect(35, 0, 30, 100)])
  }

  @Test("A ratio spec takes the option nearest its ratio within the maximum")
  func ratio() async throws {
    let fixture = try await IntrinsicFixture([size(10, 10)]) { leaves in .ratio(2, .node(leaves[0])) }
    // From the maximum width, 100 x 200 is too tall; from the maximum height, 75 x 150 fits.
    #expect(try await fixture.frames(range(0, 0, 100, 150)) == [rect(0, 0, 75, 150)])
  }

  @Test("Absolute: positions add to the size; a fraction of an unknown size is auto; room is left after the position")
  func absolute() async throws {
    let unbounded = try await IntrinsicFixture([size(30, 30), size(10, 10)]) { leaves in
      .absolute(children: [
        .node(leaves[0]).layoutPosition(Point(x: 10, y: 20)),
        .node(leaves[1]).layoutPosition(Point(x: 50, y: 0)).width(.fraction(0.5)),
      ])
    }
    #expect(try await unbounded.layout(.unconstrained).size == size(60, 50))
    let defaultSized = try await IntrinsicFixture([nil]) { leaves in
      .absolute(children: [.node(leaves[0]).layoutPosition(Point(x: 80, y: 80))])
    }
    // The leaf takes Texture's default size, the room left after its position: 100 - 80.
    #expect(try await defaultSized.frames(range(0, 0, 100, 100)) == [rect(80, 80, 20, 20)])
    #expect(try await defaultSized.layout(range(0, 0, 100, 100)).size == size(100, 100))
  }

  @Test("An inset with every side infinite centres its child; an overlay takes its child's size")
  func infiniteInsetAndOverlay() async throws {
    let inset = try await IntrinsicFixture([size(10, 10)]) { leaves in
      .inset(EdgeInsets(top: .infinity, left: .infinity, bottom: .infinity, right: .infinity), .node(leaves[0]))
    }
    #expect(try await inset.frames(range(300, 300, 300, 300)) == [rect(145, 145, 10, 10)])
    let overlay = try await IntrinsicFixture([size(40, 40), nil]) { leaves in
      .overlay(.node(leaves[0]), overlay: .node(leaves[1]))
    }
    #expect(try await overlay.frames(range(0, 0, 100, 100)) == [rect(0, 0, 40, 40), rect(0, 0, 40, 40)])
  }

  @Test("In a style, a minimum beats a maximum, which beats an exact size")
  func styleSizeOrder() async throws {
    let fixture = try await IntrinsicFixture([size(10, 10)]) { leaves in
      .wrapper(.node(leaves[0]).width(100).maxWidth(80).minWidth(90))
    }
    #expect(try await fixture.frames(.unconstrained) == [rect(0, 0, 90, 10)])
  }

  /// Documented difference (Proposal 0004, "Inverted ranges"): a stretched item whose own maximum cross size is
  /// below the line is offered the line's size as both minimum and maximum. Texture passes the inverted range
  /// (minimum 80, maximum 40) on; an inset, which does not intersect its own style, then places a child pinned by
  /// an infinite top inset against the maximum (y = 40 - 30 = 10) inside an inset that its clamp makes 80 tall.
  /// Here the inset is 80 tall and the child sits at its bottom edge, which is what the infinite inset asks.
  @Test("An inverted stretch range is raised to its minimum: a bottom-pinned child sits at the inset's bottom")
  func invertedStretchRange() async throws {
    let fixture = try await IntrinsicFixture([size(20, 80), size(20, 30)]) { leaves in
      .stack(children: [
        .node(leaves[0]),
        .inset(EdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0), .node(leaves[1])).maxHeight(40),
      ])
    }
    #expect(try await fixture.frames(range(0, 0, 300, 100)) == [rect(0, 0, 20, 80), rect(20, 50, 20, 30)])
  }
}
