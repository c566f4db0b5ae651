import ActorNodes
import Dispatch
import Foundation
import Synchronization

extension BenchmarkRunner {
  /// Display: draw throughput against one thread and against GCD, cancellation latency, the cost of a commit,
  /// and layout while draws run.
  func runDisplayBenchmarks() async throws {
    guard wants("display.") else { return }
    try await runDrawThroughput()
    try await runCancellation()
    try await runCommit()
    try await runLayoutUnderDrawLoad()
  }

  private nonisolated static let drawCount = 1_000
  private nonisolated static let columns = 25

  /// 1,000 tiles of 64 × 64 points at scale 2 in a window, each drawn by its node.
  @MainActor
  private static func tileWindow() async throws -> (window: Window, root: BasicNode, tiles: [TileNode]) {
    let rows = (drawCount + columns - 1) / columns
    let size = Size(width: Double(columns) * Tile.size.width, height: Double(rows) * Tile.size.height)
    let root = BasicNode { $0.frame = Rect(x: 0, y: 0, width: size.width, height: size.height) }
    let tiles = (0..<drawCount).map { TileNode($0, columns: columns) }
    try await root.addSubnodes(tiles)
    await root.recursivelySetNeedsDisplay(atScale: Tile.scale)
    let window = Window(size: size, turnMode: .manual)
    try await window.attach(root)
    await root.recursivelyEnsureDisplay()
    return (window, root, tiles)
  }

  private func runDrawThroughput() async throws {
    guard wants("display.draw1000") else { return }
    let (window, root, tiles) = try await Self.tileWindow()
    let layers = (0..<Self.drawCount).map { _ in Layer() }
    var floor: [Double] = []
    var serial: [Double] = []
    var actor: [Double] = []
    var gcd: [Double] = []
    for sample in 0..<samples {
      progress("display.draw1000", sample: sample + 1)
      floor.append(await Self.drawSerially())
      // Serial: the same pipeline with every node drawing synchronously, one draw at a time.
      for tile in tiles { tile.setDisplaysAsynchronously(false) }
      await root.recursivelyClearContents()
      serial.append(await measureNanoseconds { await root.recursivelyEnsureDisplay() })
      for tile in tiles { tile.setDisplaysAsynchronously(true) }
      await root.recursivelyClearContents()
      actor.append(await measureNanoseconds { await root.recursivelyEnsureDisplay() })
      gcd.append(await Self.drawWithGCD(into: layers))
    }
    _ = window
    record("display.draw1000.floor.ms", floor.map { $0 / 1e6 }, unit: "ms")
    record("display.draw1000.serial.ms", serial.map { $0 / 1e6 }, unit: "ms")
    record("display.draw1000.actor.ms", actor.map { $0 / 1e6 }, unit: "ms")
    record("display.draw1000.gcd.ms", gcd.map { $0 / 1e6 }, unit: "ms")
    recordRatio("display.draw1000.speedup", serial, actor)
    recordRatio("display.draw1000.vs_gcd", actor, gcd)
    recordRatio("display.draw1000.vs_floor", actor, floor)
  }

  /// The draws alone, one after another on one thread: no snapshot, no hooks, no commit.
  @concurrent
  private static func drawSerially() async -> Double {
    await measureNanoseconds {
      for index in 0..<drawCount { _ = Tile.image(index) }
    }
  }

