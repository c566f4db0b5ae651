import Foundation
import Synchronization
import Testing

@testable import ActorNodes

/// Round 19's display probe: random edits of two windows' trees of drawing nodes, in concurrent batches while
/// passes, displays and turns run, then quiescence. However they interleaved, every drawing node in a window
/// that is not suspended must show its latest parameters drawn at its bounds and display scale.
///
/// The edits: new draw parameters with `setNeedsDisplay()`, new sizes from layout (the nodes redraw on a bounds
/// change, as a text node does), suspension, synchronous display, moves between trees and windows, window
/// resizes, root swaps and re-attaches, stacks turning from vertical to horizontal, and
/// `recursivelySetNeedsDisplay(atScale:)`. A node outside any window is left out: a display asked for there
/// clears its contents until it is back (AN-0005).
///
/// Round 31's walks (``settlesToAFreshTree(mode:seed:)``) mix text, image and custom drawing nodes (stacks that
/// draw, swatches whose corner shows the background color, badges that return their image from `display`), some
/// layer-backed, and the operations of the display API: texts, images (none included), colors, sizes, `configure`
/// frames and bounds, window resizes, each way of marking, suspension of a node or a subtree, moves between windows'
/// trees, removals (put back before settling), `recursivelyEnsureDisplay()`, `displayImmediately()`, scales,
/// synchronous display, cleared contents, transaction containers, backgrounds, root swaps and re-attaches. Once
/// everything is resumed and settled, every node must show the frame and contents of a fresh tree of the final state;
/// no display may be in flight or owed, no supernode may still wait for the display of a subnode with a size, every
/// drawing node's last display hook must be `displayDidFinish`, and no badge draw that saw `isCancelled` may have
/// committed. Odd seeds settle without `recursivelyEnsureDisplay()` (and clear nothing), so that every display must
/// come from the requests the operations made. It found a supernode waiting for good for a subnode moved to another
/// window while it drew (`DisplayBehaviorTests.aSubnodeMovedToAnotherWindowNoLongerHoldsUpItsFormerSupernode`).
///
/// The walks run one at a time, as ``LayoutConvergenceTests``'s do, so that their main-actor work does not hold up
/// the other suites'.
@Suite(
  "Display convergence: random concurrent edits settle to up-to-date contents", .serialized, .timeLimit(.minutes(5)))
@MainActor
struct DisplayConvergenceTests {
  /// Six batches of one to four operations per walk; about a second for both turn modes, and under two minutes one
  /// at a time beside the rest of the package under ThreadSanitizer.
  /// `ACTORNODES_CONVERGENCE_SEEDS` (`12,89`) picks others, as for ``LayoutConvergenceTests``.
  nonisolated static let seeds: [UInt64] = LayoutConvergenceTests.chosenSeeds ?? Array(1...100)

  @Test(
    "Random operations in concurrent batches, then quiescence: every drawing node in a window shows its latest parameters at its bounds and scale",
    arguments: [TurnMode.automatic, .manual], seeds)
  func settlesToUpToDateContents(mode: TurnMode, seed: UInt64) async throws {
    var random = SeededRandom(seed: seed)
    let world = try await DisplayWorld(mode: mode, random: &random)
    try await world.settle()
    var batches: [String] = []
    for _ in 0..<6 {
      let batch = (0..<Int.random(in: 1...4, using: &random)).map { _ in world.randomOperation(&random) }
      batches.append(batch.map(\.description).joined(separator: " ‖ "))
      await withTaskGroup { group in
        for operation in batch { group.addTask { await world.apply(operation) } }
      }
      if Bool.random(using: &random) {
        let window = world.windows[Int.random(in: 0..<2, using: &random)]
        if mode == .manual { await window.flush() } else { try await window.layoutIfNeeded() }
      }
    }
    try await world.settle()
    let problems = await world.outOfDateTiles()
    #expect(
      problems.isEmpty,
      "\(problems.joined(separator: "\n"))\nseed \(seed), \(mode); batches:\n  \(batches.joined(separator: "\n  "))")
  }

  /// Forty-one walks of eight batches per turn mode, about two seconds in debug; seeds 1–1,400 (up to 14 batches)
  /// pass alone. Seed 8 failed about one replay in eight before round 32: a text node measured in two rooms that give
  /// one size drew its lines in the room it was measured in last, and kept the layout of its supernode's spec's
  /// latest measurement where the pass applied the supernode's cached layout of the other room.
  nonisolated static let mixedSeeds: [UInt64] = LayoutConvergenceTests.chosenSeeds ?? Array(1...41)

  @Test(
    "Text, image and custom drawing nodes under random concurrent display operations, then quiescence: every node shows a fresh tree's frame and contents, hooks balanced, nothing owed",
    arguments: [TurnMode.automatic, .manual], mixedSeeds)
  func settlesToAFreshTree(mode: TurnMode, seed: UInt64) async throws {
    var random = SeededRandom(seed: seed)
    let world = try await MixedDisplayWorld(mode: mode, ensuresDisplay: seed % 2 == 0, random: &random)
    #expect(try await world.settle())
    var batches: [String] = []
    for _ in 0..<8 {
      let batch = (0..<Int.random(in: 1...4, using: &random)).map { _ in world.randomOperation(&random) }
      batches.append(batch.map(\.description).joined(separator: " ‖ "))
      await withTaskGroup { group in
        for operation in batch { group.addTask { await world.apply(operation) } }
      }
      let window = world.windows[Int.random(in: 0..<2, using: &random)]
      switch Int.random(in: 0..<4, using: &random) {
      case 0: if mode == .manual { await window.flush() } else { try? await window.layoutIfNeeded() }
      case 1: try? await window.layoutIfNeeded()
      default: break
      }
    }
    let settled = try await world.quiesce()
    let problems = try await world.problems()
    #expect(
      settled && problems.isEmpty,
      "\(problems.joined(separator: "\n"))\nseed \(seed), \(mode), settled \(settled); batches:\n  \(batches.joined(separator: "\n  "))"
    )
  }
}

