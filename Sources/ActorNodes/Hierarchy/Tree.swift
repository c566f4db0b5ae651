import Synchronization

/// The structural edits, performed on the ``HierarchyActor``.
///
/// Each edit validates first and throws before changing anything, then
/// changes the links, takes a new structure version, and queues the
/// main-actor work the change needs (for loaded nodes only).
@HierarchyActor
enum Tree {
  /// Where an inserted node goes among the receiver's subnodes.
  enum Position {
    case end
    case index(Int)
    case below(any DisplayNode)
    case above(any DisplayNode)
  }

  /// The version of the latest structural edit; every edit takes the next one.
  private static var structureVersion: UInt64 = 0

  static func nextVersion() -> UInt64 {
    structureVersion += 1
    return structureVersion
  }

  // MARK: - Edits

  /// Inserts `child` into `parent`, moving it from its current parent.
  ///
  /// - Returns: The views to load when `parent` is loaded and `child` is not.
  static func insert(
    _ child: any DisplayNode, into parent: any DisplayNode, at position: Position
  ) throws(HierarchyError) -> LoadBatch? {
    // Each core is read once: every `nodeCore` read is a witness call and a retain.
    let (core, parentCore) = (child.nodeCore, parent.nodeCore)
    try validateAdding(core, to: parentCore)
    guard let index = try targetIndex(of: child, core: core, in: parentCore, at: position) else { return nil }
    let oldParent = detach(child, core: core)
    if index == parentCore.subnodes.count {
      parentCore.subnodes.append(child)  // The usual case: cheaper than an insertion at the end.
    } else {
      parentCore.subnodes.insert(child, at: index)
    }
    core.setSupernode(parent, core: parentCore)
    return commitMove(
      of: child, core: core, from: oldParent, to: parent, parentCore: parentCore,
      placement: placement(at: position, index: index, in: parentCore))
  }

  /// Where Texture puts the view of a subnode inserted at `index` by `position` (see ``Placement``).
  private static func placement(at position: Position, index: Int, in parentCore: NodeCore) -> Placement {
    switch position {
    case .end: .top
    case .below(let sibling): .below(sibling: ObjectIdentifier(sibling.nodeCore))
    case .above(let sibling): .above(sibling: ObjectIdentifier(sibling.nodeCore))
    case .index: index == 0 ? .bottom : .above(sibling: ObjectIdentifier(parentCore.subnodes[index - 1].nodeCore))
    }
  }

  /// The index `child` takes among `parent`'s subnodes once removed from them; `nil` if nothing changes.
  ///
  /// A separate function so that its read of the subnodes ends before they
  /// are mutated: a live copy would make every insertion copy the array.
  private static func targetIndex(
    of child: any DisplayNode, core: NodeCore, in parentCore: NodeCore, at position: Position
  ) throws(HierarchyError) -> Int? {
    let siblings = parentCore.subnodes
    let alreadyChild = core.isSubnode(of: parentCore)
    let count = siblings.count - (alreadyChild ? 1 : 0)
    switch position {
    case .end:
      // Texture's `addSubnode:` leaves a node that is already a subnode where it is.
      return alreadyChild ? nil : count
    case .index(let requested):
      guard requested >= 0 && requested <= count else {
        throw .indexOutOfBounds(index: requested, validRange: 0...count)
      }
      return requested
    case .below(let sibling), .above(let sibling):
      guard let siblingIndex = siblings.firstIndex(where: { $0 === sibling }) else { throw .notASubnode }
      if sibling === child { return nil }  // Texture: inserting a node next to itself changes nothing.
      let childIndex = alreadyChild ? siblings.firstIndex(where: { $0 === child }) : nil
      let adjusted = siblingIndex - ((childIndex.map { $0 < siblingIndex } ?? false) ? 1 : 0)
      if case .above = position { return adjusted + 1 }
      return adjusted
    }
  }

  /// Appends `children` to `parent` in order, in one step: all of them or, on an error, none.
  ///
  /// Adding nodes under `parent` does not change `parent`'s ancestors, so
  /// validating every child against the tree as it is now is enough.
  static func append(_ children: [any DisplayNode], to parent: any DisplayNode) throws(HierarchyError) -> [LoadBatch] {
    let parentCore = parent.nodeCore
    let cores = children.map(\.nodeCore)
    for core in cores { try validateAdding(core, to: parentCore) }
    var loads: [LoadBatch] = []
    for (child, core) in zip(children, cores) where !core.isSubnode(of: parentCore) {
      // As `addSubnode`: a node that is already a subnode stays where it is.
      let oldParent = detach(child, core: core)
      parentCore.subnodes.append(child)
      core.setSupernode(parent, core: parentCore)
      let load = commitMove(of: child, core: core, from: oldParent, to: parent, parentCore: parentCore, placement: .top)
      if let load { loads.append(load) }
    }
    return loads
  }

