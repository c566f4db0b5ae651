import Testing

@testable import ActorNodes

/// A node that counts its layout calls and can be held inside one by a gate.
actor CountingNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "counting")
  private(set) var calls = 0
  var size = Size(width: 10, height: 10)
  private var gate: Gate?

  /// Makes the next layout call wait at `gate` (after counting itself).
  func hold(at gate: Gate) { self.gate = gate }

  /// How many requests for `range` wait for a measurement in flight.
  func waitingRequests(for range: SizeRange) -> Int {
    state.layout.cache.waiterCount(for: LayoutCache.Key(range: range, scale: 1))
  }

  func setSize(_ size: Size) {
    self.size = size
    invalidateCalculatedLayout()
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    calls += 1
    if let gate {
      self.gate = nil
      await gate.wait()
    }
    return .size(size)
  }
}

/// A node whose layout code does something it must not.
actor MisbehavingNode: DisplayNode {
  enum Misdeed: Sendable {
    case addSubnode(BasicNode), addToSupernode(BasicNode), askForOwnLayout, nameNode(BasicNode), nameTwice(BasicNode)
    case nameSelf, removeSubnode(BasicNode)
  }
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  let misdeed: Misdeed

  init(_ misdeed: Misdeed) { self.misdeed = misdeed }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    switch misdeed {
    case .addSubnode(let node):
      try await addSubnode(node)
      return .size(.zero)
    case .addToSupernode(let node):
      try await supernode?.addSubnode(node)
      return .size(.zero)
    case .askForOwnLayout:
      return .layout(try await layout(thatFits: range))
    case .nameNode(let node):
      return .spec(.node(node))
    case .nameTwice(let node):
      return .spec(.stack(children: [.node(node), .node(node)]))
    case .nameSelf:
      return .spec(.node(self))
    case .removeSubnode(let node):
      await node.removeFromSupernode()
      return .size(.zero)
    }
  }
}

/// A node that returns a complete layout (Texture's `calculateLayoutThatFits:`) that its test makes.
actor CompleteLayoutNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  let make: @Sendable (CompleteLayoutNode) -> Layout

  init(_ make: @escaping @Sendable (CompleteLayoutNode) -> Layout) { self.make = make }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod { .layout(make(self)) }
}

/// Node layout: the cache, coalescing, supersession by invalidation, style, and the errors of bad layout code.
@Suite("Node layout", .timeLimit(.minutes(5)))
struct NodeLayoutTests {
  @Test(
    "A complete layout's sizes and positions are rounded up to the pixel grid, as Texture's ASLayout rounds the layouts it is given"
  )
  func completeLayoutIsRoundedToThePixelGrid() async throws {
    let leaf = BasicNode()
    let node = CompleteLayoutNode { node in
      Layout(
        node: node, size: Size(width: 100.3, height: 50.2),
        sublayouts: [Layout(node: leaf, size: Size(width: 10.25, height: 10.25), position: Point(x: 1.5, y: 1.5))])
    }
    try await node.addSubnode(leaf)
    let layout = try await node.layout(thatFits: SizeRange(min: .zero, max: Size(width: 200, height: 200)))
    #expect(layout.size == Size(width: 101, height: 51))
    #expect(layout.sublayouts.map(\.frame) == [Rect(x: 2, y: 2, width: 11, height: 11)])
    let atScale2 = try await node.layout(thatFits: SizeRange(min: .zero, max: Size(width: 200, height: 200)), scale: 2)
    #expect(atScale2.size == Size(width: 100.5, height: 50.5))
    #expect(atScale2.sublayouts.map(\.frame) == [Rect(x: 1.5, y: 1.5, width: 10.5, height: 10.5)])
  }

