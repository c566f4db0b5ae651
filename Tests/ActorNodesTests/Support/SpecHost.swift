import ActorNodes

/// A node that lays out from a fixed spec, as Texture's `ASTestNode` does with `layoutSpecUnderTest`.
actor SpecHost: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "host")
  private let spec: LayoutSpec

  init(_ spec: LayoutSpec) {
    self.spec = spec
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    .spec(spec)
  }
}

/// A spec laid out by a host node whose subnodes are `subnodes`, as Texture's spec snapshot tests do.
struct SpecFixture {
  let subnodes: [BasicNode]
  let host: SpecHost

  /// Makes `count` leaf nodes, then the host of the spec `makeSpec` builds from them.
  init(_ count: Int, _ makeSpec: ([BasicNode]) -> LayoutSpec) async throws {
    subnodes = (0..<count).map { BasicNode(debugName: "\($0)") }
    host = SpecHost(makeSpec(subnodes))
    try await host.addSubnodes(subnodes)
  }

  /// The host's layout within `range`.
  func layout(_ range: SizeRange, scale: Double = 1) async throws -> Layout {
    try await host.layout(thatFits: range, scale: scale)
  }

  /// The frame of each subnode in the host's layout within `range`, in subnode order (nil: not laid out).
  func frames(_ range: SizeRange, scale: Double = 1) async throws -> [Rect?] {
    let layout = try await layout(range, scale: scale)
    return subnodes.map { node in layout.sublayouts.first { $0.node?.nodeCore === node.nodeCore }?.frame }
  }
}

/// An element for `node` with the exact size Texture's test helper gives its boxes (style width and height).
func box(_ node: BasicNode, _ width: Double, _ height: Double) -> LayoutSpec {
  .node(node).preferredSize(Size(width: width, height: height))
}

/// The range from `min` to `max`.
func range(_ minWidth: Double, _ minHeight: Double, _ maxWidth: Double, _ maxHeight: Double) -> SizeRange {
  SizeRange(min: Size(width: minWidth, height: minHeight), max: Size(width: maxWidth, height: maxHeight))
}

/// A rectangle, briefly.
func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect? {
  Rect(x: x, y: y, width: width, height: height)
}