  /// Links described subtrees in one step: all of their links or, on an error, none.
  ///
  /// The result is that of the matching `append` calls, parents before their
  /// subnodes. Those calls can fail only for a reason that validating the
  /// whole description first finds, without changing anything: a node listed
  /// twice, a window root or a view-backed node under a layer-backed one, or
  /// a cycle. As every described node but the top gets a described parent,
  /// a cycle can only close through the top's own ancestors: one of them is
  /// listed in the description. Then the links are made and their main-actor
  /// work queued in one pass, while the nodes are still in the cache.
  ///
  /// - Returns: The views to load, for described parents that are loaded.
  static func link(_ described: FlatSubtrees) throws(HierarchyError) -> [LoadBatch] {
    let stamp = nextVersion()
    let (nodes, cores, parents) = (described.nodes, described.cores, described.parents)
    // A task-local read costs a lookup: once per link, not once per node.
    let layoutScope = LayoutScope.currentIfAny
    // Validate: each core is read once, and nothing changes before the last check.
    for index in cores.indices {
      let core = cores[index]
      guard core.listedStamp != stamp else { throw .nodeListedTwice }
      core.listedStamp = stamp
      let parentIndex = parents[index]
      guard parentIndex >= 0 else { continue }
      guard !core.isWindowRoot else { throw .nodeIsWindowRoot }
      let parentCore = cores[parentIndex]
      try checkNotManaged(parent: parentCore, child: core)
      if let scope = layoutScope,
        scope.isMeasuring(nodeID: parentCore.id) || scope.isMeasuring(nodeID: core.supernodeID.load(ordering: .relaxed))
      {
        throw .editedInLayoutCode
      }
      if parentCore.isLayerBacked && !core.isLayerBacked { throw .viewBackedSubnodeOfLayerBackedNode }
    }
    // A cycle needs a top with a described node among its current ancestors: only then is the result walked.
    topsWithADescribedAncestor: for index in cores.indices where parents[index] < 0 {
      var ancestor = cores[index].supernode
      while let current = ancestor {
        let core = current.nodeCore
        if core.listedStamp == stamp {
          try checkNoCycle(in: described)
          break topsWithADescribedAncestor
        }
        ancestor = core.supernode
      }
    }
    // Link the deepest level first, each parent's subnodes in order (links to different parents commute): a
    // described node is complete when it is linked under a loaded one, so its whole subtree loads in one batch.
    // Linked top-down, each node would be linked under a parent already loading: a batch, and a turn, per node.
    // A parent's subnodes are adjacent and deeper levels come later, so the groups are read from the end.
    var loads: [LoadBatch] = []
    var end = cores.count
    while end > 0 {
      let parentIndex = parents[end - 1]
      var start = end - 1
      while start > 0 && parents[start - 1] == parentIndex { start -= 1 }
      defer { end = start }
      guard parentIndex >= 0 else { continue }
      let (parent, parentCore) = (nodes[parentIndex], cores[parentIndex])
      // As `addSubnodes`: a node that is already a subnode of its described parent stays where it is.
      for index in start..<end where !cores[index].isSubnode(of: parentCore) {
        let (child, core) = (nodes[index], cores[index])
        let oldParent = detach(child, core: core)
        parentCore.subnodes.append(child)
        core.setSupernode(parent, core: parentCore)
        let load = commitMove(
          of: child, core: core, from: oldParent, to: parent, parentCore: parentCore, placement: .top)
        if let load { loads.append(load) }
      }
    }
    return loads
  }

