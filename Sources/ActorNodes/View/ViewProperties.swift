/// The view and layer properties a node bridges: Texture's `_ASPendingState`.
///
/// A node holds one of these before its view loads; loading copies it onto the
/// new view (or layer) in one main-actor turn. Every default equals the
/// default of a fresh ``View``, so reading a property gives the same value
/// before and after load.
///
/// `frame` is not stored: as in Texture it is derived from ``bounds``,
/// ``position`` and ``anchorPoint``.
public struct ViewProperties: Hashable, Sendable {
  /// The layer's own coordinate space; its size is the view's size.
  public var bounds: Rect = .zero
  /// The position of ``anchorPoint`` in the superlayer's coordinates.
  public var position: Point = .zero
  /// The point of the bounds, in unit coordinates, that ``position`` places.
  public var anchorPoint = Point(x: 0.5, y: 0.5)
  /// The opacity, `0...1` (`UIView.alpha`, `CALayer.opacity`).
  public var alpha: Double = 1
  /// Whether the view is hidden.
  public var isHidden = false
  /// Whether the view promises to draw every pixel of its bounds opaquely.
  public var isOpaque = true
  /// The background color; `nil` is transparent.
  public var backgroundColor: Color?
  /// The tint color; `nil` inherits the superview's tint.
  public var tintColor: Color?
  /// Whether sublayers are clipped to the bounds (`clipsToBounds`, `masksToBounds`).
  public var clipsToBounds = false
  /// The radius of the rounded corners.
  public var cornerRadius: Double = 0
  /// The width of the border.
  public var borderWidth: Double = 0
  /// The color of the border.
  public var borderColor: Color = .black
  /// The color of the shadow.
  public var shadowColor: Color = .black
  /// The opacity of the shadow, `0...1`.
  public var shadowOpacity: Double = 0
  /// The offset of the shadow.
  public var shadowOffset = Size(width: 0, height: -3)
  /// The blur radius of the shadow.
  public var shadowRadius: Double = 3
  /// The bitmap the layer shows; display fills it in.
  public var contents: Image?
  /// Pixels per point of ``contents``.
  public var contentsScale: Double = 1
  /// Whether the view receives touches. Layer-backed nodes keep the value but have no view to apply it to.
  public var isUserInteractionEnabled = true
  /// Whether a new bounds size redraws the contents (`CALayer.needsDisplayOnBoundsChange`; Texture's text
  /// nodes set it). Off by default: a resized node keeps its contents, stretched, until asked to redraw.
  public var needsDisplayOnBoundsChange = false

  /// Creates the default properties of a fresh view.
  public init() {}

  /// The rectangle the view occupies in its superview's coordinates.
  ///
  /// Setting it sets ``bounds`` size and ``position``, as Texture and UIKit do.
  public var frame: Rect {
    get { Rect.frame(bounds: bounds, position: position, anchorPoint: anchorPoint) }
    set {
      bounds.size = newValue.size
      position = newValue.position(ofAnchor: anchorPoint)
    }
  }
}

extension ViewProperties {
  /// Checks the values a view cannot hold; a failure names the rule.
  ///
  /// Texture asserts on NaN positions and transforms (`_ASDisplayLayerTests`
  /// `testSetPosition`); ActorNodes stops on them in every build, because a
  /// NaN frame silently corrupts every layout that reads it.
  ///
  /// Only the properties in `written` are checked: the others were checked when they were written.
  func validate(_ written: ViewPropertyMask) {
    for property in written {
      switch property {
      case .bounds: ViewValueRule.bounds(bounds)
      case .position: ViewValueRule.point(position)
      case .anchorPoint: ViewValueRule.point(anchorPoint)
      case .alpha: ViewValueRule.alpha(alpha)
      case .cornerRadius: ViewValueRule.cornerOrBorder(cornerRadius)
      case .borderWidth: ViewValueRule.cornerOrBorder(borderWidth)
      case .shadowOpacity: ViewValueRule.shadowOpacity(shadowOpacity)
      case .shadowRadius: ViewValueRule.shadowRadius(shadowRadius)
      case .shadowOffset:
        ViewValueRule.shadow(shadowOffset.width)
        ViewValueRule.shadow(shadowOffset.height)
      case .contentsScale: ViewValueRule.contentsScale(contentsScale)
      case .isHidden, .isOpaque, .backgroundColor, .tintColor, .clipsToBounds, .borderColor, .shadowColor, .contents,
        .isUserInteractionEnabled, .needsDisplayOnBoundsChange:
        break
      }
    }
  }

