import ActorNodes
import Foundation

extension BenchmarkRunner {
  /// Layout: the FEED and WIDE trees laid out by ActorNodes (serial and concurrent), the lock baseline
  /// (serial and concurrent) and the floor; then relayouts, one text measurement and applying frames.
  func runLayoutBenchmarks() async throws {
    guard wants("layout.") else { return }
    var fullFeed10000Text: [Double] = []
    for rows in [100, 1_000, 10_000] {
      for variant in LayoutTrees.Variant.allCases {
        let tree = "feed\(rows).\(variant.rawValue)"
        guard wants("layout.\(tree).") else { continue }
        let times = try await measureFeed(rows: rows, variant, name: tree)
        recordEngines(tree, times, nodes: Double(LayoutTrees.feedNodeCount(rows: rows)))
        if rows == 10_000 && variant == .text { fullFeed10000Text = times.concurrent }
      }
    }
    if wants("layout.wide10000.") {
      let times = try await measureWide()
      recordEngines("wide10000", times, nodes: Double(1 + LayoutTrees.wideLeaves))
    }
    if wants("layout.feed1000.cached_relayout") { try await measureCachedRelayout() }
    if wants("layout.feed1000.text.width_change") { try await measureWidthChange() }
    if wants("layout.feed10000.text.one_leaf_relayout") {
      if fullFeed10000Text.isEmpty {
        fullFeed10000Text = try await measureFeed(rows: 10_000, .text, name: "feed10000.text").concurrent
      }
      try await measureOneLeafRelayout(full: fullFeed10000Text)
    }
    if wants("layout.text.") { measureText() }
    if wants("layout.applied_read") || wants("layout.apply.") { try await measureApply() }
  }

  /// The wall time of one full layout per engine and sample.
  struct EngineTimes {
    var serial: [Double] = []
    var concurrent: [Double] = []
    var locks: [Double] = []
    var locksConcurrent: [Double] = []
    var floor: [Double] = []
  }

  private func recordEngines(_ tree: String, _ times: EngineTimes, nodes: Double) {
    let prefix = "layout.\(tree)"
    record("\(prefix).serial.ns_per_node", times.serial.map { $0 / nodes }, unit: "ns")
    record("\(prefix).concurrent.ns_per_node", times.concurrent.map { $0 / nodes }, unit: "ns")
    record("\(prefix).locks.ns_per_node", times.locks.map { $0 / nodes }, unit: "ns")
    record("\(prefix).locks_concurrent.ns_per_node", times.locksConcurrent.map { $0 / nodes }, unit: "ns")
    record("\(prefix).floor.ns_per_node", times.floor.map { $0 / nodes }, unit: "ns")
    recordRatio("\(prefix).speedup", times.serial, times.concurrent)
    recordRatio("\(prefix).locks_speedup", times.locks, times.locksConcurrent)
    recordRatio("\(prefix).vs_locks", times.concurrent, times.locksConcurrent)
    recordRatio("\(prefix).serial.vs_locks", times.serial, times.locks)
    recordRatio("\(prefix).serial.vs_floor", times.serial, times.floor)
  }

  /// Lays out fresh FEED trees with every engine, once per sample; checks that the engines agree on the frames.
  private func measureFeed(rows: Int, _ variant: LayoutTrees.Variant, name: String) async throws -> EngineTimes {
    var times = EngineTimes()
    let makers = TreeMakers(
      actor: { try await LayoutTrees.actorFeed(rows: rows, variant).root },
      lock: { LayoutTrees.lockFeed(rows: rows, variant).root },
      floor: { LayoutTrees.floorFeed(rows: rows, variant) })
    for sample in 0..<samples {
      progress("layout.\(name)", sample: sample + 1)
      // Alternate the order of the engines.
      let (timed, trees) = try await Self.timeEngines(makers, range: LayoutTrees.feedRange, reversed: sample % 2 == 1)
      append(timed, to: &times)
      if sample == 0 { try await Self.checkSameFrames(trees, LayoutTrees.feedRange) }
    }
    return times
  }

  /// WIDE with every engine, once per sample.
  private func measureWide() async throws -> EngineTimes {
    var times = EngineTimes()
    let makers = TreeMakers(
      actor: { try await LayoutTrees.actorWide() }, lock: { LayoutTrees.lockWide() }, floor: { LayoutTrees.floorWide() }
    )
    for sample in 0..<samples {
      progress("layout.wide10000", sample: sample + 1)
      let (timed, _) = try await Self.timeEngines(makers, range: LayoutTrees.wideRange, reversed: sample % 2 == 1)
      append(timed, to: &times)
    }
    return times
  }