  /// Throws ``HierarchyError/wouldCreateCycle`` if linking `described` would make a node its own ancestor.
  ///
  /// Walks up from each top through the parents the nodes will have: a
  /// described node's is its described parent, any other node's (a top
  /// included) its supernode now. Several tops may each have described nodes
  /// among their ancestors without a cycle (a list and a cell already in it,
  /// each given new subnodes): the cycle is there only if the walk comes back.
  private static func checkNoCycle(in described: FlatSubtrees) throws(HierarchyError) {
    let (nodes, cores, parents) = (described.nodes, described.cores, described.parents)
    var indexOf: [ObjectIdentifier: Int] = [:]
    for index in cores.indices { indexOf[ObjectIdentifier(cores[index])] = index }
    for top in cores.indices where parents[top] < 0 {
      var visited = Set<Int>()
      var ancestor = cores[top].supernode
      while let current = ancestor {
        guard let index = indexOf[ObjectIdentifier(current.nodeCore)] else {
          ancestor = current.nodeCore.supernode
          continue
        }
        guard index != top, visited.insert(index).inserted else { throw .wouldCreateCycle }
        ancestor = parents[index] >= 0 ? nodes[parents[index]] : cores[index].supernode
      }
    }
  }

  /// Replaces `old`, a subnode of `parent`, with `new`.
  static func replace(
    _ old: any DisplayNode, with new: any DisplayNode, in parent: any DisplayNode
  ) throws(HierarchyError) -> LoadBatch? {
    let (oldCore, newCore, parentCore) = (old.nodeCore, new.nodeCore, parent.nodeCore)
    guard oldCore.isSubnode(of: parentCore) else { throw .notASubnode }
    if new === old { return nil }
    try validateAdding(newCore, to: parentCore)
    let newOldParent = detach(new, core: newCore)
    guard let index = parentCore.subnodes.firstIndex(where: { $0 === old }) else {
      contractViolation("internal: a node's supernode does not list it")  // `old` is a subnode of `parent` above.
    }
    parentCore.subnodes[index] = new
    newCore.setSupernode(parent, core: parentCore)
    oldCore.clearSupernode()
    queuePlacement(of: old, core: oldCore)
    parentCore.subnodeDepartures.wrappingAdd(1, ordering: .releasing)
    return commitMove(
      of: new, core: newCore, from: newOldParent, to: parent, parentCore: parentCore,
      placement: .below(sibling: ObjectIdentifier(oldCore)))
  }

  /// Removes `child` from its supernode; does nothing for a root.
  static func removeFromSupernode(_ child: any DisplayNode) {
    contractPrecondition(
      !child.nodeCore.isManagedSubnode,
      "the subnodes of a node that automatically manages its subnodes come from its layout: "
        + "change what its layout names (and invalidate it) instead of calling removeFromSupernode()")
    if let scope = LayoutScope.currentIfAny,
      scope.isMeasuring(nodeID: child.nodeCore.supernodeID.load(ordering: .relaxed))
    {
      contractViolation(
        "layout code must not add or remove subnodes of a node being laid out: removeFromSupernode() of "
          + "<\(type(of: child)) #\(child.nodeCore.id)>, a subnode of a node whose layout is being measured")
    }
    guard let parent = detach(child) else { return }
    queueChildren(of: parent)
    queuePlacement(of: child, core: child.nodeCore)
  }

  /// Makes the subnodes of each node that manages them exactly the nodes its applied layout names, in order.
  ///
  /// One step for all the nodes of a layout pass. Each node's change is
  /// validated first and made whole, or refused and left out (the other
  /// nodes' changes are still made): nodes that are no longer named are
  /// removed, named nodes are moved in from wherever they are, and the order
  /// becomes the layout's. The main-actor work is queued as for any edit.
  ///
  /// A node that one of the changes takes from another managing node moves if that node's own change drops it, if
  /// another change drops that node itself (a layout that flattens a managing subnode), or if that node is in no
  /// tree (Texture moves a node a layout names from wherever it is); if that node keeps naming it from a tree, the
  /// change that takes it is refused.
  ///
  /// - Returns: The loads the changes caused (named nodes that arrive under loaded nodes), the errors of the changes
  ///   refused, and the parents whose changes were refused (by ``NodeCore/id``).
  ///
  /// A change from a step older than one whose change was made already (two windows' passes of a node that moved
  /// between them, the older one finishing last) is left out: the node's subnodes stay those of its newest layout,
  /// as the main actor applies only its newest layout (adversarial round 29).
  static func setManagedSubnodes(
    _ stampedChanges: [(parent: any DisplayNode, nodes: [any DisplayNode], stamp: UInt64)]
  ) -> (loads: [LoadBatch], errors: [HierarchyError], refused: Set<UInt64>) {
    var changes: [(parent: any DisplayNode, nodes: [any DisplayNode])] = []
    for (parent, nodes, stamp) in stampedChanges where stamp >= parent.nodeCore.managedSubnodesStamp {
      parent.nodeCore.managedSubnodesStamp = stamp
      changes.append((parent, nodes))
    }
    var loads: [LoadBatch] = []
    var errors: [HierarchyError] = []
    var refused: Set<UInt64> = []
    for (parent, nodes) in changes {
      do {
        try loads.append(contentsOf: setManagedSubnodes(of: parent, to: nodes, among: changes))
      } catch {
        errors.append(error)
        refused.insert(parent.nodeCore.id)
      }
    }
    return (loads, errors, refused)
  }

