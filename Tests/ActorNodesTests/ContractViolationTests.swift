import Testing

@testable import ActorNodes

/// Views and layers a violation keeps alive until its process ends.
@MainActor
private enum KeptAlive {
  static var views: [View] = []
  static var layers: [Layer] = []
}

/// Every precondition of the library, as a case that breaks it.
enum Violation: String, Codable, Sendable, CaseIterable {
  case windowSize, windowResizedToNaN, viewFactoryReturnsOwnedView, layerFactoryReturnsOwnedLayer, nestedTurn
  case viewFactoryReturnsWindowView, viewFactoryReturnsViewInATree, layerFactoryReturnsLayerInATree
  case viewContainsItself, subviewIndexOutOfBounds, layerFrameNotFinite, layerContainsItself, sublayerIndexOutOfBounds
  case geometryNotFinite, negativeSize, alphaNotFinite, cornerRadiusNotFinite, shadowNotFinite, contentsScaleNotPositive
  case colorNotFinite, imageNegativeSize, imageScaleNotPositive, imageByteCount, imageDimensionsOverflow
  case bitmapTooLarge, contextTransformOverflows, cornerRadiusNegative, layerBorderWidthNegative
  case shadowOpacityAboveOne, layerShadowRadiusNegative
  case layerPositionNotFinite, viewCenterNotFinite, layerBoundsNegative, viewBoundsNotFinite, anchorPointNotFinite
  case viewAlphaNotFinite, layerCornerRadiusNotFinite, layerBorderWidthNotFinite, layerShadowOffsetNotFinite
  case layerShadowOpacityNotFinite, layerShadowRadiusNotFinite, layerContentsScaleNotPositive
  case initialAlphaNotFinite, nodeStateReplaced, nodeCoreComputed, nodeCoreShared
  case sizeRangeMinAboveMax, sizeRangeMinInfinite, sizeRangeMaxNaN, dimensionPointsNegative, dimensionFractionAboveOne
  case flexGrowNegative, spacingNotFinite, layoutSizeNegative, layoutPositionNotFinite, parentSizeNegative
  case styleParentSizeNegative, flattenedScaleNotPositive, flattenedPositionOverflows
  case managedSubnodeRemovedByHand, removedInLayoutCode, detachedInLayoutCode
  case fontSizeNotPositive, textRoomNegative, textNodeRoomNegative, textLineLimitNegative, textInsetNegative
  case convertedPointNotFinite, convertedRectNotFinite, nodeConvertedPointNotFinite, conversionOverflows
  case ratioNotPositive, stackSpacingNotFinite, insetNaN, cornerOffsetNotFinite, flexShrinkNegative
  case styleLayoutPositionNotFinite, displayScaleNotFinite, displayScaleNotPositive, recursiveDisplayScaleNotPositive
  case layoutScaleNotPositive
  case snapshotScaleNotPositive, textNodeInitLineLimitNegative, textLayoutLineLimitNegative, layerOpacityNotFinite
  case textPositionOutsideText