  private func append(_ timed: [Double], to times: inout EngineTimes) {
    times.serial.append(timed[0])
    times.concurrent.append(timed[1])
    times.locks.append(timed[2])
    times.locksConcurrent.append(timed[3])
    times.floor.append(timed[4])
  }

  /// How each engine's tree is made: a fresh tree per engine and sample, every cache cold.
  struct TreeMakers: Sendable {
    let actor: @Sendable () async throws -> SpecNode
    let lock: @Sendable () -> LockLayoutNode
    let floor: @Sendable () -> FloorNode
  }

  /// The trees one sample laid out, for checking that the engines agree.
  struct SampleTrees: Sendable {
    var actorSerial: SpecNode?
    var actorConcurrent: SpecNode?
    var lockSerial: LockLayoutNode?
    var lockConcurrent: LockLayoutNode?
    var floor: FloorNode?
  }

  /// Times one layout per engine, off the main actor, in order or reversed: [serial, concurrent, locks,
  /// locks concurrent, floor].
  ///
  /// Each engine's tree is made just before it is laid out, as a list makes a
  /// batch of cells and then measures them: every engine starts from a tree
  /// that was just built (made all first, the trees made first were laid out
  /// after the others had pushed them out of the processor's caches).
  @concurrent
  private static func timeEngines(_ makers: TreeMakers, range: SizeRange, reversed: Bool) async throws
    -> ([Double], SampleTrees)
  {
    var times = [Double](repeating: 0, count: 5)
    var trees = SampleTrees()
    let order = reversed ? [4, 3, 2, 1, 0] : [0, 1, 2, 3, 4]
    for engine in order {
      switch engine {
      case 0:
        let tree = try await makers.actor()
        times[0] = try await measureNanoseconds { _ = try await tree.layout(thatFits: range, concurrency: .serial) }
        trees.actorSerial = tree
      case 1:
        let tree = try await makers.actor()
        times[1] = try await measureNanoseconds { _ = try await tree.layout(thatFits: range, concurrency: .automatic) }
        trees.actorConcurrent = tree
      case 2:
        let tree = makers.lock()
        times[2] = await measureNanoseconds { blackHole(tree.layout(in: range, concurrent: false)) }
        trees.lockSerial = tree
      case 3:
        let tree = makers.lock()
        times[3] = await measureNanoseconds { blackHole(tree.layout(in: range, concurrent: true)) }
        trees.lockConcurrent = tree
      default:
        let tree = makers.floor()
        times[4] = await measureNanoseconds { blackHole(tree.layout(in: range)) }
        trees.floor = tree
      }
    }
    return (times, trees)
  }

  /// Stops the bench if the engines disagree on the root's frames, or on any frame of a FEED of at most 1,000 rows.
  @concurrent
  private static func checkSameFrames(_ trees: SampleTrees, _ range: SizeRange) async throws {
    guard let serial = trees.actorSerial, let concurrent = trees.actorConcurrent, let lockSerial = trees.lockSerial,
      let lockConcurrent = trees.lockConcurrent, let floor = trees.floor
    else { preconditionFailure("a sample made no tree for an engine") }
    let floorLayout = floor.layout(in: range)
    let actorLayout = try await serial.layout(thatFits: range)
    precondition(actorLayout.size == floorLayout.size, "actors and floor disagree on the size")
    precondition(actorLayout.sublayouts.map(\.frame) == floorLayout.frames, "actors and floor disagree on rows")
    let lockFrames = lockSerial.frames()
    precondition(lockFrames == lockConcurrent.frames(), "the serial and concurrent lock engines disagree")
    guard floorLayout.frames.count <= 1_000 else { return }
    // An unloaded tree's pass at its bounds' size gives every node its calculated layout.
    await concurrent.configure { $0.frame = Rect(origin: .zero, size: floorLayout.size) }
    try await concurrent.layoutIfNeeded()
    var actorFrames: [Rect] = []
    var stack: [any DisplayNode] = [concurrent]
    while let node = stack.popLast() {
      guard let layout = await node.calculatedLayout else { preconditionFailure("a node was not laid out") }
      actorFrames += layout.sublayouts.map(\.frame)
      stack += layout.sublayouts.compactMap(\.node).reversed()
    }
    precondition(actorFrames == lockFrames, "actors and locks disagree on a frame")
  }

