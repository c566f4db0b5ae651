import Testing

@testable import ActorNodes

/// Texture's `ASLayoutEngineTests` and `ASDisplayNodeLayoutTests`, ported: which nodes a layout pass measures, in
/// which ranges and isolation, which of them hear `calculatedLayoutDidChange`, and the frames that result.
@Suite("Texture's layout engine tests", .timeLimit(.minutes(5)))
@MainActor
struct TextureLayoutPortTests {
  /// The nodes of the fixtures: A, a horizontal stack (space between, aligned to the start) of three of the
  /// leaves B…E, which manages its subnodes; each leaf returns the size its fixture gives it.
  @MainActor
  struct Fixture {
    let a: FixtureRoot
    let b = FixtureLeaf("B", size: Size(width: 1, height: 1))
    let c = FixtureLeaf("C", size: Size(width: 2, height: 1))
    let d = FixtureLeaf("D", size: Size(width: 1, height: 1))
    let e = FixtureLeaf("E", size: Size(width: 1, height: 1))
    let window = Window(size: Size(width: 10, height: 1), turnMode: .manual)

    init() async {
      a = FixtureRoot()
      await b.setStyle { $0.flexShrink = 1 }  // Texture's fixture: B shrinks, the others do not.
      await a.setChildren([b, c, d])
    }

    var leaves: [FixtureLeaf] { [b, c, d, e] }

    /// The frames of A's subnodes as its view shows them.
    func frames() -> [String: Rect] {
      var frames: [String: Rect] = [:]
      for leaf in leaves where leaf.view?.superview === a.view {
        frames[leaf.name] = leaf.view?.frame
      }
      return frames
    }

    /// A's calculated layout as Texture's `verifyFixture` reads it: its size, and its sublayouts' frames by name.
    func calculatedLayout() async -> (size: Size?, frames: [String: Rect]) {
      let layout = await a.calculatedLayout
      var frames: [String: Rect] = [:]
      for sublayout in layout?.sublayouts ?? [] {
        if let leaf = sublayout.node as? FixtureLeaf { frames[leaf.name] = sublayout.frame }
      }
      return (layout?.size, frames)
    }

    /// Texture's `verifyFixture`: the frames and A's calculated layout both match `expected`.
    func verify(_ expected: [String: Rect], sourceLocation: SourceLocation = #_sourceLocation) async {
      #expect(frames() == expected, "frames", sourceLocation: sourceLocation)
      let calculated = await calculatedLayout()
      #expect(calculated.size == Size(width: 10, height: 1), "calculated size", sourceLocation: sourceLocation)
      #expect(calculated.frames == expected, "calculated layout", sourceLocation: sourceLocation)
    }

    func clearRecords() async {
      for leaf in leaves { await leaf.clearRecords() }
      await a.clearRecords()
    }
  }

  static let leafRange = SizeRange(min: .zero, max: Size(width: .infinity, height: 1))

  @Test("testFirstLayoutPassWhenInWindow: the first pass measures every node once, off the main actor")
  func firstLayoutPassWhenInWindow() async throws {
    let fixture = await Fixture()
    try await fixture.window.attach(fixture.a)
    await fixture.verify([
      "B": Rect(x: 0, y: 0, width: 1, height: 1), "C": Rect(x: 4, y: 0, width: 2, height: 1),
      "D": Rect(x: 9, y: 0, width: 1, height: 1),
    ])
    #expect(await fixture.a.measuredRanges == [SizeRange(exactly: Size(width: 10, height: 1))])
    for leaf in [fixture.b, fixture.c, fixture.d] {
      #expect(await leaf.measuredRanges == [Self.leafRange], "\(leaf.name)")
      #expect(await leaf.layoutChanges == 1, "\(leaf.name)")
    }
    #expect(await fixture.a.layoutChanges == 1)
    #expect(await fixture.e.measuredRanges.isEmpty)
  }