  /// The words of the rule the failure message must name.
  var rule: String {
    switch self {
    case .windowSize: "a window's size must be finite and not negative"
    case .windowResizedToNaN: "a window's size must be finite and not negative: got"
    case .viewFactoryReturnsOwnedView: "a view factory must return a new view that no node owns"
    case .layerFactoryReturnsOwnedLayer: "a layer factory must return a new layer that no node or view owns"
    case .viewFactoryReturnsWindowView, .viewFactoryReturnsViewInATree:
      "a view factory must return a new view that no node owns, in no view tree and not a window's view"
    case .layerFactoryReturnsLayerInATree:
      "a layer factory must return a new layer that no node or view owns, in no layer tree"
    case .nestedTurn: "a main-actor turn cannot start inside another one"
    case .viewContainsItself: "a view cannot contain itself or one of its ancestors"
    case .subviewIndexOutOfBounds: "subview index 5 is out of bounds"
    case .layerFrameNotFinite: "view geometry must be finite"
    case .layerContainsItself: "a layer cannot contain itself or one of its ancestors"
    case .sublayerIndexOutOfBounds: "sublayer index -1 is out of bounds"
    case .geometryNotFinite: "view geometry must be finite"
    case .negativeSize: "a view's size must not be negative"
    case .alphaNotFinite: "alpha must be finite"
    case .cornerRadiusNotFinite: "corner radius and border width must be finite"
    case .shadowNotFinite: "shadow values must be finite"
    case .contentsScaleNotPositive: "contentsScale must be finite and positive"
    case .colorNotFinite: "color components must be finite"
    case .imageNegativeSize: "image dimensions must not be negative"
    case .imageScaleNotPositive: "image scale must be finite and positive"
    case .imageByteCount: "image byte count must be pixelWidth * pixelHeight * 4"
    case .imageDimensionsOverflow: "image dimensions must fit in memory"
    case .bitmapTooLarge: "a graphics context's bitmap must be under 2^28 pixels in all"
    case .contextTransformOverflows: "a context's transform must stay finite and invertible"
    case .cornerRadiusNegative, .layerBorderWidthNegative: "corner radius and border width must not be negative"
    case .shadowOpacityAboveOne: "a shadow's opacity must be in 0...1"
    case .layerShadowRadiusNegative: "a shadow's radius must not be negative"
    case .layerPositionNotFinite, .viewCenterNotFinite, .viewBoundsNotFinite, .anchorPointNotFinite:
      "view geometry must be finite"
    case .layerBoundsNegative: "a view's size must not be negative"
    case .viewAlphaNotFinite, .initialAlphaNotFinite: "alpha must be finite"
    case .layerCornerRadiusNotFinite, .layerBorderWidthNotFinite: "corner radius and border width must be finite"
    case .layerShadowOffsetNotFinite, .layerShadowOpacityNotFinite, .layerShadowRadiusNotFinite:
      "shadow values must be finite"
    case .layerContentsScaleNotPositive: "contentsScale must be finite and positive"
    case .nodeStateReplaced: "a node's nodeState must never be replaced"
    case .nodeCoreComputed: "a node's nodeCore must be stored, not computed"
    case .nodeCoreShared: "a node's nodeCore must be its own: this NodeCore belongs to another node already"
    case .sizeRangeMinAboveMax, .sizeRangeMinInfinite, .sizeRangeMaxNaN:
      "a size range needs finite, non-negative minimums, non-negative maximums (infinity allowed) and min ≤ max"
    case .dimensionPointsNegative: "a dimension in points must be finite and not negative"
    case .dimensionFractionAboveOne: "a fractional dimension must be between 0 and 1"
    case .flexGrowNegative: "flexGrow must be finite and not negative"
    case .spacingNotFinite: "spacingBefore must be finite"
    case .layoutSizeNegative: "a layout's size must be finite and not negative"
    case .layoutPositionNotFinite: "a layout's position must be finite"
    case .parentSizeNegative, .styleParentSizeNegative: "a parent size must not be negative (NaN: unknown)"
    case .flattenedScaleNotPositive: "a layout's scale must be finite and positive"
    case .flattenedPositionOverflows: "a layout's position must be finite: <BasicNode #"
    case .managedSubnodeRemovedByHand:
      "the subnodes of a node that automatically manages its subnodes come from its layout"
    case .removedInLayoutCode: "layout code must not add or remove subnodes of a node being laid out"
    case .detachedInLayoutCode: "layout code must not attach or detach a window's root"
    case .fontSizeNotPositive: "a font's size must be finite and positive"
    case .textRoomNegative, .textNodeRoomNegative: "text must be laid out in a size without NaN or negative dimensions"
    case .textLineLimitNegative: "maximumNumberOfLines must not be negative"
    case .textInsetNegative: "a text container inset must be finite and not negative"
    case .convertedPointNotFinite, .convertedRectNotFinite, .nodeConvertedPointNotFinite:
      "a point or rectangle to convert must be finite"
    case .conversionOverflows: "a converted point must be finite"
    case .ratioNotPositive: "a ratio spec's ratio (height ÷ width) must be finite and positive: got 0.0"
    case .stackSpacingNotFinite: "a stack's spacing must be finite: got nan"
    case .insetNaN: "an inset must not be NaN"
    case .cornerOffsetNotFinite: "a corner spec's offset must be finite"
    case .flexShrinkNegative: "flexShrink must be finite and not negative: got -1.0"
    case .styleLayoutPositionNotFinite: "layoutPosition.y must be finite: got nan"
    case .displayScaleNotFinite, .displayScaleNotPositive, .recursiveDisplayScaleNotPositive:
      "contentsScaleForDisplay must be finite and positive"
    case .layoutScaleNotPositive: "a layout's scale must be finite and positive: got 0.0"
    case .snapshotScaleNotPositive: "a graphics context's scale must be finite and positive: got 0.0"
    case .textNodeInitLineLimitNegative, .textLayoutLineLimitNegative: "maximumNumberOfLines must not be negative"
    case .layerOpacityNotFinite: "alpha must be finite"
    case .textPositionOutsideText: "a position must be in the text"
    }
  }

