import ActorNodes

extension ViewProperty {
  /// Default properties with this one property set to a value that differs from its default.
  var sample: ViewProperties {
    var values = ViewProperties()
    switch self {
    case .bounds: values.bounds = Rect(x: 0, y: 0, width: 120, height: 44)
    case .position: values.position = Point(x: 60, y: 22)
    case .anchorPoint: values.anchorPoint = Point(x: 0, y: 1)
    case .alpha: values.alpha = 0.25
    case .isHidden: values.isHidden = true
    case .isOpaque: values.isOpaque = false
    case .backgroundColor: values.backgroundColor = .red
    case .tintColor: values.tintColor = .green
    case .clipsToBounds: values.clipsToBounds = true
    case .cornerRadius: values.cornerRadius = 8
    case .borderWidth: values.borderWidth = 2
    case .borderColor: values.borderColor = .blue
    case .shadowColor: values.shadowColor = .red
    case .shadowOpacity: values.shadowOpacity = 0.5
    case .shadowOffset: values.shadowOffset = Size(width: 2, height: 4)
    case .shadowRadius: values.shadowRadius = 6
    case .contents: values.contents = Image(pixelWidth: 2, pixelHeight: 2, scale: 2, filledWith: .blue)
    case .contentsScale: values.contentsScale = 3
    case .isUserInteractionEnabled: values.isUserInteractionEnabled = false
    case .needsDisplayOnBoundsChange: values.needsDisplayOnBoundsChange = true
    }
    return values
  }

  /// Whether the property has a place on a bare layer (view-only properties do not).
  var isLayerProperty: Bool { self != .tintColor && self != .isUserInteractionEnabled }

  /// Whether `a` and `b` agree on this property.
  func matches(_ a: ViewProperties, _ b: ViewProperties) -> Bool {
    ViewProperties.copying(self, from: a, into: ViewProperties())
      == ViewProperties.copying(self, from: b, into: ViewProperties())
  }

  /// Sets this property on a loaded view or layer through the public main-actor API.
  @MainActor
  func set(from values: ViewProperties, on layer: Layer, view: View?) {
    switch self {
    case .bounds: if let view { view.bounds = values.bounds } else { layer.bounds = values.bounds }
    case .position: if let view { view.center = values.position } else { layer.position = values.position }
    case .anchorPoint: layer.anchorPoint = values.anchorPoint
    case .alpha: if let view { view.alpha = values.alpha } else { layer.opacity = values.alpha }
    case .isHidden: if let view { view.isHidden = values.isHidden } else { layer.isHidden = values.isHidden }
    case .isOpaque: if let view { view.isOpaque = values.isOpaque } else { layer.isOpaque = values.isOpaque }
    case .backgroundColor:
      if let view {
        view.backgroundColor = values.backgroundColor
      } else {
        layer.backgroundColor = values.backgroundColor
      }
    case .tintColor: view?.tintColor = values.tintColor
    case .clipsToBounds:
      if let view { view.clipsToBounds = values.clipsToBounds } else { layer.masksToBounds = values.clipsToBounds }
    case .cornerRadius: layer.cornerRadius = values.cornerRadius
    case .borderWidth: layer.borderWidth = values.borderWidth
    case .borderColor: layer.borderColor = values.borderColor
    case .shadowColor: layer.shadowColor = values.shadowColor
    case .shadowOpacity: layer.shadowOpacity = values.shadowOpacity
    case .shadowOffset: layer.shadowOffset = values.shadowOffset
    case .shadowRadius: layer.shadowRadius = values.shadowRadius
    case .contents: layer.contents = values.contents
    case .contentsScale: layer.contentsScale = values.contentsScale
    case .isUserInteractionEnabled: view?.isUserInteractionEnabled = values.isUserInteractionEnabled
    case .needsDisplayOnBoundsChange: layer.needsDisplayOnBoundsChange = values.needsDisplayOnBoundsChange
    }
  }
}

extension ViewProperties {
  /// `target` with `property` taken from `source`.
  static func copying(_ property: ViewProperty, from source: ViewProperties, into target: ViewProperties)
    -> ViewProperties
  {
    var result = target
    switch property {
    case .bounds: result.bounds = source.bounds
    case .position: result.position = source.position
    case .anchorPoint: result.anchorPoint = source.anchorPoint
    case .alpha: result.alpha = source.alpha
    case .isHidden: result.isHidden = source.isHidden
    case .isOpaque: result.isOpaque = source.isOpaque
    case .backgroundColor: result.backgroundColor = source.backgroundColor
    case .tintColor: result.tintColor = source.tintColor
    case .clipsToBounds: result.clipsToBounds = source.clipsToBounds
    case .cornerRadius: result.cornerRadius = source.cornerRadius
    case .borderWidth: result.borderWidth = source.borderWidth
    case .borderColor: result.borderColor = source.borderColor
    case .shadowColor: result.shadowColor = source.shadowColor
    case .shadowOpacity: result.shadowOpacity = source.shadowOpacity
    case .shadowOffset: result.shadowOffset = source.shadowOffset
    case .shadowRadius: result.shadowRadius = source.shadowRadius
    case .contents: result.contents = source.contents
    case .contentsScale: result.contentsScale = source.contentsScale
    case .isUserInteractionEnabled: result.isUserInteractionEnabled = source.isUserInteractionEnabled
    case .needsDisplayOnBoundsChange: result.needsDisplayOnBoundsChange = source.needsDisplayOnBoundsChange
    }
    return result
  }
}
