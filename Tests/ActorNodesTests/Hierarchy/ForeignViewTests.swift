import ActorNodes
import Testing

/// The names of a parent's sublayers: a node's debug name, or the name the test gave a foreign layer.
@MainActor
private func order(of layer: Layer?, names: [ObjectIdentifier: String]) -> String {
  (layer?.sublayers ?? []).map { names[ObjectIdentifier($0)] ?? "?" }.joined(separator: ",")
}

/// Views and layers that no node owns keep their place among a node's subviews; subnodes go where Texture puts them.
@Suite("Views and layers no node owns keep their place", .timeLimit(.minutes(5)))
struct ForeignViewTests {
  /// A loaded parent in a manual window with subnodes `a, b`, and the names of every layer for ``order(of:names:)``.
  @MainActor
  private func makeParent() async throws -> (
    window: Window, parent: BasicNode, a: BasicNode, b: BasicNode, names: Names
  ) {
    let window = Window(turnMode: .manual)
    let parent = BasicNode(debugName: "parent")
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    try await window.attach(parent)
    try await parent.addSubnodes([a, b])
    await window.flush()
    let names = Names()
    names.add(a, "a")
    names.add(b, "b")
    return (window, parent, a, b, names)
  }

  @Test(
    "A subnode inserted below another goes right below its layer, past foreign views and layers (Texture: testInsertSubviewAtIndexWithMeddlingViewsAndLayersViewBacked, changed)",
    .tags(.texturePort))
  @MainActor
  func meddlingViewsAndLayers() async throws {
    let (window, parent, a, b, names) = try await makeParent()
    let parentView = try #require(parent.view)
    #expect(order(of: parent.layer, names: names.all) == "a,b")
    let d = View()
    names.add(d.layer, "d")
    parentView.insertSubview(d, at: 1)  // above a's view
    #expect(order(of: parent.layer, names: names.all) == "a,d,b")
    let e = Layer()
    names.add(e, "e")
    try #require(parent.layer).insertSublayer(e, at: 1)  // above a's layer
    #expect(order(of: parent.layer, names: names.all) == "a,e,d,b")
    let c = BasicNode(debugName: "c")
    try await parent.insertSubnode(c, below: b)
    await window.flush()
    names.add(c, "c")
    #expect(order(of: parent.layer, names: names.all) == "a,e,d,c,b")
    #expect(await parent.subnodes.count == 3, "changed: a foreign view is not adopted as a subnode")
    #expect(parentView.subviews.count == 4)
    #expect(parent.layer?.sublayers.count == 5)
    #expect(parentView.subviews.map { names.all[ObjectIdentifier($0.layer)] ?? "?" } == ["a", "d", "c", "b"])
    e.removeFromSuperlayer()
    #expect(parent.layer?.sublayers.count == 4)
    _ = a
  }

  @Test(
    "A foreign view keeps its place when a subnode is inserted below another (Texture: testInsertSubviewAtIndexWithMeddlingView, changed)",
    .tags(.texturePort))
  @MainActor
  func meddlingView() async throws {
    let (window, parent, _, b, names) = try await makeParent()
    let d = View()
    names.add(d.layer, "d")
    try #require(parent.view).insertSubview(d, at: 1)
    #expect(order(of: parent.layer, names: names.all) == "a,d,b")
    let c = BasicNode(debugName: "c")
    try await parent.insertSubnode(c, below: b)
    await window.flush()
    names.add(c, "c")
    #expect(order(of: parent.layer, names: names.all) == "a,d,c,b")
    #expect(await parent.subnodes.count == 3, "changed: a foreign view is not adopted as a subnode")
    #expect(parent.view?.subviews.count == 4)
    #expect(parent.layer?.sublayers.count == 4)
  }

  @Test("Each kind of insertion puts the subnode where Texture puts it among foreign views")
  @MainActor
  func placements() async throws {
    let (window, parent, a, b, names) = try await makeParent()
    let d = View()
    names.add(d.layer, "d")
    try #require(parent.view).insertSubview(d, at: 1)  // a,d,b
    let top = BasicNode(debugName: "top")
    try await parent.addSubnode(top)  // addSubnode: above every sublayer
    await window.flush()
    names.add(top, "top")
    #expect(order(of: parent.layer, names: names.all) == "a,d,b,top")
    let bottom = BasicNode(debugName: "bottom")
    try await parent.insertSubnode(bottom, at: 0)  // index 0: below every sublayer
    await window.flush()
    names.add(bottom, "bottom")
    #expect(order(of: parent.layer, names: names.all) == "bottom,a,d,b,top")
    let above = BasicNode(debugName: "above")
    try await parent.insertSubnode(above, above: a)  // right above a's layer, below d
    await window.flush()
    names.add(above, "above")
    #expect(order(of: parent.layer, names: names.all) == "bottom,a,above,d,b,top")
    let replacement = BasicNode(debugName: "replacement")
    try await parent.replaceSubnode(b, with: replacement)  // where b was
    await window.flush()
    names.add(replacement, "replacement")
    #expect(order(of: parent.layer, names: names.all) == "bottom,a,above,d,replacement,top")
    try await parent.insertSubnode(top, at: 0)  // a move to index 0: below everything
    await window.flush()
    #expect(order(of: parent.layer, names: names.all) == "top,bottom,a,above,d,replacement")
    #expect(await subnodeNames(of: parent) == ["top", "bottom", "a", "above", "replacement"])
  }

  @Test("A factory-made view's own subviews stay below the subnodes' views, as at a Texture load")
  @MainActor
  func factoryViewSubviews() async throws {
    let own = MainActorCounter()
    let parent = BasicNode(makeView: {
      let view = View()
      view.addSubview(View())
      own.count = 1
      return view
    })
    let child = BasicNode(debugName: "child")
    try await parent.addSubnode(child)
    try await Window(turnMode: .manual).attach(parent)
    #expect(own.count == 1)
    #expect(parent.view?.subviews.count == 2)
    #expect(parent.view?.subviews.last === child.view)
  }
}

/// Names for layers, by identity.
@MainActor
private final class Names {
  private(set) var all: [ObjectIdentifier: String] = [:]

  func add(_ layer: Layer, _ name: String) { all[ObjectIdentifier(layer)] = name }

  func add(_ node: BasicNode, _ name: String) {
    if let layer = node.layer { add(layer, name) }
  }
}
