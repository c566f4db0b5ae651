/// A node's layout without the node: its size and its subnodes' layouts.
///
/// What a node keeps of its own layouts (cached, applied). A ``Layout``
/// names its node, and a node that kept a layout naming itself would keep
/// itself alive; its subnodes it owns anyway.
struct NodeLayout: Sendable {
  let size: Size
  let sublayouts: [Layout]

  init(size: Size, sublayouts: [Layout]) {
    self.size = size
    self.sublayouts = sublayouts
  }

  init(_ layout: Layout) {
    size = layout.size
    sublayouts = layout.sublayouts
  }

  /// The layout of `node`.
  func layout(of node: any DisplayNode) -> Layout {
    Layout(uncheckedNode: node, size: size, sublayouts: sublayouts)
  }

  /// Whether `other` has the same size and places the same elements at the same frames.
  func hasSameFrames(as other: NodeLayout) -> Bool {
    guard size == other.size, sublayouts.count == other.sublayouts.count else { return false }
    // By index, so that no layout is copied (each copy retains its node).
    for index in sublayouts.indices {
      guard sublayouts[index].frame == other.sublayouts[index].frame,
        sublayouts[index].element.isSame(as: other.sublayouts[index].element)
      else { return false }
    }
    return true
  }
}
