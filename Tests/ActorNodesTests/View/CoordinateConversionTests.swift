import ActorNodes
import Testing

/// Converting points and rectangles between the coordinate spaces of nodes, views and layers.
///
/// The first tests port Texture's `testDisplayNodePointConversion*` (`ASDisplayNodeTests.mm`): each
/// conversion is made by the nodes before load, then checked against the nodes and their views and layers
/// once loaded, as Texture's `checkConvertPoint:fromNode:selfNode:` compares the node's answer with
/// `UIView`'s.
@Suite("Converting coordinates between nodes, views and layers", .timeLimit(.minutes(5)))
struct CoordinateConversionTests {
  /// An outer node with an inner subnode, each with the geometry `outer` and `inner` write.
  static func pair(
    outer: @escaping @Sendable (inout ViewPropertyChanges) -> Void,
    inner: @escaping @Sendable (inout ViewPropertyChanges) -> Void
  ) async throws -> (outer: BasicNode, inner: BasicNode) {
    let outerNode = BasicNode(debugName: "outer", configure: outer)
    let innerNode = BasicNode(debugName: "inner", configure: inner)
    try await outerNode.addSubnode(innerNode)
    return (outerNode, innerNode)
  }

  /// `point` converted from `source`'s space to `target`'s by the nodes before load (both ways), checked
  /// against the nodes, the views and the layers after `root`'s tree loads.
  static func converted(
    _ point: Point, from source: BasicNode, to target: BasicNode, root: BasicNode
  ) async throws -> Point {
    let converted = try await source.convert(point, to: target)
    #expect(try await target.convert(point, from: source) == converted)
    await root.loadView()
    #expect(try await source.convert(point, to: target).isClose(to: converted))
    #expect(try await target.convert(point, from: source).isClose(to: converted))
    await MainActor.run {
      #expect(source.view!.convert(point, to: target.view!).isClose(to: converted))
      #expect(target.view!.convert(point, from: source.view!).isClose(to: converted))
      #expect(source.layer!.convert(point, to: target.layer!).isClose(to: converted))
      #expect(target.layer!.convert(point, from: source.layer!).isClose(to: converted))
    }
    return converted
  }

  @Test("Frames place the inner node's space in the outer's (Texture: testDisplayNodePointConversionWithFrames)")
  func withFrames() async throws {
    func framed(outerX: Double) async throws -> (outer: BasicNode, inner: BasicNode) {
      try await Self.pair(
        outer: { $0.frame = Rect(x: outerX, y: outerX, width: 100, height: 100) },
        inner: { $0.frame = Rect(x: 10, y: 10, width: 20, height: 20) })
    }
    var (outer, inner) = try await framed(outerX: 100)
    #expect(try await Self.converted(Point(x: 105, y: 105), from: outer, to: inner, root: outer) == Point(x: 95, y: 95))
    (outer, inner) = try await framed(outerX: 100)
    #expect(try await Self.converted(Point(x: 5, y: 5), from: inner, to: outer, root: outer) == Point(x: 15, y: 15))
    (outer, inner) = try await framed(outerX: 100)
    #expect(try await Self.converted(Point(x: 95, y: 95), from: inner, to: outer, root: outer) == Point(x: 105, y: 105))
    (outer, inner) = try await framed(outerX: 0)
    #expect(try await Self.converted(Point(x: 5, y: 5), from: outer, to: inner, root: outer) == Point(x: -5, y: -5))
  }

  /// Texture's geometry with anchor points at the origin: `outerBounds` and the inner node at (23, 23) with
  /// bounds of origin (17, 17) and side `innerSide`.
  static func zeroAnchorPair(outerBounds: Rect, innerSide: Double) async throws -> (outer: BasicNode, inner: BasicNode)
  {
    try await pair(
      outer: {
        $0.anchorPoint = .zero
        $0.bounds = outerBounds
      },
      inner: {
        $0.anchorPoint = .zero
        $0.position = Point(x: 23, y: 23)
        $0.bounds = Rect(x: 17, y: 17, width: innerSide, height: innerSide)
      })
  }

  @Test("Bounds origins move a space within its frame (Texture: testDisplayNodePointConversionWithNonZeroBounds)")
  func withNonZeroBounds() async throws {
    let small = Rect(x: 20, y: 20, width: 100, height: 100)
    let large = Rect(x: -1000, y: -1000, width: 1337, height: 1337)
    var (outer, inner) = try await Self.zeroAnchorPair(outerBounds: small, innerSide: 20)
    #expect(try await Self.converted(Point(x: 42, y: 42), from: outer, to: inner, root: outer) == Point(x: 36, y: 36))
    (outer, inner) = try await Self.zeroAnchorPair(outerBounds: large, innerSide: 200)
    #expect(try await Self.converted(Point(x: 5, y: 5), from: inner, to: outer, root: outer) == Point(x: 11, y: 11))
    (outer, inner) = try await Self.zeroAnchorPair(outerBounds: small, innerSide: 20)
    #expect(try await Self.converted(Point(x: 36, y: 36), from: inner, to: outer, root: outer) == Point(x: 42, y: 42))
    (outer, inner) = try await Self.zeroAnchorPair(outerBounds: large, innerSide: 200)
    #expect(try await Self.converted(Point(x: 11, y: 11), from: outer, to: inner, root: outer) == Point(x: 5, y: 5))
  }