  @Test(
    "A layout as large as Float's largest value is LayoutError.invalidSize, from a spec, a measured size or a complete layout (Texture: testThatLayoutWithInvalidSizeCausesException)",
    .tags(.texturePort))
  func layoutOfFloatMaxSizeIsInvalid() async throws {
    let huge = Double(Float.greatestFiniteMagnitude)
    // Texture's test: a wrapper of a plain node, in the exact range 0 x FLT_MAX.
    let leaf = BasicNode()
    let wrapper = SpecHost(.wrapper(.node(leaf)))
    try await wrapper.addSubnode(leaf)
    await expectInvalidSize(height: huge) {
      _ = try await wrapper.layout(thatFits: SizeRange(exactly: Size(width: 0, height: huge)))
    }
    let measured = CompleteLayoutNode { node in Layout(node: node, size: Size(width: 10, height: huge)) }
    await expectInvalidSize(height: huge) { _ = try await measured.layout(thatFits: .unconstrained) }
  }

  @Test(
    "A layout of 10,000,000 points or more is LayoutError.invalidSize, measured or added up by a stack, and its message names that limit; just below is a layout (Texture: ASIsCGSizeValidForSize)"
  )
  func layoutOfTenMillionPointsIsInvalid() async throws {
    let tall = CompleteLayoutNode { node in Layout(node: node, size: Size(width: 100, height: 20_000_000)) }
    await expectInvalidSize(height: 20_000_000) { _ = try await tall.layout(thatFits: .unconstrained) }
    let stacked = try await SpecFixture(2) { nodes in
      .stack(.vertical, children: nodes.map { box($0, 100, 6_000_000) })
    }
    await expectInvalidSize(height: 12_000_000) { _ = try await stacked.layout(SizeRange(exactWidth: 100)) }
    let below = CompleteLayoutNode { node in Layout(node: node, size: Size(width: 10, height: 9_999_999)) }
    #expect(try await below.layout(thatFits: .unconstrained).size.height == 9_999_999)
  }

