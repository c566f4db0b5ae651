import Synchronization

/// One layout pass: lays out invalidated nodes off the main actor and says what the main actor must apply.
///
/// A pass starts from the nodes invalidated since the last one. Each is
/// measured again in the range of its applied layout; if its size changed
/// (or it was never laid out), its supernode must lay out again, up to the
/// root, which a window sizes to itself (Texture's `setNeedsLayoutFromAbove`).
/// From each node that keeps its size, the pass walks down: every node whose
/// layout changed gives its subnodes their frames (as view-property writes,
/// so versions decide against writes from `configure`) and their sizes, and
/// they take their layouts for those sizes, from the measurements their
/// supernode made where it can. Each node takes its applied layout in its
/// own isolation, with one call; the main actor gets one ``LayoutApplication``.
/// A subnode left at the frame it had, and settled since (see
/// ``NodeCore/isSettled(request:)``), costs no call: nothing of it would change.
enum LayoutPass {
  /// Where a walk starts.
  struct Root: Sendable {
    let node: any DisplayNode
    let target: PassTarget
    /// The frame the root takes, if the pass sets it (a root's own frame is its host's, as in Texture).
    let frame: Rect?
    /// For a root the pass chose from the node's state (a dirty node, or the ancestor its size change reaches):
    /// the stamp of the node's applied layout then. A step of another walk or pass that lays the node out after
    /// that choice, with a layout of the same version, makes it stale: the root is not laid out (see
    /// ``DisplayNode/passStep(_:frame:placedBy:parentStamp:checksLink:chosenAt:anchor:_:)``).
    var chosenAt: UInt64?
  }

  /// What a pass did.
  struct Outcome: Sendable {
    var application = LayoutApplication()
    var errors: [any Error] = []
    /// Whether nodes that manage their subnodes were given the ones their layouts name (work queued for a turn).
    var setManagedSubnodes = false
    /// The nodes whose layout threw (a walk's root, a node it placed, or the node a dirty node's size change
    /// reached): what they lay out is as before, and the next pass, whatever asks for it, lays them out again
    /// (the invalidations that led to them were taken by this one).
    var failed: [any DisplayNode] = []

    /// Adds what a later pass did: its entries apply after this one's, in the same turn.
    mutating func append(_ later: consuming Outcome) {
      application.entries.append(contentsOf: later.application.entries)
      errors += later.errors
      setManagedSubnodes = setManagedSubnodes || later.setManagedSubnodes
      failed += later.failed
    }
  }

  /// Lays out the nodes `dirty` and whatever their size changes reach, and lays the nodes `loaded` out again as
  /// they are (see ``PassTarget/applied``).
  ///
  /// - Parameter generation: How many passes led to this one, each asked for by code the one before ran (see
  ///   ``LayoutScope/followUpPassLimit``).
  @concurrent
  static func run(
    dirty: [any DisplayNode], loaded: [any DisplayNode] = [], generation: Int = 0, environment: LayoutEnvironment
  ) async -> Outcome {
    // One scope for the pass's task: its measurements push frames in it.
    await LayoutScope.withScope(passGeneration: generation) {
      var outcome = Outcome()
      var reached = Set<ObjectIdentifier>()
      var quiet = Set<ObjectIdentifier>()
      var roots = await roots(
        for: dirty, environment, errors: &outcome.errors, failed: &outcome.failed, reached: &reached, quiet: &quiet)
      var seen = Set(roots.map { ObjectIdentifier($0.node.nodeCore) })
      for node in loaded where seen.insert(ObjectIdentifier(node.nodeCore)).inserted {
        roots.append(Root(node: node, target: .applied, frame: nil))
      }
      await walk(from: roots, descendingEverywhere: false, quiet: quiet, environment, into: &outcome)
      // The ancestors a size change reached run their layout hooks, as Texture's `_u_setNeedsLayoutFromAbove`
      // marks their views for layout, whether or not their frames change.
      if !reached.isEmpty {
        for index in outcome.application.entries.indices
        where reached.contains(ObjectIdentifier(outcome.application.entries[index].core)) {
          outcome.application.entries[index].changed = true
        }
      }
      return outcome
    }
  }

  /// Lays out the subtree of each root, visiting every node its layouts place, changed or not.
  @concurrent
  static func run(roots: [Root], environment: LayoutEnvironment) async -> Outcome {
    await LayoutScope.withScope {
      var outcome = Outcome()
      await walk(from: roots, descendingEverywhere: true, environment, into: &outcome)
      return outcome
    }
  }

