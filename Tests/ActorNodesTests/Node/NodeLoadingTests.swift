import Testing

@testable import ActorNodes

@Suite("Creating and loading nodes", .timeLimit(.minutes(5)))
struct NodeLoadingTests {
  @Test(
    "A node created off the main actor loads on it (Texture: testViewCreatedOffThreadCanBeRealizedOnThread)",
    .tags(.texturePort))
  @MainActor
  func createdOffMainLoadsOnMain() async throws {
    let node = await Task.detached { BasicNode(debugName: "made off main") }.value
    #expect(!node.isNodeLoaded)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    #expect(node.isNodeLoaded)
    #expect(node.view != nil)
    #expect(node.view?.superview === window.view)
  }

  @Test("loadView() loads a subtree outside any window")
  func loadViewOutsideWindow() async throws {
    let log = EventLog()
    let parent = RecordingNode("parent", log: log)
    let child = RecordingNode("child", log: log)
    try await parent.addSubnode(child)
    await parent.loadView()
    let loaded = await MainActor.run { parent.isNodeLoaded && child.view?.superview === parent.view }
    #expect(loaded)
    #expect(await log.entries == ["child.didLoad", "parent.didLoad"])
    #expect(await !parent.isInHierarchy)
    await parent.loadView()
    #expect(await log.entries.count == 2, "a second loadView() must not load again")
  }

  @Test(
    "A factory node made off the main actor is synchronous and unloaded (Texture: testNodeCreatedOffThreadWithExistingView)",
    .tags(.texturePort))
  @MainActor
  func factoryNodeMadeOffMain() async throws {
    let view = View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
    let box = ViewBox()  // Texture's test makes the view first, on the main thread
    box.view = view
    let node = await Task.detached { BasicNode(makeView: { box.view ?? View() }) }.value
    #expect(await !node.isLayerBacked)
    #expect(node.isSynchronous)
    #expect(!node.isNodeLoaded)
    try await Window(turnMode: .manual).attach(node)
    #expect(node.view === view, "the node's view is the view the factory returned")
    #expect(node.view?.frame == Rect(x: 0, y: 0, width: 5, height: 5))
  }

  @Test(
    "A view factory runs once, on the main actor, only when the node loads (Texture: testNodeCreatedOffThreadWithLazyView)",
    .tags(.texturePort))
  @MainActor
  func factoryRunsOnceAtLoad() async throws {
    let calls = MainActorCounter()
    let made = ViewBox()
    let node = await Task.detached {
      BasicNode(makeView: {
        MainActor.assertIsolated("the view factory runs on the main actor")
        calls.count += 1
        let view = View()
        made.view = view
        return view
      })
    }.value
    #expect(node.isSynchronous)
    try await node.addSubnode(BasicNode())
    await node.configure { $0.alpha = 0.5 }
    #expect(calls.count == 0)
    #expect(made.view == nil, "the factory has not run")
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    #expect(calls.count == 1)
    #expect(made.view != nil && node.view === made.view, "the node's view is the one the factory made")
    await window.detach()
    try await window.attach(node)
    #expect(calls.count == 1, "the factory runs once per node, not once per attach")
    #expect(node.view?.alpha == 0.5)
  }

  @Test(
    "A factory-made node is synchronous; a layer factory makes it layer-backed (Texture: testThatIfViewClassIsOverwrittenItsSynchronous, testThatIfLayerClassIsOverwrittenItsSynchronous)",
    .tags(.texturePort))
  func factoryNodesAreSynchronous() async throws {
    let viewNode = BasicNode(makeView: { View() })
    let layerNode = BasicNode(makeLayer: { Layer() })
    let plain = BasicNode()
    #expect(viewNode.isSynchronous)
    #expect(layerNode.isSynchronous)
    #expect(!plain.isSynchronous)
    #expect(await layerNode.isLayerBacked)
    #expect(await !viewNode.isLayerBacked)
    await #expect(throws: HierarchyError.backingIsSetByFactory) { try await layerNode.setLayerBacked(false) }
  }

  @Test(
    "A loaded view or layer leads back to its node; a view or layer no node loaded leads to none (Texture: ASViewToDisplayNode, ASLayerToDisplayNode)"
  )
  @MainActor
  func viewAndLayerLeadBackToTheirNode() async throws {
    let window = Window(turnMode: .manual)
    let root = BasicNode(debugName: "root")
    let layerBacked = BasicNode(debugName: "layer", isLayerBacked: true)
    let factory = BasicNode(debugName: "factory", makeView: { View() })
    try await root.addSubnodes([layerBacked, factory])
    try await window.attach(root)
    let rootView = try #require(root.view)
    #expect(rootView.node === root && rootView.layer.node === root)
    #expect(try #require(layerBacked.layer).node === layerBacked)
    #expect(try #require(factory.view).node === factory)
    #expect(window.view.node == nil)
    let mine = View()
    #expect(mine.node == nil && mine.layer.node == nil)
  }

