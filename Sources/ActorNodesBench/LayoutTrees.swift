import ActorNodes

/// A bench node laid out by a spec over its subnodes, fixed when the node is made.
actor SpecNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  private let spec: LayoutSpec

  /// A node whose spec `makeSpec` builds from its subnodes' elements.
  init(_ subnodes: [any DisplayNode], _ makeSpec: ([LayoutSpec]) -> LayoutSpec) {
    spec = makeSpec(subnodes.map { .node($0) })
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod { .spec(spec) }
}

/// A bench leaf of a fixed size, clamped into the offered range.
actor FixedNode: DisplayNode {
  nonisolated let nodeCore: NodeCore
  let nodeState = NodeState()
  private let base: Size
  private var growth = 0.0

  init(_ size: Size, isLayerBacked: Bool = false) {
    nodeCore = NodeCore(isLayerBacked: isLayerBacked)
    base = size
  }

  /// Grows the leaf by `growth` points on each axis from the size it was made with; invalidates its layout.
  func setGrowth(_ growth: Double) {
    self.growth = growth
    invalidateCalculatedLayout()
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    .size(Size(width: base.width + growth, height: base.height + growth))
  }
}

/// The layout benchmarks' trees, built identically for ActorNodes, the lock baseline and the floor.
///
/// FEED: a vertical stack (alignItems stretch) of N rows laid out at width
/// 375; row i is a horizontal stack (spacing 8, alignItems center) of [image
/// 40 × 40, a vertical stack (spacing 2, alignItems start) of a title and a
/// body, a spacer with flexGrow 1, a 20 × 20 badge], step 1's FEED shape
/// (7 nodes a row). The text stack has flexShrink 1, so that text wider
/// than the row wraps instead of overflowing it (as a Texture cell sets it).
/// "trivial" rows have fixed text sizes; "text" rows measure a ~60-character
/// title and a ~600-character body with ``TextNode``.
///
/// WIDE: one horizontal stack of 10,000 leaves of 1 × 10 with flexGrow 1, laid
/// out exactly 20,000 × 100: each leaf is measured unbounded, then grown to 2
/// wide and stretched to 100 high.
enum LayoutTrees {
  enum Variant: String, CaseIterable {
    case trivial, text
  }

  /// Nodes in a FEED of `rows` rows, the root included.
  static func feedNodeCount(rows: Int) -> Int { 1 + 7 * rows }

  /// The FEED's range: exactly 375 wide, any height.
  static let feedRange = SizeRange(exactWidth: LayoutCorpus.width)

  static let wideLeaves = 10_000
  static let wideRange = SizeRange(exactly: Size(width: 20_000, height: 100))

  private static let rowStack = BenchStackParameters(direction: .horizontal, spacing: 8, alignItems: .center)
  private static let textStack = BenchStackParameters(direction: .vertical, spacing: 2, alignItems: .start)
  private static let rowStyles = [BenchStyle(), BenchStyle(flexShrink: 1), BenchStyle(flexGrow: 1), BenchStyle()]

  // MARK: ActorNodes

  /// The FEED's row `row` as ActorNodes nodes, and its title (the node the one-leaf relayout changes).
  ///
  /// Unless `displays`, the image and text nodes' display is suspended: a
  /// layout benchmark that puts the tree in a window measures layout, not
  /// drawing.
  static func actorRow(
    _ row: Int, _ variant: Variant, displays: Bool = false
  ) -> (subtree: Subtree, title: any DisplayNode) {
    let image = ImageNode(image: LayoutCorpus.image, isLayerBacked: true)
    let title: any DisplayNode
    let body: any DisplayNode
    switch variant {
    case .trivial:
      title = FixedNode(LayoutCorpus.titleSize(row))
      body = FixedNode(LayoutCorpus.bodySize(row))
    case .text:
      title = TextNode(text: LayoutCorpus.title(row))
      body = TextNode(text: LayoutCorpus.body(row))
    }
    let text = SpecNode([title, body]) { .stack(.vertical, spacing: 2, alignItems: .start, children: $0) }
    if !displays {
      for node in [image, title, body] { node.setDisplaySuspended(true) }
    }
    let spacer = BasicNode()
    let badge = FixedNode(LayoutCorpus.badge, isLayerBacked: true)
    let container = SpecNode([image, text, spacer, badge]) { children in
      .stack(
        .horizontal, spacing: 8, alignItems: .center,
        children: [children[0], children[1].flexShrink(1), children[2].flexGrow(1), children[3]])
    }
    let subtree = Subtree(container) {
      image
      Subtree(text) {
        title
        body
      }
      spacer
      badge
    }
    return (subtree, title)
  }