  /// The properties whose values differ between `self` and `other`.
  func differences(from other: ViewProperties) -> ViewPropertyMask {
    var mask = ViewPropertyMask()
    for property in ViewProperty.allCases where !hasSameValue(property, as: other) {
      mask.insert(property)
    }
    return mask
  }

  /// Copies the properties in `mask` from `other`.
  mutating func copy(_ mask: ViewPropertyMask, from other: ViewProperties) {
    for property in mask { copy(property, from: other) }
  }

  private func hasSameValue(_ property: ViewProperty, as other: ViewProperties) -> Bool {
    switch property {
    case .bounds: bounds == other.bounds
    case .position: position == other.position
    case .anchorPoint: anchorPoint == other.anchorPoint
    case .alpha: alpha == other.alpha
    case .isHidden: isHidden == other.isHidden
    case .isOpaque: isOpaque == other.isOpaque
    case .backgroundColor: backgroundColor == other.backgroundColor
    case .tintColor: tintColor == other.tintColor
    case .clipsToBounds: clipsToBounds == other.clipsToBounds
    case .cornerRadius: cornerRadius == other.cornerRadius
    case .borderWidth: borderWidth == other.borderWidth
    case .borderColor: borderColor == other.borderColor
    case .shadowColor: shadowColor == other.shadowColor
    case .shadowOpacity: shadowOpacity == other.shadowOpacity
    case .shadowOffset: shadowOffset == other.shadowOffset
    case .shadowRadius: shadowRadius == other.shadowRadius
    case .contents: contents == other.contents
    case .contentsScale: contentsScale == other.contentsScale
    case .isUserInteractionEnabled: isUserInteractionEnabled == other.isUserInteractionEnabled
    case .needsDisplayOnBoundsChange: needsDisplayOnBoundsChange == other.needsDisplayOnBoundsChange
    }
  }

  private mutating func copy(_ property: ViewProperty, from other: ViewProperties) {
    switch property {
    case .bounds: bounds = other.bounds
    case .position: position = other.position
    case .anchorPoint: anchorPoint = other.anchorPoint
    case .alpha: alpha = other.alpha
    case .isHidden: isHidden = other.isHidden
    case .isOpaque: isOpaque = other.isOpaque
    case .backgroundColor: backgroundColor = other.backgroundColor
    case .tintColor: tintColor = other.tintColor
    case .clipsToBounds: clipsToBounds = other.clipsToBounds
    case .cornerRadius: cornerRadius = other.cornerRadius
    case .borderWidth: borderWidth = other.borderWidth
    case .borderColor: borderColor = other.borderColor
    case .shadowColor: shadowColor = other.shadowColor
    case .shadowOpacity: shadowOpacity = other.shadowOpacity
    case .shadowOffset: shadowOffset = other.shadowOffset
    case .shadowRadius: shadowRadius = other.shadowRadius
    case .contents: contents = other.contents
    case .contentsScale: contentsScale = other.contentsScale
    case .isUserInteractionEnabled: isUserInteractionEnabled = other.isUserInteractionEnabled
    case .needsDisplayOnBoundsChange: needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange
    }
  }
}

/// The rules for the numeric values a view or layer can hold, one place for every writer.
///
/// ``DisplayNode/configure(_:)`` checks them when it records a write; the
/// setters of ``Layer`` (and ``View``, which forwards to its layer) check them
/// on the main actor. A failure stops the program with the rule's words.
enum ViewValueRule {
  static func bounds(_ bounds: Rect) {
    contractPrecondition(bounds.isFinite, "view geometry must be finite")
    contractPrecondition(bounds.size.isValidViewSize, "a view's size must not be negative")
  }

  static func point(_ point: Point) {
    contractPrecondition(point.isFinite, "view geometry must be finite")
  }

  static func alpha(_ alpha: Double) {
    contractPrecondition(alpha.isFinite, "alpha must be finite")
  }

  static func cornerOrBorder(_ value: Double) {
    contractPrecondition(value.isFinite, "corner radius and border width must be finite")
    contractPrecondition(value >= 0, "corner radius and border width must not be negative: got \(value)")
  }

  static func shadow(_ value: Double) {
    contractPrecondition(value.isFinite, "shadow values must be finite")
  }

  /// Core Animation's range for a shadow's opacity.
  static func shadowOpacity(_ value: Double) {
    shadow(value)
    contractPrecondition((0...1).contains(value), "a shadow's opacity must be in 0...1: got \(value)")
  }

  static func shadowRadius(_ value: Double) {
    shadow(value)
    contractPrecondition(value >= 0, "a shadow's radius must not be negative: got \(value)")
  }

  static func contentsScale(_ scale: Double) {
    contractPrecondition(scale.isFinite && scale > 0, "contentsScale must be finite and positive")
  }
}