  /// Breaks the rule; never returns.
  func commit() async {
    switch self {
    case .windowSize:
      _ = await Window(size: Size(width: -1, height: 10))
    case .windowResizedToNaN:
      await MainActor.run { Window().resize(to: Size(width: .nan, height: 10)) }
    case .viewFactoryReturnsOwnedView:
      let owner = BasicNode()
      await owner.loadView()
      let thief = BasicNode(makeView: { owner.view! })
      await thief.loadView()
    case .layerFactoryReturnsOwnedLayer:
      let owner = BasicNode(isLayerBacked: true)
      await owner.loadView()
      let thief = BasicNode(makeLayer: { owner.layer! })
      await thief.loadView()
    case .viewFactoryReturnsWindowView:
      // Adversarial round 20: the window's view went under its root's view, a cycle that hung the next snapshot.
      let window = await Window(size: Size(width: 10, height: 10), turnMode: .manual)
      let root = BasicNode()
      try? await root.addSubnode(BasicNode(makeView: { window.view }))
      try? await window.attach(root)
      await window.flush()
    case .viewFactoryReturnsViewInATree:
      let thief = BasicNode(makeView: {
        let container = View()
        let view = View()
        container.addSubview(view)
        KeptAlive.views.append(container)
        return view
      })
      await thief.loadView()
    case .layerFactoryReturnsLayerInATree:
      let thief = BasicNode(makeLayer: {
        let container = Layer()
        let layer = Layer()
        container.addSublayer(layer)
        KeptAlive.layers.append(container)
        return layer
      })
      await thief.loadView()
    case .nestedTurn:
      await MainActor.run {
        let node = NestingNode()
        MainTurn.apply(
          [
            .load([
              LoadEntry(
                node: node, children: [], childrenVersion: 1, isLayerBacked: false,
                snapshot: LoadSnapshot(
                  properties: ViewProperties(), written: ViewPropertyMask(), frame: nil, actions: [],
                  version: 0, didLoadBlocks: [], debugName: nil, appliedLayout: nil))
            ])
          ], recorder: TurnRecorder())
      }
    case .viewContainsItself:
      await MainActor.run {
        let view = View()
        view.addSubview(view)
      }
    case .subviewIndexOutOfBounds:
      await MainActor.run { View().insertSubview(View(), at: 5) }
    case .layerFrameNotFinite:
      await MainActor.run { Layer().frame = Rect(x: .nan, y: 0, width: 1, height: 1) }
    case .layerContainsItself:
      await MainActor.run {
        let parent = Layer()
        let child = Layer()
        parent.addSublayer(child)
        child.addSublayer(parent)
      }
    case .sublayerIndexOutOfBounds:
      await MainActor.run { Layer().insertSublayer(Layer(), at: -1) }
    case .convertedPointNotFinite:
      await MainActor.run { _ = View().convert(Point(x: .nan, y: 0), to: nil) }
    case .convertedRectNotFinite:
      await MainActor.run { _ = Layer().convert(Rect(x: 0, y: 0, width: .infinity, height: 1), from: nil) }
    case .nodeConvertedPointNotFinite:
      _ = try? await BasicNode().convert(Point(x: 0, y: -.infinity), to: nil)
    case .conversionOverflows:
      let parent = BasicNode()
      let child = BasicNode { $0.frame = Rect(x: .greatestFiniteMagnitude, y: 0, width: 1, height: 1) }
      try? await parent.addSubnode(child)
      _ = try? await child.convert(Point(x: .greatestFiniteMagnitude, y: 0), to: parent)
    case .geometryNotFinite:
      await BasicNode().configure { $0.position = Point(x: .infinity, y: 0) }
    case .negativeSize:
      await BasicNode().configure { $0.frame = Rect(x: 0, y: 0, width: -4, height: 4) }
    case .alphaNotFinite:
      await BasicNode().configure { $0.alpha = .nan }
    case .initialAlphaNotFinite:
      _ = BasicNode { $0.alpha = .nan }
    case .cornerRadiusNotFinite:
      await BasicNode().configure { $0.cornerRadius = .infinity }
    case .shadowNotFinite:
      await BasicNode().configure { $0.shadowOffset = Size(width: .nan, height: 0) }
    case .contentsScaleNotPositive:
      await BasicNode().configure { $0.contentsScale = 0 }
    case .colorNotFinite:
      _ = Color(red: .nan, green: 0, blue: 0)
    case .imageNegativeSize:
      _ = Image(pixelWidth: -1, pixelHeight: 1, rgba: [])
    case .imageScaleNotPositive:
      _ = Image(pixelWidth: 1, pixelHeight: 1, scale: 0, rgba: [0, 0, 0, 0])
    case .imageByteCount:
      _ = Image(pixelWidth: 2, pixelHeight: 2, rgba: [0, 0, 0, 0])
    case .imageDimensionsOverflow:
      _ = Image(pixelWidth: 1 << 62, pixelHeight: 4, rgba: [])
    case .bitmapTooLarge:
      // Under 2^28 pixels on each side, 10^14 in all: it cannot be allocated.
      _ = GraphicsContext(size: Size(width: 10_000_000, height: 10_000_000), scale: 1)
    case .contextTransformOverflows:
      var context = GraphicsContext(size: Size(width: 4, height: 4), scale: 2)
      context.translateBy(x: 1e308, y: 0)
    case .cornerRadiusNegative:
      await BasicNode().configure { $0.cornerRadius = -5 }
    case .layerBorderWidthNegative:
      await MainActor.run { Layer().borderWidth = -3 }
    case .shadowOpacityAboveOne:
      await BasicNode().configure { $0.shadowOpacity = 7 }
    case .layerShadowRadiusNegative:
      await MainActor.run { Layer().shadowRadius = -2 }
    case .layerPositionNotFinite:
      await MainActor.run { Layer().position = Point(x: .nan, y: 0) }
    case .viewCenterNotFinite:
      await MainActor.run { View().center = Point(x: 0, y: .infinity) }
    case .layerBoundsNegative:
      await MainActor.run { Layer().bounds = Rect(x: 0, y: 0, width: -1, height: 1) }
    case .viewBoundsNotFinite:
      await MainActor.run { View().bounds = Rect(x: .nan, y: 0, width: 1, height: 1) }
    case .anchorPointNotFinite:
      await MainActor.run { Layer().anchorPoint = Point(x: .nan, y: 0.5) }
    case .viewAlphaNotFinite:
      await MainActor.run { View().alpha = .nan }
    case .layerCornerRadiusNotFinite:
      await MainActor.run { Layer().cornerRadius = .infinity }
    case .layerBorderWidthNotFinite:
      await MainActor.run { Layer().borderWidth = .nan }
    case .layerShadowOffsetNotFinite:
      await MainActor.run { Layer().shadowOffset = Size(width: 0, height: .nan) }
    case .layerShadowOpacityNotFinite:
      await MainActor.run { Layer().shadowOpacity = .nan }
    case .layerShadowRadiusNotFinite:
      await MainActor.run { Layer().shadowRadius = -.infinity }
    case .layerContentsScaleNotPositive:
      await MainActor.run { Layer().contentsScale = 0 }
    case .nodeStateReplaced:
      // As observed: after the swap a write reached `viewProperties()` but never the view.
      let node = ReplacingStateNode()
      await node.loadView()
      await node.replaceState()
      await node.configure { $0.alpha = 0.3 }
    case .nodeCoreComputed:
      await ComputedCoreNode().configure { $0.alpha = 0.3 }
    case .nodeCoreShared:
      let core = NodeCore()
      let (first, second) = (SharedCoreNode(core), SharedCoreNode(core))
      await first.configure { $0.alpha = 0.3 }
      await second.configure { $0.alpha = 0.3 }
    case .sizeRangeMinAboveMax:
      _ = SizeRange(min: Size(width: 20, height: 0), max: Size(width: 10, height: 10))
    case .sizeRangeMinInfinite:
      _ = SizeRange(min: Size(width: 0, height: .infinity), max: Size(width: 10, height: .infinity))
    case .sizeRangeMaxNaN:
      _ = SizeRange(exactWidth: 10, maxHeight: .nan)
    case .dimensionPointsNegative:
      _ = Dimension.points(-1)
    case .dimensionFractionAboveOne:
      _ = Dimension.fraction(1.5)
    case .flexGrowNegative:
      var style = LayoutStyle()
      style.flexGrow = -1
    case .spacingNotFinite:
      var style = LayoutStyle()
      style.spacingBefore = .infinity
    case .layoutSizeNegative:
      _ = Layout(element: .spec("Stack"), size: Size(width: -1, height: 0))
    case .layoutPositionNotFinite:
      _ = Layout(element: .spec("Stack"), size: .zero, position: Point(x: .nan, y: 0))
    case .parentSizeNegative:
      _ = try? await BasicNode().layout(thatFits: .unconstrained, parentSize: Size(width: -100, height: 100))
    case .styleParentSizeNegative:
      var style = LayoutStyle()
      style.minWidth = .fraction(0.5)
      _ = style.sizeRange(parentSize: Size(width: -100, height: 10))
    case .flattenedScaleNotPositive:
      _ = Layout(element: .spec("Stack"), size: .zero, sublayouts: []).flattened(scale: -1)
    case .flattenedPositionOverflows:
      // Each position finite, their sum not (layout code that returns such a layout gets a LayoutError instead).
      let far = Point(x: 1e308, y: 0)
      let inner = Layout(node: BasicNode(), size: .zero, position: far)
      let inset = Layout(element: .spec("Inset"), size: .zero, position: far, sublayouts: [inner])
      _ = Layout(element: .spec("Stack"), size: .zero, sublayouts: [inset]).flattened()
    case .managedSubnodeRemovedByHand:
      let child = BasicNode()
      let parent = ManagingNode { [child] in .spec(.node(child)) }
      await parent.configure { $0.frame = Rect(x: 0, y: 0, width: 10, height: 10) }
      try? await parent.layoutIfNeeded()
      await child.removeFromSupernode()
    case .removedInLayoutCode:
      // Texture's testNotAllowModifyingSubnodesInLayoutSpecThatFits: a removal cannot throw, so it stops.
      let child = BasicNode()
      let node = MisbehavingNode(.removeSubnode(child))
      try? await node.addSubnode(child)
      _ = try? await node.layout(thatFits: .unconstrained)
    case .detachedInLayoutCode:
      // It could wait for the attach whose pass runs the code, for ever; a detach cannot throw, so it stops.
      let window = await Window()
      let leaf = CallbackLeaf()
      await leaf.setBeforeAnswering { _ in await window.detach() }
      _ = try? await leaf.layout(thatFits: .unconstrained)
    case .fontSizeNotPositive:
      _ = Font(size: 0)
    case .textRoomNegative:
      _ = TextLayout("text", constrainedTo: Size(width: -1, height: 10))
    case .textNodeRoomNegative:
      // Adversarial round 25: a text node laid its text out at width 0 where TextLayout stopped.
      _ = await TextNode(text: "text").textLayout(in: Size(width: -1, height: 10))
    case .textLineLimitNegative:
      await TextNode(text: "text").setMaximumNumberOfLines(-1)
    case .textInsetNegative:
      await TextNode(text: "text").setTextContainerInset(EdgeInsets(top: -1))
    case .ratioNotPositive:
      _ = LayoutSpec.ratio(0, .wrapper([]))
    case .stackSpacingNotFinite:
      _ = LayoutSpec.stack(.vertical, spacing: .nan, children: [])
    case .insetNaN:
      _ = LayoutSpec.inset(EdgeInsets(left: .nan), .wrapper([]))
    case .cornerOffsetNotFinite:
      _ = LayoutSpec.corner(.wrapper([]), corner: .wrapper([]), location: .topLeft, offset: Point(x: .infinity, y: 0))
    case .flexShrinkNegative:
      _ = LayoutSpec.wrapper([]).flexShrink(-1)
    case .styleLayoutPositionNotFinite:
      _ = LayoutSpec.wrapper([]).layoutPosition(Point(x: 0, y: .nan))
    case .displayScaleNotFinite:
      await TextNode(text: "text").setNeedsDisplay(atScale: .nan)
    case .displayScaleNotPositive:
      await PaintNode("bad").setNeedsDisplay(atScale: 0)
    case .recursiveDisplayScaleNotPositive:
      await BasicNode().recursivelySetNeedsDisplay(atScale: -2)
    case .layoutScaleNotPositive:
      _ = try? await BasicNode().layout(thatFits: .unconstrained, scale: 0)
    case .snapshotScaleNotPositive:
      await MainActor.run { _ = Window(size: Size(width: 4, height: 4)).snapshot(scale: 0) }
    case .textNodeInitLineLimitNegative:
      _ = TextNode(text: "text", maximumNumberOfLines: -3)
    case .textLayoutLineLimitNegative:
      _ = TextLayout("text", constrainedTo: Size(width: 10, height: 10), maximumNumberOfLines: -1)
    case .layerOpacityNotFinite:
      await MainActor.run { Layer().opacity = .nan }
    case .textPositionOutsideText:
      // Adversarial round 28: an offset past the run trapped in the standard library, naming no rule.
      let text = AttributedText("abc")
      _ = text.string(in: text.startPosition..<AttributedText.Position(run: 0, utf8Offset: 10))
    }
  }
}

