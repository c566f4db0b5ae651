extension LayoutSpec {
  /// This element, wanting `factor` of a stack's remaining space along its axis.
  public func flexGrow(_ factor: Double) -> LayoutSpec { setting(\.flexGrow, factor, .flexGrow) }
  /// This element, giving up `factor` of a stack's overflow along its axis.
  public func flexShrink(_ factor: Double) -> LayoutSpec { setting(\.flexShrink, factor, .flexShrink) }
  /// This element, with `basis` as its size along a stack's axis before flexing.
  public func flexBasis(_ basis: Dimension) -> LayoutSpec { setting(\.flexBasis, basis, .flexBasis) }
  /// This element, aligned across a stack's axis by `alignment` rather than by the stack.
  public func alignSelf(_ alignment: LayoutStyle.AlignSelf) -> LayoutSpec {
    setting(\.alignSelf, alignment, .alignSelf)
  }
  /// This element, with `spacing` before it along a stack's axis.
  public func spacingBefore(_ spacing: Double) -> LayoutSpec { setting(\.spacingBefore, spacing, .spacingBefore) }
  /// This element, with `spacing` after it along a stack's axis.
  public func spacingAfter(_ spacing: Double) -> LayoutSpec { setting(\.spacingAfter, spacing, .spacingAfter) }
  /// This element, placed at `position` by an absolute spec.
  public func layoutPosition(_ position: Point) -> LayoutSpec {
    setting(\.layoutPosition, position, .layoutPosition)
  }
  /// This element, wanting `width`.
  public func width(_ width: Dimension) -> LayoutSpec { setting(\.width, width, .width) }
  /// This element, wanting `height`.
  public func height(_ height: Dimension) -> LayoutSpec { setting(\.height, height, .height) }
  /// This element, at least `width` wide.
  public func minWidth(_ width: Dimension) -> LayoutSpec { setting(\.minWidth, width, .minWidth) }
  /// This element, at most `width` wide.
  public func maxWidth(_ width: Dimension) -> LayoutSpec { setting(\.maxWidth, width, .maxWidth) }
  /// This element, at least `height` high.
  public func minHeight(_ height: Dimension) -> LayoutSpec { setting(\.minHeight, height, .minHeight) }
  /// This element, at most `height` high.
  public func maxHeight(_ height: Dimension) -> LayoutSpec { setting(\.maxHeight, height, .maxHeight) }

  /// This element, wanting exactly `size` (its width and height in points).
  public func preferredSize(_ size: Size) -> LayoutSpec { width(.points(size.width)).height(.points(size.height)) }
  /// This element, at least `size`.
  public func minSize(_ size: Size) -> LayoutSpec { minWidth(.points(size.width)).minHeight(.points(size.height)) }
  /// This element, at most `size`.
  public func maxSize(_ size: Size) -> LayoutSpec { maxWidth(.points(size.width)).maxHeight(.points(size.height)) }

  /// This element, wanting exactly `size`, whose dimensions may be fractions: Texture's `preferredLayoutSize`.
  public func preferredLayoutSize(_ size: LayoutSize) -> LayoutSpec { width(size.width).height(size.height) }
  /// This element, at least `size`: Texture's `minLayoutSize`.
  public func minLayoutSize(_ size: LayoutSize) -> LayoutSpec { minWidth(size.width).minHeight(size.height) }
  /// This element, at most `size`: Texture's `maxLayoutSize`.
  public func maxLayoutSize(_ size: LayoutSize) -> LayoutSpec { maxWidth(size.width).maxHeight(size.height) }

  /// This element with `style` as its whole style: every field of the node's own style is overridden.
  public func style(_ style: LayoutStyle) -> LayoutSpec {
    var copy = self
    copy.styleOverride = StyleOverride(values: style, fields: .all)
    return copy
  }

  /// The style this element sets, over the default style: a spec's whole style, or a node's overrides.
  public var style: LayoutStyle { styleOverride.applied(to: LayoutStyle()) }

  private func setting<Value>(
    _ field: WritableKeyPath<LayoutStyle, Value>, _ value: Value, _ mask: StyleOverride.Fields
  ) -> LayoutSpec {
    var copy = self
    copy.styleOverride.set(field, value, mask)
    return copy
  }
}