  /// Texture's geometry with the inner node's anchor point at `anchor`.
  static func anchoredPair(outerBounds: Rect, anchor: Point, innerSide: Double) async throws -> (
    outer: BasicNode, inner: BasicNode
  ) {
    try await pair(
      outer: { $0.bounds = outerBounds },
      inner: {
        $0.anchorPoint = anchor
        $0.position = Point(x: 23, y: 23)
        $0.bounds = Rect(x: 17, y: 17, width: innerSide, height: innerSide)
      })
  }

  @Test(
    "A rectangle of negative size converts as the smallest rectangle holding its corners (CGRectApplyAffineTransform)")
  func negativeSizeRectangle() async throws {
    // Adversarial round 25: it kept its negative width.
    let root = BasicNode()
    let child = BasicNode { $0.frame = Rect(x: 10, y: 10, width: 5, height: 5) }
    try await root.addSubnode(child)
    let flipped = Rect(x: 0, y: 0, width: -4, height: 2)
    #expect(try await child.convert(flipped, to: root) == Rect(x: 6, y: 10, width: 4, height: 2))
    #expect(try await root.convert(flipped, from: child) == Rect(x: 6, y: 10, width: 4, height: 2))
    #expect(try await root.convert(flipped, to: child) == Rect(x: -14, y: -10, width: 4, height: 2))
  }

  @Test(
    "Anchor points move a frame around its position (Texture: testDisplayNodePointConversionWithNonZeroAnchorPoint)")
  func withNonZeroAnchorPoint() async throws {
    let small = Rect(x: 20, y: 20, width: 100, height: 100)
    let large = Rect(x: -1000, y: -1000, width: 1337, height: 1337)
    let bottomRight = Point(x: 0.75, y: 1)
    let third = Point(x: 0.3, y: 0.3)
    var (outer, inner) = try await Self.anchoredPair(outerBounds: small, anchor: bottomRight, innerSide: 20)
    #expect(try await Self.converted(Point(x: 42, y: 42), from: outer, to: inner, root: outer) == Point(x: 51, y: 56))
    (outer, inner) = try await Self.anchoredPair(outerBounds: large, anchor: third, innerSide: 200)
    let backToOuter = try await Self.converted(Point(x: 55, y: 55), from: inner, to: outer, root: outer)
    #expect(backToOuter.isClose(to: Point(x: 1, y: 1)))
    (outer, inner) = try await Self.anchoredPair(outerBounds: small, anchor: bottomRight, innerSide: 20)
    #expect(try await Self.converted(Point(x: 51, y: 56), from: inner, to: outer, root: outer) == Point(x: 42, y: 42))
    (outer, inner) = try await Self.anchoredPair(outerBounds: large, anchor: third, innerSide: 200)
    let intoInner = try await Self.converted(Point(x: 1, y: 1), from: outer, to: inner, root: outer)
    #expect(intoInner.isClose(to: Point(x: 55, y: 55)))
  }

  @Test(
    "A node converts to its own space unchanged, whatever its geometry (Texture: testDisplayNodePointConversionAgainstSelf)"
  )
  func againstSelf() async throws {
    let geometries: [@Sendable (inout ViewPropertyChanges) -> Void] = [
      { $0.frame = Rect(x: 10, y: 10, width: 20, height: 20) },
      {
        $0.position = Point(x: 23, y: 23)
        $0.bounds = Rect(x: 17, y: 17, width: 20, height: 20)
      },
      {
        $0.anchorPoint = Point(x: 0.3, y: 0.3)
        $0.position = Point(x: 23, y: 23)
        $0.bounds = Rect(x: 17, y: 17, width: 200, height: 200)
      },
    ]
    for (geometry, point) in zip(geometries, [Point(x: 105, y: 105), Point(x: 42, y: 42), Point(x: 55, y: 55)]) {
      let node = BasicNode(configure: geometry)
      #expect(try await Self.converted(point, from: node, to: node, root: node) == point)
    }
  }