  @Test("Extreme but valid input gives a typed error or a layout, never a trap: a scale, a spacing, a ratio")
  func extremeValidInput() async throws {
    let leaf = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 10, height: 10) }
    let ten = SizeRange(exactly: Size(width: 10, height: 10))
    // Rounding 10 points to a grid of `greatestFiniteMagnitude` pixels per point overflows.
    await expectInvalidSize(height: .infinity) {
      _ = try await leaf.layout(thatFits: ten, scale: .greatestFiniteMagnitude)
    }
    // Three spacings of 1e308 add up past `Double`'s largest value.
    let stacked = try await SpecFixture(3) { nodes in .stack(spacing: 1e308, children: nodes.map { box($0, 10, 10) }) }
    let error = await #expect(throws: LayoutError.self) { _ = try await stacked.layout(.unconstrained) }
    guard case .invalidPosition(let position, _) = error else { Issue.record("\(String(describing: error))"); return }
    #expect(position.x == .infinity)
    #expect("\(error.map { "\($0)" } ?? "")".contains("a layout's position must be finite"))
    // The same spacings with children that shrink into a bounded range: the stack names itself, where shrinking
    // offered the first child a NaN length and the error named that child.
    let shrinking = try await SpecFixture(3) { nodes in
      .stack(spacing: 1e308, children: nodes.map { box($0, 10, 10).flexShrink(1) })
    }
    let bounded = SizeRange(min: .zero, max: Size(width: 100, height: 100))
    let shrinkError = await #expect(throws: LayoutError.self) { _ = try await shrinking.layout(bounded) }
    guard case .invalidPosition(let overflow, let element) = shrinkError else {
      Issue.record("\(String(describing: shrinkError))")
      return
    }
    #expect(overflow.x == .infinity)
    #expect(element == "Stack")
    // A ratio so large that the width's option is unbounded (and the height has none): the child is laid out in
    // the range as it is, and takes Texture's default size there, nothing.
    let ratio = try await SpecFixture(1) { nodes in .ratio(1e308, .node(nodes[0])) }
    let laidOut = try await ratio.layout(SizeRange(min: .zero, max: Size(width: 100, height: .infinity)))
    #expect(laidOut.size == .zero)
  }

  @Test(
    "A measured size is clamped into the range, then rounded up to the pixel grid past a fractional maximum; a complete layout keeps its size (Texture does not clamp calculateLayoutThatFits:)"
  )
  func rangeClampsMeasuredSizesNotCompleteLayouts() async throws {
    let room = SizeRange(min: .zero, max: Size(width: 300, height: 300))
    let measured = CountingNode()
    await measured.setSize(Size(width: 500, height: 500))
    #expect(try await measured.layout(thatFits: room).size == Size(width: 300, height: 300))
    let fractional = SizeRange(min: .zero, max: Size(width: 62.748517, height: 300))
    #expect(try await measured.layout(thatFits: fractional).size == Size(width: 63, height: 300))
    let complete = CompleteLayoutNode { node in Layout(node: node, size: Size(width: 500, height: 500)) }
    #expect(try await complete.layout(thatFits: room).size == Size(width: 500, height: 500))
  }

  @Test(
    "Positions that nested specs or a complete layout add up, or that rounding to the pixel grid takes, past Double's largest value are LayoutError.invalidPosition naming the element placed there, not a trap (adversarial round 26)"
  )
  func nestedPositionsOverflow() async throws {
    let room = SizeRange(exactly: Size(width: 300, height: 300))
    let far = Point(x: 1e308, y: 0)
    let absolute = try await SpecFixture(1) { nodes in
      .absolute(children: [.absolute(children: [.node(nodes[0]).layoutPosition(far)]).layoutPosition(far)])
    }
    await expectInvalidPosition(x: .infinity, of: absolute.subnodes[0]) { _ = try await absolute.layout(room) }
    let inset = try await SpecFixture(1) { nodes in
      .inset(EdgeInsets(left: 1e308), .inset(EdgeInsets(left: 1e308), .node(nodes[0])))
    }
    await expectInvalidPosition(x: .infinity, of: inset.subnodes[0]) { _ = try await inset.layout(room) }
    // One finite position, in a spec of nodes, that rounding up to 2 pixels per point takes past the largest value.
    let rounded = try await SpecFixture(1) { nodes in
      .absolute(children: [.node(nodes[0]).layoutPosition(Point(x: 1.5e308, y: 0))])
    }
    #expect(try await rounded.layout(room).sublayouts.map(\.position.x) == [1.5e308], "finite at 1 pixel per point")
    await expectInvalidPosition(x: .infinity, of: rounded.subnodes[0]) { _ = try await rounded.layout(room, scale: 2) }
    // A complete layout (Texture's calculateLayoutThatFits:) whose spec layouts add up past it.
    let child = BasicNode()
    let complete = CompleteLayoutNode { node in
      Layout(
        node: node, size: Size(width: 300, height: 300),
        sublayouts: [
          Layout(
            element: .spec("Absolute"), size: .zero, position: far,
            sublayouts: [Layout(node: child, size: .zero, position: far)])
        ])
    }
    try await complete.addSubnode(child)
    await expectInvalidPosition(x: .infinity, of: child) { _ = try await complete.layout(thatFits: room) }
  }

  private func expectInvalidPosition(
    x: Double, of node: BasicNode, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
  ) async {
    let error = await #expect(throws: LayoutError.self, sourceLocation: sourceLocation) { try await body() }
    guard case .invalidPosition(let position, let element) = error else {
      Issue.record("\(String(describing: error))", sourceLocation: sourceLocation)
      return
    }
    #expect(position.x == x, sourceLocation: sourceLocation)
    #expect(element == Layout.Element.node(node).label, sourceLocation: sourceLocation)
    #expect(
      error.map { "\($0)" }?.hasPrefix("a layout's position must be finite") == true, sourceLocation: sourceLocation)
  }

  private func expectInvalidSize(
    height: Double, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
  ) async {
    let error = await #expect(throws: LayoutError.self, sourceLocation: sourceLocation) { try await body() }
    guard case .invalidSize(let size, _) = error else {
      Issue.record("\(String(describing: error))", sourceLocation: sourceLocation)
      return
    }
    #expect(size.height == height, sourceLocation: sourceLocation)
    // The message names the rule the size broke.
    let rule =
      height.isFinite
      ? "a layout's size must be below 10,000,000 points" : "a layout's size must be finite and not negative"
    #expect(error.map { "\($0)" }?.hasPrefix(rule) == true, sourceLocation: sourceLocation)
  }

  @Test("A layout is cached per range until the node is invalidated (Texture's exact-key cache)")
  func cache() async throws {
    let node = CountingNode()
    let first = try await node.layout(thatFits: SizeRange(exactWidth: 100, maxHeight: 50))
    _ = try await node.layout(thatFits: SizeRange(exactWidth: 100, maxHeight: 50))
    #expect(await node.calls == 1)
    #expect(first.size == Size(width: 100, height: 10))
    _ = try await node.layout(thatFits: SizeRange(exactWidth: 80, maxHeight: 50))
    _ = try await node.layout(thatFits: SizeRange(exactWidth: 100, maxHeight: 50))
    #expect(await node.calls == 2, "two ranges are kept")
    await node.setSize(Size(width: 10, height: 30))
    let third = try await node.layout(thatFits: SizeRange(exactWidth: 100, maxHeight: 50))
    #expect(await node.calls == 3)
    #expect(third.size == Size(width: 100, height: 30))
  }

  @Test("The cache keeps the layouts of four ranges and lets the least recently used go for a fifth")
  func cacheKeepsFourRanges() async throws {
    let node = CountingNode()
    let ranges = (1...5).map { SizeRange(exactWidth: Double(10 * $0), maxHeight: 50) }
    for range in ranges.prefix(4) { _ = try await node.layout(thatFits: range) }
    for range in ranges.prefix(4) { _ = try await node.layout(thatFits: range) }
    #expect(await node.calls == 4, "four ranges are kept")
    _ = try await node.layout(thatFits: ranges[4])
    #expect(await node.calls == 5)
    _ = try await node.layout(thatFits: ranges[0])
    #expect(await node.calls == 6, "the fifth let the least recently used go")
    for range in [ranges[0], ranges[4], ranges[3], ranges[2]] { _ = try await node.layout(thatFits: range) }
    #expect(await node.calls == 6, "the four most recent are kept")
  }

  @Test("A repeated request is answered from the last one until the node changes or measures another range")
  func repeatedRequest() async throws {
    let node = CountingNode()
    let range = SizeRange(min: .zero, max: Size(width: 100, height: 100))
    let first = try await node.layout(thatFits: range)
    let again = try await node.layout(thatFits: range)
    #expect(await node.calls == 1)
    #expect(again.size == first.size)
    #expect(again.node.map { $0 === node } == true)
    // A style change invalidates it.
    await node.setStyle { $0.width = .points(40) }
    #expect(try await node.layout(thatFits: range).size == Size(width: 40, height: 10))
    #expect(await node.calls == 2)
    // Another parent size or scale is another request.
    await node.setStyle { $0.width = .fraction(0.5) }
    #expect(try await node.layout(thatFits: range, parentSize: Size(width: 60, height: 60)).size.width == 30)
    #expect(try await node.layout(thatFits: range, parentSize: Size(width: 80, height: 80)).size.width == 40)
    // No parent size: fractions refer to the range's maximum (Texture's layoutThatFits: passes constrainedSize.max).
    #expect(try await node.layout(thatFits: range).size.width == 50)
    await node.setSize(Size(width: 10, height: 10.2))
    #expect(
      try await node.layout(thatFits: range, parentSize: Size(width: 80, height: 80), scale: 2).size.height == 10.5)
    #expect(try await node.layout(thatFits: range, parentSize: Size(width: 80, height: 80)).size.height == 11)
    // Texture's calculatedSize is the latest measurement's, also when a request repeats an earlier one.
    let other = SizeRange(min: .zero, max: Size(width: 100, height: 5))
    _ = try await node.layout(thatFits: other, parentSize: Size(width: 80, height: 80))
    #expect(await node.calculatedSize == Size(width: 40, height: 5))
    _ = try await node.layout(thatFits: range, parentSize: Size(width: 80, height: 80))
    #expect(await node.calculatedSize == Size(width: 40, height: 11))
  }

  @Test("Identical concurrent requests share one measurement")
  func coalescing() async throws {
    let node = CountingNode()
    let gate = Gate()
    await node.hold(at: gate)
    async let first = node.layout(thatFits: .unconstrained)
    await gate.waitForArrivals(1)
    async let second = node.layout(thatFits: .unconstrained)
    // Release the first only once the second waits for it on the node.
    while await node.waitingRequests(for: .unconstrained) == 0 { await Task.yield() }
    await gate.open()
    let layouts = try await [first, second]
    #expect(layouts.map(\.size) == [Size(width: 10, height: 10), Size(width: 10, height: 10)])
    #expect(await node.calls == 1)
  }

  @Test("A caller cancelled during its measurement gets CancellationError; the measurement serves the others")
  func cancelledCallerDuringMeasurement() async throws {
    let node = CountingNode()
    let gate = Gate()
    await node.hold(at: gate)
    let owner = Task { try await node.layout(thatFits: .unconstrained) }
    await gate.waitForArrivals(1)
    let waiter = Task { try await node.layout(thatFits: .unconstrained) }
    while await node.waitingRequests(for: .unconstrained) == 0 { await Task.yield() }
    owner.cancel()
    await gate.open()
    await #expect(throws: CancellationError.self) { try await owner.value }
    #expect(try await waiter.value.size == Size(width: 10, height: 10))
    #expect(await node.calls == 1, "the measurement completed: it is kept, not made again")
  }

  @Test("An invalidation during a measurement wins: the older result is neither returned nor cached")
  func invalidationSupersedes() async throws {
    let node = CountingNode()
    let gate = Gate()
    await node.hold(at: gate)
    async let layout = node.layout(thatFits: .unconstrained)
    await gate.waitForArrivals(1)
    await node.setSize(Size(width: 20, height: 20))
    await gate.open()
    #expect(try await layout.size == Size(width: 20, height: 20))
    #expect(await node.calls == 2)
    _ = try await node.layout(thatFits: .unconstrained)
    #expect(await node.calls == 2, "the newest result is cached")
  }

  @Test("The node's own style narrows the range; a spec's override wins field by field")
  func styleAndOverrides() async throws {
    let leaf = BasicNode()
    await leaf.setStyle {
      $0.preferredSize = Size(width: 30, height: 30)
      $0.flexGrow = 1
    }
    #expect(try await leaf.layout(thatFits: .unconstrained).size == Size(width: 30, height: 30))
    let fixture = try await SpecFixture(0) { _ in .stack(children: [.node(leaf).width(50)]) }
    try await fixture.host.addSubnode(leaf)
    let layout = try await fixture.layout(SizeRange(exactly: Size(width: 200, height: 30)))
    // The override sets the width; the node's own flexGrow still fills the row.
    #expect(layout.sublayouts.map(\.frame) == [Rect(x: 0, y: 0, width: 200, height: 30)])
    let fixed = try await SpecFixture(0) { _ in .stack(children: [.node(leaf).flexGrow(0).width(50)]) }
    try await fixed.host.addSubnode(leaf)
    #expect(
      try await fixed.layout(SizeRange(exactly: Size(width: 200, height: 30))).sublayouts.map(\.frame) == [
        Rect(x: 0, y: 0, width: 50, height: 30)
      ])
  }

  @Test("A manual node's size is clamped into its range; Texture's default size is the finite maximum")
  func manualSize() async throws {
    let node = CountingNode()
    await node.setSize(Size(width: 500, height: 5))
    #expect(
      try await node.layout(thatFits: SizeRange(min: .zero, max: Size(width: 100, height: 100))).size
        == Size(width: 100, height: 5))
    let plain = BasicNode()
    #expect(
      try await plain.layout(thatFits: SizeRange(min: .zero, max: Size(width: 40, height: 30))).size
        == Size(width: 40, height: 30))
    #expect(try await plain.layout(thatFits: SizeRange(exactWidth: 40)).size == Size(width: 40, height: 0))
  }

  @Test("Concurrent measurement in task groups gives the serial frames")
  func concurrentMatchesSerial() async throws {
    let fixture = try await SpecFixture(40) { nodes in
      .stack(.vertical, children: nodes.enumerated().map { box($1, Double($0 + 1), 10).flexShrink(1) })
    }
    let range = SizeRange(exactWidth: 375, maxHeight: 300)
    let serial = try await fixture.host.layout(thatFits: range, concurrency: .serial)
    for node in fixture.subnodes { node.invalidateCalculatedLayout() }
    fixture.host.invalidateCalculatedLayout()
    let concurrent = try await fixture.host.layout(thatFits: range, concurrency: .forced)
    #expect(serial.sublayouts.map(\.frame) == concurrent.sublayouts.map(\.frame))
    #expect(concurrent.sublayouts.count == 40)
    #expect(concurrent.size == Size(width: 375, height: 300))
  }

  @Test("A spec that names a node that is not a subnode throws, naming both")
  func specNamesNonSubnode() async throws {
    let stranger = BasicNode(debugName: "stranger")
    let node = MisbehavingNode(.nameNode(stranger))
    let error = await #expect(throws: LayoutError.self) { try await node.layout(thatFits: .unconstrained) }
    guard case .notASubnode(let named, _) = error else { Issue.record("\(String(describing: error))"); return }
    #expect(named == "<BasicNode #\(stranger.nodeCore.id)>")
    #expect(error?.description.contains("may name only subnodes") == true)
  }

  @Test("A spec that names a node twice, or its own node, throws")
  func specNamesTwice() async throws {
    let child = BasicNode()
    let twice = MisbehavingNode(.nameTwice(child))
    try await twice.addSubnode(child)
    await #expect(throws: LayoutError.self) { try await twice.layout(thatFits: .unconstrained) }
    let selfish = MisbehavingNode(.nameSelf)
    await #expect(throws: LayoutError.self) { try await selfish.layout(thatFits: .unconstrained) }
  }

  @Test("testNotAllowAddingSubnodesInLayoutSpecThatFits: an edit in layout code throws and changes nothing")
  func editInLayoutCode() async throws {
    let child = BasicNode()
    let node = MisbehavingNode(.addSubnode(child))
    await #expect(throws: HierarchyError.editedInLayoutCode) { try await node.layout(thatFits: .unconstrained) }
    #expect(await node.subnodes.isEmpty)
    #expect(await child.supernode == nil)
  }

  @Test("The rules hold for elements measured in the child tasks of a concurrent stack")
  func rulesInChildTasks() async throws {
    let stranger = BasicNode()
    let strange = try await SpecFixture(40) { .stack(.vertical, children: $0.map { .node($0) } + [.node(stranger)]) }
    let error = await #expect(throws: LayoutError.self) {
      try await strange.host.layout(thatFits: .unconstrained, concurrency: .forced)
    }
    guard case .notASubnode = error else { Issue.record("\(String(describing: error))"); return }

    let twice = try await SpecFixture(40) { .stack(.vertical, children: $0.map { .node($0) } + [.node($0[0])]) }
    let duplicate = await #expect(throws: LayoutError.self) {
      try await twice.host.layout(thatFits: .unconstrained, concurrency: .forced)
    }
    guard case .elementListedTwice = duplicate else { Issue.record("\(String(describing: duplicate))"); return }

    // Layout code in a child task edits the node measured by the task that started it.
    let spare = BasicNode()
    let editor = MisbehavingNode(.addToSupernode(spare))
    let nodes: [any DisplayNode] = (0..<40).map { _ in BasicNode() } + [editor]
    let host = SpecHost(.stack(.vertical, children: nodes.map { .node($0) }))
    try await host.addSubnodes(nodes)
    await #expect(throws: HierarchyError.editedInLayoutCode) {
      try await host.layout(thatFits: .unconstrained, concurrency: .forced)
    }
    #expect(await spare.supernode == nil)
    #expect(await host.subnodes.count == 41)
  }

  @Test("Layout code may measure its subnodes in a task group of its own")
  func layoutCodeWithItsOwnTaskGroup() async throws {
    let node = GroupMeasuringNode()
    let leaves = (0..<6).map { _ in CountingNode() }
    for (index, leaf) in leaves.enumerated() { await leaf.setSize(Size(width: 10, height: Double(index + 1))) }
    try await node.addSubnodes(leaves)
    let layout = try await node.layout(thatFits: .unconstrained)
    #expect(layout.size == Size(width: 10, height: 21))
  }

  @Test(
    "A BasicNode's layout spec block lays it out as layoutSpecThatFits: would, in the node's actor; with automaticallyManagesSubnodes its subnodes are the spec's (Texture: layoutSpecBlock)"
  )
  @MainActor
  func basicNodeLayoutSpecBlock() async throws {
    let avatar = BasicNode(debugName: "avatar")
    let title = BasicNode(debugName: "title")
    let cell = BasicNode(automaticallyManagesSubnodes: true) { node, range in
      node.preconditionIsolated("the block runs in the node's actor")
      return .stack(
        .horizontal, spacing: 8, alignItems: .start,
        children: [
          .node(avatar).preferredSize(Size(width: 40, height: 40)),
          .node(title).preferredSize(Size(width: 10, height: 20)).flexGrow(1),
        ])
    }
    let window = Window(size: Size(width: 200, height: 100), turnMode: .manual)
    try await window.attach(cell)
    #expect(await cell.subnodes.map(\.nodeCore.id) == [avatar.nodeCore.id, title.nodeCore.id])
    #expect(frame(of: avatar) == Rect(x: 0, y: 0, width: 40, height: 40))
    #expect(frame(of: title) == Rect(x: 48, y: 0, width: 152, height: 20))
  }

  @Test(
    "A new layout spec block takes effect once the node is invalidated, as Texture's setter invalidates nothing; without one, a BasicNode takes Texture's default size; the block's error reaches the caller"
  )
  func basicNodeLayoutSpecBlockChanges() async throws {
    struct Refused: Error {}
    let leaf = BasicNode(debugName: "leaf")
    let node = BasicNode { _, _ in .inset(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), .node(leaf)) }
    try await node.addSubnode(leaf)
    let range = SizeRange(min: .zero, max: Size(width: 50, height: 60))
    let inset = try await node.layout(thatFits: range)
    #expect(inset.sublayouts.map(\.frame) == [Rect(x: 2, y: 1, width: 44, height: 56)])
    await node.setLayoutSpecBlock(nil)
    let cached = try await node.layout(thatFits: range)
    #expect(cached.sublayouts.map(\.frame) == inset.sublayouts.map(\.frame), "the setter invalidates nothing")
    await node.setNeedsLayout()
    let plain = try await node.layout(thatFits: range)
    #expect(plain.size == Size(width: 50, height: 60) && plain.sublayouts.isEmpty)
    await node.setLayoutSpecBlock { _, _ in throw Refused() }
    await node.setNeedsLayout()
    await #expect(throws: Refused.self) { try await node.layout(thatFits: range) }
  }

  @Test(
    "A layout spec block that captures its own node or its supernode keeps the tree alive after its window and every other reference are gone, as Texture's block capturing self does; one that uses the node it is given, and a weak supernode, does not"
  )
  @MainActor
  func basicNodeLayoutSpecBlockCaptures() async throws {
    /// A root and its child laid out in a window, detached, every reference dropped: whether each is still alive.
    func outlives(capturing capture: Int) async throws -> (root: Bool, child: Bool) {
      weak var weakRoot: BasicNode?
      weak var weakChild: BasicNode?
      let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
      do {
        let root = BasicNode()
        let child = BasicNode()
        weakRoot = root
        weakChild = child
        // A closure captures what it names, whether or not the branch that names it runs: one closure per case.
        if capture == 1 {
          await root.setLayoutSpecBlock { _, _ in
            _ = root
            return .inset(EdgeInsets(top: 1, left: 1, bottom: 1, right: 1), .node(child))
          }
        } else {
          await root.setLayoutSpecBlock { _, _ in .inset(EdgeInsets(top: 1, left: 1, bottom: 1, right: 1), .node(child))
          }
        }
        if capture == 2 {
          await child.setLayoutSpecBlock { _, _ in
            _ = root
            return .stack(.vertical, children: [])
          }
        } else {
          await child.setLayoutSpecBlock { [weak root] _, _ in
            _ = root  // weak: no cycle
            return .stack(.vertical, children: [])
          }
        }
        try await root.addSubnode(child)
        try await window.attach(root)
        await window.flush()
        await window.detach()
      }
      await ReleaseTracker.shared.waitUntilIdle()
      return (weakRoot != nil, weakChild != nil)
    }
    #expect(try await outlives(capturing: 0) == (false, false))
    #expect(try await outlives(capturing: 1) == (true, true), "the block captures its own node")
    #expect(try await outlives(capturing: 2) == (true, true), "the child's block captures its supernode")
  }

  @Test("Layout code that waits for its own layout throws instead of waiting forever")
  func ownLayoutFromLayoutCode() async throws {
    let node = MisbehavingNode(.askForOwnLayout)
    await #expect(throws: LayoutError.self) { try await node.layout(thatFits: .unconstrained) }
  }
}