  private static func setManagedSubnodes(
    of parent: any DisplayNode, to nodes: [any DisplayNode],
    among changes: [(parent: any DisplayNode, nodes: [any DisplayNode])]
  ) throws(HierarchyError) -> [LoadBatch] {
    let core = parent.nodeCore
    let current = core.subnodes
    if current.count == nodes.count && zip(current, nodes).allSatisfy({ $0 === $1 }) { return [] }
    try checkManagedSubnodes(nodes, of: parent, among: changes)
    let named = Set(nodes.lazy.map { ObjectIdentifier($0.nodeCore) })
    for old in current where !named.contains(ObjectIdentifier(old.nodeCore)) {
      old.nodeCore.clearSupernode()
      queuePlacement(of: old, core: old.nodeCore)
    }
    core.subnodes = []
    var loads: [LoadBatch] = []
    for node in nodes {
      let nodeCore = node.nodeCore
      guard nodeCore.supernode !== parent else {
        core.subnodes.append(node)
        continue
      }
      let oldParent = detach(node, core: nodeCore)
      core.subnodes.append(node)
      nodeCore.setSupernode(parent, core: core)
      let load = commitMove(of: node, core: nodeCore, from: oldParent, to: parent, parentCore: core, placement: .top)
      if let load { loads.append(load) }
    }
    queueChildren(of: parent, core: core)
    return loads
  }

  /// Throws if `parent`, which manages its subnodes, cannot have `nodes` as its subnodes.
  ///
  /// - Parameter changes: The other managing nodes' new subnodes, set in the same step: a node one of them drops
  ///   may move to `parent`. `nil`: whether such a node moves is decided later (the walk's check, before the step).
  static func checkManagedSubnodes(
    _ nodes: [any DisplayNode], of parent: any DisplayNode,
    among changes: [(parent: any DisplayNode, nodes: [any DisplayNode])]?
  ) throws(HierarchyError) {
    let core = parent.nodeCore
    for node in nodes {
      let nodeCore = node.nodeCore
      guard node !== parent else { throw .cannotAddNodeToItself }
      guard !nodeCore.isWindowRoot else { throw .nodeIsWindowRoot }
      if core.isLayerBacked && !nodeCore.isLayerBacked { throw .viewBackedSubnodeOfLayerBackedNode }
      if let changes, let other = nodeCore.supernode, other !== parent, other.nodeCore.automaticallyManagesSubnodes,
        other.nodeCore.hasSupernode || other.nodeCore.isWindowRoot,  // Out of every tree, its layout is stale.
        !drops(node, from: other, among: changes),
        !(other.nodeCore.supernode.map { drops(other, from: $0, among: changes) } ?? false)
      {
        throw .subnodesManagedByLayout  // Another node's layout names it too: one of them is wrong.
      }
      var ancestor = core.supernode
      while let next = ancestor {
        if next === node { throw .wouldCreateCycle }
        ancestor = next.nodeCore.supernode
      }
    }
  }

  /// Whether one of `changes` drops `node` from `parent`: the new layout of `parent` leaves it out. (A node moves
  /// from a managing node that drops it, or that its own supernode drops: a layout that flattens a managing
  /// subnode takes that subnode's nodes, as in Texture.)
  private static func drops(
    _ node: any DisplayNode, from parent: any DisplayNode,
    among changes: [(parent: any DisplayNode, nodes: [any DisplayNode])]
  ) -> Bool {
    changes.contains { $0.parent === parent && !$0.nodes.contains { $0 === node } }
  }

  /// Why `parent`, which manages its subnodes, cannot have `nodes` as its subnodes, if it cannot, and which of them
  /// another managing node has now (whether they move is decided with the other's change, at the end of the pass).
  static func refusalOfManagedSubnodes(
    _ nodes: [any DisplayNode], of parent: any DisplayNode
  ) -> (refusal: HierarchyError?, heldByManagingNodes: Set<ObjectIdentifier>) {
    var held: Set<ObjectIdentifier> = []
    for node in nodes {
      if let other = node.nodeCore.supernode, other !== parent, other.nodeCore.automaticallyManagesSubnodes {
        held.insert(ObjectIdentifier(node.nodeCore))
      }
    }
    do throws(HierarchyError) {
      try checkManagedSubnodes(nodes, of: parent, among: nil)
      return (nil, held)
    } catch {
      return (error, held)
    }
  }

