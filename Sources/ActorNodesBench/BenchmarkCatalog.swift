/// Every id the bench can print, with what it measures: the source of `--list`, `--help` and filter checks.
///
/// ``BenchmarkRunner/record(_:_:unit:)`` refuses an id that is not listed here,
/// so the catalog cannot fall behind the benchmarks.
enum BenchmarkCatalog {
  /// One id and its meaning.
  struct Entry {
    let id: String
    let meaning: String
  }

  static let entries: [Entry] = threadingEntries + layoutEntries + displayEntries

  /// Display's ids: draw throughput, cancellation, commits, and layout while draws run.
  private static let displayEntries: [Entry] = [
    Entry(
      id: "display.draw1000.floor.ms",
      meaning: "1,000 tiles of 64 × 64 points at scale 2, the draws alone one by one on one thread"),
    Entry(
      id: "display.draw1000.serial.ms",
      meaning: "the tiles displayed by ActorNodes with every node drawing synchronously: one draw at a time"),
    Entry(
      id: "display.draw1000.actor.ms",
      meaning: "the tiles displayed by ActorNodes: snapshots, one start hop, draws on the display executor, commits"),
    Entry(
      id: "display.draw1000.gcd.ms",
      meaning: "the same draws on a concurrent dispatch queue, each layer's contents set in a main-actor job"),
    Entry(id: "display.draw1000.speedup", meaning: "serial ÷ ActorNodes: higher is better (target ≥ 1.85)"),
    Entry(id: "display.draw1000.vs_gcd", meaning: "ActorNodes ÷ the GCD baseline (target ≤ 1.0)"),
    Entry(id: "display.draw1000.vs_floor", meaning: "ActorNodes ÷ the draws alone on one thread"),
    Entry(
      id: "display.cancel.p50_us",
      meaning: "draws polling isCancelled every ~50 µs: cancel to return, median over all draws"),
    Entry(id: "display.cancel.p99_us", meaning: "the same, 99th percentile (target ≤ 1,000)"),
    Entry(id: "display.cancel.wasted_us", meaning: "draw time spent after the cancel, summed over the running draws"),
    Entry(
      id: "display.commit.main_turns_per_transaction",
      meaning: "main-actor turns to start and commit 50 displays under one container (target ≤ 2)"),
    Entry(id: "display.commit.main_us_per_transaction", meaning: "their main-actor time"),
    Entry(
      id: "display.layout_latency_under_draw_load.ratio",
      meaning: "FEED-1000 text layout while 1,000 tiles draw ÷ without: near 1 means draws leave layout alone"),
  ]

