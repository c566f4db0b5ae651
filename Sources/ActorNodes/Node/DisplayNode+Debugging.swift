extension DisplayNode {
  /// A description of the node and its subtree, one line per node (Texture's `displayNodeRecursiveDescription`).
  ///
  /// Each line is the node's ``descriptionForRecursiveDescription``,
  /// indented by `| ` per level. Past ``maximumDescriptionIndent`` levels the
  /// indent stops growing and the line starts with the depth instead, so a
  /// deep chain is described in linear space.
  ///
  /// The structure is read in one step on the ``HierarchyActor``; then each
  /// node describes itself on its own actor.
  public nonisolated func recursiveDescription() async -> String {
    let nodes = await Tree.preorder(from: self)
    var lines: [String] = []
    lines.reserveCapacity(nodes.count)
    for (node, depth) in nodes {
      lines.append(descriptionIndent(depth: depth) + (await node.descriptionForRecursiveDescription))
    }
    return lines.joined(separator: "\n")
  }
}

/// The deepest level ``DisplayNode/recursiveDescription()`` indents.
let maximumDescriptionIndent = 32

/// The start of a line `depth` levels down in a tree description: `| ` per level up to
/// ``maximumDescriptionIndent``, then the depth written out, so that a deep tree takes linear space.
func descriptionIndent(depth: Int) -> String {
  let indent = String(repeating: "| ", count: min(depth, maximumDescriptionIndent))
  return depth > maximumDescriptionIndent ? indent + "[depth \(depth)] " : indent
}
