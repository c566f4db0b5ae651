/// What ``DisplayNode/layout(_:)`` and ``DisplayNode/layoutDidFinish(_:)`` receive.
///
/// Like ``LoadContext``, only the library can create one, and it is lent to
/// one call: it cannot be copied, stored, captured by an escaping closure or
/// sent. It lives on the main actor.
@MainActor
public struct LayoutContext: ~Copyable {
  /// The node being laid out.
  public let node: any DisplayNode
  /// The node's view, or `nil` for a layer-backed node.
  public let view: View?
  /// The node's layer.
  public let layer: Layer
  /// The layout applied: the node's size and the frames of the subnodes it places.
  public let layout: Layout
  /// The sizes the node's subnodes were last measured at, by core, for a node that measures itself.
  private let measuredSizes: [ObjectIdentifier: Size]

  init(node: any DisplayNode, view: View?, layer: Layer, layout: Layout, measuredSizes: [ObjectIdentifier: Size]) {
    self.node = node
    self.view = view
    self.layer = layer
    self.layout = layout
    self.measuredSizes = measuredSizes
  }

  /// The size `subnode` was last measured at, if the node measured it (Texture reads `subnode.calculatedSize` in `-layout`).
  ///
  /// For a node that measures itself (``LayoutMethod/size(_:)``): the pass
  /// reads, off the main actor, the latest measurement of each subnode that
  /// is still valid, so that ``DisplayNode/layout(_:)`` can place the
  /// subnodes without measuring on the main actor. `nil` for a subnode that
  /// was not measured since its layout was last invalidated.
  public func calculatedSize(of subnode: any DisplayNode) -> Size? {
    measuredSizes[ObjectIdentifier(subnode.nodeCore)]
  }
}

@available(*, unavailable, message: "a LayoutContext is lent to one hook call and cannot leave it")
extension LayoutContext: Sendable {}
