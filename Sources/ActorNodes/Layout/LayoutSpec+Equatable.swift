extension LayoutSpec: Hashable {
  /// Whether both specs lay out the same way: the same elements, compared element by element all the way down.
  ///
  /// - A node's element equals another of the *same node* (by identity, as
  ///   `===`, as ``Layout/Element`` compares them) that sets the same style
  ///   fields to the same values. A field set to its default is still set: it
  ///   overrides the node's own style, so `.node(a).flexGrow(0)` is not
  ///   `.node(a)`.
  /// - A spec's element equals another of the same kind (``description``'s
  ///   name: a ``center(_:sizing:_:)`` is not the ``relative(horizontal:vertical:sizing:_:)``
  ///   it stands for) with every option equal (a stack's direction, spacing
  ///   and alignments, an inset's insets, a ratio, a corner's location,
  ///   offset and wrapping…), the same ``style``, and equal children in the
  ///   same order.
  ///
  /// A spec holds no closures, so nothing in it escapes the comparison. Two
  /// specs built the same way from the same nodes are equal: a test can
  /// compare a node's spec with the one it expects. Compared without
  /// recursion, so that deep specs compare in constant stack.
  public static func == (lhs: LayoutSpec, rhs: LayoutSpec) -> Bool {
    var pending = [(lhs, rhs)]
    while let (a, b) = pending.popLast() {
      switch a.content {
      case .node(let node):
        guard case .node(let other) = b.content, node === other, a.styleOverride == b.styleOverride else {
          return false
        }
      case .spec(let spec):
        guard case .spec(let other) = b.content, spec.isSameKind(as: other), a.style == b.style else {
          return false
        }
        let children = spec.children, otherChildren = other.children
        guard children.count == otherChildren.count else { return false }
        pending.append(contentsOf: zip(children, otherChildren))
      }
    }
    return true
  }

  /// Hashes every element, as `==` compares them (a node by its identity), without recursion.
  public func hash(into hasher: inout Hasher) {
    var pending = [self]
    while let element = pending.popLast() {
      switch element.content {
      case .node(let node):
        hasher.combine(0)
        hasher.combine(ObjectIdentifier(node))
        hasher.combine(element.styleOverride)
      case .spec(let spec):
        let children = spec.children
        hasher.combine(1)
        hasher.combine(spec.name)
        spec.hashOptions(into: &hasher)
        hasher.combine(element.style)
        hasher.combine(children.count)
        pending.append(contentsOf: children)
      }
    }
  }
}
