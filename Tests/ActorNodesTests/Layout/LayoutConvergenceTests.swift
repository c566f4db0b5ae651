import Foundation
import Testing

@testable import ActorNodes

/// Adversarial round 18's convergence probe: random edits of two windows' trees, applied in concurrent batches
/// while passes run, then quiescence. However the passes interleaved, every node must end as a fresh tree of the
/// final state lays it out, and the passes must stop.
///
/// A node placed by hand at an empty size keeps its last layout and its subtree theirs (Texture's `__layout` skips
/// empty bounds), where a fresh tree has none: only its frame and the subnode lists count there. Half the walks
/// write frames with `configure` among their operations.
///
/// The walks run one at a time (`.serialized`): run in parallel, their main-actor work queued ahead of every other
/// suite's, and a test that hops to the main actor a few thousand times took a minute under ThreadSanitizer.
@Suite(
  "Layout convergence: random concurrent edits settle to a fresh tree's layout", .serialized, .timeLimit(.minutes(5)))
@MainActor
struct LayoutConvergenceTests {
  /// The seeds each turn mode runs, with and without frame writes: one walk at a time beside the rest of the package
  /// under ThreadSanitizer, about two and a half minutes. Seeds 1–1,500 pass too (AN-0004).
  nonisolated static let seeds: [UInt64] = chosenSeeds ?? Array(1...72)
  /// The seeds of the walks with frame writes: the same.
  nonisolated static let framesSeeds: [UInt64] = chosenSeeds ?? Array(1...72)
  /// The seeds listed in `ACTORNODES_CONVERGENCE_SEEDS` (`12,89`), to replay a failure.
  nonisolated static var chosenSeeds: [UInt64]? {
    guard let list = ProcessInfo.processInfo.environment["ACTORNODES_CONVERGENCE_SEEDS"] else { return nil }
    return list.split(separator: ",").compactMap { UInt64($0) }
  }
  /// The operations of one run, in batches of one to four.
  nonisolated static let operations = 24

  @Test(
    "Random operations in concurrent batches, then quiescence: every node's frame, applied and calculated layouts and subnodes match a fresh tree's, and passes stop",
    arguments: [TurnMode.automatic, .manual], seeds)
  func settlesToAFreshTreesLayout(mode: TurnMode, seed: UInt64) async throws {
    try await walk(mode: mode, seed: seed, writesFrames: false)
  }

  @Test(
    "The same walks with frames written by configure among the operations: the supernodes' next passes set their layouts' frames again",
    arguments: [TurnMode.automatic, .manual], framesSeeds)
  func settlesWithFrameWrites(mode: TurnMode, seed: UInt64) async throws {
    try await walk(mode: mode, seed: seed, writesFrames: true)
  }

  /// One walk: random operations in concurrent batches, then quiescence and the comparison with a fresh tree.
  private func walk(mode: TurnMode, seed: UInt64, writesFrames: Bool) async throws {
    var random = SeededRandom(seed: seed)
    let world = try await ConvergenceWorld(mode: mode, writesFrames: writesFrames, random: &random)
    #expect(try await world.settle())
    var (applied, batches) = (0, [String]())
    while applied < Self.operations {
      let batch = (0..<Int.random(in: 1...4, using: &random)).map { _ in world.randomOperation(&random) }
      applied += batch.count
      batches.append(batch.map(\.description).joined(separator: " ‖ "))
      await withTaskGroup { group in
        for operation in batch { group.addTask { await world.apply(operation) } }
      }
      // Sometimes a pass or a turn runs between batches.
      if Int.random(in: 0..<3, using: &random) == 0 {
        let window = world.windows[Int.random(in: 0..<2, using: &random)]
        if mode == .manual, Bool.random(using: &random) {
          await window.flush()
        } else {
          try await window.layoutIfNeeded()
        }
      }
    }
    try await world.reattachLeftoverRoots()
    let context =
      "seed \(seed), \(mode)\(writesFrames ? ", frame writes" : ""); batches (‖ separates concurrent operations):\n  "
      + batches.joined(separator: "\n  ")
    #expect(try await world.settle(), "the hooks' tasks keep starting new ones; \(context)")

    for window in world.windows {
      guard let root = window.rootNode else {
        Issue.record("a window has no root; \(context)")
        continue
      }
      let differences = try await differencesFromAFreshTree(root, in: window)
      #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))\n\(context)")
    }
    let layoutCalls = await world.stackLayoutCalls()
    for _ in 0..<3 { try await world.runPendingWork() }
    #expect(await world.stackLayoutCalls() == layoutCalls, "passes stop once the trees settle; \(context)")
  }
}
