extension Window {
  /// Composites every view in the window into one bitmap, as the screen would show it.
  ///
  /// Each layer is drawn over its superlayer, back to front: its background
  /// color (with its corner radius), its contents scaled into its bounds,
  /// its sublayers (clipped to its bounds when it masks them), then its
  /// border (inside its bounds, its outer edge rounded as the background is),
  /// all faded by its opacity and its ancestors'. Hidden layers and
  /// their sublayers are skipped, and so is a layer placed so far out (a
  /// finite position near `Double`'s largest value) that the bitmap's
  /// transform would overflow. Shadows, transforms and rounded clipping
  /// of sublayers are not modelled. What the views show is what the turns
  /// have applied so far: in ``TurnMode/manual`` mode, ``flush()`` first.
  ///
  /// ```swift
  /// try await window.attach(card)
  /// await card.recursivelyEnsureDisplay()
  /// try window.snapshot(scale: 2).write(toPNGFile: "card.png")
  /// ```
  ///
  /// - Parameters:
  ///   - scale: Pixels per point of the bitmap.
  /// - Returns: An image of the window's size at `scale`, transparent where no layer draws.
  /// - Precondition: `scale` is finite and positive, and the bitmap is under 2^28 pixels (see
  ///   ``GraphicsContext/canHoldBitmap(of:scale:)``): the graphics context's preconditions, whose messages name them.
  public func snapshot(scale: Double = 1) -> Image {
    var context = GraphicsContext(size: size, scale: scale)
    LayerCompositor.draw(view.layer, into: &context)
    return context.makeImage()
  }
}

extension DisplayNode {
  /// Composites the node's view and every view in it into a bitmap of its bounds' size, as
  /// ``Window/snapshot(scale:)`` composites a window.
  ///
  /// - Parameters:
  ///   - scale: Pixels per point of the bitmap.
  /// - Returns: The bitmap, or `nil` if the node's view has not loaded.
  /// - Precondition: `scale` is finite and positive, and the bitmap is under 2^28 pixels (see
  ///   ``GraphicsContext/canHoldBitmap(of:scale:)``).
  @MainActor
  public func snapshot(scale: Double = 1) -> Image? {
    guard let layer = nodeCore.slot?.layer else { return nil }
    var context = GraphicsContext(size: layer.bounds.size, scale: scale)
    LayerCompositor.draw(layer, into: &context, rootAtOrigin: true)
    return context.makeImage()
  }
}

/// Draws a layer tree into a graphics context, iteratively (any depth).
///
/// Every finite geometry is a valid view value, but a position or bounds origin near `Double`'s largest value
/// can place a layer where the context's transform (times its scale, plus the offsets above it) overflows: such a
/// layer lies outside any bitmap, and is left out with its sublayers (or, for a bounds origin, its sublayers are),
/// as Core Animation draws nothing there, rather than stopping on the context's precondition.
@MainActor
enum LayerCompositor {
  private enum Step {
    case enter(Layer)
    case exit(Layer)
  }

  /// Draws `root` and its sublayers; `rootAtOrigin` draws `root` at the origin rather than at its frame (a node's
  /// own snapshot).
  static func draw(_ root: Layer, into context: inout GraphicsContext, rootAtOrigin: Bool = false) {
    var steps: [Step] = [.enter(root)]
    while let step = steps.popLast() {
      switch step {
      case .enter(let layer):
        guard !layer.isHidden, layer.opacity > 0 else { continue }
        let origin = rootAtOrigin && layer === root ? Point.zero : layer.frame.origin
        guard context.canTranslate(x: origin.x, y: origin.y) else { continue }
        context.saveState()
        context.translateBy(x: origin.x, y: origin.y)
        context.setAlpha(context.alpha * min(layer.opacity, 1))
        let bounds = Rect(origin: .zero, size: layer.bounds.size)
        if let background = layer.backgroundColor {
          context.fillRoundedRect(bounds, cornerRadius: layer.cornerRadius, with: background)
        }
        if let contents = layer.contents {
          context.draw(contents, in: bounds)
        }
        guard context.canTranslate(x: -layer.bounds.origin.x, y: -layer.bounds.origin.y) else {
          drawBorder(of: layer, into: &context)
          context.restoreState()
          continue
        }
        context.translateBy(x: -layer.bounds.origin.x, y: -layer.bounds.origin.y)
        if layer.masksToBounds { context.clip(to: layer.bounds) }
        steps.append(.exit(layer))
        for sublayer in layer.sublayers.reversed() { steps.append(.enter(sublayer)) }
      case .exit(let layer):
        context.translateBy(x: layer.bounds.origin.x, y: layer.bounds.origin.y)
        drawBorder(of: layer, into: &context)
        context.restoreState()
      }
    }
  }

  /// The layer's border, inside its bounds; the context is in the layer's coordinates, its bounds' origin at zero.
  private static func drawBorder(of layer: Layer, into context: inout GraphicsContext) {
    guard layer.borderWidth > 0 else { return }
    context.fillBorder(
      of: Rect(origin: .zero, size: layer.bounds.size), cornerRadius: layer.cornerRadius, width: layer.borderWidth,
      with: layer.borderColor)
  }
}