  /// `layout.feed1000.cached_relayout.ns`: the same constraints again, from outside the root's isolation.
  private func measureCachedRelayout() async throws {
    let root = try await LayoutTrees.actorFeed(rows: 1_000, .trivial).root
    var values: [Double] = []
    for sample in 0..<samples {
      progress("layout.feed1000.cached_relayout", sample: sample + 1)
      values.append(try await Self.timeCachedRelayouts(root, count: 2_000) / 2_000)
    }
    record("layout.feed1000.cached_relayout.ns", values, unit: "ns")
  }

  @concurrent
  private static func timeCachedRelayouts(_ root: SpecNode, count: Int) async throws -> Double {
    _ = try await root.layout(thatFits: LayoutTrees.feedRange)
    return try await measureNanoseconds {
      for _ in 0..<count { blackHole(try await root.layout(thatFits: LayoutTrees.feedRange)) }
    }
  }

  /// `layout.feed1000.text.width_change.*`: relayout at width 320 after 375 (and back): every row measured
  /// again in its new range, every text wrapped again.
  private func measureWidthChange() async throws {
    let nodes = Double(LayoutTrees.feedNodeCount(rows: 1_000))
    var actor: [Double] = []
    var locks: [Double] = []
    let actorRoot = try await LayoutTrees.actorFeed(rows: 1_000, .text).root
    let lockRoot = LayoutTrees.lockFeed(rows: 1_000, .text).root
    for sample in 0..<samples {
      progress("layout.feed1000.text.width_change", sample: sample + 1)
      // A new width each sample, so that no range is cached from an earlier one.
      let width = 300 + Double(sample)
      let (actorTime, lockTime) = try await Self.timeWidthChange(actorRoot, lockRoot, width: width)
      actor.append(actorTime)
      locks.append(lockTime)
    }
    record("layout.feed1000.text.width_change.ns_per_node", actor.map { $0 / nodes }, unit: "ns")
    record("layout.feed1000.text.width_change.locks.ns_per_node", locks.map { $0 / nodes }, unit: "ns")
    recordRatio("layout.feed1000.text.width_change.vs_locks", actor, locks)
  }

  @concurrent
  private static func timeWidthChange(_ actorRoot: SpecNode, _ lockRoot: LockLayoutNode, width: Double) async throws
    -> (Double, Double)
  {
    _ = try await actorRoot.layout(thatFits: LayoutTrees.feedRange)
    _ = lockRoot.layout(in: LayoutTrees.feedRange, concurrent: true)
    let range = SizeRange(exactWidth: width)
    let actor = try await measureNanoseconds { _ = try await actorRoot.layout(thatFits: range) }
    let locks = await measureNanoseconds { blackHole(lockRoot.layout(in: range, concurrent: true)) }
    return (actor, locks)
  }

  /// `layout.feed10000.text.one_leaf_relayout.*`: one title of a loaded 10,000-row FEED changes; the window's
  /// pass measures it again, its row and the root (the other rows from their caches), and applies the frames.
  private func measureOneLeafRelayout(full: [Double]) async throws {
    progress("layout.feed10000.text.one_leaf_relayout", sample: 0)
    let (root, titles) = try await LayoutTrees.actorFeed(rows: 10_000, .text)
    let window = Window(size: Size(width: LayoutCorpus.width, height: 844))
    try await window.attach(root)
    var relayouts: [Double] = []
    for sample in 0..<samples {
      progress("layout.feed10000.text.one_leaf_relayout", sample: sample + 1)
      let title = titles[sample * 617 % titles.count] as! TextNode
      // A shorter title: the title's size changes, so its row and the root are laid out again.
      relayouts.append(
        try await measureNanoseconds {
          await title.setText(AttributedText("Changed", attributes: .init(font: LayoutCorpus.titleFont)))
          try await window.layoutIfNeeded()
        })
    }
    await window.detach()
    record("layout.feed10000.text.one_leaf_relayout.us", relayouts.map { $0 / 1_000 }, unit: "us")
    let fractions = zip(relayouts, full).map { $0 / $1 }
    record("layout.feed10000.text.one_leaf_relayout.fraction", fractions, unit: "x")
  }

  /// `layout.text.measure.ns`: one title and one body set into lines at the width the FEED gives them.
  private func measureText() {
    let pairs = (0..<200).map { (LayoutCorpus.title($0), LayoutCorpus.body($0)) }
    let room = Size(width: 291, height: .infinity)
    var values: [Double] = []
    for sample in 0..<samples {
      progress("layout.text.measure", sample: sample + 1)
      let clock = ContinuousClock()
      let start = clock.now
      for (title, body) in pairs {
        blackHole(TextLayout(title, constrainedTo: room))
        blackHole(TextLayout(body, constrainedTo: room))
      }
      values.append(start.duration(to: clock.now).nanoseconds / Double(pairs.count))
    }
    record("layout.text.measure.ns", values, unit: "ns")
  }