  /// Changes layer backing, before load only.
  static func setLayerBacked(_ node: any DisplayNode, _ isLayerBacked: Bool) throws(HierarchyError) {
    let core = node.nodeCore
    guard core.isLayerBacked != isLayerBacked else { return }
    guard core.viewFactory == nil else { throw .backingIsSetByFactory }
    guard !core.isLoaded else { throw .nodeIsLoaded }
    if isLayerBacked {
      if core.subnodes.contains(where: { !$0.nodeCore.isLayerBacked }) { throw .viewBackedSubnodeOfLayerBackedNode }
    } else if core.supernode?.nodeCore.isLayerBacked == true {
      throw .viewBackedSubnodeOfLayerBackedNode
    }
    core.isLayerBacked = isLayerBacked
  }

  // MARK: - Windows

  /// Makes `root` the root of `window`, and prepares the load of its tree.
  static func attach(
    _ root: any DisplayNode, to window: Window, queue: TurnQueue
  ) throws(HierarchyError) -> (load: PreparedLoad, version: UInt64) {
    let core = root.nodeCore
    guard core.supernode == nil else { throw .rootHasSupernode }
    guard !core.isWindowRoot else { throw .nodeIsWindowRoot }
    core.hostWindow = window
    core.setLeftItsWindow(false)
    setTurnQueue(queue, forSubtreeOf: root)
    let load = prepareLoad(of: root, collectingLoading: true)
    return (load, nextVersion())
  }

  /// Ends `root`'s time as the root of `window`.
  ///
  /// The tree keeps the window's queue (see ``NodeCore/turnQueue``): its
  /// work, queued or future, is applied in the window's turns until the tree
  /// enters another window or the window goes away; but the waiting changes
  /// of subnodes of its loaded nodes are taken here, for the detach's turn, so
  /// that the tree leaves the window as it is: a subnode removed before the
  /// detach leaves first, at its removal, as in Texture, not with the tree after
  /// its root (as an attach takes them, ``finishLoad(_:gathered:)``). So are
  /// the layouts of its nodes that passes queued before the detach
  /// (``TurnQueue/takeWork(leaving:)``), which name its nodes: a tree dropped
  /// after its detach from a manual window that never flushes again dies.
  static func detach(
    _ root: any DisplayNode, from window: Window
  ) -> (version: UInt64, changes: [MainOperation]) {
    if root.nodeCore.hostWindow === window {
      root.nodeCore.hostWindow = nil
      root.nodeCore.setLeftItsWindow(true)
    }
    let nodes = preorder(from: root)
    var changes = nodes.compactMap { takeChildrenChange(of: $0.node.nodeCore) }
    // The layouts that passes queued for the tree go with it too: waiting for the window's next turn (for a
    // manual window, a flush that may never come), they would keep the tree alive once it is dropped.
    let queue = TurnQueue.queue(of: root.nodeCore)
    if queue.hasFeatures {
      let cores = Set(nodes.lazy.map { ObjectIdentifier($0.node.nodeCore) })
      changes += queue.takeWork(leaving: cores).map { .feature($0) }
    }
    return (nextVersion(), changes)
  }

  /// Forgets the window with ``Window/id`` `windowID`, which went away without detaching `root`.
  ///
  /// Runs after the window is gone, so `root` may have found another place
  /// meanwhile (its weak window reference reads `nil`, so edits take it at
  /// once): attached to another window, or added under a node of another
  /// tree, whose queue its subtree took. It is left alone then.
  static func forgetWindow(withID windowID: UInt64, of root: any DisplayNode) {
    let core = root.nodeCore
    guard core.hostWindow == nil, core.hostWindowID.load(ordering: .acquiring) == windowID, core.supernode == nil
    else { return }
    root.nodeCore.hostWindowID.store(0, ordering: .releasing)  // A weak reference that went nil set nothing.
    root.nodeCore.setLeftItsWindow(true)
    setTurnQueue(nil, forSubtreeOf: root)
  }

  // MARK: - Loading

