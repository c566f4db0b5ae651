import ActorNodes
import Foundation
import Synchronization

/// The display benchmarks' drawing: one tile, drawn the same way by ActorNodes and by the GCD baseline.
enum Tile {
  /// A tile's size in points; drawn at scale 2, it is 128 × 128 pixels.
  static let size = Size(width: 64, height: 64)
  static let scale = 2.0

  private static let palette: [Color] = [.red, .orange, .yellow, .green, .blue, .purple]

  /// Draws tile `index`: a background, six stripes, a circle, a rounded frame and its number.
  static func paint(_ index: Int, in context: inout GraphicsContext, isCancelled: () -> Bool = { false }) {
    let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
    context.fill(bounds, with: .white)
    let stripe = size.height / Double(palette.count)
    for offset in palette.indices {
      guard !isCancelled() else { return }
      let color = palette[(index + offset) % palette.count]
      context.fill(Rect(x: 0, y: Double(offset) * stripe, width: size.width, height: stripe), with: color)
    }
    context.fillEllipse(in: Rect(x: 12, y: 12, width: 40, height: 40), with: Color(white: 1, alpha: 0.6))
    context.strokeRoundedRect(
      Rect(x: 2, y: 2, width: size.width - 4, height: size.height - 4), cornerRadius: 10, with: .black, lineWidth: 2)
    context.draw("#\(index)", at: Point(x: 18, y: 26), fontSize: 12, color: .black)
  }

  /// Tile `index` as an image, drawn on the calling thread.
  static func image(_ index: Int) -> Image {
    var context = GraphicsContext(size: size, scale: scale)
    paint(index, in: &context)
    return context.makeImage()
  }

  /// Where tile `index` of a grid `columns` wide goes.
  static func frame(_ index: Int, columns: Int) -> Rect {
    Rect(
      x: Double(index % columns) * size.width, y: Double(index / columns) * size.height, width: size.width,
      height: size.height)
  }
}

/// A node that draws one tile.
actor TileNode: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  let index: Int

  init(_ index: Int, columns: Int) {
    self.index = index
    nodeState = NodeState { $0.frame = Tile.frame(index, columns: columns) }
  }

  func drawParameters() -> Int { index }

  static func draw(_ index: Int, in context: inout GraphicsContext, request: DisplayRequest) {
    Tile.paint(index, in: &context) { request.isCancelled }
  }
}

/// A node whose draw runs until it is cancelled (or for at most a second), polling `isCancelled` every ~50 µs.
///
/// Each draw reports when it started and when it returned, for the cancellation benchmark.
actor LongDrawNode: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  let probe: DrawTimes

  init(_ index: Int, probe: DrawTimes) {
    self.probe = probe
    nodeState = NodeState { $0.frame = Tile.frame(index, columns: 8) }
  }

  func drawParameters() -> DrawTimes { probe }

  static func draw(_ probe: DrawTimes, in context: inout GraphicsContext, request: DisplayRequest) {
    let clock = ContinuousClock()
    let start = clock.now
    probe.started()
    var sink = 0.0
    while !request.isCancelled, clock.now - start < .seconds(1) {
      let slice = clock.now
      while clock.now - slice < .microseconds(50) { sink += 1 }
    }
    probe.returned(at: clock.now, work: sink)
  }
}

/// When the cancellation benchmark's draws started and returned, from the display threads.
final class DrawTimes: Sendable {
  private struct State {
    var started = 0
    var returns: [ContinuousClock.Instant] = []
    var waiters: [(count: Int, returned: Bool, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Mutex(State())

  /// The instants at which draws returned, in order.
  var returns: [ContinuousClock.Instant] { state.withLock { $0.returns } }

  func started() { update { $0.started += 1 } }

  func returned(at instant: ContinuousClock.Instant, work: Double) {
    update { $0.returns.append(instant) }
  }

  /// Returns once `count` draws have started (or, if `returned`, returned).
  func wait(for count: Int, returned: Bool) async {
    await withCheckedContinuation { continuation in
      let isDone = state.withLock { state in
        if (returned ? state.returns.count : state.started) >= count { return true }
        state.waiters.append((count, returned, continuation))
        return false
      }
      if isDone { continuation.resume() }
    }
  }

  private func update(_ change: (inout State) -> Void) {
    let ready = state.withLock { state in
      change(&state)
      let snapshot = state
      let ready = snapshot.waiters.filter {
        ($0.returned ? snapshot.returns.count : snapshot.started) >= $0.count
      }
      state.waiters.removeAll { ($0.returned ? snapshot.returns.count : snapshot.started) >= $0.count }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
  }
}

/// Six horizontal stripes: Texture's RainbowNode, the README's first display example.
actor RainbowScene: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState

  init(size: Size) {
    nodeState = NodeState(debugName: "rainbow") { $0.frame = Rect(x: 0, y: 0, width: size.width, height: size.height) }
  }

  func drawParameters() -> Int { 0 }

  static func draw(_ parameters: Int, in context: inout GraphicsContext, request: DisplayRequest) {
    let colors: [Color] = [.red, .orange, .yellow, .green, .blue, .purple]
    let stripe = (request.bounds.size.height / Double(colors.count)).rounded()
    for (index, color) in colors.enumerated() {
      let top = Double(index) * stripe
      let height = index == colors.count - 1 ? request.bounds.size.height - top : stripe
      context.fill(Rect(x: 0, y: top, width: request.bounds.size.width, height: height), with: color)
    }
  }
}

extension BenchmarkRunner {
  /// With `--snapshots DIR`, writes what the display scenes look like: a rainbow, one screen of the FEED, tiles.
  func writeSnapshots() async throws {
    guard let directory = options.snapshotDirectory else { return }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    func write(_ root: any DisplayNode, _ size: Size, _ name: String) async throws {
      let window = Window(size: size)
      await root.configure { $0.frame = Rect(x: 0, y: 0, width: size.width, height: size.height) }
      try await window.attach(root)
      await root.recursivelyEnsureDisplay()
      try window.snapshot(scale: 2).write(toPNGFile: "\(directory)/\(name)")
      FileHandle.standardError.write(Data("[bench] wrote \(directory)/\(name)\n".utf8))
    }
    try await write(RainbowScene(size: Size(width: 240, height: 180)), Size(width: 240, height: 180), "rainbow.png")
    let feed = try await LayoutTrees.actorFeed(rows: 12, .text, displays: true).root
    await feed.configure { $0.backgroundColor = .white }
    try await write(feed, Size(width: LayoutCorpus.width, height: 667), "feed.png")
    let tiles = BasicNode { $0.backgroundColor = .white }
    try await tiles.addSubnodes((0..<48).map { TileNode($0, columns: 8) })
    try await write(tiles, Size(width: 8 * Tile.size.width, height: 6 * Tile.size.height), "tiles.png")
  }
}