  /// The nodes to walk down from: each dirty node, or the nearest ancestor its size change reaches.
  ///
  /// Deepest first: a node is measured again once every dirty node below it
  /// that changed size has reached it, so an ancestor that several of them
  /// resize (or that is dirty itself) is measured once, as Texture's one
  /// layout pass lays out the root their `setNeedsLayout` calls escalated to.
  /// The roots keep the order of the dirty nodes that reached them first.
  ///
  /// `reached` gets the cores of the ancestors a size change reached, `quiet` those that only a node that kept
  /// its size, in a range exact on an axis its supernode decides, reached (see ``PassRemeasurement/sizedBySupernode(_:)``).
  private static func roots(
    for dirty: [any DisplayNode], _ environment: LayoutEnvironment, errors: inout [any Error],
    failed: inout [any DisplayNode], reached: inout Set<ObjectIdentifier>, quiet: inout Set<ObjectIdentifier>
  ) async -> [Root] {
    // One step reads every depth; a single dirty node needs none. Nodes that move meanwhile only lose the order.
    let depths = dirty.count > 1 ? await Tree.depths(of: dirty) : dirty.map { _ in 0 }
    var levels = [[Remeasure]](repeating: [], count: (depths.max() ?? -1) + 1)
    // The nodes listed and not measured yet, by core: where they wait in `levels`.
    var listed: [ObjectIdentifier: (level: Int, index: Int)] = [:]
    for (order, node) in dirty.enumerated() where listed[ObjectIdentifier(node.nodeCore)] == nil {
      listed[ObjectIdentifier(node.nodeCore)] = (depths[order], levels[depths[order]].count)
      levels[depths[order]].append(Remeasure(node: node, order: order, isDirty: true, escalates: false))
    }
    var roots: [(order: Int, root: Root)] = []
    for level in levels.indices.reversed() {
      var index = 0
      while index < levels[level].count {
        let entry = levels[level][index]
        index += 1
        listed[ObjectIdentifier(entry.node.nodeCore)] = nil
        if entry.isDirty || entry.escalates {
          quiet.remove(ObjectIdentifier(entry.node.nodeCore))
        } else {
          quiet.insert(ObjectIdentifier(entry.node.nodeCore))
        }
        // Read once: the pass takes the node's invalidation now (an ancestor it reaches is not invalidated).
        let invalidatedAt =
          entry.isDirty ? entry.node.nodeCore.unhandledInvalidation.exchange(0, ordering: .acquiringAndReleasing) : 0
        do {
          switch try await remeasure(
            entry.node, invalidatedAt: invalidatedAt, escalates: entry.escalates, environment)
          {
          case .root(let root):
            roots.append((entry.order, root))
          case .supernode(let supernode, let quietly):
            // Listed a level up, so measured after every node of this one (those that reach it too join its
            // entry). One measured already, whose depth a move changed meanwhile, is listed again.
            let key = ObjectIdentifier(supernode.nodeCore)
            if !quietly { reached.insert(key) }
            if let place = listed[key] {
              levels[place.level][place.index].order = Swift.min(levels[place.level][place.index].order, entry.order)
              if !quietly { levels[place.level][place.index].escalates = true }
            } else {
              let above = Swift.max(level - 1, 0)
              listed[key] = (above, levels[above].count)
              levels[above].append(Remeasure(node: supernode, order: entry.order, isDirty: false, escalates: !quietly))
            }
          case nil:
            break
          }
        } catch {
          errors.append(error)
          failed.append(entry.node)
        }
      }
    }
    var seen = Set<ObjectIdentifier>()
    // Stable: roots of the same order keep the order they were found in.
    return roots.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }
      .map(\.element.root).filter { seen.insert(ObjectIdentifier($0.node.nodeCore)).inserted }
  }

  /// A node ``roots(for:_:errors:failed:reached:)`` measures again.
  private struct Remeasure {
    let node: any DisplayNode
    /// The index in the dirty list of the first dirty node that reached it.
    var order: Int
    /// Whether it is a dirty node (else an ancestor that a dirty node reached).
    let isDirty: Bool
    /// Whether a size change reached it (else, not dirty, only nodes that kept their sizes in ranges their
    /// supernodes decide did: it lays out again to learn whether it is the same, and runs no hook if it is).
    var escalates: Bool
  }

  /// Where a node measured again for a pass leads: a root to walk down from, or its supernode, which its size
  /// change reached.
  private enum Remeasured {
    case root(Root)
    /// `quietly` if the node kept its size, in a range exact on an axis its supernode decides (see
    /// ``PassRemeasurement/sizedBySupernode(_:)``).
    case supernode(any DisplayNode, quietly: Bool)
  }

  /// Measures `node` again in the range of its applied layout: a root if it kept its size, else (it resized, or
  /// was never laid out) its supernode, whose version this bumps, or the root the node is; `nil` for a root
  /// outside any window with nothing to lay out. A root outside any window is measured in the range it frames
  /// itself in (``DisplayNode/passRangeAsRoot(_:)``), and is a root whatever its size.
  ///
  /// An ancestor that a subnode's size change reached (`escalates`) goes on to its supernode whatever its own
  /// size: Texture's `_u_setNeedsLayoutFromAbove` marks every ancestor up to the root once a node's size changes,
  /// so each lays out again (its layout code runs, its hooks run), though one of them keeps its size (its style
  /// fixes it) and the frames above it do not change.
  private static func remeasure(
    _ node: any DisplayNode, invalidatedAt: UInt64, escalates: Bool, _ environment: LayoutEnvironment
  ) async throws -> Remeasured? {
    let (remeasured, chosenAt) = try await node.remeasureForPass(environment, invalidatedAt: invalidatedAt)
    if case .root(let range, let frame) = remeasured {
      return .root(Root(node: node, target: .range(range), frame: frame, chosenAt: chosenAt))
    }
    if case .sameSize(let range) = remeasured,
      !escalates || node.nodeCore.supernodeID.load(ordering: .acquiring) == 0
    {
      // A window's root keeps its window's size, which the step reads and checks (the root may move); any
      // other node keeps its range, and needs no hop to learn where it stands.
      var target = PassTarget.range(range)
      if node.nodeCore.hostWindowID.load(ordering: .acquiring) != 0,
        case .windowRoot(let window) = await Tree.passPlace(of: node)
      {
        target = .window(PassWindow(window))
      }
      // Its ancestors keep their applied layouts, but the layouts they cached for other ranges were measured
      // from the node's old content (a range it kept its size in says nothing of the others).
      if node.nodeCore.supernodeID.load(ordering: .acquiring) != 0 {
        await Tree.invalidateCachedLayouts(ofAncestorsOf: node)
      }
      return .root(Root(node: node, target: target, frame: nil, chosenAt: chosenAt))
    }
    switch await Tree.passPlace(of: node) {
    case .windowRoot(let window):
      return .root(Root(node: node, target: .window(PassWindow(window)), frame: nil, chosenAt: chosenAt))
    case .subnode(let supernode):
      // Texture bumps the supernode's version too: its cached layouts assumed the old size.
      supernode.nodeCore.layoutVersion.wrappingAdd(1, ordering: .releasing)
      var quietly = false
      if case .sizedBySupernode = remeasured { quietly = !escalates }
      return .supernode(supernode, quietly: quietly)
    case .root:
      // A root outside any window frames itself: laid out at its bounds, or in the range it kept.
      guard let (range, frame) = await node.passPlacementAsRoot(environment) else { return nil }
      return .root(Root(node: node, target: .range(range), frame: frame, chosenAt: chosenAt))
    }
  }

  /// Walks down from `roots`, supernodes first, collecting what the main actor applies; then gives the nodes that
  /// manage their subnodes the ones their layouts name, in one step.
  private static func walk(
    from roots: [Root], descendingEverywhere: Bool, quiet: Set<ObjectIdentifier> = [],
    _ environment: LayoutEnvironment, into outcome: inout Outcome
  ) async {
    var walked = Walked()
    for root in roots {
      let visit = Visit(
        node: root.node, target: root.target, frame: root.frame, chosenAt: root.chosenAt, manualParent: nil,
        isRoot: true)
      walked.append(await walk([visit][...], descendingEverywhere: descendingEverywhere, quiet: quiet, environment))
    }
    outcome.application.entries.append(moving: walked.entries)
    outcome.errors += walked.errors
    outcome.failed += walked.failed
    guard !walked.managed.isEmpty else { return }
    outcome.setManagedSubnodes = true
    // The subnodes of every node that manages them, in one step; named nodes arriving under loaded
    // nodes load as after any edit (their frames, recorded above, are in their snapshots).
    let (loads, errors, refused) = await Tree.setManagedSubnodes(walked.managed)
    outcome.errors.append(contentsOf: errors as [any Error])
    // A refused change (a node another managing node in a tree still names) is tried again by the next pass of this
    // scheduler, as a failed node is: once the other drops the node, this one takes it (Texture moves it then).
    for (parent, _, _) in walked.managed where refused.contains(parent.nodeCore.id) { outcome.failed.append(parent) }
    for load in loads { await Tree.finishImplicitLoad(load) }
    // A named node invalidated after its manager measured it, while it was no subnode: its invalidation reached no
    // supernode, and the manager's layout placed it at the size measured before (convergence seed 54). Asked at the
    // pass's own rank in a chain of passes (an invalidation from outside has none; one from code this pass ran
    // asked for the next rank, which this does not exceed).
    for (parentID, node) in walked.arriving where !refused.contains(parentID) {
      node.nodeCore.askForPassIfInvalidatedSinceMeasuredFromAbove(
        node, generation: LayoutScope.current?.passGeneration ?? 0)
    }
    // A follow-up pass, as code run by this one asks for (its generation counts towards the limit of a chain).
    let generation = (LayoutScope.current?.passGeneration ?? 0) + 1
    guard generation <= LayoutScope.followUpPassLimit else { return }
    for node in walked.placeAfterMoves where !refused.contains(node.nodeCore.id) {
      node.nodeCore.requestLayoutPass(for: node, generation: generation)
    }
  }

  /// What walking some subtrees collected, in the order the walk visited them (supernodes first).
  private struct Walked: Sendable {
    var entries: [LayoutApplication.Entry] = []
    var errors: [any Error] = []
    /// The nodes that manage their subnodes, with the ones their new layouts name and the stamps of the steps that
    /// took those layouts.
    var managed: [(parent: any DisplayNode, nodes: [any DisplayNode], stamp: UInt64)] = []
    /// Managing nodes whose layouts name nodes another managing node had: a pass places them once they moved.
    var placeAfterMoves: [any DisplayNode] = []
    /// The nodes managing nodes' layouts name that were not their subnodes when the walk checked them, each with
    /// the ``NodeCore/id`` of the node that names it.
    var arriving: [(parentID: UInt64, node: any DisplayNode)] = []
    /// Nodes whose step threw: the next pass lays them out again.
    var failed: [any DisplayNode] = []

    mutating func append(_ other: consuming Walked) {
      entries.append(moving: other.entries)
      errors += other.errors
      managed += other.managed
      placeAfterMoves += other.placeAfterMoves
      arriving += other.arriving
      failed += other.failed
    }
  }

  /// The fewest subnodes of one node to visit that the walk splits between child tasks (each visit is a hop into
  /// the subnode's actor, about a microsecond; a task group costs tens of microseconds to fork and join).
  static let concurrentVisitThreshold = 64

  /// Walks down from `visits` and their subtrees, depth first.
  ///
  /// Iterative, so that any depth works. Subnodes of a node that places them
  /// itself are read from the hierarchy in one step per round, not one per
  /// node. A node with many subnodes to visit (a list's rows after one row
  /// changed height) has their subtrees walked in a few child tasks at once,
  /// whose results are kept in order. The nodes whose cores `quiet` names run no hook if their layouts keep their
  /// frames (see ``PassStep/isSilent``).
  private static func walk(
    _ visits: ArraySlice<Visit>, descendingEverywhere: Bool, quiet: Set<ObjectIdentifier>,
    _ environment: LayoutEnvironment, anchor: WalkAnchor? = nil
  ) async -> Walked {
    var walked = Walked()
    var anchor = anchor
    var frontier = visits
    while !frontier.isEmpty {
      // The frontier in order, each visit's subtree before the next visit: the subtree's visits wait on `stack`.
      let round = frontier
      frontier = []
      var next = round.startIndex
      var stack: [Visit] = []
      var manualNodes: [(node: any DisplayNode, entry: Int, requests: [SubnodeRequest])] = []
      while true {
        let visit: Visit
        if let top = stack.popLast() {
          visit = top
        } else if next < round.endIndex {
          visit = round[next]
          next += 1
        } else {
          break
        }
        let step: PassStep?
        do {
          step = try await visit.node.passStep(
            visit.target, frame: visit.frame, placedBy: visit.parentID, parentStamp: visit.parentStamp,
            checksLink: visit.checksLink, chosenAt: visit.chosenAt, anchor: visit.isRoot ? nil : anchor,
            quiet: !quiet.isEmpty && quiet.contains(ObjectIdentifier(visit.node.nodeCore)), environment)
        } catch {
          walked.errors.append(error)
          walked.failed.append(visit.node)
          continue
        }
        guard let step else { continue }
        if visit.isRoot {
          let core = visit.node.nodeCore
          anchor = WalkAnchor(core: core, windowID: core.hostWindowID.load(ordering: .acquiring))
        }
        if let parent = visit.manualParent {
          walked.entries[parent].measuredSizes[ObjectIdentifier(visit.node.nodeCore)] = step.layout.size
        }
        walked.entries.append(
          LayoutApplication.Entry(
            core: visit.node.nodeCore, layout: step.layout, changed: step.changed,
            frameWrite: step.frameWrite, placedBy: visit.placer, isManual: step.isManual, stamp: step.stamp))
        if let error = step.error {
          // Only its frame: its layout failed, and what is below it keeps the frames it had.
          walked.errors.append(error)
          walked.failed.append(visit.node)
          continue
        }
        // A root was laid out again: its subnodes take their frames again even if the layout is the
        // same (Texture sets them on every layout), which overwrites frames written meanwhile. A layout
        // measured anew in the same frames may still have subnodes invalidated since, which take theirs
        // (Texture lays out every node up from an invalidated one, and each lays out its subnodes).
        var placesAgain = step.changed || descendingEverywhere || visit.isRoot
        if !placesAgain, visit.node.nodeCore.automaticallyManagesSubnodes {
          // A managing node whose layout names a node that is not its subnode: another managing node took it while
          // this one was out of every tree (its layout stale then). Back in a tree, its layout is applied again,
          // and takes the node back once the other drops it, as its subnodes are the nodes its layout names.
          let parentID = visit.node.nodeCore.id
          placesAgain = step.layout.sublayouts.contains {
            $0.node.map { $0.nodeCore.supernodeID.load(ordering: .relaxed) != parentID } ?? false
          }
        }
        guard placesAgain || step.measuredAnew else { continue }
        var heldElsewhere: Set<ObjectIdentifier> = []
        if placesAgain, visit.node.nodeCore.automaticallyManagesSubnodes {
          let named = step.layout.sublayouts.compactMap(\.node)
          // Nodes that are not its subnodes yet are checked before the walk places them: a layout that names
          // an ancestor would otherwise walk the cycle for ever, and one refused would move nodes it never gets.
          let parentID = visit.node.nodeCore.id
          if named.contains(where: { $0.nodeCore.supernodeID.load(ordering: .relaxed) != parentID }) {
            let (refusal, held) = await Tree.refusalOfManagedSubnodes(named, of: visit.node)
            if let refusal {
              walked.errors.append(refusal)
              continue
            }
            // Another managing node has them: they move if its change in this pass drops them, and are placed by
            // a pass of this node once they are its subnodes (the walk places no node it may not get).
            heldElsewhere = held
            if !held.isEmpty { walked.placeAfterMoves.append(visit.node) }
            for node in named where node.nodeCore.supernodeID.load(ordering: .relaxed) != parentID {
              walked.arriving.append((parentID, node))
            }
          }
          walked.managed.append((visit.node, named, step.stamp))
        }
        if step.isManual {
          let entry = walked.entries.count - 1
          // Laid out again, it places its subnodes again, at the sizes they have now (their sizes may have
          // changed though its own did not: that is what measured it anew). Not a node laid out again as it is
          // (`.applied`) with nothing new: it was asked for to run hooks the node owed, which its view's mark
          // (`ViewSlot/layoutRequested`) still says, unless another pass's turn ran them since (the pass of a
          // managing node, which loads the nodes it names before it queues their layouts: adversarial round 28).
          var countsAsChanged = true
          if case .applied = visit.target, visit.isRoot, !step.changed, !step.measuredAnew { countsAsChanged = false }
          if step.isSilent { countsAsChanged = false }
          if countsAsChanged { walked.entries[entry].changed = true }
          // A node that manages its subnodes and measures itself names none: the step removes them all (Texture's
          // layout transition removes the nodes of the previous layout that the new one, without sublayouts,
          // leaves out), so none is laid out.
          if !visit.node.nodeCore.automaticallyManagesSubnodes {
            manualNodes.append((visit.node, entry, step.subnodeRequests))
          }
          continue
        }
        let subnodes = subnodeVisits(
          of: visit.node, step, descendingEverywhere: descendingEverywhere, skipping: heldElsewhere)
        if subnodes.count >= concurrentVisitThreshold && environment.concurrency != .serial {
          walked.append(
            await walkConcurrently(
              subnodes, descendingEverywhere: descendingEverywhere, quiet: quiet, environment, anchor: anchor))
        } else {
          stack.append(contentsOf: subnodes.reversed())
        }
      }
      guard !manualNodes.isEmpty else { break }
      let subnodes = await Tree.subnodesToLayOut(of: manualNodes.map(\.node))
      for (index, manual) in manualNodes.enumerated() {
        for node in subnodes[index] {
          // In the range its supernode's layout code asked for when it computed the layout applied; else at
          // the subnode's latest measurement.
          let id = node.nodeCore.id
          let target = manual.requests.first { $0.coreID == id }.map(PassTarget.requested) ?? .latestMeasurement
          frontier.append(Visit(node: node, target: target, frame: nil, manualParent: manual.entry, isRoot: false))
        }
      }
    }
    return walked
  }

  /// The subnodes that `node`'s new layout `step` places and that the walk must visit, in order.
  private static func subnodeVisits(
    of node: any DisplayNode, _ step: PassStep, descendingEverywhere: Bool, skipping: Set<ObjectIdentifier> = []
  ) -> [Visit] {
    let sublayouts = step.layout.sublayouts
    let previous = descendingEverywhere ? [] : step.previous?.sublayouts ?? []
    let parentID = node.nodeCore.id
    // A node that manages its subnodes places the nodes its layout names before they are its subnodes.
    let checksLink = !node.nodeCore.automaticallyManagesSubnodes
    var visits: [Visit] = []
    // By index, so that only the nodes visited are copied out (each copy of a layout retains its node).
    for index in sublayouts.indices {
      let frame = sublayouts[index].frame
      // Left where it was, and nothing of it changed since a pass laid it out: nothing to do (no hop). Checked
      // before the node is copied out: a copy retains it, and a node in a window has a side table (slow to retain).
      if index < previous.count, previous[index].frame == frame,
        previous[index].element.isSame(as: sublayouts[index].element),
        sublayouts[index].element.isSettledNode(request: sublayouts[index].measuredFrom)
      {
        continue
      }
      guard case .node(let subnode) = sublayouts[index].element,
        skipping.isEmpty || !skipping.contains(ObjectIdentifier(subnode.nodeCore))
      else { continue }
      visits.append(
        Visit(
          node: subnode, target: .size(frame.size, request: sublayouts[index].measuredFrom), frame: frame,
          parentID: parentID,
          placer: ObjectIdentifier(node.nodeCore), parentStamp: step.stamp, checksLink: checksLink,
          manualParent: nil, isRoot: false))
    }
    return visits
  }

  /// Walks the subtrees of `visits` in at most ``LayoutConcurrency/maximumTasks`` child tasks, each taking a
  /// contiguous run of them; the results come back in the order of `visits`.
  private static func walkConcurrently(
    _ visits: [Visit], descendingEverywhere: Bool, quiet: Set<ObjectIdentifier>, _ environment: LayoutEnvironment,
    anchor: WalkAnchor?
  ) async -> Walked {
    let chunks = Swift.min(LayoutConcurrency.maximumTasks, visits.count)
    return await withTaskGroup(of: (Int, Walked).self) { group in
      for chunk in 0..<chunks {
        // Each task takes its run from the shared array (copied out, each visit would retain its node).
        let run = visits.count * chunk / chunks..<visits.count * (chunk + 1) / chunks
        group.addTask {
          // A scope of its own for the task, as a measurement's child tasks have.
          await LayoutScope.withScope {
            (
              chunk,
              await walk(
                visits[run], descendingEverywhere: descendingEverywhere, quiet: quiet, environment, anchor: anchor)
            )
          }
        }
      }
      var parts = [Walked](repeating: Walked(), count: chunks)
      for await (chunk, part) in group { parts[chunk] = part }
      var walked = Walked()
      for chunk in parts.indices { walked.append(parts[chunk]) }
      return walked
    }
  }

  /// One node the walk visits.
  private struct Visit: Sendable {
    let node: any DisplayNode
    let target: PassTarget
    let frame: Rect?
    /// The ``NodeCore/id`` of the supernode whose layout gives `frame`; 0 without a frame.
    var parentID: UInt64 = 0
    /// That supernode's core, by identity (see ``LayoutApplication/Entry/placedBy``).
    var placer: ObjectIdentifier? = nil
    /// The stamp of that supernode's step that took the layout (``PassStep/stamp``); 0 without a frame.
    var parentStamp: UInt64 = 0
    /// Whether the node is skipped if it is not a subnode of that supernode (any more) when it is laid out.
    var checksLink = false
    /// For a root chosen from the node's state, the stamp of its applied layout then (see ``Root/chosenAt``).
    var chosenAt: UInt64? = nil
    /// The entry of the supernode that places this node itself, which wants its measured size.
    let manualParent: Int?
    /// Whether the walk starts here.
    let isRoot: Bool
  }
}