  /// Marks the unloaded nodes of `root`'s subtree as gathering and lists them in pre-order.
  ///
  /// For an implicit load, the walk stops at nodes that are loaded or
  /// loading: their subtrees are too (adding a node to a loaded parent
  /// loads it), and their work reaches the same window's queue. A load that
  /// applies its own turn (`collectingLoading`) walks the whole subtree and
  /// also lists the nodes whose views are on their way already, so that it
  /// can take their views into its turn (see ``finishLoad(_:gathered:)``).
  static func prepareLoad(of root: any DisplayNode, collectingLoading: Bool) -> PreparedLoad {
    let ticket = LoadTicket()
    let version = nextVersion()
    var prepared = PreparedLoad()
    var entries: [LoadEntry] = []
    var tickets = Set<ObjectIdentifier>()
    var stack: [any DisplayNode] = [root]
    while let node = stack.popLast() {
      let core = node.nodeCore
      switch core.loadPhase {
      case .unloaded:
        core.loadPhase = .gathering(ticket)
        entries.append(
          LoadEntry(
            node: node, children: core.subnodes.map(\.nodeCore), childrenVersion: version,
            isLayerBacked: core.isLayerBacked))
      case .gathering(let other):
        guard collectingLoading else { continue }
        if tickets.insert(ObjectIdentifier(other)).inserted { prepared.tickets.append(other) }
        prepared.loading.append(node)
      case .loaded:
        guard collectingLoading else { continue }
        if core.pending.load != nil { prepared.loading.append(node) }
        if core.pending.childrenChanged { prepared.changed.append(node) }
      }
      stack.append(contentsOf: core.subnodes.reversed())
    }
    if !entries.isEmpty { prepared.batch = LoadBatch(entries: entries, ticket: ticket) }
    return prepared
  }

  /// Prepares a load outside any window; `nil` if the node is loaded or loading already.
  static func prepareStandaloneLoad(of root: any DisplayNode) -> PreparedLoad? {
    guard !root.nodeCore.isLoaded else { return nil }
    return prepareLoad(of: root, collectingLoading: true)
  }

  /// Gathers an implicit load's state and keeps it on its nodes for their window's next turn.
  ///
  /// The nodes may have moved meanwhile, even to another window: the state
  /// waits on each node, for the turns of whichever window the node is in.
  static func finishImplicitLoad(_ load: LoadBatch) async {
    storeLoad(await Loading.takeSnapshots(load))
  }

  /// Keeps an implicit load's gathered state on its nodes, for their window's next turn.
  static func storeLoad(_ batch: LoadBatch) {
    for entry in batch.entries {
      entry.node.nodeCore.loadPhase = .loaded
      entry.node.nodeCore.pending.load = entry.snapshot
      markPending(entry.node)
    }
    batch.ticket.finish()
  }

  /// Finishes a load that applies its own turn (an attach, `loadView()`): returns the views to create.
  ///
  /// Besides its own nodes, the turn creates the views of the subtree's
  /// nodes that were on their way when the load was prepared: this waits for
  /// loads still gathering, then takes every view still waiting in a queue.
  /// So the subtree is complete after the turn, and subnodes' `didLoad` runs
  /// first whatever loads race. (A view that another turn took already is
  /// created by that turn, which reaches the main actor first: a turn's main
  /// job is enqueued when the `HierarchyActor` job that took its work ends.
  /// Should it not, the turn defers a node's `didLoad` until its subnodes
  /// have loaded.)
  static func finishLoad(_ prepared: PreparedLoad, gathered: LoadBatch?) async -> [MainOperation] {
    var entries: [LoadEntry] = []
    if let gathered {
      for entry in gathered.entries { entry.node.nodeCore.loadPhase = .loaded }
      gathered.ticket.finish()
      entries = gathered.entries
    }
    for ticket in prepared.tickets { await ticket.wait() }
    var places: [MainOperation] = []
    for node in prepared.loading {
      guard let entry = takeLoad(of: node) else { continue }  // `nil`: another turn took it meanwhile.
      entries.append(entry)
      // Its place under a loaded supernode is that supernode's waiting change of subnodes: taken too, so that the
      // view goes into the tree in this turn (round 24: a loaded tree's new subnode, added while the tree was in
      // no window, was created by the attach but left out of the tree until the window's next turn).
      if let parent = node.nodeCore.supernode, let place = takeChildrenChange(of: parent.nodeCore) {
        places.append(place)
      }
    }
    // The waiting changes of the subtree's loaded nodes too: the turn shows the tree as it is, not as their window
    // last showed it (round 29: a subnode removed before an attach entered the window with the tree, and left it
    // at the next turn; one added was left out of it until then).
    for node in prepared.changed {
      if let place = takeChildrenChange(of: node.nodeCore) { places.append(place) }
    }
    return (entries.isEmpty ? [] : [.load(entries)]) + places
  }

