import ActorNodes

/// The FEED shape: a vertical list of 1,430 rows, each a container of
/// [image, a container of a title and a body, a spacer, a badge]: 7 nodes a
/// row, 10,011 nodes with the root. Every node gets 5 view properties; the
/// image and the badge are layer-backed, as Texture apps back such leaves.
/// The layout benchmarks of later steps reuse this shape.
enum FeedTree {
  static let rows = 1_430
  static let nodesPerRow = 7
  static let nodeCount = 1 + rows * nodesPerRow

  /// Builds the FEED tree of actor nodes; runs off the main actor.
  ///
  /// As an app builds cells: each node is configured in its initializer, and
  /// rows are described as ``Subtree`` values and linked as they are made,
  /// ``rowsPerAssembly`` at a time (one step each, while their nodes are still
  /// in the processor's caches; the lock baseline links each row as it makes
  /// it), then added to the root in one step.
  @concurrent
  static func makeActorTree(rows: Int = rows) async throws -> BasicNode {
    let root = BasicNode(debugName: "feed") { write(&$0, index: 0) }
    try await root.addSubnodes(makeAssembledRows(0..<rows))
    return root
  }

  /// Builds the FEED tree with rows made by `tasks` concurrent tasks (nodes can be made anywhere).
  @concurrent
  static func makeActorTreeConcurrently(tasks: Int) async throws -> BasicNode {
    let root = BasicNode(debugName: "feed") { write(&$0, index: 0) }
    let rowsPerTask = (rows + tasks - 1) / tasks
    let chunks = try await withThrowingTaskGroup(of: (Int, [any DisplayNode]).self) { group in
      for chunk in 0..<tasks {
        group.addTask {
          (chunk, try await makeAssembledRows((chunk * rowsPerTask)..<min((chunk + 1) * rowsPerTask, rows)))
        }
      }
      var all: [(Int, [any DisplayNode])] = []
      for try await chunk in group { all.append(chunk) }
      return all.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }
    try await root.addSubnodes(chunks)
    return root
  }

  /// Rows linked per ``Subtree/assemble(_:)`` step: about 450 nodes, which one step links while they are in the
  /// caches. (Linking all 1,430 rows in one step read every node again after all were made: about 20% slower.)
  static let rowsPerAssembly = 64

  /// Makes the rows in `range`, linking them ``rowsPerAssembly`` at a time; returns their top nodes.
  private static func makeAssembledRows(_ range: Range<Int>) async throws -> [any DisplayNode] {
    var nodes: [any DisplayNode] = []
    nodes.reserveCapacity(range.count)
    var start = range.lowerBound
    while start < range.upperBound {
      let made = (start..<min(start + rowsPerAssembly, range.upperBound)).map(makeActorRow)
      try await Subtree.assemble(made)
      nodes.append(contentsOf: made.map(\.node))
      start += rowsPerAssembly
    }
    return nodes
  }

  private static func makeActorRow(_ row: Int) -> Subtree {
    let first = row * nodesPerRow
    return Subtree(BasicNode { write(&$0, index: first) }) {
      BasicNode(isLayerBacked: true) { write(&$0, index: first + 1) }
      Subtree(BasicNode { write(&$0, index: first + 2) }) {
        BasicNode { write(&$0, index: first + 3) }
        BasicNode { write(&$0, index: first + 4) }
      }
      BasicNode { write(&$0, index: first + 5) }
      BasicNode(isLayerBacked: true) { write(&$0, index: first + 6) }
    }
  }

  /// Builds the FEED tree one call at a time, as step 1 did: `configure` after each
  /// initializer (a hop to each node), one `addSubnodes` per parent (a hop to the `HierarchyActor`).
  @concurrent
  static func makeActorTreeByEdits(rows: Int = rows) async throws -> BasicNode {
    let root = BasicNode(debugName: "feed")
    await configure(root, index: 0)
    for row in 0..<rows {
      let container = BasicNode()
      let image = BasicNode(isLayerBacked: true)
      let text = BasicNode()
      let title = BasicNode()
      let body = BasicNode()
      let spacer = BasicNode()
      let badge = BasicNode(isLayerBacked: true)
      for (offset, node) in [container, image, text, title, body, spacer, badge].enumerated() {
        await configure(node, index: row * nodesPerRow + offset)
      }
      try await text.addSubnodes([title, body])
      try await container.addSubnodes([image, text, spacer, badge])
      try await root.addSubnode(container)
    }
    return root
  }

  /// The five properties every FEED node gets, from its index.
  private static func write(_ changes: inout ViewPropertyChanges, index: Int) {
    let value = Double(index % 97)
    changes.frame = Rect(x: value, y: value, width: 40 + value, height: 20)
    changes.backgroundColor = Color(white: value / 97)
    changes.alpha = 0.5 + value / 200
    changes.cornerRadius = value / 10
    changes.clipsToBounds = index % 2 == 0
  }

  private static func configure(_ node: BasicNode, index: Int) async {
    await node.configure { write(&$0, index: index) }
  }

  /// Builds the FEED tree of lock-guarded baseline nodes; runs off the main actor.
  @concurrent
  static func makeLockTree(rows: Int = rows) async -> LockNode {
    let root = LockFeedNode()
    configure(root, index: 0)
    for row in 0..<rows { root.addSubnode(makeLockRow(row)) }
    return root
  }

  /// Builds the baseline FEED tree with rows made by `tasks` concurrent tasks, as the actor tree is.
  @concurrent
  static func makeLockTreeConcurrently(tasks: Int) async -> LockNode {
    let root = LockFeedNode()
    configure(root, index: 0)
    let rowsPerTask = (rows + tasks - 1) / tasks
    let chunks = await withTaskGroup(of: (Int, [LockNode]).self) { group in
      for chunk in 0..<tasks {
        group.addTask {
          let range = (chunk * rowsPerTask)..<min((chunk + 1) * rowsPerTask, rows)
          return (chunk, range.map { makeLockRow($0) })
        }
      }
      var all: [(Int, [LockNode])] = []
      for await chunk in group { all.append(chunk) }
      return all.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }
    for row in chunks { root.addSubnode(row) }
    return root
  }

  private static func makeLockRow(_ row: Int) -> LockNode {
    let container = LockFeedNode()
    let image = LockFeedNode(isLayerBacked: true)
    let text = LockFeedNode()
    let title = LockFeedNode()
    let body = LockFeedNode()
    let spacer = LockFeedNode()
    let badge = LockFeedNode(isLayerBacked: true)
    for (offset, node) in [container, image, text, title, body, spacer, badge].enumerated() {
      configure(node, index: row * nodesPerRow + offset)
    }
    text.addSubnode(title)
    text.addSubnode(body)
    for child in [image, text, spacer, badge] { container.addSubnode(child) }
    return container
  }

  private static func configure(_ node: LockNode, index: Int) {
    let value = Double(index % 97)
    node.frame = Rect(x: value, y: value, width: 40 + value, height: 20)
    node.backgroundColor = Color(white: value / 97)
    node.alpha = 0.5 + value / 200
    node.cornerRadius = value / 10
    node.clipsToBounds = index % 2 == 0
  }
}