/// A drawing node that fills its bounds with its color, sized by its layout; it redraws on a bounds change.
private actor Tile: DrawingNode {
  struct Parameters: Sendable {
    let color: Color
  }

  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let name: String
  private(set) var color: Color
  private var size: Size

  init(_ name: String, color: Color, size: Size) {
    nodeState = NodeState(debugName: name) { $0.needsDisplayOnBoundsChange = true }
    self.name = name
    self.color = color
    self.size = size
  }

  func setColor(_ color: Color) async {
    self.color = color
    await setNeedsDisplay()
  }

  func setSize(_ size: Size) {
    self.size = size
    invalidateCalculatedLayout()
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod { .size(size) }

  func drawParameters() -> Parameters { Parameters(color: color) }

  static func draw(_ parameters: Parameters, in context: inout GraphicsContext, request: DisplayRequest) {
    context.fill(request.bounds, with: parameters.color)
  }
}

/// A node that stacks its subnodes, stretched across, vertically or horizontally.
private actor TileStack: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  private var isHorizontal = false

  init(_ name: String) {
    nodeState = NodeState(debugName: name)
  }

  func turn() {
    isHorizontal.toggle()
    invalidateCalculatedLayout()
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let children = await subnodes.map { LayoutSpec.node($0) }
    return .spec(.stack(isHorizontal ? .horizontal : .vertical, spacing: 2, alignItems: .stretch, children: children))
  }
}

