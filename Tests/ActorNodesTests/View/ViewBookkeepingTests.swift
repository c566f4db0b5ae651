import Testing

@testable import ActorNodes

/// The main actor's bookkeeping for loaded views: which write version each property shows, and parent pointers.
@Suite("View bookkeeping", .timeLimit(.minutes(5)))
struct ViewBookkeepingTests {
  @Test(
    "Property versions: a write sets exactly the properties it holds at a newer version, in any arrival order",
    arguments: 0..<200)
  func propertyVersionsMatchAModel(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let snapshot = UInt64.random(in: 0...3, using: &random)
    var versions = PropertyVersions(snapshotVersion: snapshot)
    // The model: a plain table, one version per property.
    var model = Array(repeating: snapshot, count: ViewProperty.allCases.count)
    for _ in 0..<Int.random(in: 1...8, using: &random) {
      var written = ViewPropertyMask()
      for property in ViewProperty.allCases where Int.random(in: 0..<4, using: &random) == 0 {
        written.insert(property)
      }
      let version = UInt64.random(in: 0...10, using: &random)
      var expected = ViewPropertyMask()
      for property in written where version > model[property.rawValue] {
        expected.insert(property)
        model[property.rawValue] = version
      }
      #expect(versions.takeNewer(written, version: version) == expected, "seed \(seed)")
      for property in ViewProperty.allCases {
        #expect(versions.version(of: property) == model[property.rawValue], "seed \(seed), \(property)")
      }
    }
  }

  @Test("Adding a subview or sublayer again moves it to the top, as UIKit and Core Animation do")
  @MainActor
  func addingAChildAgainMovesItToTheTop() {
    let parent = View()
    let (first, second) = (View(), View())
    parent.addSubview(first)
    parent.addSubview(second)
    parent.addSubview(first)
    #expect(parent.subviews.map(ObjectIdentifier.init) == [second, first].map(ObjectIdentifier.init))
    #expect(parent.layer.sublayers.map(ObjectIdentifier.init) == [second, first].map { ObjectIdentifier($0.layer) })
    parent.addSubview(first)  // Already on top: nothing moves.
    #expect(parent.subviews.last === first && parent.subviews.count == 2)
    let layer = Layer()
    let (bottom, top) = (Layer(), Layer())
    layer.addSublayer(bottom)
    layer.addSublayer(top)
    layer.addSublayer(bottom)
    #expect(layer.sublayers.map(ObjectIdentifier.init) == [top, bottom].map(ObjectIdentifier.init))
    #expect(bottom.superlayer === layer)
  }

  @Test("A sublayer and a subview that outlive their parent are left without one")
  @MainActor
  func childOutlivesParent() {
    let sublayer = Layer()
    let subview = View()
    do {
      let layer = Layer()
      let view = View()
      layer.addSublayer(sublayer)
      view.addSubview(subview)
      #expect(sublayer.superlayer === layer)
      #expect(subview.superview === view)
    }
    #expect(sublayer.superlayer == nil)
    #expect(subview.superview == nil)
    #expect(subview.layer.superlayer == nil)
  }

  @Test("A 100,000-deep chain of layers is freed without recursion, and a sublayer held elsewhere stays whole")
  @MainActor
  func deepLayerChainIsFreedIteratively() {
    let depth = 100_000
    // Built from the bottom up: adding a sublayer walks the new superlayer's ancestors.
    var root: Layer? = Layer()
    var middle = root!
    for level in 1..<depth {
      let parent = Layer()
      parent.addSublayer(root!)
      root = parent
      if level == depth / 2 { middle = parent }
    }
    weak let top = root
    root = nil  // Crashed: each layer freed its sublayers' array, one stack frame per level.
    #expect(top == nil)
    #expect(middle.superlayer == nil)
    var below = 0
    var tip = middle
    while let next = tip.sublayers.first {
      #expect(next.superlayer === tip)
      below += 1
      tip = next
    }
    #expect(below == depth / 2, "the layers below one held elsewhere stay in place")
    weak let bottom = tip
    tip = Layer()
    middle = Layer()
    #expect(bottom == nil)
  }

  @Test("A 100,000-deep chain of views is freed without recursion, and a subview held elsewhere stays whole")
  @MainActor
  func deepViewChainIsFreedIteratively() {
    let depth = 100_000
    let freed = Counter()
    func counted() -> View {
      let view = View()
      view.onDeinit = { freed.value += 1 }
      return view
    }
    // Built from the bottom up: adding a subview walks the new superview's ancestors.
    var root: View? = counted()
    var middle = root!
    for level in 1..<depth {
      let parent = counted()
      parent.addSubview(root!)
      root = parent
      if level == depth / 2 { middle = parent }
    }
    root = nil  // Crashed: each view freed its subviews' array (and its layer its sublayers'), one frame per level.
    #expect(freed.value == depth - 1 - depth / 2)
    #expect(middle.superview == nil && middle.layer.superlayer == nil)
    var below = 0
    var tip = middle
    while let next = tip.subviews.first {
      #expect(next.superview === tip && next.layer.superlayer === tip.layer)
      below += 1
      tip = next
    }
    #expect(below == depth / 2, "the views below one held elsewhere stay in place")
    tip = View()
    middle = View()
    #expect(freed.value == depth)
  }

