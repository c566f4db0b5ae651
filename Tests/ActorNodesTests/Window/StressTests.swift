import Foundation
import Testing

@testable import ActorNodes

/// The nodes a stress run edits; a released node is replaced by a fresh one.
actor NodePool {
  private var nodes: [RecordingNode]
  private var created = 0
  /// The nodes replaced so far; another task may have added one back to a tree after it was replaced.
  private(set) var replaced: [WeakNode] = []
  let log: EventLog
  let lifetime: LifetimeCounter

  init(count: Int, log: EventLog, lifetime: LifetimeCounter) {
    self.log = log
    self.lifetime = lifetime
    nodes = (0..<count).map { RecordingNode("n\($0)", log: log, lifetime: lifetime) }
    created = count
  }

  var all: [RecordingNode] { nodes }
  var createdCount: Int { created }

  func node(at index: Int) -> RecordingNode { nodes[index % nodes.count] }

  /// Replaces the node at `index` with a fresh one and returns the old one, for its caller to drop.
  func replace(at index: Int) -> RecordingNode {
    let old = nodes[index % nodes.count]
    replaced.append(WeakNode(node: old))
    nodes[index % nodes.count] = RecordingNode("n\(created)", log: log, lifetime: lifetime)
    created += 1
    return old
  }

  func dropAll() { nodes = [] }
}

/// Random edits, writes, loads, releases and window changes from several tasks, across two windows.
///
/// `ACTORNODES_STRESS_OPERATIONS` sets the number of operations per task (2,500 by default, 4 tasks);
/// `ACTORNODES_STRESS_SEEDS` the number of seeds (2 by default).
@Suite("Stress: two windows, many tasks, random operations", .timeLimit(.minutes(10)), .tags(.stress))
struct StressTests {
  static let operations = Int(ProcessInfo.processInfo.environment["ACTORNODES_STRESS_OPERATIONS"] ?? "") ?? 2_500
  static let seeds = UInt64(ProcessInfo.processInfo.environment["ACTORNODES_STRESS_SEEDS"] ?? "") ?? 2

  @Test("After random operations settle: the trees, the views, the hooks and the writes agree; every dropped node dies")
  @MainActor
  func randomOperations() async throws {
    for seed in 0..<Self.seeds {
      let problems = try await Self.run(seed: seed, tasks: 4, operationsPerTask: Self.operations)
      #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(10))")
      if !problems.isEmpty { return }
    }
  }

  @MainActor
  static func run(seed: UInt64, tasks: Int, operationsPerTask: Int) async throws -> [String] {
    let log = EventLog()
    let lifetime = LifetimeCounter()
    let manual = Window(turnMode: .manual)
    let automatic = Window(turnMode: .automatic)
    var manualRoot = RecordingNode("manualRoot", log: log, lifetime: lifetime)
    var automaticRoot = RecordingNode("automaticRoot", log: log, lifetime: lifetime)
    try await manual.attach(manualRoot)
    try await automatic.attach(automaticRoot)
    let pool = NodePool(count: 30, log: log, lifetime: lifetime)

    await withTaskGroup(of: Void.self) { group in
      for task in 0..<tasks {
        group.addTask { [manualWindowRoot = manualRoot, automaticWindowRoot = automaticRoot] in
          var random = SeededRandom(seed: seed &* 1_000 &+ UInt64(task))
          for step in 0..<operationsPerTask {
            let node = await pool.node(at: Int.random(in: 0..<1_000, using: &random))
            let other = await pool.node(at: Int.random(in: 0..<1_000, using: &random))
            let roots: [any DisplayNode] = [manualWindowRoot, automaticWindowRoot]
            let parent: any DisplayNode =
              Int.random(in: 0..<4, using: &random) == 0 ? roots.randomElement(using: &random)! : other
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<25: try? await parent.addSubnode(node)
            case 25..<35:
              let count = await parent.subnodes.count
              try? await parent.insertSubnode(node, at: Int.random(in: 0...count, using: &random))
            case 35..<50: await node.removeFromSupernode()
            case 50..<75:
              let alpha = Double(step % 100) / 100
              await node.configure { $0.alpha = alpha }
            case 75..<80: await node.loadView()
            case 80..<84:
              let old = await pool.replace(at: Int.random(in: 0..<1_000, using: &random))
              await old.removeFromSupernode()
            case 84..<87: await node.setNeedsDisplay()
            case 87..<90: await manual.flush()
            case 90..<92:
              if Bool.random(using: &random) {
                await manual.detach()
                try? await manual.attach(manualWindowRoot)
              } else {
                await automatic.detach()
                try? await automatic.attach(automaticWindowRoot)
              }
            default:
              await node.onDidLoad { _ in }
            }
            if step % 8 == 0 { await Task.yield() }

          }
        }
      }
    }

    // Settle: every manual turn flushed, every automatic turn run, every release done.
    if manual.rootNode == nil { try? await manual.attach(manualRoot) }
    if automatic.rootNode == nil { try? await automatic.attach(automaticRoot) }
    let live = await pool.all
    await settleTurns(manualWindows: [manual], nodes: live + [manualRoot, automaticRoot])
    var problems = await brokenInvariants(
      windows: [manual, automatic], nodes: live + [manualRoot, automaticRoot], log: log)
    // A replaced node is dead, unless a task added it back to a tree that is still alive.
    var reachable = Set<ObjectIdentifier>()
    var stack: [any DisplayNode] = live + [manualRoot, automaticRoot]
    while let node = stack.popLast() {
      guard reachable.insert(ObjectIdentifier(node)).inserted else { continue }
      stack.append(contentsOf: await node.subnodes)
    }
    for entry in await pool.replaced {
      if let node = entry.node, !reachable.contains(ObjectIdentifier(node)) {
        problems.append("\(await node.debugName ?? "?"): replaced and in no live tree, but alive")
      }
    }

    // Drop everything: every node dies, every view is released, every willEnter got its didExit.
    let releases = ViewReleaseLog()
    for node in live { if let view = node.view { releases.watch(view) } }
    let watched = live.filter { $0.view != nil }.count
    await manual.detach()
    await automatic.detach()
    await pool.dropAll()
    for node in live { await node.removeFromSupernode() }
    _ = consume live
    manualRoot = RecordingNode("unused")
    automaticRoot = RecordingNode("unused")
    await ReleaseTracker.shared.waitUntilIdle()
    let created = await pool.createdCount + 2
    if lifetime.count != created { problems.append("\(created) nodes made, \(lifetime.count) deinitialized") }
    if releases.releases.count != watched { problems.append("\(watched) views, \(releases.releases.count) released") }
    let entered = log.entries.filter { $0.contains(".willEnter") }.count
    let exited = log.entries.filter { $0.contains(".didExit") }.count
    if entered != exited { problems.append("\(entered) willEnterHierarchy, \(exited) didExitHierarchy") }
    return problems
  }
}