  /// Texture's way: every draw queued on a concurrent dispatch queue, each layer its own transaction whose
  /// completion sets the contents in a main-actor job of its own (`_ASAsyncTransaction` notifies the main queue
  /// once per transaction).
  @MainActor
  private static func drawWithGCD(into layers: [Layer]) async -> Double {
    let queue = DispatchQueue(label: "ActorNodesBench.display", attributes: .concurrent)
    return await measureNanoseconds {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let sink = ContentsSink(layers: layers, done: done)
        for index in layers.indices {
          queue.async {
            let image = Tile.image(index)
            Task { @MainActor in sink.set(image, at: index) }
          }
        }
      }
    }
  }

  private func runCancellation() async throws {
    guard wants("display.cancel") else { return }
    let running = Window.displayThreadCount
    var latencies: [Double] = []
    var wasted: [Double] = []
    for sample in 0..<samples {
      progress("display.cancel", sample: sample + 1)
      let times = DrawTimes()
      let nodes = (0..<2 * running).map { LongDrawNode($0, probe: times) }
      let root = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 512, height: 512) }
      try await root.addSubnodes(nodes)
      let window = Window(size: Size(width: 512, height: 512), turnMode: .manual)
      try await window.attach(root)
      await times.wait(for: running, returned: false)
      let cancelled = ContinuousClock.now
      for node in nodes { node.setDisplaySuspended(true) }
      await times.wait(for: running, returned: true)
      let afterCancel = times.returns.map { cancelled.duration(to: $0).nanoseconds / 1_000 }
      latencies += afterCancel
      wasted.append(afterCancel.reduce(0, +))
      await window.waitForPendingDisplays()
      await window.detach()
    }
    latencies.sort()
    let percentile = { (fraction: Double) in
      latencies[min(latencies.count - 1, Int(Double(latencies.count) * fraction))]
    }
    record("display.cancel.p50_us", [percentile(0.5)], unit: "us")
    record("display.cancel.p99_us", [percentile(0.99)], unit: "us")
    record("display.cancel.wasted_us", wasted, unit: "us")
  }

  private func runCommit() async throws {
    guard wants("display.commit") else { return }
    let cell = TileNode(0, columns: 1)
    cell.setTransactionContainer(true)
    try await cell.addSubnodes((1..<50).map { TileNode($0, columns: 7) })
    await cell.recursivelySetNeedsDisplay(atScale: Tile.scale)
    let window = Window(size: Size(width: 512, height: 512), turnMode: .manual)
    try await window.attach(cell)
    await cell.recursivelyEnsureDisplay()
    var turns: [Double] = []
    var main: [Double] = []
    for sample in 0..<samples {
      progress("display.commit", sample: sample + 1)
      await cell.recursivelyClearContents()
      let before = window.statistics
      await cell.recursivelyEnsureDisplay()  // 50 displays, one transaction
      turns.append(Double(window.statistics.turns - before.turns))
      main.append((window.statistics.mainActorTime - before.mainActorTime).nanoseconds / 1_000)
    }
    record("display.commit.main_turns_per_transaction", turns, unit: "count")
    record("display.commit.main_us_per_transaction", main, unit: "us")
  }

  private func runLayoutUnderDrawLoad() async throws {
    guard wants("display.layout_latency") else { return }
    let (_, tiles, _) = try await Self.tileWindow()
    var ratios: [Double] = []
    for sample in 0..<samples {
      progress("display.layout_latency_under_draw_load", sample: sample + 1)
      let quiet = try await Self.layOutFreshFeed()
      await tiles.recursivelyClearContents()
      let draws = Task { @MainActor in await tiles.recursivelyEnsureDisplay() }
      let loaded = try await Self.layOutFreshFeed()
      await draws.value
      ratios.append(loaded / quiet)
    }
    record("display.layout_latency_under_draw_load.ratio", ratios, unit: "x")
  }

  /// The time to lay out a new FEED of 1,000 text rows, concurrently.
  @concurrent
  private static func layOutFreshFeed() async throws -> Double {
    let root = try await LayoutTrees.actorFeed(rows: 1_000, .text).root
    return try await measureNanoseconds { _ = try await root.layout(thatFits: LayoutTrees.feedRange) }
  }
}

/// The GCD baseline's main-actor side: sets each layer's contents as its draw completes, then resumes the caller.
@MainActor
private final class ContentsSink {
  private let layers: [Layer]
  private var left: Int
  private let done: CheckedContinuation<Void, Never>

  init(layers: [Layer], done: CheckedContinuation<Void, Never>) {
    self.layers = layers
    left = layers.count
    self.done = done
  }

  func set(_ image: Image, at index: Int) {
    layers[index].contents = image
    left -= 1
    if left == 0 { done.resume() }
  }
}
