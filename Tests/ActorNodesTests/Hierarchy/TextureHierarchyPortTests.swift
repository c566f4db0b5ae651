import ActorNodes
import Testing

/// Texture's subnode-ordering tests, step by step, with subnode, subview and sublayer order checked on loaded
/// parents (`ASDisplayNodeTests.mm`, `checkReplaceSubnodeLoaded:layerBacked:`,
/// `checkInsertSubnodeAtIndexWithViewLoaded:layerBacked:`, `checkInsertSubnodeBelowWithView:layerBacked:`,
/// `checkInsertSubnodeAboveLoaded:layerBacked:`). A loaded parent here is in a manual window: each edit
/// reaches the views at the next flush, where Texture applies it in the call.
@Suite("Texture's subnode-order tests, loaded and not", .timeLimit(.minutes(5)), .tags(.texturePort))
struct TextureHierarchyPortTests {
  /// A parent, loaded in a manual window or not, and named nodes with its backing.
  @MainActor
  final class Fixture {
    let window = Window(turnMode: .manual)
    let parent: BasicNode
    let loaded: Bool
    let a: BasicNode, b: BasicNode, c: BasicNode, d: BasicNode

    init(isLayerBacked: Bool, loaded: Bool) {
      parent = BasicNode(debugName: "parent", isLayerBacked: isLayerBacked)
      (a, b, c, d) = (
        BasicNode(debugName: "a", isLayerBacked: isLayerBacked),
        BasicNode(debugName: "b", isLayerBacked: isLayerBacked),
        BasicNode(debugName: "c", isLayerBacked: isLayerBacked), BasicNode(debugName: "d", isLayerBacked: isLayerBacked)
      )
      self.loaded = loaded
    }

    func load() async throws {
      if loaded { try await window.attach(parent) }
    }

    /// Whether, after the next turn, the subnodes (and the views, if loaded) are in `expected` order, and each
    /// of `a`…`d` has the parent as its supernode if it is listed, none otherwise (Texture's
    /// `XCTAssertNodesHaveParent` after each step).
    func hasOrder(_ expected: String) async -> Bool {
      await window.flush()
      let listed = Set(expected.split(separator: ","))
      for node in [a, b, c, d] {
        let supernode = await node.supernode
        let name = Substring(await node.debugName ?? "")
        guard listed.contains(name) ? supernode === parent : supernode == nil else { return false }
      }
      return await ActorNodesTests.hasOrder(parent, expected, among: [a, b, c, d])
    }
  }

  static let variants: [(isLayerBacked: Bool, loaded: Bool)] = [
    (false, false), (true, false), (false, true), (true, true),
  ]