  /// Takes `core`'s waiting change of subnodes, if any, as the operation that applies it: the list as it is now,
  /// with the places the edits gave.
  static func takeChildrenChange(of core: NodeCore) -> MainOperation? {
    guard core.pending.childrenChanged else { return nil }
    let placements = core.pending.placements
    core.pending.childrenChanged = false
    core.pending.placements = [:]
    return .setChildren(
      parent: core, children: core.subnodes.map(\.nodeCore), version: core.childrenVersion, placements: placements)
  }

  /// Takes `node`'s waiting implicit load, with its subnodes as they are now.
  static func takeLoad(of node: any DisplayNode) -> LoadEntry? {
    let core = node.nodeCore
    guard let snapshot = core.pending.load else { return nil }
    core.pending.load = nil
    core.pending.childrenChanged = false  // The entry carries the current list.
    return LoadEntry(
      node: node, children: core.subnodes.map(\.nodeCore), childrenVersion: core.childrenVersion,
      isLayerBacked: core.isLayerBacked, snapshot: snapshot)
  }

  // MARK: - Queuing main-actor work

  /// Keeps a loaded node's write for its window's next turn.
  static func queueWrite(_ write: PropertyWrite, for node: any DisplayNode) {
    node.nodeCore.pending.writes.append(write)
    markPending(node)
  }

  /// Keeps an `onDidLoad` block registered after load for its window's next turn.
  static func queueBlock(_ block: @escaping DidLoadBlock, version: UInt64, for node: any DisplayNode) {
    node.nodeCore.pending.blocks.append((version, block))
    markPending(node)
  }

  /// Registers `node`'s waiting work with its window's queue, once per take.
  private static func markPending(_ node: any DisplayNode) {
    let core = node.nodeCore
    guard !core.pending.isRegistered else { return }
    core.pending.isRegistered = true
    TurnQueue.queue(of: node).register(node)
  }

  // MARK: - Reading

  /// The nodes of `root`'s subtree in pre-order, with their depth; iterative, so any depth works.
  static func preorder(from root: any DisplayNode) -> [(node: any DisplayNode, depth: Int)] {
    var result: [(node: any DisplayNode, depth: Int)] = []
    var stack: [(node: any DisplayNode, depth: Int)] = [(root, 0)]
    while let (node, depth) = stack.popLast() {
      result.append((node, depth))
      for child in node.nodeCore.subnodes.reversed() { stack.append((child, depth + 1)) }
    }
    return result
  }

  // MARK: - Helpers

  private static func validateAdding(_ core: NodeCore, to parentCore: NodeCore) throws(HierarchyError) {
    guard core !== parentCore else { throw .cannotAddNodeToItself }
    try checkOutsideLayout(editing: parentCore, moving: core)
    try checkNotManaged(parent: parentCore, child: core)
    guard !core.isWindowRoot else { throw .nodeIsWindowRoot }
    if parentCore.isLayerBacked && !core.isLayerBacked {
      throw .viewBackedSubnodeOfLayerBackedNode
    }
    // Only a node with subnodes can be an ancestor of `parent`.
    guard !core.subnodes.isEmpty else { return }
    var ancestor = parentCore.supernode
    while let current = ancestor {
      if current.nodeCore === core { throw .wouldCreateCycle }
      ancestor = current.nodeCore.supernode
    }
  }

  /// Refuses a hand edit of the subnodes of a node whose layout manages them, into it or out of it.
  private static func checkNotManaged(parent: NodeCore, child: NodeCore) throws(HierarchyError) {
    if parent.automaticallyManagesSubnodes || child.isManagedSubnode {
      throw .subnodesManagedByLayout
    }
  }

  /// Refuses an edit that adds `child` to `parent` from the layout code of either's supernode chain being measured.
  private static func checkOutsideLayout(editing parent: NodeCore, moving child: NodeCore) throws(HierarchyError) {
    guard let scope = LayoutScope.currentIfAny else { return }
    if scope.isMeasuring(nodeID: parent.id)
      || scope.isMeasuring(nodeID: child.supernodeID.load(ordering: .relaxed))
    {
      throw .editedInLayoutCode
    }
  }