  @Test("testSetNeedsLayoutAndNormalLayoutPass: only the changed nodes are measured again")
  func setNeedsLayoutAndNormalLayoutPass() async throws {
    let fixture = await Fixture()
    try await fixture.window.attach(fixture.a)
    await fixture.clearRecords()

    // Fixture 2: C grows to 4, E replaces D. As in Texture, both nodes are invalidated in one main-thread job (its
    // setNeedsLayout calls) and laid out by the pass after it; A first, so that C's new size reaches A after A's own
    // invalidation listed it.
    await fixture.c.replaceSize(Size(width: 4, height: 1))
    await fixture.a.replaceChildren([fixture.b, fixture.c, fixture.e])
    fixture.a.invalidateCalculatedLayout()
    fixture.c.invalidateCalculatedLayout()
    try await fixture.window.layoutIfNeeded()

    await fixture.verify([
      "B": Rect(x: 0, y: 0, width: 1, height: 1), "C": Rect(x: 3, y: 0, width: 4, height: 1),
      "E": Rect(x: 9, y: 0, width: 1, height: 1),
    ])
    #expect(await fixture.a.subnodes.map(\.nodeCore.id) == [fixture.b, fixture.c, fixture.e].map(\.nodeCore.id))
    #expect(await fixture.b.measuredRanges.isEmpty, "B's layout does not change: its cached one is used")
    #expect(await fixture.b.layoutChanges == 0)
    for leaf in [fixture.c, fixture.e] {
      #expect(await leaf.measuredRanges == [Self.leafRange], "\(leaf.name)")
      #expect(await leaf.layoutChanges == 1, "\(leaf.name)")
    }
    // One pass: A, dirty itself and reached from C, is measured once and its layout changes once.
    #expect(await fixture.a.measuredRanges == [SizeRange(exactly: Size(width: 10, height: 1))])
    #expect(await fixture.a.layoutChanges == 1)
  }

  @Test("testCallingSetNeedsLayoutOnANodeThatWasSubjectToMultipassLayout: the node's supernode lays out again")
  func setNeedsLayoutAfterMultipassLayout() async throws {
    let fixture = await Fixture()
    // Fixture 3: B wants 8 but the stack shrinks it to 7 in a second measurement.
    await fixture.b.setSize(Size(width: 8, height: 1))
    try await fixture.window.attach(fixture.a)
    await fixture.verify([
      "B": Rect(x: 0, y: 0, width: 7, height: 1), "C": Rect(x: 7, y: 0, width: 2, height: 1),
      "D": Rect(x: 9, y: 0, width: 1, height: 1),
    ])
    #expect(
      await fixture.b.measuredRanges == [
        Self.leafRange, SizeRange(min: Size(width: 7, height: 0), max: Size(width: 7, height: 1)),
      ])

    // Fixture 1: B now wants 1. Texture stays on fixture 3 (it measures B again in the shrunk range only,
    // gets 7 again and never tells A); here B's supernode lays out again and gives fixture 1.
    await fixture.b.setSize(Size(width: 1, height: 1))
    try await fixture.window.layoutIfNeeded()
    await fixture.verify([
      "B": Rect(x: 0, y: 0, width: 1, height: 1), "C": Rect(x: 4, y: 0, width: 2, height: 1),
      "D": Rect(x: 9, y: 0, width: 1, height: 1),
    ])
  }

  @Test("testMeasureOnLayoutIfNotHappenedBefore: a node no layout places is laid out at its bounds")
  func measureOnLayoutIfNotHappenedBefore() async throws {
    // A node that places its subnodes by hand (frames) holds a node that lays out by a spec.
    let holder = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    await holder.setStyle {
      $0.width = .points(100)
      $0.height = .points(100)
    }
    let button = FixtureRoot()
    await button.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    let label = FixtureLeaf("label", size: Size(width: 30, height: 10))
    await button.setChildren([label])
    try await holder.addSubnode(button)
    #expect(await holder.calculatedSize == .zero, "nothing measured it yet")
    #expect(await button.calculatedSize == .zero, "nothing measured it yet")

    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(holder)
    #expect(await holder.calculatedSize == Size(width: 100, height: 100), "the root, laid out at its bounds")
    #expect(await button.calculatedSize == Size(width: 100, height: 100), "laid out at its bounds")
    #expect(await button.measuredRanges == [SizeRange(exactly: Size(width: 100, height: 100))])
    #expect(label.view?.frame == Rect(x: 0, y: 0, width: 30, height: 10), "its spec placed its subnode")

    // testMeasureOnLayoutIfNotHappenedBeforeNoRemeasureForSameBounds: the same range again hits the cache.
    _ = try await button.layout(thatFits: SizeRange(exactly: Size(width: 100, height: 100)))
    #expect(await button.measuredRanges.count == 1, "not measured again for the same bounds")
  }

  @Test("A node no layout places, with empty bounds, is not laid out (Texture skips a zero-bounds layout)")
  func zeroBoundsAreNotLaidOut() async throws {
    let holder = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    let button = FixtureRoot()
    let label = FixtureLeaf("label", size: Size(width: 30, height: 10))
    await button.setChildren([label])
    try await holder.addSubnode(button)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(holder)
    #expect(await button.measuredRanges.isEmpty)
    #expect(button.appliedLayout == nil)
  }
}