/// Two windows, each with a root stack of two stacks of two tiles.
@MainActor
private struct DisplayWorld {
  static let palette: [Color] = [
    Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0), Color(red: 0, green: 0, blue: 1),
    Color(red: 1, green: 1, blue: 0),
  ]

  enum Operation: Sendable, CustomStringConvertible {
    case color(tile: Int, Int)
    case size(tile: Int, Size)
    case suspend(tile: Int, Bool)
    case synchronous(tile: Int, Bool)
    case move(tile: Int, toStack: Int)
    case resize(window: Int, width: Double)
    case turn(stack: Int)
    case swapRoots
    case reattach(window: Int)
    case recursivelySetNeedsDisplay(stack: Int, scale: Double)

    var description: String {
      switch self {
      case .color(let tile, let color): "color(t\(tile), \(color))"
      case .size(let tile, let size): "size(t\(tile), \(size))"
      case .suspend(let tile, let isSuspended): "suspend(t\(tile), \(isSuspended))"
      case .synchronous(let tile, let isSynchronous): "synchronous(t\(tile), \(isSynchronous))"
      case .move(let tile, let stack): "move(t\(tile) → s\(stack))"
      case .resize(let window, let width): "resize(w\(window), \(width))"
      case .turn(let stack): "turn(s\(stack))"
      case .swapRoots: "swapRoots"
      case .reattach(let window): "reattach(w\(window))"
      case .recursivelySetNeedsDisplay(let stack, let scale): "recursivelySetNeedsDisplay(s\(stack), \(scale))"
      }
    }
  }

  let windows: [Window]
  /// The moves under way, one per node at a time.
  nonisolated let moves = NodeMoves()
  /// Each window's root first, then its two stacks.
  let stacks: [TileStack]
  let tiles: [Tile]

  init(mode: TurnMode, random: inout SeededRandom) async throws {
    var windows: [Window] = []
    var stacks: [TileStack] = []
    var tiles: [Tile] = []
    for index in 0..<2 {
      let root = TileStack("root\(index)")
      let halves = [TileStack("s\(3 * index + 1)"), TileStack("s\(3 * index + 2)")]
      try await root.addSubnodes(halves)
      for position in 0..<4 {
        let tile = Tile(
          "t\(tiles.count)", color: Self.palette[Int.random(in: 0..<Self.palette.count, using: &random)],
          size: Self.randomSize(&random))
        tiles.append(tile)
        try await halves[position % 2].addSubnode(tile)
      }
      let window = Window(
        size: Size(width: Double(Int.random(in: 40...120, using: &random)), height: 300), turnMode: mode)
      try await window.attach(root)
      windows.append(window)
      stacks += [root] + halves
    }
    self.windows = windows
    self.stacks = stacks
    self.tiles = tiles
  }

  private static func randomSize(_ random: inout SeededRandom) -> Size {
    Size(width: Double(Int.random(in: 5...40, using: &random)), height: Double(Int.random(in: 5...40, using: &random)))
  }

  func randomOperation(_ random: inout SeededRandom) -> Operation {
    let tile = Int.random(in: 0..<tiles.count, using: &random)
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<25: return .color(tile: tile, Int.random(in: 0..<Self.palette.count, using: &random))
    case 25..<40: return .size(tile: tile, Self.randomSize(&random))
    case 40..<48: return .suspend(tile: tile, Bool.random(using: &random))
    case 48..<54: return .synchronous(tile: tile, Bool.random(using: &random))
    case 54..<66:
      let halves = stacks.indices.filter { $0 % 3 != 0 }
      return .move(tile: tile, toStack: halves[Int.random(in: 0..<halves.count, using: &random)])
    case 66..<74:
      return .resize(
        window: Int.random(in: 0..<2, using: &random), width: Double(Int.random(in: 40...140, using: &random)))
    case 74..<82: return .turn(stack: Int.random(in: 0..<stacks.count, using: &random))
    case 82..<86: return .swapRoots
    case 86..<90: return .reattach(window: Int.random(in: 0..<2, using: &random))
    default:
      return .recursivelySetNeedsDisplay(
        stack: Int.random(in: 0..<stacks.count, using: &random), scale: Bool.random(using: &random) ? 1 : 2)
    }
  }

  nonisolated func apply(_ operation: Operation) async {
    switch operation {
    case .color(let tile, let color): await tiles[tile].setColor(Self.palette[color])
    case .size(let tile, let size): await tiles[tile].setSize(size)
    case .suspend(let tile, let isSuspended): tiles[tile].setDisplaySuspended(isSuspended)
    case .synchronous(let tile, let isSynchronous): tiles[tile].setDisplaysAsynchronously(!isSynchronous)
    case .move(let tile, let stack):
      let node = tiles[tile]
      // One move of a node at a time, each marking the supernode it took the node from (as in `ConvergenceWorld`).
      await moves.enter(ObjectIdentifier(node))
      let old = await node.supernode
      try? await stacks[stack].addSubnode(node)
      // The stacks' specs read their subnodes: a new list changes their layouts.
      stacks[stack].invalidateCalculatedLayout()
      old?.invalidateCalculatedLayout()
      await moves.leave(ObjectIdentifier(node))
    case .resize(let window, let width): await windows[window].resize(to: Size(width: width, height: 300))
    case .turn(let stack): await stacks[stack].turn()
    case .swapRoots:
      let (first, second) = (windows[0], windows[1])
      let (firstRoot, secondRoot) = (await first.rootNode, await second.rootNode)
      await first.detach()
      await second.detach()
      if let secondRoot { try? await first.attach(secondRoot) }
      if let firstRoot { try? await second.attach(firstRoot) }
    case .reattach(let index):
      let window = windows[index]
      guard let root = await window.rootNode else { return }
      await window.detach()
      try? await window.attach(root)
    case .recursivelySetNeedsDisplay(let stack, let scale):
      await stacks[stack].recursivelySetNeedsDisplay(atScale: scale)
    }
  }

  /// Runs the passes, displays and turns until everything asked for is applied: until no window's scheduler runs a
  /// pass and no queue holds work after a round (three rounds at least, as before; at most 20, else the walk fails).
  func settle() async throws {
    for round in 0..<20 {
      for window in windows {
        try await window.layoutIfNeeded()
        await window.waitForPendingDisplays()
        await window.flush()
        // Not in a manual window: its wait waits for a flush nobody calls once a display commits after this one
        // (the rare hang of round 27's seed 55); the next round flushes that commit instead.
        if window.turnMode == .automatic { await window.waitForQueuedWork() }
      }
      if round >= 2, await TurnQueue.areIdle(windows.map(\.turnQueue)) { return }
    }
    Issue.record("the windows still ran passes or held work after 20 rounds")
  }

  /// The tiles in a window, not suspended and not empty, whose contents are not their color at their size.
  func outOfDateTiles() async -> [String] {
    var problems: [String] = []
    for tile in tiles {
      guard tile.isInHierarchy, !tile.isDisplaySuspended, let layer = tile.layer else { continue }
      let bounds = layer.bounds.size
      guard bounds.width > 0, bounds.height > 0 else { continue }
      let scale = tile.contentsScaleForDisplay
      let expected = Image(
        pixelWidth: Int((bounds.width * scale).rounded(.up)), pixelHeight: Int((bounds.height * scale).rounded(.up)),
        scale: scale, filledWith: await tile.color)
      if layer.contents != expected {
        problems.append(
          "\(tile.name): shows \(layer.contents.map(String.init(describing:)) ?? "nothing"), expected \(expected)")
      }
    }
    return problems
  }
}

// MARK: - Round 31: text, image and custom drawing nodes against a fresh tree

/// The serials of badge draws that saw `isCancelled` at their end.
///
/// - Note: `@unchecked Sendable` over an `NSLock`, as ``HookTasks``: draws record from the display executor's
///   threads while the main actor reads, synchronously on both sides (no actor can serve a draw), and a contended
///   `Mutex` gives false ThreadSanitizer reports on this toolchain (Proposal 0001, § Escape hatches). `cancelled` is
///   read and written only with `lock` held.
private final class CancelledDraws: @unchecked Sendable {
  static let shared = CancelledDraws()
  let serial = Atomic<Int>(1)
  private let lock = NSLock()
  private var cancelled: Set<Int> = []
  func next() -> Int { serial.add(1, ordering: .sequentiallyConsistent).newValue }
  func record(_ serial: Int) { lock.withLock { _ = cancelled.insert(serial) } }
  func contains(_ serial: Int) -> Bool { lock.withLock { cancelled.contains(serial) } }
}

