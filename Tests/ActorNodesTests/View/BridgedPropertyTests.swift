import Testing

@testable import ActorNodes

@Suite("Bridged view properties", .timeLimit(.minutes(5)))
struct BridgedPropertyTests {
  @Test(
    "Every bridged property: set before load, after load on the main actor, after load off it (Texture: testSimpleUIViewBridgePropertiesSetOffThreadPropagate, testSimpleCALayerBridgePropertiesSetOffThreadPropagate)",
    .tags(.texturePort),
    arguments: ViewProperty.allCases, [false, true])
  @MainActor
  func everyProperty(_ property: ViewProperty, isLayerBacked: Bool) async throws {
    let sample = property.sample
    let defaults = ViewProperties()
    let window = Window(turnMode: .manual)
    let root = BasicNode(isLayerBacked: isLayerBacked)

    // Set before load, off the main actor: pending, then copied onto the view at load.
    let early = BasicNode(isLayerBacked: isLayerBacked)
    await Task.detached { await early.configure { $0.write(property, from: sample) } }.value
    #expect(property.matches(await early.viewProperties(), sample), "pending value reads back before load")
    try await root.addSubnode(early)
    try await window.attach(root)
    #expect(early.isNodeLoaded)
    #expect(property.matches(await early.viewProperties(), sample), "pending value is on the loaded view")

    guard property.isLayerProperty || !isLayerBacked else { return }  // A bare layer has no view-only properties.

    // Set after load on the main actor: straight to the view, nothing queued.
    let onMain = BasicNode(isLayerBacked: isLayerBacked)
    try await root.addSubnode(onMain)
    await window.flush()
    let operationsBefore = window.statistics.operations
    property.set(from: sample, on: try #require(onMain.layer), view: onMain.view)
    #expect(property.matches(await onMain.viewProperties(), sample))
    await window.flush()
    #expect(window.statistics.operations == operationsBefore, "a main-actor write queues nothing")

    // Set after load off the main actor: queued, invisible until the turn, then applied.
    let late = BasicNode(isLayerBacked: isLayerBacked)
    try await root.addSubnode(late)
    await window.flush()
    await Task.detached { await late.configure { $0.write(property, from: sample) } }.value
    #expect(property.matches(await late.viewProperties(), defaults), "an off-main write waits for the turn")
    await window.flush()
    #expect(property.matches(await late.viewProperties(), sample), "the turn applies it")
  }

  @Test(
    "Every bridged property written at once off the main actor reads back before load and after it (Texture: testSimpleUIViewBridgePropertiesSetOffThreadPropagate, testSimpleCALayerBridgePropertiesSetOffThreadPropagate)",
    .tags(.texturePort), arguments: [false, true])
  @MainActor
  func everyPropertyAtOnce(isLayerBacked: Bool) async throws {
    // Texture sets them all on one node in one block, then reads them before and after load.
    var written = ViewProperties()
    for property in ViewProperty.allCases {
      written = ViewProperties.copying(property, from: property.sample, into: written)
    }
    let values = written
    let node = await Task.detached {
      let node = BasicNode(isLayerBacked: isLayerBacked)
      await node.configure { changes in
        for property in ViewProperty.allCases { changes.write(property, from: values) }
      }
      return node
    }.value
    var expected = values
    expected.isUserInteractionEnabled = false  // the sample; a layer-backed node reports false anyway
    #expect(await node.viewProperties() == expected, "before load")
    await node.loadView()
    let layer = try #require(node.layer)
    #expect(await node.viewProperties() == expected, "after load")
    #expect(layer.bounds == values.bounds && layer.position == values.position && layer.opacity == values.alpha)
    #expect(layer.isHidden && !layer.isOpaque && layer.masksToBounds && layer.needsDisplayOnBoundsChange)
    #expect(isLayerBacked || node.view?.tintColor == values.tintColor)
    // Texture's last check: a value changed on the loaded view or layer is what the node reads.
    if let view = node.view { view.isHidden = false } else { layer.isHidden = false }
    #expect(await !node.viewProperties().isHidden)
  }

  @Test(
    "Pending properties are applied to a factory-made view; unwritten ones keep the factory's values (Texture: testPropertiesSetOffThreadBeforeLoadingExternalView, …ExternalLayer)",
    .tags(.texturePort), arguments: [false, true])
  @MainActor
  func pendingOnFactoryView(layerFactory: Bool) async throws {
    let node =
      layerFactory
      ? BasicNode(makeLayer: {
        let layer = Layer()
        layer.cornerRadius = 7
        return layer
      })
      : BasicNode(makeView: {
        let view = View()
        view.layer.cornerRadius = 7
        view.isUserInteractionEnabled = false
        return view
      })
    await Task.detached {
      await node.configure {
        $0.backgroundColor = .red
        $0.frame = Rect(x: 10, y: 20, width: 30, height: 40)
        if !layerFactory {  // Texture's view case also writes these
          $0.tintColor = .green
          $0.isUserInteractionEnabled = true
        }
      }
    }.value
    try await Window(turnMode: .manual).attach(node)
    let layer = try #require(node.layer)
    #expect(layer.backgroundColor == .red)
    #expect(layer.frame == Rect(x: 10, y: 20, width: 30, height: 40))
    #expect(layer.cornerRadius == 7, "a property nobody wrote keeps the factory's value")
    if let view = node.view {
      #expect(view.tintColor == .green)
      #expect(view.isUserInteractionEnabled, "the write wins over the factory's value")
    }
  }

  @Test(
    "A frame written before load is split against a factory-made view's own anchor point and bounds origin, as after load (Texture: a synchronous node's pending frame)",
    arguments: [false, true])
  @MainActor
  func pendingFrameOnFactoryView(boundsFirst: Bool) async throws {
    let node = BasicNode(debugName: "factory") {
      let view = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
      view.layer.anchorPoint = Point(x: 0, y: 0)
      view.bounds = Rect(x: 5, y: 5, width: 20, height: 20)
      return view
    }
    if boundsFirst { await node.configure { $0.bounds = Rect(x: 2, y: 3, width: 1, height: 1) } }
    await node.configure { $0.frame = Rect(x: 10, y: 10, width: 100, height: 50) }
    try await Window(turnMode: .manual).attach(node)
    let view = try #require(node.view)
    #expect(view.frame == Rect(x: 10, y: 10, width: 100, height: 50))
    #expect(view.bounds.origin == (boundsFirst ? Point(x: 2, y: 3) : Point(x: 5, y: 5)))
    #expect(view.layer.anchorPoint == Point(x: 0, y: 0), "an anchor point nobody wrote keeps the factory's value")
    #expect(await node.viewProperties().frame == Rect(x: 10, y: 10, width: 100, height: 50))
  }

  @Test(
    "A frame written before load stays a factory-made view's frame whatever is written after it: an anchor point, bounds, a position (Texture sets a synchronous node's pending frame last; adversarial round 26)",
    arguments: [false, true])
  @MainActor
  func pendingFrameIsSetLastOnFactoryView(inOneWrite: Bool) async throws {
    let frame = Rect(x: 10, y: 20, width: 30, height: 40)
    let writes: [@Sendable (inout ViewPropertyChanges) -> Void] = [
      { $0.frame = frame },
      { $0.anchorPoint = .zero },
      { $0.bounds = Rect(x: 2, y: 3, width: 5, height: 6) },
      { $0.position = Point(x: 7, y: 8) },
    ]
    // Each write alone after the frame, then all of them.
    for last in [1..<2, 2..<3, 3..<4, 1..<4] {
      let node = BasicNode(makeView: { View() })
      if inOneWrite {
        await node.configure { changes in
          for write in [writes[0]] + writes[last] { write(&changes) }
        }
      } else {
        for write in [writes[0]] + writes[last] { await node.configure(write) }
      }
      await node.loadView()
      let view = try #require(node.view)
      // _ASPendingState's applyToView: the anchor point, position and bounds first, `view.frame = frame` last.
      #expect(view.frame == frame, "frame, then \(last)")
      #expect(view.layer.anchorPoint == (last.contains(1) ? .zero : Point(x: 0.5, y: 0.5)))
      #expect(view.bounds.origin == (last.contains(2) ? Point(x: 2, y: 3) : .zero), "the bounds origin written stays")
    }
  }

  @Test(
    "After load, main-actor writes go straight to a factory-made view or layer (Texture: testPropertiesSetOnThreadAfterLoadingExternalView, …ExternalLayer)",
    .tags(.texturePort), arguments: [false, true])
  @MainActor
  func mainWritesReachFactoryView(layerFactory: Bool) async throws {
    let node = layerFactory ? BasicNode(makeLayer: { Layer() }) : BasicNode(makeView: { View() })
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    let layer = try #require(node.layer)
    let operations = window.statistics.operations
    await node.configure { $0.backgroundColor = .green }
    #expect(layer.backgroundColor == .green, "a main-actor write through the node reaches the view at once")
    if let nodeView = node.view {
      nodeView.isUserInteractionEnabled = false
      await node.configure {
        $0.tintColor = .red
        $0.isUserInteractionEnabled = true
      }
      #expect(nodeView.tintColor == .red && nodeView.isUserInteractionEnabled)
    }
    await window.flush()
    #expect(window.statistics.operations == operations, "nothing was queued")
    // A new size also reaches the view at once; it lays the node out again, which a later turn applies.
    await node.configure { $0.frame = Rect(x: 1, y: 2, width: 3, height: 4) }
    #expect(layer.frame == Rect(x: 1, y: 2, width: 3, height: 4))
    let read = await node.viewProperties()
    #expect(read.backgroundColor == .green)
    #expect(read.frame == Rect(x: 1, y: 2, width: 3, height: 4))
  }

  @Test("frame, bounds and position stay consistent before and after load (Texture: testBounds)", .tags(.texturePort))
  @MainActor
  func boundsAndFrame() async throws {
    // Texture's testBounds: a frame write keeps the bounds' origin and takes the frame's size.
    let kept = BasicNode()
    await kept.configure { $0.bounds = Rect(x: 1, y: 2, width: 3, height: 4) }
    await kept.configure { $0.frame = Rect(x: 5, y: 6, width: 7, height: 8) }
    #expect(await kept.viewProperties().bounds == Rect(x: 1, y: 2, width: 7, height: 8))
    try await Window(turnMode: .manual).attach(kept)
    #expect(kept.view?.bounds == Rect(x: 1, y: 2, width: 7, height: 8))
    #expect(await kept.viewProperties().bounds == Rect(x: 1, y: 2, width: 7, height: 8))

    let node = BasicNode()
    await node.configure { $0.frame = Rect(x: 10, y: 10, width: 100, height: 50) }
    let before = await node.viewProperties()
    #expect(before.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
    #expect(before.position == Point(x: 60, y: 35))
    try await Window(turnMode: .manual).attach(node)
    let view = try #require(node.view)
    #expect(view.frame == Rect(x: 10, y: 10, width: 100, height: 50))
    #expect(view.bounds == before.bounds)
    #expect(view.center == before.position)
  }

  @Test("A node with no tint color reads its supernode's, view- or layer-backed (UIKit's tintColor is inherited)")
  @MainActor
  func tintColorIsInherited() async throws {
    let parent = BasicNode()
    await parent.configure { $0.tintColor = .red }
    let child = BasicNode()
    let layerChild = BasicNode(isLayerBacked: true)
    let grandchild = BasicNode()
    try await child.addSubnode(grandchild)
    try await parent.addSubnodes([child, layerChild])
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    #expect(await child.viewProperties().tintColor == .red)
    #expect(await layerChild.viewProperties().tintColor == .red)
    #expect(await grandchild.viewProperties().tintColor == .red)
    await child.configure { $0.tintColor = .blue }
    #expect(await grandchild.viewProperties().tintColor == .blue, "the nearest tint wins")
    #expect(await parent.viewProperties().tintColor == .red)
    // Round 24: a layer-backed node's tint is its supernode's, layer-backed too, after load as before.
    let layerGrandchild = BasicNode(debugName: "layer grandchild", isLayerBacked: true)
    try await layerChild.addSubnode(layerGrandchild)
    await window.flush()
    #expect(layerGrandchild.layer != nil)
    #expect(await layerGrandchild.viewProperties().tintColor == .red)
    await layerChild.configure { $0.tintColor = .green }
    await window.flush()
    #expect(await layerGrandchild.viewProperties().tintColor == .green)
  }

  @Test(
    "A layer-backed node reports no user interaction, whatever was written (Texture: isUserInteractionEnabled, testDefaultPropertyValuesLayer)",
    .tags(.texturePort))
  @MainActor
  func layerBackedNodesTakeNoTouches() async throws {
    let node = BasicNode(isLayerBacked: true)
    await node.configure { $0.isUserInteractionEnabled = true }
    #expect(await !node.viewProperties().isUserInteractionEnabled, "before load")
    // The written value is kept: a node made view-backed before load shows it.
    try await node.setLayerBacked(false)
    #expect(await node.viewProperties().isUserInteractionEnabled)
    try await node.setLayerBacked(true)
    try await Window(turnMode: .manual).attach(node)
    #expect(await !node.viewProperties().isUserInteractionEnabled, "after load")
    await node.configure { $0.isUserInteractionEnabled = true }
    #expect(await !node.viewProperties().isUserInteractionEnabled, "after a write on the loaded layer")
  }

  @Test(
    "A frame written after load is split against the view's own anchor point and bounds origin (Texture: setFrame:)",
    .tags(.texturePort))
  @MainActor
  func frameAgainstTheViewsGeometry() async throws {
    let node = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    let layer = try #require(node.layer)
    // Main-actor code changes the view directly (as didLoad may): the node's record does not know.
    layer.anchorPoint = Point(x: 0, y: 0)
    layer.bounds.origin = Point(x: 0, y: 50)  // A scrolled view.
    let frame = Rect(x: 100, y: 100, width: 40, height: 20)
    await node.configure { $0.frame = frame }  // On the main actor: applied at once.
    #expect(layer.frame == frame)
    #expect(layer.bounds == Rect(x: 0, y: 50, width: 40, height: 20), "the view keeps its bounds origin")

    // Off the main actor, queued for the turn: the same.
    let moved = Rect(x: 0, y: 0, width: 30, height: 10)
    await Task.detached { await node.configure { $0.frame = moved } }.value
    await window.flush()
    #expect(layer.frame == moved)
    #expect(layer.bounds.origin == Point(x: 0, y: 50))

    // A write that sets the bounds and then the frame keeps the bounds origin it wrote.
    await Task.detached {
      await node.configure {
        $0.bounds = Rect(x: 5, y: 5, width: 1, height: 1)
        $0.frame = Rect(x: 0, y: 0, width: 8, height: 8)
      }
    }.value
    await window.flush()
    #expect(layer.bounds == Rect(x: 5, y: 5, width: 8, height: 8))
    #expect(layer.frame == Rect(x: 0, y: 0, width: 8, height: 8))
  }

  @Test("A layout pass's frames land where the layout puts them, whatever anchor point didLoad gave the view")
  @MainActor
  func layoutFramesAgainstTheViewsAnchorPoint() async throws {
    let leaf = PassNode("leaf", size: Size(width: 40, height: 20))
    await leaf.onDidLoad { context in context.layer.anchorPoint = Point(x: 0, y: 0) }
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(leaf)])) }
    try await root.addSubnode(leaf)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(leaf.layer?.frame == Rect(x: 0, y: 0, width: 40, height: 20))
    await leaf.setMethod { _ in .size(Size(width: 40, height: 30)) }
    try await window.layoutIfNeeded()
    #expect(leaf.layer?.frame == Rect(x: 0, y: 0, width: 40, height: 30))
    #expect(leaf.layer?.anchorPoint == Point(x: 0, y: 0))
  }

  @Test(
    "backgroundColor and isOpaque are independent, before and after load (Texture: testBackgroundColorOpaqueRelationship…)",
    .tags(.texturePort), arguments: [false, true])
  @MainActor
  func backgroundColorAndOpacity(isLayerBacked: Bool) async throws {
    // Texture's …NoView and …NoLayer: a clear background written before load.
    let unloaded = BasicNode(isLayerBacked: isLayerBacked)
    await unloaded.configure { $0.backgroundColor = .clear }
    #expect(await unloaded.viewProperties().isOpaque)
    await unloaded.loadView()
    #expect(unloaded.layer?.isOpaque == true)
    #expect(isLayerBacked || unloaded.view?.isOpaque == true)
    #expect(await unloaded.viewProperties().isOpaque)
    // …View and …Layer: written after load.
    let node = BasicNode(isLayerBacked: isLayerBacked)
    await node.configure { $0.backgroundColor = Color(white: 1, alpha: 0.5) }
    #expect(await node.viewProperties().isOpaque, "a translucent background does not clear isOpaque")
    try await Window(turnMode: .manual).attach(node)
    let layer = try #require(node.layer)
    #expect(layer.isOpaque)
    #expect(await node.viewProperties().isOpaque)
    await node.configure { $0.backgroundColor = .clear }  // through the node, on the main actor, as Texture writes it
    #expect(layer.backgroundColor == .clear)
    #expect(layer.isOpaque, "a clear background does not clear isOpaque (Texture differs from UIView here too)")
    #expect(await node.viewProperties().isOpaque)
    if !isLayerBacked { #expect(node.view?.isOpaque == true) }
  }

  @Test(
    "frame is derived from bounds, position and anchorPoint as a layer derives it, before and after load (Texture: testDeriveFrameFromBoundsPositionAnchorPoint)",
    .tags(.texturePort))
  @MainActor
  func frameFromBoundsPositionAnchor() async throws {
    let plain = Layer()
    plain.anchorPoint = Point(x: 0.25, y: 0.75)
    plain.position = Point(x: 10, y: 20)
    plain.bounds = Rect(x: 0, y: 0, width: 60, height: 80)
    let node = await Task.detached {
      let node = BasicNode()
      await node.configure {
        $0.anchorPoint = Point(x: 0.25, y: 0.75)
        $0.bounds = Rect(x: 0, y: 0, width: 60, height: 80)
        $0.position = Point(x: 10, y: 20)
      }
      return node
    }.value
    #expect(await node.viewProperties().frame == plain.frame)
    try await Window(turnMode: .manual).attach(node)
    #expect(node.view?.frame == plain.frame)
    #expect(plain.frame == Rect(x: -5, y: -40, width: 60, height: 80))
  }

  @Test(
    "Setting frame with a non-default anchorPoint sets bounds and position as a layer does, before and after load (Texture: testSetFrameSetsBoundsPosition)",
    .tags(.texturePort))
  @MainActor
  func frameSetsBoundsAndPosition() async throws {
    let plain = Layer()
    plain.anchorPoint = Point(x: 0.25, y: 0.75)
    plain.frame = Rect(x: 10, y: 20, width: 60, height: 80)
    let node = await Task.detached {
      let node = BasicNode()
      await node.configure {
        $0.anchorPoint = Point(x: 0.25, y: 0.75)
        $0.frame = Rect(x: 10, y: 20, width: 60, height: 80)
      }
      return node
    }.value
    let before = await node.viewProperties()
    #expect(before.position == plain.position && before.bounds == plain.bounds)
    try await Window(turnMode: .manual).attach(node)
    #expect(node.layer?.position == plain.position)
    #expect(node.layer?.bounds == plain.bounds)
  }

  @Test(
    "An off-main write to a loaded view is applied at the next turn (Texture: testThatSettingABridgedViewPropertyInBackgroundGetsFlushedOnNextRunLoop)",
    .tags(.texturePort))
  @MainActor
  func offMainViewWrite() async throws {
    let node = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await Task.detached { await node.configure { $0.alpha = 0 } }.value
    #expect(node.view?.alpha == 1)
    await window.flush()
    #expect(node.view?.alpha == 0)
  }

  @Test(
    "An off-main write of a layer property is applied at the next turn, view- or layer-backed (Texture: testThatSettingABridgedLayerPropertyInBackgroundGetsFlushedOnNextRunLoop)",
    .tags(.texturePort), arguments: [false, true])
  @MainActor
  func offMainLayerWrite(isLayerBacked: Bool) async throws {
    // Texture's node is view-backed: a layer property of a view's layer.
    let node = BasicNode(isLayerBacked: isLayerBacked)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    #expect(await node.viewProperties().shadowOpacity == 0)
    await Task.detached { await node.configure { $0.shadowOpacity = 1 } }.value
    #expect(node.layer?.shadowOpacity == 0)
    #expect(await node.viewProperties().shadowOpacity == 0, "the node reads the layer")
    await window.flush()
    #expect(node.layer?.shadowOpacity == 1)
    #expect(await node.viewProperties().shadowOpacity == 1)
  }

  @Test(
    "An off-main read after load hops to the main actor and sees the view (Texture: testThatReadingABridgedViewPropertyInBackgroundThrowsAnException, changed)",
    .tags(.texturePort))
  @MainActor
  func offMainReadAfterLoad() async throws {
    let node = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    node.view?.alpha = 0.75
    let read = await Task.detached { await node.viewProperties().alpha }.value
    #expect(read == 0.75)
    await Task.detached { await node.configure { $0.alpha = 0.5 } }.value
    #expect(
      await Task.detached { await node.viewProperties().alpha }.value == 0.75, "a queued write is not visible yet")
    await window.flush()
    #expect(await Task.detached { await node.viewProperties().alpha }.value == 0.5)
  }

  @Test(
    "An off-main tint write is not applied and does not redraw until the turn, then redraws once (Texture: testThatSettingTintColorSetNeedsDisplayOnView)",
    .tags(.texturePort))
  @MainActor
  func tintWriteRedraws() async throws {
    let node = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    let view = try #require(node.view)
    view.layer.displayIfNeeded()
    let requests = view.layer.displayRequestCount
    await Task.detached { await node.configure { $0.tintColor = .red } }.value
    #expect(view.tintColor == nil)
    #expect(!view.needsDisplay)
    #expect(view.layer.displayRequestCount == requests)
    await window.flush()
    #expect(view.tintColor == .red)
    #expect(view.needsDisplay)
    #expect(view.layer.displayRequestCount == requests + 1, "exactly one redraw")
  }

  /// The bridged properties whose change redraws the view.
  enum RedrawingProperty: String, CaseIterable, Sendable { case opaque, backgroundColor, tintColor }

  @Test(
    "An opaque, background color or tint write redraws once at the turn if it changes the value, and not if it does not; a layer-backed node's tint redraws nothing (Texture's _ASPendingState: __shouldSetNeedsDisplayForView / …ForLayer)",
    arguments: RedrawingProperty.allCases, [false, true])
  @MainActor
  func redrawingWritesRedrawOnceWhenTheyChangeTheValue(property: RedrawingProperty, isLayerBacked: Bool) async throws {
    let node = BasicNode(isLayerBacked: isLayerBacked)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    let layer = try #require(node.layer)
    layer.displayIfNeeded()
    let requests = layer.displayRequestCount
    func write(changingTheValue changes: Bool) async {
      await Task.detached {
        await node.configure {
          switch property {
          case .opaque: $0.isOpaque = !changes
          case .backgroundColor: $0.backgroundColor = changes ? .red : nil
          case .tintColor: $0.tintColor = changes ? .red : nil
          }
        }
      }.value
    }
    await write(changingTheValue: false)
    await window.flush()
    #expect(layer.displayRequestCount == requests, "the value it had already: no redraw")
    await write(changingTheValue: true)
    #expect(layer.displayRequestCount == requests, "nothing before the turn")
    await window.flush()
    let redraws = property == .tintColor && isLayerBacked ? 0 : 1
    #expect(layer.displayRequestCount == requests + redraws)
    #expect(layer.needsDisplay == (redraws == 1))
  }

  @Test(
    "flush() applies queued writes and leaves nothing queued (Texture: testThatManuallyFlushingTheSyncControllerImmediatelyAppliesChanges)",
    .tags(.texturePort))
  @MainActor
  func flushAppliesAndEmpties() async throws {
    let node = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    // Written off the main actor, as Texture's test does: queued, not applied until the flush.
    await Task.detached { await node.configure { $0.alpha = 0 } }.value
    #expect(node.view?.alpha == 1)
    #expect(await node.viewProperties().alpha == 1)
    let operations = window.statistics.operations
    await window.flush()
    #expect(node.view?.alpha == 0)
    #expect(await node.viewProperties().alpha == 0)
    #expect(window.statistics.operations > operations, "the flush applied the queued write")
    let afterFlush = window.statistics.operations
    await window.flush()
    #expect(window.statistics.operations == afterFlush, "nothing is left queued")
  }

  @Test(
    "A main-actor write after load queues nothing (Texture: testThatSettingABridgedPropertyOnMainThreadPassesDirectlyToView)",
    .tags(.texturePort))
  @MainActor
  func mainWriteQueuesNothing() async throws {
    let node = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    let operations = window.statistics.operations
    #expect(await node.viewProperties().alpha == 1)
    await node.configure { $0.alpha = 0 }
    #expect(node.view?.alpha == 0, "applied before configure returns, without a turn")
    #expect(await node.viewProperties().alpha == 0)
    await window.flush()
    #expect(window.statistics.operations == operations, "nothing was queued")
    node.view?.alpha = 0.3
    await window.flush()
    #expect(window.statistics.operations == operations)
    #expect(node.view?.alpha == 0.3)
  }

  @Test("A main-actor write to a node whose view is still on its way is queued, then applied after didLoad")
  @MainActor
  func mainWriteBeforeViewArrives() async throws {
    let root = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    let node = BasicNode()
    try await root.addSubnode(node)  // its load waits for the next turn
    await node.configure { $0.alpha = 0.25 }
    #expect(node.view == nil)
    await window.flush()
    #expect(node.view?.alpha == 0.25)
  }

  @Test(
    "setNeedsLayout from off the main actor reaches the view at the next turn (Texture: testThatCallingSetNeedsLayoutFromBackgroundCausesItToHappenLater)",
    .tags(.texturePort))
  @MainActor
  func setNeedsLayoutLater() async throws {
    let node = GatedFillerNode()
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    let view = try #require(node.view)
    #expect(!view.needsLayout)
    // The pass it asks for waits, so that the flush shows the mark before a pass answers it (round 26: a pass
    // clears the mark of a view it laid out).
    let gate = Gate()
    await node.hold(at: gate)
    await Task.detached { await node.setNeedsLayout() }.value
    #expect(!view.needsLayout)
    await gate.waitForArrivals(1)
    await window.flush()
    #expect(view.needsLayout)
    await gate.open()
    try await window.layoutIfNeeded()
    #expect(!view.needsLayout, "the pass answered it")
    // From the main actor it marks the view during the call, as Texture's bridged `setNeedsLayout` does on main
    // (round 25: the call ran on the node's actor, which queued the mark for the next turn).
    await node.setNeedsLayout()
    #expect(view.needsLayout)
  }

  @Test(
    "setNeedsLayout from many tasks on nodes in a loaded tree is safe (Texture: testThatCallingSetNeedsLayoutOnACellNodeFromBackgroundIsSafe)",
    .tags(.texturePort))
  @MainActor
  func setNeedsLayoutFromManyTasks() async throws {
    let root = BasicNode()
    let cells = (0..<16).map { BasicNode(debugName: "cell \($0)") }
    for cell in cells { try await root.addSubnode(cell) }
    let window = Window(turnMode: .automatic)
    try await window.attach(root)
    await withTaskGroup(of: Void.self) { group in
      for cell in cells {
        group.addTask {
          for _ in 0..<20 {
            await cell.setNeedsLayout()
            await Task.yield()
          }
        }
      }
    }
    await window.flush()
    #expect(cells.allSatisfy { $0.view?.needsLayout == true })
  }

  @Test(
    "setNeedsDisplay from off the main actor reaches the layer at the next turn (Texture: testThatCallingSetNeedsDisplayFromBackgroundCausesItToHappenLater)",
    .tags(.texturePort))
  @MainActor
  func setNeedsDisplayLater() async throws {
    let node = BasicNode(isLayerBacked: true)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    let layer = try #require(node.layer)
    layer.displayIfNeeded()
    await Task.detached { await node.setNeedsDisplay() }.value
    #expect(!layer.needsDisplay)
    await window.flush()
    #expect(layer.needsDisplay)
    // From the main actor it marks the layer during the call, as Texture's bridged `setNeedsDisplay` does on main.
    layer.displayIfNeeded()
    await node.setNeedsDisplay()
    #expect(layer.needsDisplay)
  }

  @Test("A write is recorded even when it repeats the node's value, and wins over an older main-actor write")
  @MainActor
  func repeatedWriteIsAWrite() async throws {
    let node = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await node.configure { $0.alpha = 0.5 }
    await window.flush()
    node.view?.alpha = 0.9
    await node.configure { $0.alpha = 0.5 }
    await window.flush()
    #expect(node.view?.alpha == 0.5)
  }

  @Test("a layer-backed node with no tint color reads its supernode's, before load as after (Texture's getter ascends)")
  @MainActor
  func layerBackedTintAscendsBeforeLoad() async throws {
    let parent = BasicNode { $0.tintColor = .red }
    let child = BasicNode(isLayerBacked: true)
    let viewBacked = BasicNode()
    try await parent.addSubnodes([child, viewBacked])
    #expect(await child.viewProperties().tintColor == .red)
    #expect(await viewBacked.viewProperties().tintColor == nil, "a view-backed node's is its own before load")
    await child.configure { $0.tintColor = .blue }
    #expect(await child.viewProperties().tintColor == .blue)
    await child.configure { $0.tintColor = nil }
    await parent.loadView()
    #expect(await child.viewProperties().tintColor == .red)
  }

  @Test("a layer-backed node gathered for a turn that has not made its layer yet reads as a layer-backed node")
  @MainActor
  func layerBackedNodeWaitingForItsLayerReadsAsLayerBacked() async throws {
    let parent = BasicNode { $0.tintColor = .red }
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    let child = BasicNode(isLayerBacked: true)
    try await parent.addSubnode(child)  // Its state is gathered; its layer waits for the flush.
    #expect(child.layer == nil)
    let read = await child.viewProperties()
    #expect(read.isUserInteractionEnabled == false)
    #expect(read.tintColor == .red)
    await window.flush()
    #expect(await child.viewProperties().tintColor == .red)
  }
}