  /// Unlinks `child` from its supernode and returns the former supernode.
  private static func detach(_ child: any DisplayNode) -> (any DisplayNode)? {
    detach(child, core: child.nodeCore)
  }

  /// Unlinks `child`, whose core is `core`, from its supernode and returns the former supernode.
  private static func detach(_ child: any DisplayNode, core: NodeCore) -> (any DisplayNode)? {
    // A fresh node has no supernode: no weak load for it.
    guard core.hasSupernode, let parent = core.supernode else { return nil }
    let parentCore = parent.nodeCore
    guard let index = parentCore.subnodes.firstIndex(where: { $0 === child }) else {
      contractViolation("internal: a node's supernode does not list it")
    }
    parentCore.subnodes.remove(at: index)
    core.clearSupernode()
    parentCore.subnodeDepartures.wrappingAdd(1, ordering: .releasing)
    return parent
  }

  /// Propagates the window queue, queues the structure changes and prepares an implicit load.
  ///
  /// Every queued operation takes its own version, so that of a move's two
  /// operations (old parent, new parent) the later one wins on the main actor.
  /// The callers pass the cores they read already.
  private static func commitMove(
    of child: any DisplayNode, core: NodeCore, from oldParent: (any DisplayNode)?,
    to parent: any DisplayNode, parentCore: NodeCore, placement: Placement
  ) -> LoadBatch? {
    let queue = parentCore.turnQueue
    if core.turnQueue !== queue { setTurnQueue(queue, forSubtreeOf: child) }
    if let oldParent, oldParent !== parent { queueChildren(of: oldParent) }
    queueChildren(of: parent, core: parentCore)
    queuePlacement(of: child, core: core)
    guard parentCore.isLoaded else { return nil }
    parentCore.pending.placements[ObjectIdentifier(core)] = placement
    return prepareLoad(of: child, collectingLoading: false).batch
  }

  /// Records a change of `parent`'s subnodes and, if it is loaded, keeps it for its window's next turn.
  ///
  /// The queue reads the list when it takes the work, so any number of
  /// edits of one parent cost one list, once.
  private static func queueChildren(of parent: any DisplayNode, core: NodeCore? = nil) {
    let core = core ?? parent.nodeCore
    core.childrenVersion = nextVersion()
    guard core.isLoaded else { return }
    core.pending.childrenChanged = true
    markPending(parent)
  }

  /// Registers a loaded node that was removed or moved with its queue: its view moves in the turn that applies
  /// its supernodes' changes, and a wait for the node's work (``DisplayNode/waitForQueuedWork()``) waits for it.
  private static func queuePlacement(of child: any DisplayNode, core: NodeCore) {
    guard core.isLoaded else { return }
    markPending(child)
  }

  /// Gives a subtree a window's queue; waiting work of its nodes moves along to the new queue.
  private static func setTurnQueue(_ queue: TurnQueue?, forSubtreeOf root: any DisplayNode) {
    var stack: [any DisplayNode] = [root]
    // The queues the nodes left: their features' work and their layout scheduler's lists may be for those nodes.
    var leftQueues: [TurnQueue] = []
    while let node = stack.popLast() {
      let core = node.nodeCore
      if core.turnQueue !== queue {
        let left = TurnQueue.queue(of: core)
        core.turnQueue = queue
        left.nodeLeft(core)
        if core.pending.isRegistered { TurnQueue.queue(of: node).register(node) }
        if !leftQueues.contains(where: { $0 === left }) { leftQueues.append(left) }
      }
      stack.append(contentsOf: core.subnodes)
    }
    let destination = TurnQueue.queue(of: root.nodeCore)
    for left in leftQueues where left !== destination {
      if left.hasFeatures { left.routeFeatures() }
      left.layoutScheduler.nodesLeft(to: destination.layoutScheduler)
    }
  }
}

/// A load as prepared on the ``HierarchyActor``.
struct PreparedLoad {
  /// The nodes this load marked, if any were unloaded.
  var batch: LoadBatch?
  /// Nodes of the subtree whose views were already on their way (only for loads that apply their own turn).
  var loading: [any DisplayNode] = []
  /// Loaded nodes of the subtree whose change of subnodes waits for a turn (only for loads that apply their own
  /// turn, which takes it).
  var changed: [any DisplayNode] = []
  /// The tickets of other loads still gathering some of ``loading``.
  var tickets: [LoadTicket] = []
}