  /// Step 1's ids: building, loading, editing and writing the tree.
  private static let threadingEntries: [Entry] = [
    // create: building the feed tree (10,011 nodes: 1,000 rows of 10 plus containers) off the main actor.
    Entry(id: "create.tree10k.actor.ns_per_node", meaning: "build the tree as an app builds cells, one task"),
    Entry(id: "create.tree10k.locks.ns_per_node", meaning: "the lock baseline builds the same tree, one task"),
    Entry(id: "create.tree10k.vs_locks", meaning: "actor ÷ locks, one task (target ≤ 1.2)"),
    Entry(id: "create.tree10k.actor_concurrent.ns_per_node", meaning: "rows built by 2 × cores tasks"),
    Entry(
      id: "create.tree10k.concurrent_speedup", meaning: "one task ÷ 2 × cores tasks: higher is better (target ≥ 1.5)"),
    Entry(id: "create.tree10k.locks_concurrent.ns_per_node", meaning: "the lock baseline, 2 × cores tasks"),
    Entry(id: "create.tree10k.concurrent_vs_locks", meaning: "actor ÷ locks, both concurrent (target ≤ 1.2)"),
    Entry(
      id: "create.tree10k.actor_by_edits.ns_per_node",
      meaning: "one call per edit: configure after init, addSubnodes per parent"),
    Entry(id: "create.tree10k.actor_by_edits.vs_locks", meaning: "actor_by_edits ÷ locks"),
    // attach: loading every view of the tree in a window.
    Entry(id: "attach.tree10k.main_us_per_1k_nodes", meaning: "main-actor time of the load turn"),
    Entry(id: "attach.tree10k.main_turns", meaning: "main-actor turns the load took (goal: 1)"),
    Entry(id: "attach.tree10k.total_us_per_1k_nodes", meaning: "wall time of window.attach"),
    Entry(
      id: "attach.tree10k.offmain_ns_per_node", meaning: "wall time minus main-actor time: gathering state off main"),
    Entry(id: "attach.tree10k.locks.main_us_per_1k_nodes", meaning: "the lock baseline's synchronous recursive load"),
    Entry(id: "attach.tree10k.vs_locks", meaning: "main-actor time ÷ the baseline's load (target ≤ 1.0)"),
    // hierarchy: structural edits, each one step on the HierarchyActor.
    Entry(id: "hierarchy.add.actor.ns_per_edit", meaning: "addSubnode of a fresh leaf, one task"),
    Entry(id: "hierarchy.add.locks.ns_per_edit", meaning: "the lock baseline's addSubnode"),
    Entry(id: "hierarchy.add.vs_locks", meaning: "actor ÷ locks (target ≤ 2.0)"),
    Entry(id: "hierarchy.move.actor.ns_per_edit", meaning: "move a leaf between unloaded parents"),
    Entry(id: "hierarchy.add_4_tasks.actor.ns_per_edit", meaning: "addSubnode from 4 tasks at once"),
    Entry(id: "hierarchy.move_loaded.actor.ns_per_edit", meaning: "move a leaf between loaded parents (queues a turn)"),
    Entry(
      id: "hierarchy.move_loaded.flush_main_us_per_1k_edits",
      meaning: "main-actor time of the turn that applies the moves"),
    // write: off-main writes to loaded nodes and the turn that applies them.
    Entry(id: "write.postload.actor.ns_per_write", meaning: "configure { alpha } on a loaded node, off main"),
    Entry(
      id: "write.postload.locks.ns_per_write", meaning: "the baseline: lock, record, queue for the pending-state flush"),
    Entry(id: "write.postload.vs_locks", meaning: "actor ÷ locks (target ≤ 2.0)"),
    Entry(id: "write.flush.main_us_per_1k_writes", meaning: "main-actor time to apply 10,011 queued writes"),
    Entry(id: "write.flush.locks.main_us_per_1k_writes", meaning: "the baseline's pending-state flush"),
    Entry(id: "write.flush.vs_locks", meaning: "actor ÷ locks (target ≤ 1.5)"),
    Entry(id: "write.flush.main_turns", meaning: "main-actor turns the flush took (goal: 1)"),
    // release: dropping a loaded tree off the main actor.
    Entry(id: "release.tree10k.actor.ns_per_node", meaning: "drop the last reference to a loaded tree, off main"),
    Entry(id: "release.tree10k.locks.ns_per_node", meaning: "the lock baseline's release"),
    Entry(id: "release.tree10k.main_jobs", meaning: "main-actor jobs that released the views (goal: 1)"),
    // hop: what the concurrency runtime costs on this machine.
    Entry(id: "hop.actor_call.ns", meaning: "one await of an actor-isolated property from another task"),
    Entry(id: "hop.main_round_trip.us", meaning: "one await MainActor.run {} from a background task"),
  ]

