import Synchronization

/// A node and the subnodes it is to have, described as a value and linked in one step.
///
/// Every structural edit is one step of the ``HierarchyActor``. Building a
/// cell with ``DisplayNode/addSubnodes(_:)-([any DisplayNode])`` takes one
/// step per parent, and tasks that build cells in parallel (as Texture's data
/// controller allocates cell nodes across cores) queue for the actor at each
/// of them. A `Subtree` touches no tree while it is described: make the
/// nodes, configure them and describe their structure in as many tasks as you
/// like, then link the whole description in one step.
///
/// ```swift
/// let row = Subtree(container) {
///   image
///   Subtree(text) {
///     title
///     body
///   }
///   badge
/// }
/// try await list.addSubnodes([row])  // or `try await row.assemble()`
/// ```
///
/// Linking a subtree appends each described node's described subnodes to
/// its subnodes (after any it has), exactly as the matching
/// ``DisplayNode/addSubnodes(_:)-([any DisplayNode])`` calls would, but as
/// one atomic step: if one link is refused, none is made. A described node
/// may be in a tree already; it moves, as with ``DisplayNode/addSubnode(_:)``
/// (one that is already a subnode of its described parent stays where it is).
/// A described subtree linked under a loaded node loads as a whole, in the
/// next turn.
public struct Subtree: Sendable {
  /// The node at the top of the description.
  public var node: any DisplayNode
  /// The subtrees to append to ``node``'s subnodes, back to front.
  public var subnodes: [Subtree] {
    get { children?.subtrees ?? [] }
    set { children = newValue.isEmpty ? nil : Children(newValue) }
  }
  /// The subnodes, in a box that frees a description of any depth without recursion (`nil`: none).
  private var children: Children?

  /// Describes `node` with the given subtrees below it.
  public init(_ node: any DisplayNode, subnodes: [Subtree] = []) {
    self.node = node
    self.subnodes = subnodes
  }

  /// Describes `node` with the subnodes that `subnodes` lists, nodes or further subtrees.
  public init(_ node: any DisplayNode, @SubtreeBuilder subnodes: () -> [Subtree]) {
    self.init(node, subnodes: subnodes())
  }

  /// How many nodes the description names, ``node`` included.
  public var nodeCount: Int {
    var count = 0
    var stack = [self]
    while let subtree = stack.popLast() {
      count += 1
      stack.append(contentsOf: subtree.subnodes)
    }
    return count
  }

  /// Links the described structure in one step; ``node`` keeps its own place.
  ///
  /// If a described parent is loaded, the views of the nodes added under it
  /// load as with ``DisplayNode/addSubnode(_:)``.
  ///
  /// - Throws: The errors of ``DisplayNode/addSubnode(_:)``, for the first
  ///   link that would be refused, and ``HierarchyError/nodeListedTwice`` if the
  ///   description names a node more than once. The trees are then unchanged.
  public func assemble() async throws(HierarchyError) {
    try await Self.assemble([self])
  }

  /// Links the structure of each of `subtrees` in one step; their top nodes keep their own places.
  ///
  /// A task that builds many cells links a batch of them with one hop to the
  /// ``HierarchyActor``. The description is read where this is called; only
  /// the links are made on the ``HierarchyActor``, so tasks that build cells
  /// in parallel wait for one another only for that. Link cells in batches
  /// of a few dozen as you make them, while their nodes are still in the
  /// processor's caches: linking thousands of cells made earlier reads every
  /// node again from memory (about a quarter slower for a 10,000-node list here).
  ///
  /// - Throws: The errors of ``assemble()``, also for a node that two of the
  ///   subtrees name. The trees are then unchanged.
  public static func assemble(_ subtrees: [Subtree]) async throws(HierarchyError) {
    try await FlatSubtrees(subtrees).link()
  }
}

extension Subtree: Hashable {
  /// Whether both describe the same structure: the same node (by identity, as `===`) at the top, with equal
  /// subtrees in the same order below it.
  ///
  /// Compared without recursion, so that deep descriptions compare in constant stack.
  public static func == (lhs: Subtree, rhs: Subtree) -> Bool {
    var pending = [(lhs, rhs)]
    while let (a, b) = pending.popLast() {
      guard a.node === b.node else { return false }
      // Copies share their subnodes' box: the same box (or none) holds the same subtrees.
      if a.children === b.children { continue }
      let subnodes = a.subnodes, otherSubnodes = b.subnodes
      guard subnodes.count == otherSubnodes.count else { return false }
      pending.append(contentsOf: zip(subnodes, otherSubnodes))
    }
    return true
  }

