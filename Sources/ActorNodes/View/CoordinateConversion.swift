/// A change of coordinate space within one tree of layers or nodes.
///
/// Views and layers here have no transforms, so a change of space is a
/// translation: each layer's space sits in its superlayer's at the layer's
/// frame origin, moved back by its bounds' origin (``Rect/offsetInSuperlayer(bounds:position:anchorPoint:)``).
struct SpaceTranslation {
  private var dx = 0.0
  private var dy = 0.0

  /// Adds the offset of a space in its parent's: the translation goes one level up.
  mutating func goUp(by offset: Point) {
    dx += offset.x
    dy += offset.y
  }

  /// Takes away the offset of a space in its parent's: the translation goes one level down.
  mutating func goDown(by offset: Point) {
    dx -= offset.x
    dy -= offset.y
  }

  /// The translation the other way.
  var inverse: SpaceTranslation {
    var inverse = SpaceTranslation()
    inverse.dx = -dx
    inverse.dy = -dy
    return inverse
  }

  /// `point` in the other space.
  ///
  /// - Precondition: `point` is finite, and so is the result.
  func apply(to point: Point) -> Point {
    contractPrecondition(point.isFinite, "a point or rectangle to convert must be finite: got \(point)")
    let converted = Point(x: point.x + dx, y: point.y + dy)
    contractPrecondition(converted.isFinite, "a converted point must be finite: converting \(point) overflows")
    return converted
  }

  /// `rect` in the other space: its origin moves, its size stays; a negative width or height is made positive
  /// first, as `CGRectApplyAffineTransform` returns the smallest rectangle holding the converted corners.
  ///
  /// - Precondition: `rect` is finite, and so is the result.
  func apply(to rect: Rect) -> Rect {
    contractPrecondition(rect.isFinite, "a point or rectangle to convert must be finite: got \(rect)")
    let origin = Point(x: min(rect.minX, rect.maxX), y: min(rect.minY, rect.maxY))
    return Rect(origin: apply(to: origin), size: Size(width: abs(rect.width), height: abs(rect.height)))
  }
}

/// The elements of a tree (layers or nodes) whose offsets take a point from one element's space to another's.
///
/// The path goes up from the source to the closest common ancestor, then
/// down to the target: the offsets of the elements on the way up are added,
/// those on the way down taken away; the ancestor's own offset cancels out.
struct CoordinatePath<Element> {
  /// The source and its ancestors below the common one, source first.
  private(set) var up: [Element]
  /// The target and its ancestors below the common one, target first.
  private(set) var down: [Element] = []
  /// The topmost ancestor of the source (the source itself if it has no parent).
  let sourceRoot: Element
  /// Whether the source and the target share an ancestor (or the target is `nil`: the source's root's space).
  private(set) var isConnected = true

  /// The path from `source` to `target`, or to the space of `source`'s root if `target` is `nil`.
  ///
  /// Iterative, so that a tree of any depth works.
  init(
    from source: Element, to target: Element?, parent: (Element) -> Element?, identity: (Element) -> ObjectIdentifier
  ) {
    var chain = [source]
    while let next = parent(chain[chain.count - 1]) { chain.append(next) }
    sourceRoot = chain[chain.count - 1]
    guard let target else {
      up = Array(chain.dropLast())
      return
    }
    var positions: [ObjectIdentifier: Int] = [:]
    positions.reserveCapacity(chain.count)
    for (position, element) in chain.enumerated() { positions[identity(element)] = position }
    var current = target
    while positions[identity(current)] == nil {
      guard let next = parent(current) else {
        // No common ancestor: each goes to its root's space.
        up = Array(chain.dropLast())
        isConnected = false
        return
      }
      down.append(current)
      current = next
    }
    up = Array(chain[..<positions[identity(current)]!])
  }
}