  /// Layout's ids: the FEED and WIDE trees per engine, relayouts, text, and applying frames.
  private static let layoutEntries: [Entry] = {
    var entries: [Entry] = []
    let trees =
      [100, 1_000, 10_000].flatMap { rows in
        [
          ("feed\(rows).trivial", "FEED of \(rows) rows, fixed text sizes"),
          ("feed\(rows).text", "FEED of \(rows) rows, real text"),
        ]
      } + [("wide10000", "one stack of 10,000 grow leaves")]
    for (tree, shape) in trees {
      let prefix = "layout.\(tree)"
      entries += [
        Entry(id: "\(prefix).serial.ns_per_node", meaning: "\(shape): ActorNodes, no concurrency"),
        Entry(id: "\(prefix).concurrent.ns_per_node", meaning: "\(shape): ActorNodes, task groups where they pay"),
        Entry(id: "\(prefix).locks.ns_per_node", meaning: "\(shape): the lock baseline, one thread"),
        Entry(id: "\(prefix).locks_concurrent.ns_per_node", meaning: "\(shape): the lock baseline, concurrentPerform"),
        Entry(id: "\(prefix).floor.ns_per_node", meaning: "\(shape): plain structs, one thread, no locks or caches"),
        Entry(id: "\(prefix).speedup", meaning: "ActorNodes serial ÷ concurrent: higher is better"),
        Entry(id: "\(prefix).locks_speedup", meaning: "lock baseline serial ÷ concurrent: what the machine allows"),
        Entry(id: "\(prefix).vs_locks", meaning: "ActorNodes concurrent ÷ lock baseline concurrent"),
        Entry(id: "\(prefix).serial.vs_locks", meaning: "ActorNodes serial ÷ lock baseline serial"),
        Entry(id: "\(prefix).serial.vs_floor", meaning: "ActorNodes serial ÷ the floor"),
      ]
    }
    entries += [
      Entry(
        id: "layout.feed1000.cached_relayout.ns",
        meaning: "the same constraints again from outside the root: a cache hit (target ≤ 250)"),
      Entry(
        id: "layout.feed1000.text.width_change.ns_per_node", meaning: "relayout at a new root width, ActorNodes"),
      Entry(id: "layout.feed1000.text.width_change.locks.ns_per_node", meaning: "the same, the lock baseline"),
      Entry(id: "layout.feed1000.text.width_change.vs_locks", meaning: "ActorNodes ÷ lock baseline"),
      Entry(
        id: "layout.feed10000.text.one_leaf_relayout.us",
        meaning: "one title changes in a loaded FEED: the window's pass and its turn"),
      Entry(
        id: "layout.feed10000.text.one_leaf_relayout.fraction",
        meaning: "that relayout ÷ a full concurrent layout (target ≤ 0.05)"),
      Entry(
        id: "layout.text.measure.ns", meaning: "one ~60-character title and one ~600-character body set into lines"),
      Entry(
        id: "layout.applied_read.main_ns", meaning: "reading a node's applied layout on the main actor (target ≤ 1,000)"
      ),
      Entry(id: "layout.apply.feed1000.main_turns", meaning: "main-actor turns to apply a full layout (goal: 1)"),
      Entry(
        id: "layout.apply.feed1000.main_us_per_1k_nodes", meaning: "main-actor time to apply a layout moving every node"
      ),
      Entry(
        id: "layout.apply.feed1000.locks.main_us_per_1k_nodes",
        meaning: "the lock baseline: every node's subnode frames and layout hooks"),
      Entry(id: "layout.apply.feed1000.vs_locks", meaning: "ActorNodes ÷ lock baseline, main-actor time"),
    ]
    return entries
  }()

  static func contains(_ id: String) -> Bool { entries.contains { $0.id == id } }

  /// Whether any id starts with `prefix`.
  static func matches(_ prefix: String) -> Bool { entries.contains { $0.id.hasPrefix(prefix) } }

  static let usage = "usage: ActorNodesBench [--quick] [--json] [--list] [--snapshots DIR] [id-prefix ...]"

  static let help = """
    \(usage)

    Measures what ActorNodes' actor model costs against a Texture-style lock baseline
    (one NSLock per node, hooks called through dynamic dispatch) doing the same work in the same run.

    Options:
      --quick      3 samples per measurement instead of 15: CI's smoke run; never quote its numbers
      --json       print only a JSON array of {id, value, unit, samples} on stdout
      --list       print every id with what it measures, then exit
      --snapshots DIR  also write a PNG of each display scene into DIR (rainbow.png, feed.png, tiles.png)
      -h, --help   print this help, then exit
      id-prefix    run only the ids that start with it (`attach`, `create.tree10k`, `write.flush.vs`);
                   several are allowed; a prefix that matches no id is an error

    Ids read area.workload.variant.measure, for example create.tree10k.actor.ns_per_node:
      area       create, attach, hierarchy, write, release, layout, display, hop
      workload   tree10k: a feed of 10,011 nodes; add, move, postload, flush: one kind of edit or write
      variant    actor: ActorNodes; locks: the lock baseline; *_concurrent: built by 2 x cores tasks
      measure    the unit and what is counted: ns_per_node, main_us_per_1k_writes, main_turns, ...

    Each value is the median over the samples. Lower is better, except for speedups.
      vs_locks            ActorNodes / lock baseline, per sample, then the median: below 1 means ActorNodes
                          is cheaper (vs_gcd: / GCD; vs_floor: / the work alone, with no synchronisation).
                          Ratios compare runs on the same machine at the same time: quote them, with their
                          spread over several full runs, not the raw times.
      speedup             serial / concurrent (concurrent_speedup: one task / 2 x cores tasks; locks_speedup:
                          the lock baseline's own): above 1 means the concurrent form is faster (higher is better)
      fraction, ratio     one time / another, as --list says for the id (lower is better)
      main_turns, main_jobs  how many main-actor turns or jobs the work took: 1 is the goal

    Progress goes to stderr, results to stdout. Exit status: 0 on success, 2 on a bad argument.
    """

  /// The short legend printed under the table.
  static let legend = """
    value: median of the samples; lower is better except for speedups (serial / concurrent).
    vs_locks = ActorNodes / lock baseline (below 1: ActorNodes cheaper). main_turns, main_jobs: 1 is the goal.
    Quote ratios with their spread over several full runs. --list explains every id.
    """
}