  @Test(
    "Replace the first, middle and last subnode and back; replace with an existing sibling (Texture: testReplaceSubnodeNoView, …NoLayer, …View, …Layer)",
    arguments: variants)
  @MainActor
  func replace(_ variant: (isLayerBacked: Bool, loaded: Bool)) async throws {
    let f = Fixture(isLayerBacked: variant.isLayerBacked, loaded: variant.loaded)
    try await f.parent.addSubnodes([f.a, f.b, f.c])
    try await f.load()
    #expect(!f.d.isNodeLoaded)
    #expect(await f.hasOrder("a,b,c"))
    for (replaced, expected) in [(f.a, "d,b,c"), (f.b, "a,d,c"), (f.c, "a,b,d")] {
      try await f.parent.replaceSubnode(replaced, with: f.d)
      #expect(await f.hasOrder(expected))
      #expect(await replaced.supernode == nil)
      #expect(f.d.isNodeLoaded == variant.loaded, "a replacement under a loaded parent loads")
      try await f.parent.replaceSubnode(f.d, with: replaced)
    }
    #expect(await f.hasOrder("a,b,c"), "the round trip restores the order")
    for node in [f.a, f.b, f.c] { #expect(await node.supernode === f.parent) }
    #expect(await f.d.supernode == nil)
    try await f.parent.replaceSubnode(f.a, with: f.c)  // the replacement is an existing sibling
    #expect(await f.hasOrder("c,b"))
    #expect(await f.a.supernode == nil)
    #expect(await f.d.supernode == nil)
    #expect(await f.c.supernode === f.parent)
    #expect(await f.b.supernode === f.parent)
  }

  @Test(
    "Insert at an index, refuse bad ones, reorder existing subnodes (Texture: testInsertSubnodeAtIndexView, …Layer, …NoView, …NoLayer)",
    arguments: variants)
  @MainActor
  func insertAtIndex(_ variant: (isLayerBacked: Bool, loaded: Bool)) async throws {
    let f = Fixture(isLayerBacked: variant.isLayerBacked, loaded: variant.loaded)
    try await f.load()
    #expect(await f.parent.subnodes.isEmpty)
    for node in [f.c, f.b, f.a] { try await f.parent.insertSubnode(node, at: 0) }
    #expect(await f.hasOrder("a,b,c"))
    #expect([f.a, f.b, f.c].allSatisfy { $0.isNodeLoaded == variant.loaded })
    try await f.parent.insertSubnode(f.d, at: 1)
    #expect(await f.hasOrder("a,d,b,c"))
    await f.d.removeFromSupernode()
    #expect(await f.hasOrder("a,b,c"))
    try await f.parent.insertSubnode(f.d, at: 3)
    #expect(await f.hasOrder("a,b,c,d"))
    await f.d.removeFromSupernode()
    await #expect(throws: HierarchyError.self) { try await f.parent.insertSubnode(f.d, at: -1) }
    await #expect(throws: HierarchyError.self) { try await f.parent.insertSubnode(f.d, at: Int.max) }
    #expect(await f.hasOrder("a,b,c"))
    #expect(await f.d.supernode == nil)
    for (index, expected) in [(0, "c,a,b"), (1, "a,c,b"), (1, "a,c,b"), (2, "a,b,c")] {
      try await f.parent.insertSubnode(f.c, at: index)
      #expect(await f.hasOrder(expected), "c to \(index)")
    }
  }

  @Test(
    "Insert below a sibling, refuse a stranger, reorder, insert below itself (Texture: testInsertSubnodeBelowWithView, …WithNoView, …WithLayer, …WithNoLayer)",
    arguments: variants)
  @MainActor
  func insertBelow(_ variant: (isLayerBacked: Bool, loaded: Bool)) async throws {
    let f = Fixture(isLayerBacked: variant.isLayerBacked, loaded: variant.loaded)
    try await f.parent.addSubnode(f.b)
    try await f.load()
    try await f.parent.insertSubnode(f.a, below: f.b)
    #expect(await f.hasOrder("a,b"))
    #expect(await f.c.supernode == nil)
    try await f.parent.insertSubnode(f.c, below: f.a)
    #expect(await f.hasOrder("c,a,b"))
    await #expect(throws: HierarchyError.notASubnode) { try await f.parent.insertSubnode(f.b, below: f.d) }
    #expect(await f.hasOrder("c,a,b"))
    try await f.parent.insertSubnode(f.c, below: f.b)
    #expect(await f.hasOrder("a,c,b"))
    try await f.parent.insertSubnode(f.c, below: f.c)
    #expect(await f.hasOrder("a,c,b"), "inserting below itself changes nothing")
  }

  @Test(
    "Insert above a sibling, refuse a stranger, reorder, insert above itself (Texture: testInsertSubnodeAboveWithView, …WithNoView, …WithLayer, …WithNoLayer)",
    arguments: variants)
  @MainActor
  func insertAbove(_ variant: (isLayerBacked: Bool, loaded: Bool)) async throws {
    let f = Fixture(isLayerBacked: variant.isLayerBacked, loaded: variant.loaded)
    try await f.parent.addSubnode(f.a)
    try await f.load()
    try await f.parent.insertSubnode(f.b, above: f.a)
    #expect(await f.hasOrder("a,b"))
    try await f.parent.insertSubnode(f.c, above: f.a)
    #expect(await f.hasOrder("a,c,b"))
    await #expect(throws: HierarchyError.notASubnode) { try await f.parent.insertSubnode(f.b, above: f.d) }
    #expect(await f.hasOrder("a,c,b"))
    try await f.parent.insertSubnode(f.a, above: f.b)
    #expect(await f.hasOrder("c,b,a"))
    try await f.parent.insertSubnode(f.a, above: f.a)
    #expect(await f.hasOrder("c,b,a"), "inserting above itself changes nothing")
  }

  @Test("Subnodes are listed in the order they were added (Texture: testSubnodesFastEnumeration)")
  @MainActor
  func subnodesInInsertionOrder() async throws {
    let f = Fixture(isLayerBacked: false, loaded: false)
    for node in [f.a, f.b, f.c, f.d] { try await f.parent.addSubnode(node) }
    let subnodes = await f.parent.subnodes
    #expect(subnodes.count == 4)
    #expect(zip(subnodes, [f.a, f.b, f.c, f.d]).allSatisfy { $0 === $1 })
  }

  @Test(
    "All the subnodes of a type, one level deep: in order, the node itself and other types left out (Texture: ASDisplayNodeExtrasTests testShallowFindSubnodesOfSubclass)"
  )
  func allSubnodesOfATypeShallow() async throws {
    let supernode = TextNode(debugName: "root", isLayerBacked: true)
    let expected = (0..<10).map { TextNode(debugName: "\($0)", isLayerBacked: true) }
    try await supernode.addSubnodes(expected)
    try await supernode.addSubnode(BasicNode(debugName: "other", isLayerBacked: true))
    let found = await supernode.allSubnodes(ofType: TextNode.self)
    #expect(found.count == 10)
    #expect(zip(found, expected).allSatisfy { $0 === $1 })
    #expect(await supernode.allSubnodes(ofType: ImageNode.self).isEmpty)
  }

  @Test(
    "All the subnodes of a type, at every depth: each before its own subnodes, after its earlier siblings' subtrees (Texture: ASDisplayNodeExtrasTests testDeepFindSubnodesOfSubclass)"
  )
  func allSubnodesOfATypeDeep() async throws {
    // Two levels of two: a, a.0, a.1, b, b.0, b.1, as Texture's helper collects them; a BasicNode in the middle
    // of the tree is skipped, its subnodes are not.
    let supernode = BasicNode(debugName: "root", isLayerBacked: true)
    var expected: [TextNode] = []
    for name in ["a", "b"] {
      let node = TextNode(debugName: name, isLayerBacked: true)
      try await supernode.addSubnode(node)
      expected.append(node)
      let between = BasicNode(debugName: "\(name).between", isLayerBacked: true)
      for index in 0..<2 {
        let leaf = TextNode(debugName: "\(name).\(index)", isLayerBacked: true)
        if index == 0 { try await node.addSubnode(leaf) } else { try await between.addSubnode(leaf) }
        expected.append(leaf)
      }
      try await node.addSubnode(between)
    }
    let found = await supernode.allSubnodes(ofType: TextNode.self)
    #expect(found.count == 6)
    #expect(zip(found, expected).allSatisfy { $0 === $1 })
    #expect(await supernode.allSubnodes(ofType: BasicNode.self).count == 2)
  }

  @Test(
    "The supernodes, closest first, and the closest one of a type, with or without the node itself (Texture: supernodes, supernodeOfClass:includingSelf:)"
  )
  func supernodesOfAType() async throws {
    let root = BasicNode(debugName: "root")
    let cell = TextNode(debugName: "cell")
    let middle = BasicNode(debugName: "middle")
    let leaf = TextNode(debugName: "leaf")
    try await root.addSubnode(cell)
    try await cell.addSubnode(middle)
    try await middle.addSubnode(leaf)
    let chain = await leaf.supernodes
    #expect(chain.count == 3)
    #expect(zip(chain, [middle, cell, root] as [any DisplayNode]).allSatisfy { $0 === $1 })
    #expect(await root.supernodes.isEmpty)
    #expect(await leaf.supernode(ofType: TextNode.self) === cell)
    #expect(await leaf.supernode(ofType: TextNode.self, includingSelf: true) === leaf)
    #expect(await leaf.supernode(ofType: BasicNode.self) === middle)
    #expect(await cell.supernode(ofType: TextNode.self) == nil)
    #expect(await leaf.supernode(ofType: ImageNode.self, includingSelf: true) == nil)
  }
  @Test(
    "A protocol's existential finds the nodes that conform, as Texture's class finds its subclasses: allSubnodes(ofType: (any DrawingNode).self), supernode(ofType: (any DisplayNode).self)"
  )
  func ancestryByProtocol() async throws {
    let root = BasicNode()
    let middle = BasicNode()
    let text = TextNode()
    let image = ImageNode()
    try await root.addSubnode(middle)
    try await middle.addSubnode(text)
    try await root.addSubnode(image)
    let drawing = await root.allSubnodes(ofType: (any DrawingNode).self)
    #expect(drawing.map(\.nodeCore.id) == [text.nodeCore.id, image.nodeCore.id])
    #expect(await root.allSubnodes(ofType: (any DisplayNode).self).count == 3)
    #expect(await text.supernode(ofType: (any DisplayNode).self) === middle)
    #expect(await text.supernode(ofType: (any DrawingNode).self, includingSelf: true) === text)
    #expect(await text.supernode(ofType: (any DrawingNode).self) == nil)
  }

  @Test(
    "The first subnode of a type is Texture's: each subnode's subtree is searched before the subnode, earlier branches first, the node itself left out (ASDisplayNodeFindFirstSubnodeOfClass)"
  )
  func firstSubnodeOfATypeSearchesSubtreesFirst() async throws {
    // root { a(Text) { a1(Basic) { a11(Text) } }, b(Text) }: Texture finds a11 (a's subtree before a).
    let root = TextNode(debugName: "root")
    let a = TextNode(debugName: "a"), a1 = BasicNode(debugName: "a1"), a11 = TextNode(debugName: "a11")
    let b = TextNode(debugName: "b")
    try await root.addSubnodes([a, b])
    try await a.addSubnode(a1)
    try await a1.addSubnode(a11)
    #expect(await root.firstSubnode(ofType: TextNode.self) === a11)
    #expect(await root.firstSubnode(ofType: BasicNode.self) === a1)
    #expect(await root.firstSubnode(ofType: (any DisplayNode).self) === a11)
    #expect(await root.firstSubnode(ofType: ImageNode.self) == nil)
    #expect(await a11.firstSubnode(ofType: TextNode.self) == nil)  // itself left out
    await a.removeFromSupernode()
    #expect(await root.firstSubnode(ofType: TextNode.self) === b)
  }

  @Test(
    "The block forms find as Texture's: all matches each before its subnodes, the first a subnode's subtree before the subnode and the node itself last (ASDisplayNodeFindAllSubnodes, ASDisplayNodeFindFirstSubnode, ASDisplayNodeFindFirstNode)"
  )
  func findingSubnodesWithABlock() async throws {
    // root(layer) { a(layer) { a1(layer) }, b(view) { b1(layer) } }
    let root = BasicNode(debugName: "root", isLayerBacked: true)
    let a = BasicNode(debugName: "a", isLayerBacked: true), a1 = BasicNode(debugName: "a1", isLayerBacked: true)
    let b = BasicNode(debugName: "b"), b1 = BasicNode(debugName: "b1", isLayerBacked: true)
    let top = BasicNode(debugName: "top")
    try await top.addSubnode(root)
    try await root.addSubnodes([a])
    try await a.addSubnode(a1)
    try await b.addSubnode(b1)
    try await top.addSubnode(b)
    let layerBacked = await top.allSubnodes { $0.isLayerBacked }
    #expect(layerBacked.map(\.nodeCore.id) == [root, a, a1, b1].map(\.nodeCore.id))
    #expect(await top.allSubnodes { _ in false }.isEmpty)
    #expect(await top.firstSubnode { $0.isLayerBacked } === a1)
    #expect(await top.firstSubnode { $0.subnodes.count == 1 } === a)
    #expect(await a1.firstSubnode { _ in true } == nil)
    #expect(await a1.firstSubnode(includingSelf: true) { _ in true } === a1)
    // With the node included, it is tried after its whole subtree.
    #expect(await a.firstSubnode(includingSelf: true) { $0.isLayerBacked } === a1)
    #expect(await top.firstSubnode(includingSelf: true) { !$0.isLayerBacked } === b)
  }

  @Test(
    "The closest common ancestor is Texture's: a node counts as its own ancestor; nodes in different trees have none (ASDisplayNodeFindClosestCommonAncestor)"
  )
  func closestCommonAncestor() async throws {
    let root = BasicNode(debugName: "root")
    let a = BasicNode(debugName: "a"), a1 = BasicNode(debugName: "a1"), a2 = BasicNode(debugName: "a2")
    let b = BasicNode(debugName: "b"), b1 = BasicNode(debugName: "b1")
    try await root.addSubnodes([a, b])
    try await a.addSubnodes([a1, a2])
    try await b.addSubnode(b1)
    #expect(await a1.closestCommonAncestor(with: a2) === a)
    #expect(await a1.closestCommonAncestor(with: b1) === root)
    #expect(await b1.closestCommonAncestor(with: a) === root)
    #expect(await a1.closestCommonAncestor(with: a) === a)
    #expect(await a.closestCommonAncestor(with: a1) === a)
    #expect(await a1.closestCommonAncestor(with: a1) === a1)
    #expect(await a1.closestCommonAncestor(with: BasicNode()) == nil)
  }

}