extension Layer {
  /// Converts a point from this layer's coordinate space to `layer`'s (`CALayer`'s `convertPoint:toLayer:`).
  ///
  /// - Parameters:
  ///   - point: A point in this layer's bounds' coordinates.
  ///   - layer: The layer whose coordinates to convert to; `nil` for the
  ///     topmost superlayer's, which for a layer in a ``Window`` is the
  ///     window's. Layers in different trees have no common space: their
  ///     topmost layers' spaces are taken as one, as for views in different
  ///     windows that sit at the same place on screen.
  /// - Precondition: `point` is finite, and so is the result.
  public func convert(_ point: Point, to layer: Layer?) -> Point {
    translation(to: layer).apply(to: point)
  }

  /// Converts a point from `layer`'s coordinate space (the topmost superlayer's if `nil`) to this layer's.
  ///
  /// - Precondition: `point` is finite, and so is the result.
  public func convert(_ point: Point, from layer: Layer?) -> Point {
    translation(from: layer).apply(to: point)
  }

  /// Converts a rectangle from this layer's coordinate space to `layer`'s (the topmost superlayer's if `nil`).
  ///
  /// - Precondition: `rect` is finite, and so is the result.
  public func convert(_ rect: Rect, to layer: Layer?) -> Rect {
    translation(to: layer).apply(to: rect)
  }

  /// Converts a rectangle from `layer`'s coordinate space (the topmost superlayer's if `nil`) to this layer's.
  ///
  /// - Precondition: `rect` is finite, and so is the result.
  public func convert(_ rect: Rect, from layer: Layer?) -> Rect {
    translation(from: layer).apply(to: rect)
  }

  private func translation(from layer: Layer?) -> SpaceTranslation {
    guard let layer else { return translation(to: nil).inverse }
    return layer.translation(to: self)
  }

  private func translation(to layer: Layer?) -> SpaceTranslation {
    let path = CoordinatePath(from: self, to: layer, parent: { $0.superlayer }, identity: ObjectIdentifier.init)
    var translation = SpaceTranslation()
    for layer in path.up { translation.goUp(by: layer.offsetInSuperlayer) }
    for layer in path.down { translation.goDown(by: layer.offsetInSuperlayer) }
    return translation
  }

  /// Where the origin of the layer's bounds lies in its superlayer's coordinates.
  var offsetInSuperlayer: Point {
    Rect.offsetInSuperlayer(bounds: bounds, position: position, anchorPoint: anchorPoint)
  }
}

extension ViewProperties {
  /// Where the origin of the bounds lies in the superlayer's coordinates.
  var offsetInSuperlayer: Point {
    Rect.offsetInSuperlayer(bounds: bounds, position: position, anchorPoint: anchorPoint)
  }
}

extension View {
  /// Converts a point from this view's coordinate space to `view`'s (UIKit's `convertPoint:toView:`).
  ///
  /// - Parameters:
  ///   - point: A point in this view's bounds' coordinates.
  ///   - view: The view whose coordinates to convert to; `nil` for the
  ///     window's (the topmost superview's, outside a window). Views in
  ///     different trees: their topmost views' spaces are taken as one, as for
  ///     ``Layer``.
  /// - Precondition: `point` is finite, and so is the result.
  public func convert(_ point: Point, to view: View?) -> Point {
    layer.convert(point, to: view?.layer)
  }

  /// Converts a point from `view`'s coordinate space (the window's if `nil`) to this view's.
  ///
  /// - Precondition: `point` is finite, and so is the result.
  public func convert(_ point: Point, from view: View?) -> Point {
    layer.convert(point, from: view?.layer)
  }

  /// Converts a rectangle from this view's coordinate space to `view`'s (the window's if `nil`).
  ///
  /// - Precondition: `rect` is finite, and so is the result.
  public func convert(_ rect: Rect, to view: View?) -> Rect {
    layer.convert(rect, to: view?.layer)
  }

  /// Converts a rectangle from `view`'s coordinate space (the window's if `nil`) to this view's.
  ///
  /// - Precondition: `rect` is finite, and so is the result.
  public func convert(_ rect: Rect, from view: View?) -> Rect {
    layer.convert(rect, from: view?.layer)
  }
}