/// A node whose `didLoad` tries to start a turn inside the turn that loads it.
actor NestingNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  @MainActor func didLoad(_ context: borrowing LoadContext) {
    MainTurn.apply([], recorder: TurnRecorder())
  }
}

/// A node that declares `var nodeState` and replaces it after load.
actor ReplacingStateNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  var nodeState = NodeState()

  func replaceState() { nodeState = NodeState() }
}

/// A node whose core is passed in, so that two nodes can share one.
actor SharedCoreNode: DisplayNode {
  nonisolated let nodeCore: NodeCore
  let nodeState = NodeState()

  init(_ core: NodeCore) { nodeCore = core }
}

/// A node whose core is computed: a new core on every access.
actor ComputedCoreNode: DisplayNode {
  nonisolated var nodeCore: NodeCore { NodeCore() }
  let nodeState = NodeState()
}

@Suite("Broken rules stop the program with a message that names the rule", .timeLimit(.minutes(5)))
struct ContractViolationTests {
  @Test("Each precondition fails in every build configuration, naming its rule", arguments: Violation.allCases)
  func violation(_ violation: Violation) async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [violation] in
      await violation.commit()
    }
    let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(output.contains("ActorNodes contract violation: \(violation.rule)"), "\(output.prefix(400))")
  }
}