/// The root of a walk and the window it was in when the walk laid it out (see
/// ``DisplayNode/passStep(_:frame:placedBy:parentStamp:checksLink:chosenAt:anchor:_:)``).
struct WalkAnchor: Sendable {
  let core: NodeCore
  /// The root's ``NodeCore/hostWindowID`` then (0 for none).
  let windowID: UInt64

  /// Whether the root entered another window since: the walk's layouts are that window's to give.
  var rootMovedToAnotherWindow: Bool {
    let now = core.hostWindowID.load(ordering: .acquiring)
    return now != windowID && now != 0
  }
}

/// Where a node stands for a layout pass: what sizes it when its own size changes.
enum PassPlace: Sendable {
  /// The root of a window, which sizes it to itself.
  case windowRoot(Window)
  /// A subnode: its supernode lays out again.
  case subnode(of: any DisplayNode)
  /// A root outside any window: it keeps its range.
  case root

  /// The size of the window whose root the node is, if it is one.
  nonisolated var windowSize: Size? {
    guard case .windowRoot(let window) = self else { return nil }
    return window.size
  }
}

extension Tree {
  /// Bumps the layout version of each ancestor of `node`: their cached layouts, measured with its old content,
  /// are not used again (their applied layouts stay until a pass lays them out).
  static func invalidateCachedLayouts(ofAncestorsOf node: any DisplayNode) {
    var ancestor = node.nodeCore.supernode
    while let current = ancestor {
      current.nodeCore.layoutVersion.wrappingAdd(1, ordering: .releasing)
      ancestor = current.nodeCore.supernode
    }
  }

