/// How an element of a layout wants to be sized and placed by the spec that holds it.
///
/// The counterpart of Texture's `ASLayoutElementStyle`. The size fields say
/// what the element wants; the flex fields are read by a stack, `layoutPosition`
/// by an absolute spec, and the spacing fields by a stack as margins along its
/// axis.
///
/// ```swift
/// var style = LayoutStyle()
/// style.preferredSize = Size(width: 40, height: 40)
/// style.flexShrink = 1
/// ```
///
/// Sizes follow Texture, which follows CSS: **a minimum beats a maximum, and a
/// maximum beats the exact size** (see ``sizeRange(parentSize:)``). Where a
/// style and the range a spec offers disagree, the offer wins (see
/// ``SizeRange/intersection(_:)``).
///
/// - Precondition: `flexGrow` and `flexShrink` are finite and not negative;
///   spacings and the position are finite. Checked when set.
public struct LayoutStyle: Hashable, Sendable {
  /// The exact width the element wants; ``Dimension/auto`` lets the layout decide.
  public var width: Dimension = .auto
  /// The exact height the element wants.
  public var height: Dimension = .auto
  /// The smallest width; beats ``maxWidth`` and ``width``.
  public var minWidth: Dimension = .auto
  /// The largest width; beats ``width``.
  public var maxWidth: Dimension = .auto
  /// The smallest height; beats ``maxHeight`` and ``height``.
  public var minHeight: Dimension = .auto
  /// The largest height; beats ``height``.
  public var maxHeight: Dimension = .auto

  /// How much of a stack's remaining space along its axis the element takes, relative to its siblings.
  public var flexGrow: Double = 0 {
    didSet { Self.checkFactor(flexGrow, "flexGrow") }
  }
  /// How much of a stack's overflow along its axis the element gives up, relative to its siblings.
  public var flexShrink: Double = 0 {
    didSet { Self.checkFactor(flexShrink, "flexShrink") }
  }
  /// The element's size along a stack's axis before growing or shrinking; ``Dimension/auto`` measures it.
  public var flexBasis: Dimension = .auto
  /// The element's alignment across a stack's axis, overriding the stack's own.
  public var alignSelf: AlignSelf = .auto
  /// Space before the element along a stack's axis (may be negative).
  public var spacingBefore: Double = 0 {
    didSet { Self.checkFinite(spacingBefore, "spacingBefore") }
  }
  /// Space after the element along a stack's axis (may be negative).
  public var spacingAfter: Double = 0 {
    didSet { Self.checkFinite(spacingAfter, "spacingAfter") }
  }
  /// Where an absolute spec places the element's origin.
  public var layoutPosition: Point = .zero {
    didSet {
      Self.checkFinite(layoutPosition.x, "layoutPosition.x"); Self.checkFinite(layoutPosition.y, "layoutPosition.y")
    }
  }

  /// Creates the default style: every size automatic, no flex, no spacing, at the origin.
  public init() {}

  /// The element's alignment across a stack's axis.
  public enum AlignSelf: Hashable, Sendable {
    /// Follow the stack's alignment.
    case auto
    /// At the start of the cross axis.
    case start
    /// At the end of the cross axis.
    case end
    /// Centred on the cross axis (offsets floored to the pixel grid, as Texture does).
    case center
    /// Stretched to the line's cross size, unless the style sets a non-zero cross minimum.
    ///
    /// A non-zero minimum (`minHeight(20)` in a row, or `height(20)`) stops the stretch: the element is offered
    /// the range from that minimum to its maximum, or to the line's cross size, and keeps the size it measures
    /// there. Without one, the line's cross size wins over the style's maximum: with only `maxHeight(10)` in a
    /// 50-point row, the element is stretched to 50. See ``StackAlignItems/stretch``.
    case stretch
  }

  /// The exact size, when both ``width`` and ``height`` are in points; setting it sets both in points.
  ///
  /// `nil` when either is automatic or a fraction (Texture asserts there).
  public var preferredSize: Size? {
    get { Self.size(width, height) }
    set { (width, height) = Self.dimensions(newValue) }
  }

  /// The smallest size in points; setting it sets both minimums in points.
  public var minSize: Size? {
    get { Self.size(minWidth, minHeight) }
    set { (minWidth, minHeight) = Self.dimensions(newValue) }
  }

  /// The largest size in points; setting it sets both maximums in points.
  public var maxSize: Size? {
    get { Self.size(maxWidth, maxHeight) }
    set { (maxWidth, maxHeight) = Self.dimensions(newValue) }
  }