  @Test(
    "Every node supports layer backing but a factory node, whose backing its factory sets (Texture: supportsLayerBacking, as SocialAppLayout's PostNode uses it)"
  )
  func supportsLayerBackingUnlessAFactoryMakesItsView() async throws {
    let cell = BasicNode(debugName: "cell", isLayerBacked: true)
    let text = TextNode(debugName: "text")
    let image = ImageNode(debugName: "image")
    let viewFactory = BasicNode(debugName: "view factory", makeView: { View() })
    let layerFactory = BasicNode(debugName: "layer factory", makeLayer: { Layer() })
    #expect(BasicNode().supportsLayerBacking && text.supportsLayerBacking && image.supportsLayerBacking)
    #expect(!viewFactory.supportsLayerBacking && !layerFactory.supportsLayerBacking)
    // PostNode's loop: each subnode that supports it becomes layer-backed, and only those.
    let holder = BasicNode(debugName: "holder")
    try await holder.addSubnodes([text, image, viewFactory, layerFactory])
    for subnode in await holder.subnodes where subnode.supportsLayerBacking {
      try await subnode.setLayerBacked(true)
    }
    #expect(await text.isLayerBacked)
    #expect(await image.isLayerBacked)
    #expect(await !viewFactory.isLayerBacked)
    try await cell.addSubnodes([text, image])  // a layer-backed cell can host them now
  }

  @Test(
    "A new node is not loaded and has the requested backing (Texture: testInitWithViewClass, testInitWithLayerClass)",
    .tags(.texturePort))
  @MainActor
  func newNodesAreUnloaded() async {
    let viewBacked = BasicNode()
    let layerBacked = BasicNode(isLayerBacked: true)
    #expect(!viewBacked.isNodeLoaded && !layerBacked.isNodeLoaded)
    #expect(viewBacked.view == nil && layerBacked.layer == nil)
    #expect(await !viewBacked.isLayerBacked)
    #expect(await layerBacked.isLayerBacked)
  }

  @Test(
    "Default property values are Texture's and the same before and after load (Texture: testDefaultPropertyValuesView, testDefaultPropertyValuesLayer, changed)",
    .tags(.texturePort), arguments: [false, true])
  @MainActor
  func defaultsMatchAcrossLoad(isLayerBacked: Bool) async throws {
    let node = BasicNode()
    #expect(await !node.isLayerBacked, "a new node is view-backed")
    try await node.setLayerBacked(isLayerBacked)
    #expect(await node.isLayerBacked == isLayerBacked)
    #expect(await node.debugName == nil)
    for loaded in [false, true] {
      if loaded { try await Window(turnMode: .manual).attach(node) }
      #expect(node.isNodeLoaded == loaded)
      let values = await node.viewProperties()
      #expect(values.contents == nil)
      #expect(!values.clipsToBounds)
      #expect(values.isOpaque)
      #expect(!values.isHidden)
      #expect(values.alpha == 1)
      #expect(values.bounds == .zero && values.frame == .zero && values.position == .zero)
      #expect(values.backgroundColor == nil)
      #expect(values.shadowOpacity == 0)
      #expect(values.shadowOffset == Size(width: 0, height: -3))
      #expect(values.shadowRadius == 3)
      #expect(values.borderWidth == 0)
      // Changed: no screen scale (Texture: 2 after a layer-backed load on a 2x screen) and no window
      // tint (Texture: a loaded view in no superview reports the system tint).
      #expect(values.contentsScale == 1)
      #expect(values.tintColor == nil)
      // A layer-backed node takes no touches, before and after load, whatever its record says.
      #expect(values.isUserInteractionEnabled == !isLayerBacked)
      var expected = ViewProperties()
      expected.isUserInteractionEnabled = !isLayerBacked
      #expect(values == expected)
    }
    if isLayerBacked {
      #expect(node.view == nil && node.layer != nil)
    } else {
      #expect(node.view?.layer === node.layer)
    }
  }