/// Depth: layout is async recursion and iterative walks, so any depth lays out on a small stack.
///
/// A suite of its own, with a longer time limit: under ThreadSanitizer, next to the other suites, the
/// 100,000 hops and views take over a minute.
@Suite("Deep trees", .timeLimit(.minutes(5)))
struct DeepLayoutTests {
  /// `depth` nodes, each the next one's supernode and told which node is next.
  static func chain(of depth: Int, byHand: Bool = false) async throws -> [ChainNode] {
    let nodes = (0..<depth).map { _ in ChainNode(byHand: byHand) }
    for index in 0..<(depth - 1) {
      await nodes[index].setNext(nodes[index + 1])
      try await nodes[index].addSubnode(nodes[index + 1])
    }
    return nodes
  }

  @Test("A 20,000-deep chain of nodes that measure the next one by hand lays out in memory linear in its depth")
  func deepManualChain() async throws {
    // Each measurement from layout code binds a scope of its own; one that copied the frames of the scopes
    // around it cost memory quadratic in the depth (16,000 deep: 10 s and 4.3 GB; now 0.5 s and 0.3 GB).
    let depth = 20_000
    let nodes = try await Self.chain(of: depth, byHand: true)
    #expect(try await nodes[0].layout(thatFits: SizeRange(exactWidth: 100)).size == Size(width: 100, height: 1))
    let deepest = try await nodes[depth - 2].layout(thatFits: SizeRange(exactWidth: 100))
    #expect(deepest.size == Size(width: 100, height: 1), "cached by the first layout")
  }