extension TextureLayoutPortTests {
  @Test(
    "Changed: a leaf placed by hand that no layout measured is not measured by the window's passes, at its first size or a new one (calculatedSize stays 0; Texture's pass measures every view at its bounds)",
    .tags(.texturePort))
  func leafPlacedByHandIsNotMeasured() async throws {
    let holder = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    let leaf = FixtureLeaf("leaf", size: Size(width: 10, height: 10))
    await leaf.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    try await holder.addSubnode(leaf)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(holder)
    try await window.layoutIfNeeded()
    #expect(await holder.calculatedSize == Size(width: 100, height: 100), "a node with subnodes is laid out")
    #expect(await leaf.calculatedSize == .zero, "a leaf would change nothing: no hop")
    #expect(await leaf.measuredRanges.isEmpty)

    await leaf.configure { $0.frame = Rect(x: 0, y: 0, width: 50, height: 50) }
    await window.flush()
    try await window.layoutIfNeeded()
    #expect(await leaf.measuredRanges.isEmpty, "nor at a new size: nothing it would place")
    _ = try await leaf.layout(thatFits: SizeRange(exactly: Size(width: 50, height: 50)))
    #expect(await leaf.calculatedSize == Size(width: 50, height: 50), "measured when asked")
  }
}

/// Fixture node A: a horizontal stack of its children, which it manages; records its measurements.
actor FixtureRoot: DisplayNode {
  nonisolated let nodeCore = NodeCore(automaticallyManagesSubnodes: true)
  let nodeState = NodeState(debugName: "A")
  private var children: [FixtureLeaf] = []
  private(set) var measuredRanges: [SizeRange] = []
  private(set) var layoutChanges = 0

  func setChildren(_ children: [FixtureLeaf]) {
    self.children = children
    invalidateCalculatedLayout()
  }

  /// Changes the children without invalidating the node: the test invalidates it where it chooses.
  func replaceChildren(_ children: [FixtureLeaf]) {
    self.children = children
  }

  func clearRecords() {
    measuredRanges = []
    layoutChanges = 0
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    preconditionIsolated("layout code runs in the node's isolation, never on the main actor")
    measuredRanges.append(range)
    return .spec(
      .stack(.horizontal, justifyContent: .spaceBetween, alignItems: .start, children: children.map { .node($0) }))
  }

  func calculatedLayoutDidChange() { layoutChanges += 1 }
}

/// A fixture leaf: returns the size its fixture gives it; records the ranges it is measured in.
actor FixtureLeaf: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let name: String
  private var size: Size
  private(set) var measuredRanges: [SizeRange] = []
  private(set) var layoutChanges = 0

  init(_ name: String, size: Size) {
    self.name = name
    self.size = size
    nodeState = NodeState(debugName: name)
  }

  func setSize(_ size: Size) async {
    self.size = size
    await setNeedsLayout()
  }

  /// Changes the size without invalidating the node: the test invalidates it where it chooses.
  func replaceSize(_ size: Size) {
    self.size = size
  }

  func clearRecords() {
    measuredRanges = []
    layoutChanges = 0
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    preconditionIsolated("layout code runs in the node's isolation, never on the main actor")
    measuredRanges.append(range)
    return .size(size)
  }

  func calculatedLayoutDidChange() { layoutChanges += 1 }
}
