extension LayoutSpec: CustomStringConvertible {
  /// The spec's elements, one line each, indented by `| ` per level: a node by its label, a spec by its kind.
  ///
  /// ```
  /// Inset
  /// | Stack
  /// | | <BasicNode #3>
  /// | | <TextNode #4>
  /// ```
  ///
  /// The styles the elements set are not shown.
  public var description: String {
    var lines: [String] = []
    // Without recursion, so that a deep spec is described in constant stack.
    var stack: [(spec: LayoutSpec, depth: Int)] = [(self, 0)]
    while let (spec, depth) = stack.popLast() {
      switch spec.content {
      case .node(let node):
        lines.append("\(descriptionIndent(depth: depth))\(Layout.Element.node(node).label)")
      case .spec(let computation):
        lines.append("\(descriptionIndent(depth: depth))\(computation.name)")
        for child in computation.children.reversed() { stack.append((child, depth + 1)) }
      }
    }
    return lines.joined(separator: "\n")
  }
}