private protocol RecordsDisplayHooks: DisplayNode {
  nonisolated var name: String { get }
  nonisolated var hooks: EventLog { get }
}

extension RecordsDisplayHooks {
  @MainActor func displayWillStart(_ context: borrowing DisplayContext) {
    hooks.record("\(name).willStart(\(context.isAsynchronous ? "async" : "sync"))")
  }
  @MainActor func subnodeDisplayWillStart(_ context: borrowing DisplayContext) {
    hooks.record("\(name).subWillStart(\(Self.nameOf(context.subnode)))")
  }
  @MainActor func subnodeDisplayDidFinish(_ context: borrowing DisplayContext) {
    hooks.record("\(name).subDidFinish(\(Self.nameOf(context.subnode)))")
  }
  @MainActor func hierarchyDisplayDidFinish(_ context: borrowing DisplayContext) {
    hooks.record("\(name).hierarchyDidFinish")
  }
  @MainActor static func nameOf(_ node: (any DisplayNode)?) -> String {
    (node as? any RecordsDisplayHooks)?.name ?? (node.map { "\(type(of: $0))" } ?? "nil")
  }
  @MainActor func displayDidFinish(_ context: borrowing DisplayContext) {
    hooks.record("\(name).didFinish")
    if let contents = layer?.contents, self is Badge, contents.pixelWidth > 0, contents.pixelHeight > 0 {
      let serial = Int(contents.rgba[0]) << 16 | Int(contents.rgba[1]) << 8 | Int(contents.rgba[2])
      if CancelledDraws.shared.contains(serial) { hooks.record("VIOLATION \(name) committed cancelled \(serial)") }
    }
  }
}

/// A drawing node that stacks its subnodes and fills its bounds.
private actor PaintedStack: DrawingNode, RecordsDisplayHooks {
  struct Parameters: Sendable { let color: Color }
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let hooks: EventLog
  private(set) var color: Color
  private(set) var isHorizontal = false

  init(_ name: String, color: Color, hooks: EventLog) {
    nodeState = NodeState(debugName: name) { $0.needsDisplayOnBoundsChange = true }
    self.name = name
    self.color = color
    self.hooks = hooks
  }

  func setColor(_ color: Color) async {
    self.color = color
    await setNeedsDisplay()
  }

  func setHorizontal(_ horizontal: Bool) {
    isHorizontal = horizontal
    invalidateCalculatedLayout()
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let children = await subnodes.map { LayoutSpec.node($0) }
    return .spec(.stack(isHorizontal ? .horizontal : .vertical, spacing: 1, alignItems: .start, children: children))
  }

  func drawParameters() -> Parameters { Parameters(color: color) }

  static func draw(_ parameters: Parameters, in context: inout GraphicsContext, request: DisplayRequest) {
    context.fill(request.bounds, with: parameters.color)
  }
}