  /// The depth of each of `nodes` in its tree (0 for a root), in one step; each ancestor is walked once.
  static func depths(of nodes: [any DisplayNode]) -> [Int] {
    var known: [ObjectIdentifier: Int] = [:]
    return nodes.map { node in
      // Up to the first node whose depth is known (or past the root), then down again.
      var chain: [NodeCore] = []
      var current: NodeCore? = node.nodeCore
      var depth = -1
      while let core = current {
        if let found = known[ObjectIdentifier(core)] {
          depth = found
          break
        }
        chain.append(core)
        current = core.supernode?.nodeCore
      }
      for core in chain.reversed() {
        depth += 1
        known[ObjectIdentifier(core)] = depth
      }
      return depth
    }
  }

  /// Where `node` stands for a layout pass.
  static func passPlace(of node: any DisplayNode) -> PassPlace {
    let core = node.nodeCore
    if let window = core.hostWindow { return .windowRoot(window) }
    if let supernode = core.supernode { return .subnode(of: supernode) }
    return .root
  }

  /// The subnodes of each of `nodes` that a pass lays out, in one step: those their supernode measured, and
  /// those it did not that have (or take from their layout) subnodes of their own, laid out at their bounds as
  /// Texture's layout pass lays out every view. A leaf laid out at its bounds would change nothing: it costs no hop.
  static func subnodesToLayOut(of nodes: [any DisplayNode]) -> [[any DisplayNode]] {
    nodes.map { parent in
      parent.nodeCore.subnodes.filter {
        let core = $0.nodeCore
        return core.wasMeasured || !core.subnodes.isEmpty || core.automaticallyManagesSubnodes
      }
    }
  }
}

extension Array {
  /// Appends `other`'s elements, taking `other` itself when this array is empty: a pass's entries hold cores and
  /// layouts, and each element copied retains them one by one (for every node a large pass moved).
  fileprivate mutating func append(moving other: consuming [Element]) {
    if isEmpty { self = other } else { append(contentsOf: other) }
  }
}
