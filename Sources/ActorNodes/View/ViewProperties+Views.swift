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
    for property in mask where ViewPropertyValue(property, of: self).apply(to: layer, view: view) { redraw = true }
    return redraw
  }
}

extension ViewActions {
  /// Performs the actions on a loaded layer.
  @MainActor
  func apply(to layer: Layer) {
    if contains(.needsLayout) { layer.markNeedsLayout() }
    if contains(.needsDisplay) { layer.markNeedsDisplay() }
  }
}