  @Test("A 100,000-deep chain of nodes lays out without growing the stack")
  func deepChain() async throws {
    let depth = 100_000
    let nodes = try await Self.chain(of: depth)
    let layout = try await nodes[0].layout(thatFits: SizeRange(exactWidth: 100))
    #expect(layout.size == Size(width: 100, height: 1))
    #expect(layout.sublayouts.count == 1)
    let deepest = try await nodes[depth - 2].layout(thatFits: SizeRange(exactWidth: 100))
    #expect(deepest.sublayouts.first?.frame == Rect(x: 0, y: 0, width: 100, height: 1), "cached by the first layout")

    // In a window: the attach's pass lays the chain out off the main actor and its turn applies every frame.
    let window = await Window(size: Size(width: 100, height: 50), turnMode: .manual)
    try await window.attach(nodes[0])
    let frame = await MainActor.run { nodes[depth - 1].view?.frame }
    #expect(frame == Rect(x: 0, y: 0, width: 100, height: 50), "the window lays its root out at its size")
    await window.detach()
  }
}

/// A node of a chain, whose layout holds the next node: its spec insets it by nothing (a chain of them is one deep
/// layout), or, made `byHand`, its layout code measures it through the public entry point (as Texture's
/// `calculateSizeThatFits:` calls `layoutThatFits:`) and takes its size.
actor ChainNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  private let byHand: Bool
  private var next: ChainNode?

  init(byHand: Bool = false) { self.byHand = byHand }

  func setNext(_ next: ChainNode) { self.next = next }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    guard let next else { return .size(Size(width: 0, height: 1)) }
    return byHand ? .size(try await next.layout(thatFits: range).size) : .spec(.inset(.zero, .node(next)))
  }
}

/// A node that measures its subnodes in a task group of its own and stacks their heights (manual layout).
actor GroupMeasuringNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let children = await subnodes
    let heights = try await withThrowingTaskGroup(of: Double.self) { group in
      for child in children {
        group.addTask { try await child.layout(thatFits: .unconstrained).size.height }
      }
      return try await group.reduce(0, +)
    }
    return .size(Size(width: 10, height: heights))
  }
}