  /// Hashes every described node's identity and subnode count, as `==` compares them, without recursion.
  public func hash(into hasher: inout Hasher) {
    var pending = [self]
    while let subtree = pending.popLast() {
      let subnodes = subtree.subnodes
      hasher.combine(ObjectIdentifier(subtree.node))
      hasher.combine(subnodes.count)
      pending.append(contentsOf: subnodes)
    }
  }
}

extension Subtree {
  /// The subnodes of a ``Subtree``, shared by its copies.
  ///
  /// An array of subtrees that frees its elements frees their arrays in turn, one stack frame per level: a
  /// 100,000-deep description crashed when dropped. The last box of a description frees the boxes only it holds
  /// one by one, from a list of its own. The subtrees never change once boxed (setting ``Subtree/subnodes`` boxes
  /// a new array); the mutex is for that last release, which takes them out.
  fileprivate final class Children: Sendable {
    private let storage: Mutex<[Subtree]>

    init(_ subtrees: [Subtree]) { storage = Mutex(subtrees) }

    var subtrees: [Subtree] { storage.withLock { $0 } }

    /// Takes the subtrees out, leaving none.
    private func takeSubtrees() -> [Subtree] {
      storage.withLock { subtrees in
        var taken: [Subtree] = []
        swap(&taken, &subtrees)
        return taken
      }
    }

    deinit {
      var pending = takeSubtrees()
      while var subtree = pending.popLast() {
        // A box another copy still holds stays whole; one only this subtree holds is emptied before it goes.
        guard isKnownUniquelyReferenced(&subtree.children), let children = subtree.children else { continue }
        pending.append(contentsOf: children.takeSubtrees())
      }
    }
  }
}

/// Described subtrees, level by level, so that the subnodes of each parent are adjacent and in order: each
/// node with its core and the index of its described parent (-1 for a top).
///
/// Made where the subtrees were built, not on the ``HierarchyActor``: reading a description is the larger
/// part of linking it, and it needs no tree.
struct FlatSubtrees: Sendable {
  private(set) var nodes: [any DisplayNode] = []
  private(set) var cores: [NodeCore] = []
  private(set) var parents: [Int] = []

  init(_ subtrees: [Subtree]) {
    var level: [(subtree: Subtree, parent: Int)] = subtrees.map { ($0, -1) }
    while !level.isEmpty {
      var next: [(subtree: Subtree, parent: Int)] = []
      for (subtree, parent) in level {
        let index = nodes.count
        nodes.append(subtree.node)
        cores.append(subtree.node.nodeCore)
        parents.append(parent)
        for child in subtree.subnodes { next.append((child, index)) }
      }
      level = next
    }
  }

  /// Links the description in one step of the ``HierarchyActor`` and gathers the state of the views it loads.
  @HierarchyActor
  func link() async throws(HierarchyError) {
    for load in try Tree.link(self) { await Tree.finishImplicitLoad(load) }
  }
}

/// Lists the subnodes of a ``Subtree``: nodes, subtrees, and `if`, `switch` and `for` over them.
///
/// Each line appends to one list in place: a described row costs one array, not one per line.
@resultBuilder
public enum SubtreeBuilder {
  public static func buildExpression(_ node: any DisplayNode) -> Subtree { Subtree(node) }
  public static func buildExpression(_ subtree: Subtree) -> Subtree { subtree }
  public static func buildExpression(_ subtrees: [Subtree]) -> [Subtree] { subtrees }
  public static func buildBlock() -> [Subtree] { [] }
  public static func buildPartialBlock(first: Subtree) -> [Subtree] { [first] }
  public static func buildPartialBlock(first: [Subtree]) -> [Subtree] { first }
  public static func buildPartialBlock(accumulated: [Subtree], next: Subtree) -> [Subtree] {
    var all = accumulated
    all.append(next)
    return all
  }
  public static func buildPartialBlock(accumulated: [Subtree], next: [Subtree]) -> [Subtree] {
    var all = accumulated
    all.append(contentsOf: next)
    return all
  }
  public static func buildOptional(_ part: [Subtree]?) -> [Subtree] { part ?? [] }
  public static func buildEither(first part: [Subtree]) -> [Subtree] { part }
  public static func buildEither(second part: [Subtree]) -> [Subtree] { part }
  public static func buildArray(_ parts: [[Subtree]]) -> [Subtree] { parts.flatMap { $0 } }
}
