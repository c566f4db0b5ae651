/// The value of one bridged view property: what a write of that property alone carries to the main actor.
///
/// Most writes after load set one property (`configure { $0.alpha = 0.5 }`).
/// Carrying the node's whole ``ViewProperties`` record for it made every
/// queued write a 400-byte object whose copy, first touch on the main actor
/// and release were most of a flush's cost; a write of one property carries
/// this instead (see ``PropertyWrite``).
///
/// It is also the one place that writes a property to a loaded layer or
/// view: ``ViewProperties/apply(_:to:view:)`` applies a record through it.
enum ViewPropertyValue: Sendable {
  case bounds(Rect)
  case position(Point)
  case anchorPoint(Point)
  case alpha(Double)
  case isHidden(Bool)
  case isOpaque(Bool)
  case backgroundColor(Color?)
  case tintColor(Color?)
  case clipsToBounds(Bool)
  case cornerRadius(Double)
  case borderWidth(Double)
  case borderColor(Color)
  case shadowColor(Color)
  case shadowOpacity(Double)
  case shadowOffset(Size)
  case shadowRadius(Double)
  case contents(Image?)
  case contentsScale(Double)
  case isUserInteractionEnabled(Bool)
  case needsDisplayOnBoundsChange(Bool)

  /// The value of `property` in `values`.
  init(_ property: ViewProperty, of values: ViewProperties) {
    switch property {
    case .bounds: self = .bounds(values.bounds)
    case .position: self = .position(values.position)
    case .anchorPoint: self = .anchorPoint(values.anchorPoint)
    case .alpha: self = .alpha(values.alpha)
    case .isHidden: self = .isHidden(values.isHidden)
    case .isOpaque: self = .isOpaque(values.isOpaque)
    case .backgroundColor: self = .backgroundColor(values.backgroundColor)
    case .tintColor: self = .tintColor(values.tintColor)
    case .clipsToBounds: self = .clipsToBounds(values.clipsToBounds)
    case .cornerRadius: self = .cornerRadius(values.cornerRadius)
    case .borderWidth: self = .borderWidth(values.borderWidth)
    case .borderColor: self = .borderColor(values.borderColor)
    case .shadowColor: self = .shadowColor(values.shadowColor)
    case .shadowOpacity: self = .shadowOpacity(values.shadowOpacity)
    case .shadowOffset: self = .shadowOffset(values.shadowOffset)
    case .shadowRadius: self = .shadowRadius(values.shadowRadius)
    case .contents: self = .contents(values.contents)
    case .contentsScale: self = .contentsScale(values.contentsScale)
    case .isUserInteractionEnabled: self = .isUserInteractionEnabled(values.isUserInteractionEnabled)
    case .needsDisplayOnBoundsChange: self = .needsDisplayOnBoundsChange(values.needsDisplayOnBoundsChange)
    }
  }

  /// Writes the value to a loaded layer, or to `view` for a view-only property (nothing without a view).
  ///
  /// Not inlined into the callers' loops, on purpose: there, the optimizer
  /// hoisted the exclusivity checks of every layer property out of the loop,
  /// so a one-property write paid about twenty `swift_beginAccess` calls. Here it pays one.
  ///
  /// - Returns: Whether the property is one whose change redraws the view, and it changed.
  @MainActor
  @inline(never)
  func apply(to layer: Layer, view: View?) -> Bool {
    switch self {
    case .bounds(let value): layer.setBounds(value)
    case .position(let value): layer.position = value
    case .anchorPoint(let value): layer.anchorPoint = value
    case .alpha(let value): layer.opacity = value
    case .isHidden(let value): layer.isHidden = value
    case .isOpaque(let value):
      let changed = layer.isOpaque != value
      layer.isOpaque = value
      return changed
    case .backgroundColor(let value):
      let changed = layer.backgroundColor != value
      layer.backgroundColor = value
      return changed
    case .tintColor(let value):
      guard let view else { return false }
      let changed = view.tintColor != value
      view.tintColor = value
      return changed
    case .clipsToBounds(let value): layer.masksToBounds = value
    case .cornerRadius(let value): layer.cornerRadius = value
    case .borderWidth(let value): layer.borderWidth = value
    case .borderColor(let value): layer.borderColor = value
    case .shadowColor(let value): layer.shadowColor = value
    case .shadowOpacity(let value): layer.shadowOpacity = value
    case .shadowOffset(let value): layer.shadowOffset = value
    case .shadowRadius(let value): layer.shadowRadius = value
    case .contents(let value): layer.contents = value
    case .contentsScale(let value): layer.contentsScale = value
    case .isUserInteractionEnabled(let value): view?.isUserInteractionEnabled = value
    case .needsDisplayOnBoundsChange(let value): layer.needsDisplayOnBoundsChange = value
    }
    return false
  }
}