  @Test(
    "Nodes in different trees have no common space (Texture: testDisplayNodePointConversionFailureFromDisjointHierarchies)"
  )
  func disjointHierarchies() async throws {
    let node = BasicNode()
    let child = BasicNode()
    let other = BasicNode()
    try await node.addSubnode(child)
    for (source, target) in [(node, child), (child, node)] {
      _ = try await source.convert(Point.zero, to: target)
      _ = try await source.convert(Point.zero, from: target)
    }
    for (source, target) in [(node, other), (child, other), (other, node), (other, child)] {
      await #expect(throws: HierarchyError.noCommonAncestor) { try await source.convert(Point.zero, to: target) }
      await #expect(throws: HierarchyError.noCommonAncestor) { try await source.convert(Point.zero, from: target) }
      await #expect(throws: HierarchyError.noCommonAncestor) { try await source.convert(Rect.zero, to: target) }
      await #expect(throws: HierarchyError.noCommonAncestor) { try await source.convert(Rect.zero, from: target) }
    }
  }

  @Test("A point goes up a deep tree level by level (Texture: testDisplayNodePointConversionOnDeepHierarchies)")
  func deepHierarchy() async throws {
    // Seven levels, two subnodes per node, each subnode at position (1, 1) (Texture's `_addTonsOfSubnodes`).
    let root = BasicNode()
    var level = [root]
    for _ in 0..<6 {
      var next: [BasicNode] = []
      for parent in level {
        let children = [BasicNode { $0.position = Point(x: 1, y: 1) }, BasicNode { $0.position = Point(x: 1, y: 1) }]
        try await parent.addSubnodes(children)
        next += children
      }
      level = next
    }
    var deep: any DisplayNode = root
    for _ in 0..<6 { deep = await deep.subnodes[1] }
    #expect(try await deep.convert(Point(x: 55, y: 55), to: root) == Point(x: 61, y: 61))
    #expect(try await root.convert(Point(x: 61, y: 61), to: deep) == Point(x: 55, y: 55))
    // To a node of another branch, five levels down: up six levels to the root, down five.
    let cousin = try #require(await level[0].supernode)
    #expect(try await deep.convert(Point(x: 55, y: 55), to: cousin) == Point(x: 56, y: 56))
  }

  @Test("A rectangle's origin converts as a point; its size stays")
  func rectangles() async throws {
    let (outer, inner) = try await Self.anchoredPair(
      outerBounds: Rect(x: 20, y: 20, width: 100, height: 100), anchor: Point(x: 0.75, y: 1), innerSide: 20)
    let rect = Rect(x: 42, y: 42, width: 7, height: 9)
    let inInner = try await outer.convert(rect, to: inner)
    #expect(inInner == Rect(x: 51, y: 56, width: 7, height: 9))
    #expect(try await inner.convert(rect, from: outer) == inInner)
    #expect(try await inner.convert(inInner, to: outer) == rect)
    await outer.loadView()
    await MainActor.run {
      #expect(outer.layer!.convert(rect, to: inner.layer!) == inInner)
      #expect(inner.view!.convert(rect, from: outer.view!) == inInner)
      #expect(inner.view!.convert(inInner, to: outer.view!) == rect)
      #expect(outer.layer!.convert(inInner, from: inner.layer!) == rect)
    }
  }

  @Test(
    "A window's root converts its bounds' origin to no node: the window's coordinates, view- or layer-backed (Texture: testThatConvertPointGoesToWindowWhenPassedNil, …_layerBacked)",
    .tags(.texturePort), arguments: [false, true])
  @MainActor
  func toNoNodeGoesToTheWindow(isLayerBacked: Bool) async throws {
    let window = Window(size: Size(width: 20, height: 20), turnMode: .manual)
    let node = BasicNode(isLayerBacked: isLayerBacked)
    await node.configure { $0.frame = Rect(x: 10, y: 10, width: 10, height: 10) }
    try await window.attach(node)
    let origin = await node.viewProperties().bounds.origin
    #expect(try await node.convert(origin, to: nil) == Point(x: 10, y: 10))
  }

