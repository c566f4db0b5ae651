/// How a node lays itself out, returned by ``DisplayNode/layoutMethod(thatFits:)``.
///
/// Texture has three methods to override, of which a node must implement at
/// most one (it checks at runtime). Returning one value of this enum makes
/// "exactly one" hold by construction.
///
/// Two methods are equal when they are the same case with equal values (see
/// ``LayoutSpec``'s and ``Layout``'s `==`: nodes compare by identity).
public enum LayoutMethod: Hashable, Sendable {
  /// Lay out automatically from a spec: Texture's `layoutSpecThatFits:`.
  ///
  /// The library measures the spec's nodes and flattens the result into the
  /// node's layout. The spec may name only the node's subnodes, each once.
  case spec(LayoutSpec)
  /// The node's size, measured by the node itself: Texture's `calculateSizeThatFits:`.
  ///
  /// The node measures what it needs (for example its subnodes, with
  /// `layout(thatFits:)`) and returns its size, which is clamped into the
  /// range, then rounded up to the pixel grid; it places its subnodes itself
  /// in its main-actor ``DisplayNode/layout(_:)``.
  case size(Size)
  /// A complete layout: Texture's `calculateLayoutThatFits:`.
  ///
  /// Its size is the node's, rounded up to the pixel grid but not clamped
  /// into the range (Texture does not clamp what `calculateLayoutThatFits:`
  /// returns); its node layouts (below any spec layouts) must be the node's
  /// subnodes. A layout whose element is not the node is
  /// wrapped in one that is, at the origin.
  case layout(Layout)
}

extension LayoutMethod {
  /// Texture's default size for a node that implements no layout method: the range's maximum if both axes bound a
  /// layout, else zero.
  static func defaultSize(thatFits range: SizeRange) -> LayoutMethod {
    .size(range.max.boundsLayout ? range.max : .zero)
  }
}