  @Test(
    "A factory node's frame and alpha set before load read back from the loaded view (Texture: testInitWithViewClass, testInitWithLayerClass)",
    .tags(.texturePort), arguments: [false, true])
  @MainActor
  func factoryNodeReadsBackFrameAndAlpha(layerFactory: Bool) async throws {
    let node = layerFactory ? BasicNode(makeLayer: { Layer() }) : BasicNode(makeView: { View() })
    #expect(await node.isLayerBacked == layerFactory)
    #expect(!node.isNodeLoaded)
    await node.configure {
      $0.frame = Rect(x: 12, y: 52, width: 100, height: 53)
      $0.alpha = 0.5
    }
    try await Window(turnMode: .manual).attach(node)
    #expect((layerFactory ? node.view == nil : node.view != nil))
    #expect(node.layer?.frame == Rect(x: 12, y: 52, width: 100, height: 53))
    #expect(node.layer?.opacity == 0.5)
    let read = await node.viewProperties()
    #expect(read.frame == Rect(x: 12, y: 52, width: 100, height: 53))
    #expect(read.alpha == 0.5)
  }

  @Test(
    "didLoad runs once per node, subnodes first, then onDidLoad blocks in order (Texture: testThatOnDidLoadWorks)",
    .tags(.texturePort))
  @MainActor
  func didLoadOrder() async throws {
    let log = EventLog()
    let (root, _, a1, _) = try await makeRecordingTree(log: log)
    for index in 1...3 {
      await root.onDidLoad { context in
        MainActor.assertIsolated()
        log.record("root.block\(index)(\(context.view != nil))")
      }
    }
    await a1.onDidLoad { _ in log.record("a1.block") }
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    let loads = log.entries.filter { !$0.contains("Enter") }
    // Texture's order: a node loads its subnodes' views in order, each subtree first, then runs its own
    // `didLoad` (`-[ASDisplayNode _addSubnodeViewsAndLayers]` before `_didLoad`): true post-order.
    #expect(
      loads == [
        "a1.didLoad", "a1.block", "a.didLoad", "b.didLoad",
        "root.didLoad", "root.block1(true)", "root.block2(true)", "root.block3(true)",
      ])
    await window.detach()
    try await window.attach(root)
    #expect(log.entries.filter { $0.contains("didLoad") }.count == 4, "didLoad runs exactly once per node")
  }

  @Test(
    "onDidLoad on a loaded node, from off the main actor, runs in the next turn (Texture: testThatOnDidLoadThrowsIfCalledOnLoadedOffMain, changed)",
    .tags(.texturePort))
  @MainActor
  func onDidLoadAfterLoad() async throws {
    let log = EventLog()
    let node = RecordingNode("node", log: log)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await Task.detached {
      await node.onDidLoad { _ in log.record("late1") }
      await node.onDidLoad { _ in log.record("late2") }
    }.value
    #expect(log.entries(containing: "late").isEmpty)
    await window.flush()
    #expect(log.entries(containing: "late") == ["late1", "late2"])
  }

  @Test(
    "A subnode added before load gets exactly one subview at load (Texture: testSubnodeAddedBeforeLoadingExternalView)",
    .tags(.texturePort))
  @MainActor
  func subnodeAddedBeforeLoad() async throws {
    let parent = BasicNode(makeView: { View() })
    let child = BasicNode()
    try await Task.detached { try await parent.addSubnode(child) }.value
    #expect(await parent.subnodes.count == 1)
    #expect(await child.supernode === parent)
    #expect(parent.view == nil)
    try await Window(turnMode: .manual).attach(parent)
    #expect(parent.view?.subviews.count == 1)
    #expect(parent.view?.subviews.first === child.view)
  }

  @Test(
    "A subnode added after load appears at the next turn (Texture: testSubnodeAddedAfterLoadingExternalView, changed)",
    .tags(.texturePort))
  @MainActor
  func subnodeAddedAfterLoad() async throws {
    let parent = BasicNode(makeView: { View() })
    let child = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    try await parent.addSubnode(child)
    #expect(await parent.subnodes.count == 1)
    #expect(await child.supernode === parent)
    #expect(parent.view?.subviews.isEmpty == true)
    #expect(!child.isNodeLoaded)
    await window.flush()
    #expect(parent.view?.subviews.count == 1)
    #expect(child.view?.superview === parent.view)
  }

  @Test("Layer backing cannot change after load (Texture: layerBacked setter after load)", .tags(.texturePort))
  @MainActor
  func layerBackingIsFixedAfterLoad() async throws {
    let node = BasicNode()
    try await node.setLayerBacked(true)
    try await node.setLayerBacked(false)
    try await Window(turnMode: .manual).attach(node)
    await #expect(throws: HierarchyError.nodeIsLoaded) { try await node.setLayerBacked(true) }
    #expect(await !node.isLayerBacked)
    #expect(node.view != nil)
  }
}

/// The view a factory made, read back on the main actor.
@MainActor
private final class ViewBox: Sendable {
  var view: View?
  nonisolated init() {}
}
