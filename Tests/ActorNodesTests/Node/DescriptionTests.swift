import ActorNodes
import Testing

/// A node that describes itself with its own state.
actor TitledNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  var title: String

  init(title: String) { self.title = title }

  var descriptionForRecursiveDescription: String { "\(defaultDescription) title=\(title)" }

  func retitle(_ title: String) { self.title = title }
}

@Suite("Describing a tree", .timeLimit(.minutes(5)))
struct DescriptionTests {
  @Test("recursiveDescription() lists the subtree in pre-order, indented per level")
  func recursiveDescription() async throws {
    let root = BasicNode(debugName: "root")
    let a = BasicNode(debugName: "a")
    let b = BasicNode()
    try await a.addSubnode(b)
    try await root.addSubnode(a)
    try await root.addSubnode(BasicNode(debugName: "c"))
    let lines = await root.recursiveDescription().split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(lines[0] == "<BasicNode #\(root.nodeCore.id) 'root'>")
    #expect(lines[1] == "| <BasicNode #\(a.nodeCore.id) 'a'>")
    #expect(lines[2] == "| | <BasicNode #\(b.nodeCore.id)>")
    #expect(lines[3].hasPrefix("| <BasicNode #") && lines[3].hasSuffix(" 'c'>"))
  }

  @Test("descriptionForRecursiveDescription lets a node describe its own state (Texture's hook)")
  func customDescription() async throws {
    let root = BasicNode(debugName: "root")
    let titled = TitledNode(title: "Kittens")
    try await root.addSubnode(titled)
    await titled.setDebugName("headline")
    #expect(await root.recursiveDescription().hasSuffix("<TitledNode #\(titled.nodeCore.id) 'headline'> title=Kittens"))
    await titled.retitle("Puppies")
    #expect(await titled.recursiveDescription().hasSuffix("title=Puppies"))
    #expect(await titled.debugName == "headline")
  }

  @Test(
    "The debug name is in a node's description once set, before and after load, and not before (Texture: testNameInDescriptionLayer, testNameInDescriptionView)",
    .tags(.texturePort), arguments: [false, true])
  @MainActor
  func debugNameInDescription(isLayerBacked: Bool) async throws {
    let node = BasicNode(isLayerBacked: isLayerBacked)
    #expect(!(await node.recursiveDescription()).contains("debugName"))
    #expect(!(await node.recursiveDescription()).contains("'"), "no name shown before one is set")
    await node.setDebugName("big troll eater name")
    #expect(await node.recursiveDescription().contains("big troll eater name"))
    try await Window(turnMode: .manual).attach(node)
    #expect(await node.recursiveDescription().contains("big troll eater name"))
  }

  @Test(
    "A recursive description names every subnode, layer-backed or view-backed (Texture: testDebugDescription)",
    .tags(.texturePort))
  @MainActor
  func descriptionWithMixedBacking() async throws {
    let parent = BasicNode()
    let a = BasicNode(isLayerBacked: true)
    let b = BasicNode(isLayerBacked: true)
    let c = BasicNode()
    await b.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 123) }
    try await parent.addSubnodes([a, b, c])
    for loaded in [false, true] {
      if loaded { try await Window(turnMode: .manual).attach(parent) }
      let description = await parent.recursiveDescription()
      for node in [a, b, c] { #expect(description.contains("#\(node.nodeCore.id)>"), "loaded: \(loaded)") }
    }
    // Texture also looks for the nodes in the view's recursive description and in each layer's own.
    let viewDescription = try #require(parent.view).recursiveDescription()
    for node in [a, b, c] { #expect(viewDescription.contains("#\(node.nodeCore.id)>")) }
    for node in [a, b] {
      let layerDescription = try #require(node.layer).recursiveDescription()
      #expect(layerDescription.hasPrefix("Layer <BasicNode #\(node.nodeCore.id)>"))
    }
  }
}