  /// The FEED of `rows` rows as ActorNodes nodes, with each row's title; built off the main actor.
  @concurrent
  static func actorFeed(
    rows: Int, _ variant: Variant, displays: Bool = false
  ) async throws -> (root: SpecNode, titles: [any DisplayNode]) {
    let made = (0..<rows).map { actorRow($0, variant, displays: displays) }
    let root = SpecNode(made.map(\.subtree.node)) { .stack(.vertical, alignItems: .stretch, children: $0) }
    try await root.addSubnodes(made.map(\.subtree))
    return (root, made.map(\.title))
  }

  /// WIDE as ActorNodes nodes.
  @concurrent
  static func actorWide() async throws -> SpecNode {
    let leaves = (0..<wideLeaves).map { _ in FixedNode(Size(width: 1, height: 10)) }
    let root = SpecNode(leaves) { children in .stack(.horizontal, children: children.map { $0.flexGrow(1) }) }
    try await root.addSubnodes(leaves)
    return root
  }

  // MARK: The lock baseline

  /// The FEED as lock baseline nodes, with each row's title.
  static func lockFeed(rows: Int, _ variant: Variant) -> (root: LockLayoutNode, titles: [LockLayoutNode]) {
    let root = LockLayoutNode(.stack(BenchStackParameters(direction: .vertical)))
    var rowNodes: [LockLayoutNode] = []
    var titles: [LockLayoutNode] = []
    for row in 0..<rows {
      let kinds = leafKinds(row, variant)
      let title = LockLayoutNode(kinds.title)
      let text = LockLayoutNode(.stack(textStack))
      text.addChildren([title, LockLayoutNode(kinds.body)], styles: [BenchStyle(), BenchStyle()])
      let container = LockLayoutNode(.stack(rowStack))
      container.addChildren(
        [
          LockLayoutNode(.fixed(LayoutCorpus.image.size)), text, LockLayoutNode(.defaultSize),
          LockLayoutNode(.fixed(LayoutCorpus.badge)),
        ], styles: rowStyles)
      rowNodes.append(container)
      titles.append(title)
    }
    root.addChildren(rowNodes, styles: Array(repeating: BenchStyle(), count: rows))
    return (root, titles)
  }

  /// WIDE as lock baseline nodes.
  static func lockWide() -> LockLayoutNode {
    let root = LockLayoutNode(.stack(BenchStackParameters(direction: .horizontal)))
    root.addChildren(
      (0..<wideLeaves).map { _ in LockLayoutNode(.fixed(Size(width: 1, height: 10))) },
      styles: Array(repeating: BenchStyle(flexGrow: 1), count: wideLeaves))
    return root
  }

  // MARK: The floor

  /// The FEED as plain structs.
  static func floorFeed(rows: Int, _ variant: Variant) -> FloorNode {
    let rowNodes = (0..<rows).map { row in
      let kinds = leafKinds(row, variant)
      let text = FloorNode(
        kind: .stack(textStack), children: [FloorNode(kind: kinds.title), FloorNode(kind: kinds.body)],
        childStyles: [BenchStyle(), BenchStyle()])
      return FloorNode(
        kind: .stack(rowStack),
        children: [
          FloorNode(kind: .fixed(LayoutCorpus.image.size)), text, FloorNode(kind: .defaultSize),
          FloorNode(kind: .fixed(LayoutCorpus.badge)),
        ], childStyles: rowStyles)
    }
    return FloorNode(
      kind: .stack(BenchStackParameters(direction: .vertical)), children: rowNodes,
      childStyles: Array(repeating: BenchStyle(), count: rows))
  }

  /// WIDE as plain structs.
  static func floorWide() -> FloorNode {
    FloorNode(
      kind: .stack(BenchStackParameters(direction: .horizontal)),
      children: Array(repeating: FloorNode(kind: .fixed(Size(width: 1, height: 10))), count: wideLeaves),
      childStyles: Array(repeating: BenchStyle(flexGrow: 1), count: wideLeaves))
  }

  /// What row `row`'s title and body measure in `variant`.
  static func leafKinds(_ row: Int, _ variant: Variant) -> (title: LockLayoutNode.Kind, body: LockLayoutNode.Kind) {
    switch variant {
    case .trivial: (.fixed(LayoutCorpus.titleSize(row)), .fixed(LayoutCorpus.bodySize(row)))
    case .text: (.text(LayoutCorpus.title(row)), .text(LayoutCorpus.body(row)))
    }
  }
}