  /// The exact width and height, as dimensions (a fraction too): Texture's `preferredLayoutSize`.
  ///
  /// Reads and writes ``width`` and ``height``.
  public var preferredLayoutSize: LayoutSize {
    get { LayoutSize(width: width, height: height) }
    set { (width, height) = (newValue.width, newValue.height) }
  }
  /// The smallest width and height, as dimensions: Texture's `minLayoutSize` (``minWidth`` and ``minHeight``).
  public var minLayoutSize: LayoutSize {
    get { LayoutSize(width: minWidth, height: minHeight) }
    set { (minWidth, minHeight) = (newValue.width, newValue.height) }
  }
  /// The largest width and height, as dimensions: Texture's `maxLayoutSize` (``maxWidth`` and ``maxHeight``).
  public var maxLayoutSize: LayoutSize {
    get { LayoutSize(width: maxWidth, height: maxHeight) }
    set { (maxWidth, maxHeight) = (newValue.width, newValue.height) }
  }
  /// The size two dimensions give, if both are in points.
  private static func size(_ width: Dimension, _ height: Dimension) -> Size? {
    guard width.unit == .points, height.unit == .points else { return nil }
    return Size(width: width.value, height: height.value)
  }

  /// A size as two dimensions in points; `nil` as two automatic ones.
  private static func dimensions(_ size: Size?) -> (Dimension, Dimension) {
    guard let size else { return (.auto, .auto) }
    return (.points(size.width), .points(size.height))
  }

  /// The sizes the style allows, resolved against the parent's size (NaN on an axis where it is not known).
  ///
  /// Per axis, as CSS and Texture: the minimum and maximum make the range
  /// (an automatic minimum is 0, an automatic maximum unbounded); if the
  /// maximum is not above the minimum, the range is the minimum; otherwise an
  /// exact size above the maximum gives the maximum, below the minimum the
  /// minimum, and in between itself. A fraction of an unknown parent size
  /// counts as automatic.
  ///
  /// - Precondition: `parentSize` is not negative.
  public func sizeRange(parentSize: Size) -> SizeRange {
    contractPrecondition(
      !(parentSize.width < 0) && !(parentSize.height < 0),
      "a parent size must not be negative (NaN: unknown): got \(parentSize)")
    return sizeRange(parentSize: parentSize, autoMax: Size(width: .infinity, height: .infinity))
  }

  /// ``sizeRange(parentSize:)`` with `autoMax` standing for an automatic maximum (an absolute spec's remaining room).
  func sizeRange(parentSize: Size, autoMax: Size) -> SizeRange {
    let width = Self.constrain(
      min: minWidth.resolve(parent: parentSize.width, autoValue: 0),
      exact: self.width.resolve(parent: parentSize.width, autoValue: .nan),
      max: maxWidth.resolve(parent: parentSize.width, autoValue: autoMax.width))
    let height = Self.constrain(
      min: minHeight.resolve(parent: parentSize.height, autoValue: 0),
      exact: self.height.resolve(parent: parentSize.height, autoValue: .nan),
      max: maxHeight.resolve(parent: parentSize.height, autoValue: autoMax.height))
    return SizeRange(
      uncheckedMin: Size(width: width.min, height: height.min), max: Size(width: width.max, height: height.max))
  }

  /// One axis of ``sizeRange(parentSize:)``: the minimum beats the maximum, which beats the exact value (NaN: none).
  static func constrain(min: Double, exact: Double, max: Double) -> (min: Double, max: Double) {
    if max <= min { return (min, min) }
    if exact.isNaN { return (min, max) }
    if exact > max { return (max, max) }
    if exact < min { return (min, min) }
    return (exact, exact)
  }

  private static func checkFactor(_ value: Double, _ name: String) {
    contractPrecondition(value.isFinite && value >= 0, "\(name) must be finite and not negative: got \(value)")
  }

  private static func checkFinite(_ value: Double, _ name: String) {
    contractPrecondition(value.isFinite, "\(name) must be finite: got \(value)")
  }
}

extension LayoutStyle: CustomStringConvertible {
  /// The fields that differ from the default style, in declaration order: `{width 100pt, flexGrow 1}`, or `{}`.
  ///
  /// As Texture's `ASLayoutElementStyle` describes itself by its properties that are not their defaults.
  public var description: String {
    let defaults = LayoutStyle()
    var fields: [String] = []
    func add<Value: Equatable>(_ name: String, _ field: KeyPath<LayoutStyle, Value>, _ text: (Value) -> String) {
      if self[keyPath: field] != defaults[keyPath: field] { fields.append("\(name) \(text(self[keyPath: field]))") }
    }
    add("width", \.width, \.description)
    add("height", \.height, \.description)
    add("minWidth", \.minWidth, \.description)
    add("maxWidth", \.maxWidth, \.description)
    add("minHeight", \.minHeight, \.description)
    add("maxHeight", \.maxHeight, \.description)
    add("flexGrow", \.flexGrow, \.shortDescription)
    add("flexShrink", \.flexShrink, \.shortDescription)
    add("flexBasis", \.flexBasis, \.description)
    add("alignSelf", \.alignSelf) { "\($0)" }
    add("spacingBefore", \.spacingBefore, \.shortDescription)
    add("spacingAfter", \.spacingAfter, \.shortDescription)
    add("layoutPosition", \.layoutPosition, \.description)
    return "{\(fields.joined(separator: ", "))}"
  }
}