/// The style fields an element of a spec sets, applied over a node's own style.
struct StyleOverride: Hashable, Sendable {
  /// Which fields of a style.
  struct Fields: OptionSet, Hashable, Sendable {
    let rawValue: UInt16
    static let width = Fields(rawValue: 1 << 0)
    static let height = Fields(rawValue: 1 << 1)
    static let minWidth = Fields(rawValue: 1 << 2)
    static let maxWidth = Fields(rawValue: 1 << 3)
    static let minHeight = Fields(rawValue: 1 << 4)
    static let maxHeight = Fields(rawValue: 1 << 5)
    static let flexGrow = Fields(rawValue: 1 << 6)
    static let flexShrink = Fields(rawValue: 1 << 7)
    static let flexBasis = Fields(rawValue: 1 << 8)
    static let alignSelf = Fields(rawValue: 1 << 9)
    static let spacingBefore = Fields(rawValue: 1 << 10)
    static let spacingAfter = Fields(rawValue: 1 << 11)
    static let layoutPosition = Fields(rawValue: 1 << 12)
    static let all = Fields(rawValue: (1 << 13) - 1)
  }

  /// The values of the fields that are set, out of line: most elements set none, and a spec's elements are
  /// copied on their way through it (inline, a whole `LayoutStyle` was copied with each).
  private var storage: Storage?
  /// The fields that are set.
  private(set) var fields: Fields = []

  /// The values of the fields that are set; the others are ignored.
  var values: LayoutStyle { storage?.style ?? LayoutStyle() }

  /// No fields set.
  init() {}

  /// The fields `fields` set to their values in `values`.
  init(values: LayoutStyle, fields: Fields) {
    storage = Storage(values)
    self.fields = fields
  }

  /// Sets `field` to `value`, marking it with `mask`.
  mutating func set<Value>(_ field: WritableKeyPath<LayoutStyle, Value>, _ value: Value, _ mask: Fields) {
    var style = values
    style[keyPath: field] = value
    storage = Storage(style)
    fields.insert(mask)
  }

  static func == (lhs: StyleOverride, rhs: StyleOverride) -> Bool {
    guard lhs.fields == rhs.fields else { return false }
    // The same box (or none): the same values, without comparing two whole styles.
    return lhs.storage === rhs.storage || lhs.values == rhs.values
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(fields)
    hasher.combine(values)
  }

  /// An immutable box for the values.
  private final class Storage: Sendable {
    let style: LayoutStyle
    init(_ style: LayoutStyle) { self.style = style }
  }

  /// `base` with the set fields replaced.
  func applied(to base: LayoutStyle) -> LayoutStyle {
    guard let values = storage?.style else { return base }
    if fields == .all { return values }
    var style = base
    if fields.contains(.width) { style.width = values.width }
    if fields.contains(.height) { style.height = values.height }
    if fields.contains(.minWidth) { style.minWidth = values.minWidth }
    if fields.contains(.maxWidth) { style.maxWidth = values.maxWidth }
    if fields.contains(.minHeight) { style.minHeight = values.minHeight }
    if fields.contains(.maxHeight) { style.maxHeight = values.maxHeight }
    if fields.contains(.flexGrow) { style.flexGrow = values.flexGrow }
    if fields.contains(.flexShrink) { style.flexShrink = values.flexShrink }
    if fields.contains(.flexBasis) { style.flexBasis = values.flexBasis }
    if fields.contains(.alignSelf) { style.alignSelf = values.alignSelf }
    if fields.contains(.spacingBefore) { style.spacingBefore = values.spacingBefore }
    if fields.contains(.spacingAfter) { style.spacingAfter = values.spacingAfter }
    if fields.contains(.layoutPosition) { style.layoutPosition = values.layoutPosition }
    return style
  }
}