/// A drawing node of a size of its own that fills its bounds and a corner.
private actor Swatch: DrawingNode, RecordsDisplayHooks {
  struct Parameters: Sendable { let color: Color }
  nonisolated let nodeCore: NodeCore
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let hooks: EventLog
  private(set) var color: Color
  private(set) var size: Size

  init(_ name: String, color: Color, size: Size, hooks: EventLog, isLayerBacked: Bool = false) {
    nodeCore = NodeCore(isLayerBacked: isLayerBacked)
    nodeState = NodeState(debugName: name) { $0.needsDisplayOnBoundsChange = true }
    self.name = name
    self.color = color
    self.size = size
    self.hooks = hooks
  }

  func setColor(_ color: Color) async {
    self.color = color
    await setNeedsDisplay()
  }

  func setSize(_ size: Size) {
    self.size = size
    invalidateCalculatedLayout()
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod { .size(size) }

  func drawParameters() -> Parameters { Parameters(color: color) }

  static func draw(_ parameters: Parameters, in context: inout GraphicsContext, request: DisplayRequest) {
    context.fill(request.bounds, with: parameters.color)
    let corner = Rect(
      origin: .zero, size: Size(width: request.bounds.size.width / 3, height: request.bounds.size.height / 3))
    context.fill(corner, with: request.backgroundColor ?? Color(red: 0, green: 0, blue: 0))
  }
}

/// A node that returns its contents from `display`, with its serial in its first pixel.
private actor Badge: DrawingNode, RecordsDisplayHooks {
  struct Parameters: Sendable { let color: Color }
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let hooks: EventLog
  private(set) var color: Color

  init(_ name: String, color: Color, hooks: EventLog) {
    nodeState = NodeState(debugName: name) { $0.needsDisplayOnBoundsChange = true }
    self.name = name
    self.color = color
    self.hooks = hooks
  }

  func setColor(_ color: Color) async {
    self.color = color
    await setNeedsDisplay()
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod { .size(Size(width: 9, height: 5)) }

  func drawParameters() -> Parameters { Parameters(color: color) }

  static func display(_ parameters: Parameters, request: DisplayRequest) -> Image? {
    let serial = CancelledDraws.shared.next()
    let width = Int((request.bounds.size.width * request.contentsScale).rounded(.up))
    let height = Int((request.bounds.size.height * request.contentsScale).rounded(.up))
    let filled = Image(
      pixelWidth: width, pixelHeight: height, scale: request.contentsScale, filledWith: parameters.color)
    var bytes = filled.rgba
    if bytes.count >= 4 {
      bytes[0] = UInt8((serial >> 16) & 0xFF)
      bytes[1] = UInt8((serial >> 8) & 0xFF)
      bytes[2] = UInt8(serial & 0xFF)
      bytes[3] = 255
    }
    if request.isCancelled { CancelledDraws.shared.record(serial) }
    return Image(pixelWidth: width, pixelHeight: height, scale: request.contentsScale, rgba: bytes)
  }
}

@MainActor
private final class MixedDisplayWorld {
  nonisolated static let palette: [Color] = [
    Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0), Color(red: 0, green: 0, blue: 1),
    Color(red: 1, green: 1, blue: 0),
  ]
  nonisolated static let words = ["a", "cat", "sleeps", "on", "the", "warm", "windowsill", "all", "day", "zz"]

  enum Operation: Sendable, CustomStringConvertible {
    case text(Int, String, lines: Int)
    case image(Int, Int?)
    case color(Int, Int)
    case swatchSize(Int, Size)
    case resize(window: Int, Size)
    case writeFrame(Int, Size, bounds: Bool)
    case setNeedsDisplay(Int, how: Int)
    case suspend(Int, Bool, recursive: Bool)
    case move(Int, toBox: Int, at: Int)
    case remove(Int)
    case ensure(Int)
    case immediately(Int)
    case scale(Int, Double, recursive: Bool)
    case synchronous(Int, Bool)
    case clear(Int, recursive: Bool)
    case container(Int, Bool)
    case horizontal(Int, Bool)
    case swapRoots
    case reattach(window: Int)
    case waitForDisplays(Int)
    case background(Int, Int)

    var description: String {
      switch self {
      case .text(let node, let text, let lines): "text(n\(node), \"\(text)\", \(lines))"
      case .image(let node, let image): "image(n\(node), \(image.map(String.init) ?? "nil"))"
      case .color(let node, let color): "color(n\(node), \(color))"
      case .swatchSize(let node, let size): "swatchSize(n\(node), \(size))"
      case .resize(let window, let size): "resize(w\(window), \(size))"
      case .writeFrame(let node, let size, let bounds): "\(bounds ? "bounds" : "frame")(n\(node), \(size))"
      case .setNeedsDisplay(let node, let how): "setNeedsDisplay(n\(node), \(how))"
      case .suspend(let node, let suspended, let recursive): "suspend(n\(node), \(suspended), rec \(recursive))"
      case .move(let node, let box, let index): "move(n\(node) → n\(box)@\(index))"
      case .remove(let node): "remove(n\(node))"
      case .ensure(let node): "ensure(n\(node))"
      case .immediately(let node): "immediately(n\(node))"
      case .scale(let node, let scale, let recursive): "scale(n\(node), \(scale), rec \(recursive))"
      case .synchronous(let node, let sync): "synchronous(n\(node), \(sync))"
      case .clear(let node, let recursive): "clear(n\(node), rec \(recursive))"
      case .container(let node, let isContainer): "container(n\(node), \(isContainer))"
      case .horizontal(let node, let horizontal): "horizontal(n\(node), \(horizontal))"
      case .swapRoots: "swapRoots"
      case .reattach(let window): "reattach(w\(window))"
      case .waitForDisplays(let window): "waitForDisplays(w\(window))"
      case .background(let node, let color): "background(n\(node), \(color))"
      }
    }
  }

  /// Whether the walk's settle calls `recursivelyEnsureDisplay()`; without it, no contents are cleared either, so
  /// that every display must come from the requests the operations made.
  nonisolated let ensuresDisplay: Bool
  let hooks = EventLog()
  let windows: [Window]
  /// The moves under way, one per node at a time.
  nonisolated let moves = NodeMoves()
  /// Every node: the two roots first, then boxes, then leaves.
  let nodes: [any DisplayNode]
  let roots: [PaintedStack]
  let boxIndices: [Int]

  init(mode: TurnMode, ensuresDisplay: Bool, random: inout SeededRandom) async throws {
    self.ensuresDisplay = ensuresDisplay
    var nodes: [any DisplayNode] = []
    var roots: [PaintedStack] = []
    func color(_ random: inout SeededRandom) -> Color { Self.palette[Int.random(in: 0..<4, using: &random)] }
    for index in 0..<2 { roots.append(PaintedStack("root\(index)", color: color(&random), hooks: hooks)) }
    nodes = roots
    var boxes: [PaintedStack] = roots
    for index in 0..<4 {
      let box = PaintedStack("box\(index)", color: color(&random), hooks: hooks)
      boxes.append(box)
      nodes.append(box)
    }
    boxIndices = Array(0..<6)
    for index in 0..<10 {
      let name = "leaf\(index)"
      let node: any DisplayNode
      switch index % 4 {
      case 0:
        node = TextNode(debugName: name, text: AttributedText(Self.randomText(&random)), isLayerBacked: index >= 12)
      case 1:
        node = ImageNode(
          debugName: name, image: Self.image(Int.random(in: 0..<6, using: &random)), isLayerBacked: index >= 12)
      case 2:
        node = Swatch(
          name, color: color(&random), size: Self.randomSize(&random), hooks: hooks, isLayerBacked: index >= 12)
      default: node = Badge(name, color: color(&random), hooks: hooks)
      }
      nodes.append(node)
    }
    // Boxes 2...5 under random roots; leaves under random boxes.
    for box in boxes.dropFirst(2) { try await roots[Int.random(in: 0..<2, using: &random)].addSubnode(box) }
    for leaf in nodes.dropFirst(6) { try await boxes[Int.random(in: 0..<6, using: &random)].addSubnode(leaf) }
    var windows: [Window] = []
    for index in 0..<2 {
      let window = Window(
        size: Size(
          width: Double(Int.random(in: 40...160, using: &random)),
          height: Double(Int.random(in: 60...200, using: &random))),
        turnMode: mode)
      try await window.attach(roots[index])
      windows.append(window)
    }
    self.windows = windows
    self.nodes = nodes
    self.roots = roots
  }

  static func randomText(_ random: inout SeededRandom) -> String {
    (0..<Int.random(in: 0...8, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
  }

  static func randomSize(_ random: inout SeededRandom) -> Size {
    Size(width: Double(Int.random(in: 0...30, using: &random)), height: Double(Int.random(in: 0...20, using: &random)))
  }

  /// Images by index: 0 is none.
  nonisolated static func pattern(_ count: Int, _ first: Int, _ second: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    for index in 0..<count {
      let red = UInt8(index * first % 256)
      let green = UInt8(index * second % 256)
      bytes += [red, green, 40, 255]
    }
    return bytes
  }

  nonisolated static func image(_ index: Int) -> Image? {
    switch index {
    case 0: nil
    case 1: Image(pixelWidth: 10, pixelHeight: 10, filledWith: Color(red: 1, green: 0, blue: 0))
    case 2: Image(pixelWidth: 30, pixelHeight: 8, scale: 2, filledWith: Color(red: 0, green: 0, blue: 1))
    case 3:
      Image(
        pixelWidth: 6, pixelHeight: 12, scale: 1,
        rgba: pattern(72, 3, 7))
    case 4: Image(pixelWidth: 20, pixelHeight: 20, scale: 2, filledWith: Color(red: 0, green: 1, blue: 0))
    default:
      Image(
        pixelWidth: 16, pixelHeight: 9, scale: 1,
        rgba: pattern(144, 1, 5))
    }
  }

  func randomOperation(_ random: inout SeededRandom) -> Operation {
    let node = Int.random(in: 0..<nodes.count, using: &random)
    let box = Int.random(in: 0..<6, using: &random)
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<10:
      return .text(
        6 + 4 * Int.random(in: 0..<3, using: &random), Self.randomText(&random),
        lines: Int.random(in: 0...2, using: &random))
    case 10..<18:
      return .image(6 + 1 + 4 * Int.random(in: 0..<3, using: &random), Int.random(in: 0..<6, using: &random))
    case 18..<26: return .color(node, Int.random(in: 0..<4, using: &random))
    case 26..<31: return .swatchSize(node, Self.randomSize(&random))
    case 31..<36:
      return .resize(
        window: Int.random(in: 0..<2, using: &random),
        Size(
          width: Double(Int.random(in: 0...160, using: &random)),
          height: Double(Int.random(in: 40...200, using: &random))))
    case 36..<42:
      return .writeFrame(
        node,
        Size(
          width: Double(Int.random(in: 0...50, using: &random)), height: Double(Int.random(in: 0...40, using: &random))),
        bounds: Bool.random(using: &random))
    case 42..<50: return .setNeedsDisplay(node, how: Int.random(in: 0..<3, using: &random))
    case 50..<58: return .suspend(node, Bool.random(using: &random), recursive: Bool.random(using: &random))
    case 58..<66: return .move(node, toBox: box, at: Int.random(in: 0...3, using: &random))
    case 66..<70: return .remove(node)
    case 70..<73: return .ensure(node)
    case 73..<75: return .waitForDisplays(Int.random(in: 0..<2, using: &random))
    case 75..<78: return .immediately(node)
    case 78..<83: return .scale(node, Bool.random(using: &random) ? 1 : 2, recursive: Bool.random(using: &random))
    case 83..<86: return .synchronous(node, Bool.random(using: &random))
    case 86..<89:
      if !ensuresDisplay { return .setNeedsDisplay(node, how: 0) }
      return .clear(node, recursive: Bool.random(using: &random))
    case 89..<91: return .container(box, Bool.random(using: &random))
    case 91..<92: return .background(node, Int.random(in: -1..<4, using: &random))
    case 92..<95: return .horizontal(box, Bool.random(using: &random))
    case 95..<97: return .swapRoots
    default: return .reattach(window: Int.random(in: 0..<2, using: &random))
    }
  }

  nonisolated func apply(_ operation: Operation) async {
    switch operation {
    case .text(let index, let text, let lines):
      guard let node = nodes[index] as? TextNode else { return }
      await node.setText(AttributedText(text))
      await node.setMaximumNumberOfLines(lines)
    case .image(let index, let image):
      guard let node = nodes[index] as? ImageNode else { return }
      await node.setImage(Self.image(image ?? 0))
    case .color(let index, let color):
      let color = Self.palette[color]
      if let node = nodes[index] as? PaintedStack { await node.setColor(color) }
      if let node = nodes[index] as? Swatch { await node.setColor(color) }
      if let node = nodes[index] as? Badge { await node.setColor(color) }
    case .swatchSize(let index, let size):
      guard let node = nodes[index] as? Swatch else { return }
      await node.setSize(size)
    case .resize(let window, let size): await windows[window].resize(to: size)
    case .writeFrame(let index, let size, let bounds):
      let node = nodes[index]
      guard index >= 2 else { return }
      if bounds {
        await node.configure { $0.bounds = Rect(origin: .zero, size: size) }
      } else {
        await node.configure { $0.frame = Rect(origin: Point(x: 1, y: 1), size: size) }
      }
      if let supernode = await node.supernode { await supernode.setNeedsLayout() }
    case .setNeedsDisplay(let index, let how):
      let node = nodes[index]
      switch how {
      case 0: await node.setNeedsDisplay()
      case 1: await MainActor.run { node.layer?.setNeedsDisplay() }
      default: await node.configure { $0.setNeedsDisplay() }
      }
    case .suspend(let index, let suspended, let recursive):
      if recursive {
        await nodes[index].recursivelySetDisplaySuspended(suspended)
      } else {
        nodes[index].setDisplaySuspended(suspended)
      }
    case .move(let index, let box, let position):
      guard index >= 2, index != box else { return }
      let node = nodes[index]
      let target = nodes[box]
      // One move of a node at a time, each marking the supernode it took the node from (as in `ConvergenceWorld`).
      await moves.enter(ObjectIdentifier(node))
      let old = await node.supernode
      let count = await target.subnodes.count
      try? await target.insertSubnode(node, at: min(position, count))
      target.invalidateCalculatedLayout()
      old?.invalidateCalculatedLayout()
      await moves.leave(ObjectIdentifier(node))
    case .remove(let index):
      guard index >= 2 else { return }
      await moves.enter(ObjectIdentifier(nodes[index]))
      if let old = await nodes[index].supernode {
        await nodes[index].removeFromSupernode()
        old.invalidateCalculatedLayout()
      }
      await moves.leave(ObjectIdentifier(nodes[index]))
    case .ensure(let index): await nodes[index].recursivelyEnsureDisplay()
    case .immediately(let index): await nodes[index].displayImmediately()
    case .scale(let index, let scale, let recursive):
      if recursive {
        await nodes[index].recursivelySetNeedsDisplay(atScale: scale)
      } else {
        await nodes[index].setNeedsDisplay(atScale: scale)
      }
    case .synchronous(let index, let sync): nodes[index].setDisplaysAsynchronously(!sync)
    case .clear(let index, let recursive):
      if recursive {
        await nodes[index].recursivelyClearContents()
      } else {
        await nodes[index].clearContents()
      }
    case .container(let index, let isContainer): nodes[index].setTransactionContainer(isContainer)
    case .horizontal(let index, let horizontal):
      guard let box = nodes[index] as? PaintedStack else { return }
      await box.setHorizontal(horizontal)
    case .swapRoots:
      let (first, second) = (windows[0], windows[1])
      let (firstRoot, secondRoot) = (await first.rootNode, await second.rootNode)
      await first.detach()
      await second.detach()
      if let secondRoot { try? await first.attach(secondRoot) }
      if let firstRoot { try? await second.attach(firstRoot) }
    case .waitForDisplays(let index): await windows[index].waitForPendingDisplays()
    case .background(let index, let color):
      let background = color < 0 ? nil : Self.palette[color]
      await nodes[index].configure { $0.backgroundColor = background }
    case .reattach(let index):
      let window = windows[index]
      guard let root = await window.rootNode else { return }
      await window.detach()
      try? await window.attach(root)
    }
  }

  /// Puts removed nodes back, roots into empty windows, resumes everything, then settles.
  func quiesce() async throws -> Bool {
    for window in windows where window.rootNode == nil {
      for root in roots where await root.supernode == nil && !windows.contains(where: { $0.rootNode === root }) {
        try await window.attach(root)
        break
      }
    }
    for (index, node) in nodes.enumerated().dropFirst(2) where await node.supernode == nil {
      let box = index < 6 ? nodes[index % 2] : nodes[2 + index % 4]
      try? await box.addSubnode(node)
      box.invalidateCalculatedLayout()
    }
    // The app frames a root at its window's size (a root laid out outside any window framed itself meanwhile).
    for window in windows {
      guard let root = window.rootNode else { continue }
      let size = window.size
      await root.configure { $0.frame = Rect(origin: .zero, size: size) }
    }
    for node in nodes { node.setDisplaySuspended(false) }
    return try await settle()
  }

  func settle() async throws -> Bool {
    for _ in 0..<20 {
      for window in windows {
        try? await window.layoutIfNeeded()
        if ensuresDisplay, let root = window.rootNode { await root.recursivelyEnsureDisplay() }
        await window.waitForPendingDisplays()
        if window.turnMode == .manual { await window.flush() } else { await window.waitForQueuedWork() }
      }
      if await TurnQueue.areIdle(windows.map(\.turnQueue)) {
        var owed = false
        for node in nodes where node.nodeCore.hasOutstandingDisplays { owed = true }
        if !owed { return true }
      }
    }
    return false
  }

  func freshCopy(of node: any DisplayNode) async throws -> any DisplayNode {
    let name = await node.debugName ?? "?"
    let copy: any DisplayNode
    let fresh = EventLog()
    if let text = node as? TextNode {
      copy = TextNode(debugName: name, text: await text.text, maximumNumberOfLines: await text.maximumNumberOfLines)
    } else if let image = node as? ImageNode {
      copy = ImageNode(debugName: name, image: await image.image)
    } else if let swatch = node as? Swatch {
      copy = Swatch(name, color: await swatch.color, size: await swatch.size, hooks: fresh)
    } else if let badge = node as? Badge {
      copy = Badge(name, color: await badge.color, hooks: fresh)
    } else if let box = node as? PaintedStack {
      let boxCopy = PaintedStack(name, color: await box.color, hooks: fresh)
      await boxCopy.setHorizontal(await box.isHorizontal)
      for subnode in await box.subnodes { try await boxCopy.addSubnode(try await freshCopy(of: subnode)) }
      copy = boxCopy
    } else {
      copy = BasicNode(debugName: name)
    }
    await copy.setNeedsDisplay(atScale: node.contentsScaleForDisplay)
    let background = node.layer?.backgroundColor
    await copy.configure { $0.backgroundColor = background }
    return copy
  }

  struct Seen: Equatable, CustomStringConvertible {
    var frame: Rect?
    var contents: Image?
    var subnodes: [String]
    var description: String {
      "frame \(frame.map { "\($0)" } ?? "nil") contents \(contents.map { "\($0)" } ?? "nil") subnodes \(subnodes)"
    }
  }

  func seen(under root: any DisplayNode) async -> [String: Seen] {
    var result: [String: Seen] = [:]
    var stack: [(any DisplayNode, Bool)] = [(root, true)]
    while let (node, isRoot) = stack.popLast() {
      let subnodes = await node.subnodes
      let empty = node.layer.map { $0.bounds.size.width == 0 || $0.bounds.size.height == 0 } ?? true
      var contents = empty ? nil : node.layer?.contents
      if node is Badge, let image = contents, image.rgba.count >= 4 {
        var bytes = image.rgba
        bytes[0] = 0
        bytes[1] = 0
        bytes[2] = 0
        contents = Image(pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight, scale: image.scale, rgba: bytes)
      }
      result[await node.debugName ?? "?"] = Seen(
        frame: isRoot ? nil : node.layer?.frame, contents: contents, subnodes: await subnodeNames(of: node))
      stack += subnodes.map { ($0, false) }
    }
    return result
  }

  func problems() async throws -> [String] {
    var problems: [String] = hooks.entries(containing: "VIOLATION")
    for window in windows {
      guard let root = window.rootNode else { continue }
      let fresh = try await freshCopy(of: root)
      let freshWindow = Window(size: window.size)
      await fresh.configure { $0.frame = Rect(origin: .zero, size: window.size) }
      try await freshWindow.attach(fresh)
      try await freshWindow.layoutIfNeeded()
      await fresh.recursivelyEnsureDisplay()
      await freshWindow.waitForPendingDisplays()
      await freshWindow.waitForQueuedWork()
      let expected = await seen(under: fresh)
      let found = await seen(under: root)
      for name in Set(expected.keys).union(found.keys).sorted() where expected[name] != found[name] {
        problems.append(
          "\(name): settled \(found[name].map { "\($0)" } ?? "missing")\n    fresh   \(expected[name].map { "\($0)" } ?? "missing")"
        )
      }
      await freshWindow.detach()
    }
    for node in nodes {
      let name = await node.debugName ?? "?"
      if node.nodeCore.hasOutstandingDisplays || node.nodeCore.slot?.display?.inFlight != nil {
        problems.append("\(name): a display in flight after settling")
      }
      if node.isInHierarchy, let layer = node.layer, layer.needsDisplay, layer.bounds.size.width > 0,
        layer.bounds.size.height > 0
      {
        problems.append("\(name): needsDisplay after settling")
      }
      if node.isInHierarchy, let pending = node.nodeCore.slot?.display?.pending, !pending.isEmpty {
        var names: [String] = []
        for other in nodes where pending.contains(ObjectIdentifier(other.nodeCore)) {
          let empty = other.layer.map { $0.bounds.size.width == 0 || $0.bounds.size.height == 0 } ?? true
          if !empty {
            let otherName = await other.debugName ?? "?"
            var parent = "none"
            if let supernode = await other.supernode { parent = await supernode.debugName ?? "?" }
            let trail = hooks.entries.filter { $0.hasPrefix("\(otherName).") || $0.hasPrefix("\(name).") }.suffix(12)
            names.append("\(otherName) (supernode \(parent), sync \(!other.displaysAsynchronously)) \(trail)")
          }
        }
        if !names.isEmpty { problems.append("\(name): still waits for displays of \(names)") }
      }
      if let hooked = node as? any RecordsDisplayHooks, node.isInHierarchy, let layer = node.layer,
        layer.bounds.size.width > 0, layer.bounds.size.height > 0
      {
        let last = hooks.entries.last {
          $0.hasPrefix("\(hooked.name).willStart") || $0.hasPrefix("\(hooked.name).didFinish")
        }
        if last != "\(hooked.name).didFinish" {
          problems.append("\(name): last display hook \(last ?? "none")")
        }
      }
    }
    return problems
  }
}
