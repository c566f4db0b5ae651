import ActorNodes
import Testing

@Suite("Editing the node hierarchy", .timeLimit(.minutes(5)))
struct HierarchyTests {
  @Test("Adding a node to itself is refused and changes nothing (Texture: testSubnodes, changed)", .tags(.texturePort))
  func addingSelfIsRefused() async throws {
    let node = BasicNode()
    await #expect(throws: HierarchyError.cannotAddNodeToItself) { try await node.addSubnode(node) }
    #expect(await node.subnodes.isEmpty)
    #expect(await node.supernode == nil)
  }

  @Test("Adding an ancestor is refused: no cycle, tree unchanged")
  func cyclesAreRefused() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let c = BasicNode(debugName: "c")
    try await a.addSubnode(b)
    try await b.addSubnode(c)
    await #expect(throws: HierarchyError.wouldCreateCycle) { try await c.addSubnode(a) }
    await #expect(throws: HierarchyError.wouldCreateCycle) { try await c.insertSubnode(b, at: 0) }
    #expect(await a.supernode == nil)
    #expect(await subnodeNames(of: a) == ["b"])
    #expect(await subnodeNames(of: b) == ["c"])
    #expect(await c.subnodes.isEmpty)
  }

  @Test(
    "insertSubnode(_:at:) orders subnodes and refuses a bad index (Texture: testInsertSubnodeAtIndex…)",
    .tags(.texturePort))
  func insertAtIndex() async throws {
    let parent = BasicNode()
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let c = BasicNode(debugName: "c")
    try await parent.insertSubnode(a, at: 0)
    try await parent.insertSubnode(c, at: 1)
    try await parent.insertSubnode(b, at: 1)
    #expect(await subnodeNames(of: parent) == ["a", "b", "c"])
    await #expect(throws: HierarchyError.indexOutOfBounds(index: 4, validRange: 0...3)) {
      try await parent.insertSubnode(BasicNode(), at: 4)
    }
    await #expect(throws: HierarchyError.indexOutOfBounds(index: -1, validRange: 0...3)) {
      try await parent.insertSubnode(BasicNode(), at: -1)
    }
    try await parent.insertSubnode(a, at: 2)
    #expect(await subnodeNames(of: parent) == ["b", "c", "a"], "re-inserting moves within the parent")
  }

  @Test(
    "Re-inserting a subnode at an out-of-range index is refused; the count stays 1 (Texture: testInsertExistingSubnode)",
    .tags(.texturePort))
  func insertExistingOutOfRange() async throws {
    let parent = BasicNode()
    let child = BasicNode()
    try await parent.addSubnode(child)
    await #expect(throws: HierarchyError.indexOutOfBounds(index: 1, validRange: 0...0)) {
      try await parent.insertSubnode(child, at: 1)
    }
    #expect(await parent.subnodes.count == 1)
    #expect(await child.supernode === parent)
  }

  @Test(
    "insertSubnode(_:below:) and (_:above:) order subnodes; a non-subnode sibling is refused (Texture: testInsertSubnodeBelow…, testInsertSubnodeAbove…)",
    .tags(.texturePort))
  func insertBelowAndAbove() async throws {
    let parent = BasicNode()
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let c = BasicNode(debugName: "c")
    let d = BasicNode(debugName: "d")
    try await parent.addSubnode(b)
    try await parent.insertSubnode(a, below: b)
    try await parent.insertSubnode(d, above: b)
    try await parent.insertSubnode(c, below: d)
    #expect(await subnodeNames(of: parent) == ["a", "b", "c", "d"])
    try await parent.insertSubnode(a, above: d)
    #expect(await subnodeNames(of: parent) == ["b", "c", "d", "a"])
    try await parent.insertSubnode(b, below: b)
    #expect(await subnodeNames(of: parent) == ["b", "c", "d", "a"], "inserting a node below itself changes nothing")
    let stranger = BasicNode()
    await #expect(throws: HierarchyError.notASubnode) { try await parent.insertSubnode(BasicNode(), below: stranger) }
    await #expect(throws: HierarchyError.notASubnode) { try await parent.insertSubnode(BasicNode(), above: stranger) }
    #expect(await parent.subnodes.count == 4)
  }

  @Test(
    "replaceSubnode(_:with:) keeps order and parents consistent, loaded or not (Texture: testReplaceSubnodeNoView, …NoLayer, …View, …Layer)",
    .tags(.texturePort), arguments: [false, true], [false, true])
  @MainActor
  func replaceSubnode(isLayerBacked: Bool, loaded: Bool) async throws {
    let parent = BasicNode(isLayerBacked: isLayerBacked)
    let a = BasicNode(debugName: "a", isLayerBacked: isLayerBacked)
    let b = BasicNode(debugName: "b", isLayerBacked: isLayerBacked)
    let c = BasicNode(debugName: "c", isLayerBacked: isLayerBacked)
    let replacement = BasicNode(debugName: "r", isLayerBacked: isLayerBacked)
    for child in [a, b, c] { try await parent.addSubnode(child) }
    let window = Window(turnMode: .manual)
    if loaded { try await window.attach(parent) }
    try await parent.replaceSubnode(b, with: replacement)
    #expect(await subnodeNames(of: parent) == ["a", "r", "c"])
    #expect(await b.supernode == nil)
    #expect(await replacement.supernode === parent)
    await #expect(throws: HierarchyError.notASubnode) { try await parent.replaceSubnode(b, with: BasicNode()) }
    guard loaded else {
      #expect(!replacement.isNodeLoaded)
      return
    }
    await window.flush()
    #expect(replacement.isNodeLoaded, "a replacement under a loaded parent loads")
    #expect(b.layer?.superlayer == nil)
    #expect(await viewTreeMatchesNodeTree(parent))
    if !isLayerBacked { #expect(parent.view?.subviews.map { $0 === replacement.view } == [false, true, false]) }
  }

  @Test(
    "removeFromSupernode clears the supernode at once and the superview or superlayer at the next turn (Texture: testRemoveFromViewBackedLoadedSupernode, …Layer, …LayerBackedFromViewBacked, changed)",
    .tags(.texturePort), arguments: [(false, false), (true, true), (false, true)])
  @MainActor
  func removeFromLoadedSupernode(parentIsLayerBacked: Bool, childIsLayerBacked: Bool) async throws {
    let parent = BasicNode(isLayerBacked: parentIsLayerBacked)
    let child = BasicNode(isLayerBacked: childIsLayerBacked)
    try await parent.addSubnode(child)
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    #expect(child.layer?.superlayer === parent.layer)
    await child.removeFromSupernode()
    #expect(await child.supernode == nil)
    #expect(await parent.subnodes.isEmpty)
    await window.flush()
    #expect(child.layer?.superlayer == nil)
    #expect(child.view?.superview == nil)
    #expect(child.isNodeLoaded, "a removed node keeps its view")
    await child.removeFromSupernode()
  }

  @Test("addSubnodes(_:) adds in order in one step, or adds nothing")
  @MainActor
  func addSubnodesIsAllOrNothing() async throws {
    let parent = BasicNode(debugName: "parent")
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    try await parent.addSubnodes([a, b])
    #expect(await subnodeNames(of: parent) == ["a", "b"])
    let child = BasicNode(debugName: "child")
    try await a.addSubnode(child)
    let c = BasicNode(debugName: "c")
    await #expect(throws: HierarchyError.wouldCreateCycle) { try await child.addSubnodes([c, parent]) }
    #expect(await child.subnodes.isEmpty, "the valid node before the bad one was not added either")
    #expect(await c.supernode == nil)
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    try await parent.addSubnodes([c, child])
    #expect(await subnodeNames(of: parent) == ["a", "b", "c", "child"])
    await window.flush()
    #expect(c.isInHierarchy && child.isInHierarchy)
    #expect(await viewTreeMatchesNodeTree(parent))
  }

  @Test("Adding a node that has a supernode moves it")
  @MainActor
  func addingMoves() async throws {
    let first = BasicNode(debugName: "first")
    let second = BasicNode(debugName: "second")
    let child = BasicNode(debugName: "child")
    let root = try await makeTree(BasicNode(), [first, second])
    try await first.addSubnode(child)
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    try await second.addSubnode(child)
    #expect(await first.subnodes.isEmpty)
    #expect(await subnodeNames(of: second) == ["child"])
    await window.flush()
    #expect(child.view?.superview === second.view)
    #expect(first.view?.subviews.isEmpty == true)
  }

  @Test("Adding a node that is already a subnode changes nothing: not its order, nor its view's (Texture's addSubnode)")
  @MainActor
  func addingAnExistingSubnodeChangesNothing() async throws {
    let (a, b, c) = (BasicNode(debugName: "a"), BasicNode(debugName: "b"), BasicNode(debugName: "c"))
    let root = try await makeTree(BasicNode(), [a, b, c])
    try await root.addSubnode(a)
    try await root.addSubnodes([b, a])
    #expect(await subnodeNames(of: root) == ["a", "b", "c"])
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    try await root.addSubnode(b)
    await window.flush()
    #expect(await subnodeNames(of: root) == ["a", "b", "c"])
    #expect(root.view?.subviews.map { $0 === a.view } == [true, false, false])
    #expect(root.view?.subviews.last === c.view)
    try await root.insertSubnode(a, at: 2)
    #expect(await subnodeNames(of: root) == ["b", "c", "a"], "inserting at an index still moves it")
  }

  @Test("A view-backed node cannot be a subnode of a layer-backed one, either way round")
  func viewUnderLayerIsRefused() async throws {
    let layerParent = BasicNode(isLayerBacked: true)
    let viewChild = BasicNode()
    await #expect(throws: HierarchyError.viewBackedSubnodeOfLayerBackedNode) {
      try await layerParent.addSubnode(viewChild)
    }
    let layerChild = BasicNode(isLayerBacked: true)
    try await layerParent.addSubnode(layerChild)
    await #expect(throws: HierarchyError.viewBackedSubnodeOfLayerBackedNode) {
      try await layerChild.setLayerBacked(false)
    }
    let viewParent = BasicNode()
    try await viewParent.addSubnode(BasicNode(isLayerBacked: true))
    try await viewParent.addSubnode(viewChild)
    await #expect(throws: HierarchyError.viewBackedSubnodeOfLayerBackedNode) {
      try await viewParent.setLayerBacked(true)
    }
    #expect(await viewParent.subnodes.count == 2)
    #expect(await !viewParent.isLayerBacked)
  }

  @Test("A window's root cannot become a subnode; a subnode cannot become a window's root")
  @MainActor
  func windowRootRules() async throws {
    let root = BasicNode()
    let other = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    await #expect(throws: HierarchyError.nodeIsWindowRoot) { try await other.addSubnode(root) }
    await #expect(throws: HierarchyError.windowHasRoot) { try await window.attach(other) }
    let child = BasicNode()
    try await other.addSubnode(child)
    await #expect(throws: HierarchyError.rootHasSupernode) { try await Window().attach(child) }
    await #expect(throws: HierarchyError.nodeIsWindowRoot) { try await Window().attach(root) }
    await window.detach()
    try await other.addSubnode(root)
    #expect(await root.supernode === other)
  }

  @Test(
    "A parent holds its subnodes strongly and a subnode holds its parent weakly (Texture: testReferenceCounting, testAddingSubnodeDoesNotCreateRetainCycle)",
    .tags(.texturePort))
  func referenceCounting() async throws {
    let lifetime = LifetimeCounter()
    weak var weakChild: RecordingNode?
    var parent: RecordingNode? = RecordingNode("parent", lifetime: lifetime)
    do {
      let child = RecordingNode("child", lifetime: lifetime)
      weakChild = child
      try await parent!.addSubnode(child)
    }
    #expect(weakChild != nil, "the parent keeps its subnode alive")
    #expect(await weakChild?.supernode === parent)
    parent = nil
    #expect(lifetime.count == 2)
    #expect(weakChild == nil)
  }
}
