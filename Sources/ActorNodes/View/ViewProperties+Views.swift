extension ViewProperties {
  /// Reads the bridged properties of a loaded layer and, for view-backed nodes, its view.
  ///
  /// View-only properties of a layer-backed node come from `fallback`, the
  /// node's own record, since there is no view to hold them.
  @MainActor
  init(layer: Layer, view: View?, fallback: ViewProperties) {
    self.init()
    bounds = layer.bounds
    position = layer.position
    anchorPoint = layer.anchorPoint
    alpha = layer.opacity
    isHidden = layer.isHidden
    isOpaque = layer.isOpaque
    backgroundColor = layer.backgroundColor
    clipsToBounds = layer.masksToBounds
    cornerRadius = layer.cornerRadius
    borderWidth = layer.borderWidth
    borderColor = layer.borderColor
    shadowColor = layer.shadowColor
    shadowOpacity = layer.shadowOpacity
    shadowOffset = layer.shadowOffset
    shadowRadius = layer.shadowRadius
    contents = layer.contents
    contentsScale = layer.contentsScale
    needsDisplayOnBoundsChange = layer.needsDisplayOnBoundsChange
    if let view {
      tintColor = view.tintColor
      isUserInteractionEnabled = view.isUserInteractionEnabled
    } else {
      tintColor = fallback.tintColor
      isUserInteractionEnabled = fallback.isUserInteractionEnabled
    }
  }

  /// Writes the properties in `mask` to a loaded layer and view.
  ///
  /// - Returns: Whether a property whose change redraws the view changed value.
  @MainActor
  @discardableResult
  func apply(_ mask: ViewPropertyMask, to layer: Layer, view: View?) -> Bool {
    var redraw = false
    for property in mask where apply(property, to: layer, view: view) { redraw = true }
    return redraw
  }

  /// Writes one property; returns whether it is one whose change redraws the view and it changed.
  ///
  /// Not inlined into the loop above, on purpose: there, the optimizer hoisted
  /// the exclusivity checks of every layer property out of the loop, so a
  /// one-property write paid about twenty `swift_beginAccess` calls. Here it pays one.
  @MainActor
  @inline(never)
  private func apply(_ property: ViewProperty, to layer: Layer, view: View?) -> Bool {
    switch property {
    case .bounds: layer.bounds = bounds
    case .position: layer.position = position
    case .anchorPoint: layer.anchorPoint = anchorPoint
    case .alpha: layer.opacity = alpha
    case .isHidden: layer.isHidden = isHidden
    case .isOpaque:
      let changed = layer.isOpaque != isOpaque
      layer.isOpaque = isOpaque
      return changed
    case .backgroundColor:
      let changed = layer.backgroundColor != backgroundColor
      layer.backgroundColor = backgroundColor
      return changed
    case .tintColor:
      guard let view else { return false }
      let changed = view.tintColor != tintColor
      view.tintColor = tintColor
      return changed
    case .clipsToBounds: layer.masksToBounds = clipsToBounds
    case .cornerRadius: layer.cornerRadius = cornerRadius
    case .borderWidth: layer.borderWidth = borderWidth
    case .borderColor: layer.borderColor = borderColor
    case .shadowColor: layer.shadowColor = shadowColor
    case .shadowOpacity: layer.shadowOpacity = shadowOpacity
    case .shadowOffset: layer.shadowOffset = shadowOffset
    case .shadowRadius: layer.shadowRadius = shadowRadius
    case .contents: layer.contents = contents
    case .contentsScale: layer.contentsScale = contentsScale
    case .isUserInteractionEnabled: view?.isUserInteractionEnabled = isUserInteractionEnabled
    case .needsDisplayOnBoundsChange: layer.needsDisplayOnBoundsChange = needsDisplayOnBoundsChange
    }
    return false
  }
}

extension ViewActions {
  /// Performs the actions on a loaded layer.
  @MainActor
  func apply(to layer: Layer) {
    if contains(.needsLayout) { layer.setNeedsLayout() }
    if contains(.needsDisplay) { layer.setNeedsDisplay() }
  }
}
