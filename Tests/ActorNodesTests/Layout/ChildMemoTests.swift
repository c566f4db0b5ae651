import Testing

@testable import ActorNodes

extension DisplayNode {
  /// How many subnodes the node's memo has answers for; `nil` if it keeps none.
  func memoCount() -> Int? { state.layoutStorage?.childMemo?.count }
}

@Suite("A node laid out again answers its unchanged subnodes from a memo", .timeLimit(.minutes(5)))
struct ChildMemoTests {
  /// A root stacking `count` leaves of 10 × (10 + i) vertically.
  private func column(_ count: Int) async throws -> (root: PassNode, leaves: [CountingNode]) {
    var leaves: [CountingNode] = []
    for index in 0..<count {
      let leaf = CountingNode()
      await leaf.setSize(Size(width: 10, height: 10 + Double(index)))
      leaves.append(leaf)
    }
    let elements = leaves.map { LayoutSpec.node($0) }
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .start, children: elements)) }
    try await root.addSubnodes(leaves)
    return (root, leaves)
  }

  private static let range = SizeRange(min: .zero, max: Size(width: 100, height: 1_000))

  /// The frames a root's layout gives its leaves.
  private func frames(_ layout: Layout) -> [Rect] { layout.sublayouts.map(\.frame) }

  @Test("Only a repeated layout keeps a memo; the layouts it answers are those the subnodes give")
  func repeatedLayoutsAnswerFromTheMemo() async throws {
    let (root, leaves) = try await column(12)
    var layout = try await root.layout(thatFits: Self.range)
    #expect(await root.memoCount() == nil, "a first layout records nothing")

    await leaves[3].setSize(Size(width: 10, height: 50))
    root.invalidateCalculatedLayout()
    layout = try await root.layout(thatFits: Self.range)
    #expect(await root.memoCount() == 12, "laid out again: every subnode's answer is kept")
    #expect(frames(layout)[4] == Rect(x: 0, y: 10 + 11 + 12 + 50, width: 10, height: 14))

    await leaves[7].setSize(Size(width: 20, height: 5))
    root.invalidateCalculatedLayout()
    layout = try await root.layout(thatFits: Self.range)
    #expect(await root.memoCount() == 12, "the memo is updated, not grown")
    var y = 0.0
    var expected: [Rect] = []
    for index in 0..<12 {
      let size =
        index == 3
        ? Size(width: 10, height: 50)
        : index == 7 ? Size(width: 20, height: 5) : Size(width: 10, height: 10 + Double(index))
      expected.append(Rect(origin: Point(x: 0, y: y), size: size))
      y += size.height
    }
    #expect(frames(layout) == expected)
    for (index, leaf) in leaves.enumerated() {
      // One measurement at first (`setSize` before it was measured), one more for each change.
      #expect(await leaf.calls == (index == 3 || index == 7 ? 2 : 1))
    }
  }

  @Test("Subnodes measured in child tasks are remembered too, each task recording apart")
  func concurrentMeasurementsAreRemembered() async throws {
    let (root, leaves) = try await column(40)
    _ = try await root.layout(thatFits: Self.range, concurrency: .forced)
    for round in 0..<3 {
      await leaves[round * 10].setSize(Size(width: 10, height: 100))
      root.invalidateCalculatedLayout()
      let layout = try await root.layout(thatFits: Self.range, concurrency: .forced)
      #expect(await root.memoCount() == 40, "every chunk's answers reached the memo")
      #expect(frames(layout)[round * 10].size.height == 100)
      #expect(frames(layout)[39].origin.y == frames(layout)[38].maxY)
    }
    for (index, leaf) in leaves.enumerated() {
      #expect(await leaf.calls == (index % 10 == 0 && index < 30 ? 2 : 1))
    }
  }

  @Test("An answer is not reused for a subnode invalidated meanwhile, even in the middle of its measurement")
  func invalidatedSubnodeIsMeasured() async throws {
    let (root, leaves) = try await column(3)
    _ = try await root.layout(thatFits: Self.range)
    root.invalidateCalculatedLayout()
    _ = try await root.layout(thatFits: Self.range)  // the memo has answers for all three

    await leaves[1].setSize(Size(width: 10, height: 30))
    root.invalidateCalculatedLayout()
    // (Required: were the stale answer reused, the measurement below would never reach the gate.)
    try #require(frames(try await root.layout(thatFits: Self.range))[1].size.height == 30)

    // The repeated layout measures leaf 1 again; it is invalidated while it measures.
    await leaves[1].setSize(Size(width: 10, height: 35))
    root.invalidateCalculatedLayout()
    let gate = Gate()
    await leaves[1].hold(at: gate)
    async let relayout = root.layout(thatFits: Self.range)
    await gate.waitForArrivals(1)
    await leaves[1].setSize(Size(width: 10, height: 40))
    await gate.open()
    #expect(frames(try await relayout)[2].origin.y == 10 + 40, "the measurement after the invalidation wins")

    root.invalidateCalculatedLayout()
    #expect(frames(try await root.layout(thatFits: Self.range))[1].size.height == 40)
    await leaves[1].setSize(Size(width: 10, height: 45))
    root.invalidateCalculatedLayout()
    #expect(frames(try await root.layout(thatFits: Self.range))[1].size.height == 45, "no stale answer")
  }

  @Test("A changed override is measured again; a subnode that left the tree is refused, though answered before")
  func overridesAndMembership() async throws {
    let a = CountingNode()
    let b = CountingNode()
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(a), .node(b)])) }
    try await root.addSubnodes([a, b])
    _ = try await root.layout(thatFits: Self.range)
    root.invalidateCalculatedLayout()
    _ = try await root.layout(thatFits: Self.range)
    #expect(await root.memoCount() == 2)

    await root.setMethod { _ in
      .spec(
        .stack(
          .vertical, alignItems: .start, children: [.node(a).preferredSize(Size(width: 30, height: 30)), .node(b)]))
    }
    let layout = try await root.layout(thatFits: Self.range)
    #expect(frames(layout) == [Rect(x: 0, y: 0, width: 30, height: 30), Rect(x: 0, y: 30, width: 10, height: 10)])

    await b.removeFromSupernode()
    root.invalidateCalculatedLayout()
    await #expect(throws: LayoutError.self, "b is no subnode any more") {
      try await root.layout(thatFits: Self.range)
    }
  }
}