  @Test("A new layer needs no layout (Texture: ASCALayerTests testThatLayerBeginsWithCleanLayout)", .tags(.texturePort))
  @MainActor
  func layerBeginsWithCleanLayout() {
    #expect(!Layer().needsLayout)
    #expect(!View().needsLayout)
  }

  @Test(
    "Adding or removing a sublayer marks the layer as needing layout, as Core Animation does; a subview's layer too (Texture: ASCALayerTests testThatAddingSublayersDirtysLayout, testThatRemovingSublayersDirtysLayout)",
    .tags(.texturePort))
  @MainActor
  func addingOrRemovingASublayerDirtiesLayout() {
    let layer = Layer()
    let sublayer = Layer()
    layer.addSublayer(sublayer)
    #expect(layer.needsLayout)
    #expect(!sublayer.needsLayout)
    layer.layoutIfNeeded()
    #expect(!layer.needsLayout)
    sublayer.removeFromSuperlayer()
    #expect(layer.needsLayout)
    layer.layoutIfNeeded()
    layer.insertSublayer(sublayer, at: 0)
    #expect(layer.needsLayout)
    let view = View()
    let subview = View()
    view.addSubview(subview)
    #expect(view.needsLayout, "UIKit's addSubview: marks the superview")
    view.layoutIfNeeded()
    subview.removeFromSuperview()
    #expect(view.needsLayout)
  }

  @Test(
    "A layer of yours under a node's layer is laid out by that layer's layoutIfNeeded() as by one above it; a view of yours a turn takes a node's view from is marked, as removeFromSuperview() marks it"
  )
  @MainActor
  func layersOfYoursAroundNodeLayersKeepCoreAnimationsMarks() async throws {
    let parent = BasicNode(debugName: "p")
    let child = BasicNode(debugName: "c")
    try await parent.addSubnode(child)
    let window = Window(size: Size(width: 10, height: 10), turnMode: .manual)
    try await window.attach(parent)
    try await window.layoutIfNeeded()
    let nodeLayer = try #require(parent.layer)
    let mine = Layer()
    nodeLayer.addSublayer(mine)
    mine.setNeedsLayout()
    nodeLayer.layoutIfNeeded()
    #expect(!mine.needsLayout, "laid out with the node's layer, as from a layer above it")

    let host = View()
    let childView = try #require(child.view)
    host.addSubview(childView)
    host.layoutIfNeeded()
    try await parent.addSubnode(BasicNode(debugName: "other"))
    await window.flush()
    #expect(childView.superview === parent.view && host.subviews.isEmpty && host.layer.sublayers.isEmpty)
    #expect(host.needsLayout, "the turn took a subview from your view: marked, as Core Animation marks it")
  }

  @Test(
    "A marked sublayer leaves its superlayer unmarked, and a marked superlayer its sublayer (Texture: ASCALayerTests testDirtySublayerLayoutDoesntDirtySuperlayer, testDirtySuperlayerLayoutDoesntDirtySublayerLayout)",
    .tags(.texturePort))
  @MainActor
  func marksStayOnTheirLayer() {
    let layer = Layer()
    let sublayer = Layer()
    layer.addSublayer(sublayer)
    layer.layoutIfNeeded()
    sublayer.setNeedsLayout()
    #expect(sublayer.needsLayout)
    #expect(!layer.needsLayout)
    sublayer.layoutIfNeeded()
    #expect(!sublayer.needsLayout)
    layer.setNeedsLayout()
    #expect(layer.needsLayout)
    #expect(!sublayer.needsLayout)
    layer.layoutIfNeeded()
    #expect(!layer.needsLayout && !sublayer.needsLayout)
  }

  @Test(
    "layoutIfNeeded() lays out the marked sublayers with their layer, even under an unmarked one (Texture: ASCALayerTests testDirtyHierarchyIsLaidOutTopDown)",
    .tags(.texturePort))
  @MainActor
  func layoutIfNeededLaysOutTheMarkedSubtree() {
    let layer = Layer()
    let middle = Layer()
    let sublayer = Layer()
    layer.addSublayer(middle)
    middle.addSublayer(sublayer)
    layer.layoutIfNeeded()
    #expect(!middle.needsLayout, "the sublayer added to it was laid out with the layer")
    sublayer.setNeedsLayout()
    layer.setNeedsLayout()
    layer.layoutIfNeeded()
    #expect(!layer.needsLayout && !middle.needsLayout && !sublayer.needsLayout)
  }

  @Test(
    "A node's layer is not marked when a sublayer is added to it by hand: its node's layout places its sublayers, and a pass comes from the node's own marks"
  )
  @MainActor
  func aNodesLayerIsNotMarkedBySublayerEdits() async throws {
    let node = BasicNode(isLayerBacked: true)
    let window = Window(size: Size(width: 10, height: 10), turnMode: .manual)
    try await window.attach(node)
    let layer = try #require(node.layer)
    try await window.layoutIfNeeded()
    #expect(!layer.needsLayout)
    let foreign = Layer()
    layer.addSublayer(foreign)
    #expect(!layer.needsLayout)
    foreign.removeFromSuperlayer()
    #expect(!layer.needsLayout)
  }
}

/// A count that main-actor callbacks bump.
@MainActor
private final class Counter {
  var value = 0
}