  @Test("No target node: the topmost supernode's space, or the window's once the tree is in a window")
  @MainActor
  func toTheWindowOrTheTopmostSupernode() async throws {
    let root = BasicNode { $0.frame = Rect(x: 10, y: 20, width: 300, height: 400) }
    let middle = BasicNode { $0.frame = Rect(x: 5, y: 5, width: 100, height: 100) }
    let leaf = BasicNode { $0.frame = Rect(x: 1, y: 2, width: 10, height: 10) }
    try await root.addSubnode(middle)
    try await middle.addSubnode(leaf)
    // Not in a window: the root's own space.
    #expect(try await leaf.convert(Point(x: 1, y: 1), to: nil) == Point(x: 7, y: 8))
    #expect(try await leaf.convert(Point(x: 7, y: 8), from: nil) == Point(x: 1, y: 1))
    #expect(try await root.convert(Point(x: 1, y: 1), to: nil) == Point(x: 1, y: 1))
    // In a window: the window's space, where the root sits at its frame.
    let window = Window(size: Size(width: 320, height: 480))
    try await window.attach(root)
    #expect(try await leaf.convert(Point(x: 1, y: 1), to: nil) == Point(x: 17, y: 28))
    #expect(try await leaf.convert(Rect(x: 7, y: 8, width: 1, height: 1), from: nil).origin == Point(x: -9, y: -19))
    #expect(try await root.convert(Point(x: 1, y: 1), to: nil) == Point(x: 11, y: 21))
    #expect(leaf.view!.convert(Point(x: 1, y: 1), to: nil) == Point(x: 17, y: 28))
    #expect(leaf.view!.convert(Point(x: 1, y: 1), to: window.view) == Point(x: 17, y: 28))
    #expect(window.view.convert(Point(x: 17, y: 28), to: leaf.view) == Point(x: 1, y: 1))
    #expect(leaf.layer!.convert(Point(x: 17, y: 28), from: nil) == Point(x: 1, y: 1))
    await window.detach()
  }

  @Test("After load a node converts with its view's geometry, as Texture reads the view")
  @MainActor
  func loadedNodesReadTheirViews() async throws {
    let (outer, inner) = try await Self.pair(
      outer: { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) },
      inner: { $0.frame = Rect(x: 10, y: 10, width: 20, height: 20) })
    await outer.loadView()
    inner.view!.frame = Rect(x: 30, y: 40, width: 20, height: 20)
    #expect(try await inner.convert(Point(x: 1, y: 1), to: outer) == Point(x: 31, y: 41))
    inner.view!.bounds.origin = Point(x: 5, y: 5)
    #expect(try await inner.convert(Point(x: 1, y: 1), to: outer) == Point(x: 26, y: 36))
  }

  @Test("Layer-backed nodes convert through their layers")
  @MainActor
  func layerBackedNodes() async throws {
    let outer = BasicNode(isLayerBacked: true) { $0.frame = Rect(x: 3, y: 4, width: 100, height: 100) }
    let inner = BasicNode(isLayerBacked: true) { $0.frame = Rect(x: 10, y: 20, width: 20, height: 20) }
    try await outer.addSubnode(inner)
    #expect(try await inner.convert(Point(x: 1, y: 1), to: outer) == Point(x: 11, y: 21))
    await outer.loadView()
    #expect(try await inner.convert(Point(x: 1, y: 1), to: outer) == Point(x: 11, y: 21))
    #expect(inner.layer!.convert(Point(x: 1, y: 1), to: outer.layer) == Point(x: 11, y: 21))
    // Loaded outside a window: the topmost layer is the outer node's.
    #expect(inner.layer!.convert(Point(x: 1, y: 1), to: nil) == Point(x: 11, y: 21))
  }

  @Test("Layers and views in different trees take their topmost spaces as one, as UIKit does for windows")
  @MainActor
  func layersInDifferentTrees() {
    let first = View(frame: Rect(x: 100, y: 100, width: 50, height: 50))
    let child = View(frame: Rect(x: 5, y: 6, width: 10, height: 10))
    first.addSubview(child)
    let second = View(frame: Rect(x: 7, y: 7, width: 50, height: 50))
    let other = View(frame: Rect(x: 1, y: 1, width: 10, height: 10))
    second.addSubview(other)
    // child's (0, 0) is (5, 6) in first, the topmost space; that point is (4, 5) in other.
    #expect(child.convert(Point.zero, to: other) == Point(x: 4, y: 5))
    #expect(other.convert(Point(x: 4, y: 5), to: child) == Point.zero)
    #expect(child.layer.convert(Point.zero, to: other.layer) == Point(x: 4, y: 5))
  }

  @Test("A 100,000-deep chain converts without recursion")
  func deepChain() async throws {
    let depth = 100_000
    let nodes = (0..<depth).map { _ in BasicNode { $0.frame = Rect(x: 1, y: 2, width: 1, height: 1) } }
    for index in 1..<depth { try await nodes[index - 1].addSubnode(nodes[index]) }
    let converted = try await nodes[depth - 1].convert(Point.zero, to: nodes[0])
    #expect(converted == Point(x: Double(depth - 1), y: Double(2 * (depth - 1))))
    #expect(try await nodes[0].convert(converted, to: nodes[depth - 1]) == Point.zero)
  }
}

extension Point {
  /// Whether the point is within 0.001 of `other` on each axis (Texture's `_CGPointEqualToPointWithEpsilon`).
  fileprivate func isClose(to other: Point) -> Bool {
    abs(x - other.x) < 0.001 && abs(y - other.y) < 0.001
  }
}