  /// `layout.applied_read.main_ns` and `layout.apply.feed1000.*`: reading an applied layout on the main actor,
  /// and the main-actor cost of applying a layout that moves every node of a loaded 1,000-row FEED.
  private func measureApply() async throws {
    let rows = 1_000
    let thousands = Double(LayoutTrees.feedNodeCount(rows: rows)) / 1_000
    let made = try await LayoutTrees.actorFeed(rows: rows, .trivial)
    let root = made.root
    let window = Window(size: Size(width: LayoutCorpus.width, height: 844), turnMode: .manual)
    try await window.attach(root)
    let leaves = await Self.leaves(of: root)
    let lock = LayoutTrees.lockFeed(rows: rows, .trivial)
    let host = Layer()
    lock.root.loadLayers(into: host)
    var reads: [Double] = []
    var main: [Double] = []
    var turns: [Double] = []
    var locks: [Double] = []
    guard let someRow = root.appliedLayout?.sublayouts[rows / 2].node else { preconditionFailure("not applied") }
    for sample in 0..<samples {
      progress("layout.apply.feed1000", sample: sample + 1)
      let clock = ContinuousClock()
      let start = clock.now
      for _ in 0..<10_000 { blackHole(someRow.appliedLayout) }
      reads.append(start.duration(to: clock.now).nanoseconds / 10_000)

      // Every leaf changes size, so every node gets a new frame or layout: a full layout to apply.
      let grow = Double(sample % 2 == 0 ? 2 : 0)
      await Self.resize(leaves, by: grow)
      let before = window.statistics
      try await window.layoutIfNeeded()
      let after = window.statistics
      main.append((after.mainActorTime - before.mainActorTime).nanoseconds)
      turns.append(Double(after.turns - before.turns))

      lock.root.grow(by: grow)
      _ = await Self.relayout(lock.root)
      let hooksBefore = LockLayoutNode.hookCalls
      locks.append(await measureNanoseconds { lock.root.applyLayout() })
      precondition(LockLayoutNode.hookCalls - hooksBefore == 2 * LayoutTrees.feedNodeCount(rows: rows))
    }
    await window.detach()
    record("layout.applied_read.main_ns", reads, unit: "ns")
    record("layout.apply.feed1000.main_turns", turns, unit: "count")
    record("layout.apply.feed1000.main_us_per_1k_nodes", main.map { $0 / 1_000 / thousands }, unit: "us")
    record("layout.apply.feed1000.locks.main_us_per_1k_nodes", locks.map { $0 / 1_000 / thousands }, unit: "us")
    recordRatio("layout.apply.feed1000.vs_locks", main, locks)
  }

  /// The FEED's leaves that have a size of their own: images, titles, bodies, badges.
  @concurrent
  private static func leaves(of root: SpecNode) async -> [any DisplayNode] {
    var leaves: [any DisplayNode] = []
    func subnodes(_ node: any DisplayNode) async -> [any DisplayNode] {
      guard let layout = await node.calculatedLayout else { preconditionFailure("a node was not laid out") }
      return layout.sublayouts.compactMap(\.node)
    }
    for row in await subnodes(root) {
      let parts = await subnodes(row)
      leaves += [parts[0], parts[3]]
      leaves += await subnodes(parts[1])
    }
    return leaves
  }

  /// Grows every leaf by `growth` points on each axis from its FEED size (images by replacing the image).
  @concurrent
  private static func resize(_ leaves: [any DisplayNode], by growth: Double) async {
    let side = 40 + Int(growth)
    let image = Image(pixelWidth: side, pixelHeight: side, filledWith: .gray)
    for leaf in leaves {
      if let node = leaf as? ImageNode {
        await node.setImage(image)
      } else if let node = leaf as? FixedNode {
        await node.setGrowth(growth)
      }
    }
  }

  /// The lock baseline's relayout after ``LockLayoutNode/grow(by:)``: off the main thread.
  @concurrent
  private static func relayout(_ root: LockLayoutNode) async -> BenchLayout {
    root.layout(in: LayoutTrees.feedRange, concurrent: true)
  }
}

/// The value, kept from the optimizer.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
