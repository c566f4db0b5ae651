import Foundation

@testable import ActorNodes

/// The tasks that layout hooks start, so that a test can wait for them all instead of sleeping.
///
/// - Note: `@unchecked Sendable` over an `NSLock`, as ``DrawProbe``: hooks on node actors and on the main actor
///   start tasks while the test waits for them, and a contended `Mutex` gives false ThreadSanitizer reports on
///   this toolchain (Proposal 0001, § Escape hatches). `tasks` is read and written only with `lock` held.
final class HookTasks: @unchecked Sendable {
  private let lock = NSLock()
  private var started: [Task<Void, Never>] = []

  /// The tasks started so far.
  private var tasks: [Task<Void, Never>] { lock.withLock { started } }

  /// How many tasks were started so far.
  var count: Int { tasks.count }

  /// Starts `body` in a task that inherits the caller's task-local values, and keeps the task.
  func start(_ body: @escaping @Sendable () async -> Void) {
    let task = Task { await body() }
    lock.withLock { started.append(task) }
  }

  /// Waits for every task started so far, and for the ones those start, until no new one appears.
  func waitForAll() async {
    var awaited = 0
    while true {
      let tasks = self.tasks
      if tasks.count == awaited { return }
      for task in tasks[awaited...] { await task.value }
      awaited = tasks.count
    }
  }
}

/// A node whose spec is an inset around a stack of its subnodes or, when it manages its subnodes, of the nodes
/// it names. Its `calculatedLayoutDidChange()` and its `layout(_:)` hook can each run a queued side effect once,
/// in a task of `hookTasks`; it counts its layout calls.
actor StackBox: DisplayNode {
  /// The spec's parameters.
  struct Parameters: Sendable, Equatable {
    var direction: StackDirection = .vertical
    var spacing: Double = 0
    var inset: Double = 0
    var alignItems: StackAlignItems = .stretch
  }

  nonisolated let nodeCore: NodeCore
  let nodeState: NodeState
  nonisolated let managesSubnodes: Bool
  nonisolated let hookTasks: HookTasks
  private(set) var parameters: Parameters
  /// For a node that manages its subnodes: the nodes its layout names.
  private(set) var named: [any DisplayNode] = []
  private(set) var layoutCalls = 0
  private var onLayoutChange: [@Sendable () async -> Void] = []
  /// On the main actor, where the hook runs: a `Mutex` contended by the test's tasks and the main actor gave a
  /// false ThreadSanitizer report (AN-0005).
  private nonisolated let onLayoutHook = LayoutHookEffects()

  init(_ name: String, _ parameters: Parameters, managesSubnodes: Bool = false, hookTasks: HookTasks) {
    nodeCore = NodeCore(automaticallyManagesSubnodes: managesSubnodes)
    nodeState = NodeState(debugName: name)
    self.parameters = parameters
    self.managesSubnodes = managesSubnodes
    self.hookTasks = hookTasks
  }

  func setParameters(_ parameters: Parameters) {
    guard parameters != self.parameters else { return }
    self.parameters = parameters
    invalidateCalculatedLayout()
  }

  /// Names the nodes the layout of a node that manages its subnodes places.
  func setNamed(_ nodes: [any DisplayNode]) {
    named = nodes
    invalidateCalculatedLayout()
  }

  /// Queues a side effect that the next `calculatedLayoutDidChange()` starts in a task of `hookTasks`, which
  /// inherits the pass's layout scope as a `Task { }` in app code does.
  func runOnNextLayoutChange(_ effect: @escaping @Sendable () async -> Void) { onLayoutChange.append(effect) }

  /// Queues a side effect that the next `layout(_:)` hook runs on the main actor.
  @MainActor func runOnNextLayoutHook(_ effect: @escaping @Sendable @MainActor () -> Void) {
    onLayoutHook.effects.append(effect)
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    layoutCalls += 1
    let children: [any DisplayNode] = managesSubnodes ? named : await subnodes
    return .spec(
      .inset(
        EdgeInsets(all: parameters.inset),
        .stack(
          parameters.direction, spacing: parameters.spacing, alignItems: parameters.alignItems,
          children: children.map { .node($0) })))
  }

  func calculatedLayoutDidChange() {
    guard !onLayoutChange.isEmpty else { return }
    hookTasks.start(onLayoutChange.removeFirst())
  }

  @MainActor func layout(_ context: borrowing LayoutContext) {
    guard !onLayoutHook.effects.isEmpty else { return }
    onLayoutHook.effects.removeFirst()()
  }
}

/// The nodes whose moves are under way; a second move of one of them waits for the first.
actor NodeMoves {
  private var moving: Set<ObjectIdentifier> = []
  private var waiting: [ObjectIdentifier: [CheckedContinuation<Void, Never>]] = [:]

  /// Returns once no other move of the node with `id` is under way, and marks its move as under way.
  func enter(_ id: ObjectIdentifier) async {
    while moving.contains(id) {
      await withCheckedContinuation { waiting[id, default: []].append($0) }
    }
    moving.insert(id)
  }

  /// Ends the move of the node with `id`, letting the next one start.
  func leave(_ id: ObjectIdentifier) {
    moving.remove(id)
    for continuation in waiting.removeValue(forKey: id) ?? [] { continuation.resume() }
  }
}

/// The side effects queued for a node's next `layout(_:)` hooks, kept on the main actor.
@MainActor
final class LayoutHookEffects {
  var effects: [@Sendable @MainActor () -> Void] = []

  nonisolated init() {}
}

/// A node that measures itself (its range's finite maximum width, or 100, by its height) and places its one
/// subnode by hand in `layout(_:)`, inset by 4 on every side.
actor HandPlacer: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let child: any DisplayNode
  private(set) var height: Double

  init(_ name: String, child: any DisplayNode, height: Double = 60) {
    nodeState = NodeState(debugName: name)
    self.child = child
    self.height = height
  }

  func setHeight(_ height: Double) {
    guard height != self.height else { return }
    self.height = height
    invalidateCalculatedLayout()
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    .size(Size(width: range.max.width.isFinite ? range.max.width : 100, height: height))
  }

  @MainActor func layout(_ context: borrowing LayoutContext) {
    let size = context.layout.size
    child.layer?.frame = Rect(x: 4, y: 4, width: max(0, size.width - 8), height: max(0, size.height - 8))
  }
}

/// Two windows of mixed trees (stacks, texts, leaves, a node that manages its subnodes, a node that places its
/// subnode by hand) that random operations edit concurrently, as the convergence tests do.
///
/// Each window's root is a vertical stack of: a row `[text, leaf, text]`, a text, a managing stack that names
/// some of three nodes, a hand placer around a stack `[text, leaf]`, and a column `[growing leaf, text]`. Every
/// node's debug name is unique across both windows (`w0.row`, `w1.t3`, …).
struct ConvergenceWorld: Sendable {
  /// One edit, with the indices of the nodes it acts on.
  enum Operation: Sendable, CustomStringConvertible {
    /// Sets the text of `texts[index]`.
    case setText(Int, String)
    /// Changes the style of `all[index]` (`variant` picks the change).
    case setStyle(Int, variant: Int)
    case setNeedsLayout(Int)
    case invalidate(Int)
    /// Moves `movable[index]` into `boxes[box]`, at the start or the end.
    case move(Int, box: Int, atStart: Bool)
    /// Makes `managers[index]` name these nodes of its pool.
    case name(Int, pool: [Int])
    case resize(window: Int, Size)
    /// Detaches a window's root and attaches it again.
    case reattach(window: Int)
    /// Detaches both roots and attaches each to the other window.
    case swapRoots
    /// Sets the parameters of `boxes[index]` to `parameterVariants[variant]`.
    case setParameters(Int, variant: Int)
    case setPlacerHeight(Int, Double)
    /// Makes the next `calculatedLayoutDidChange()` of `boxes[box]` set the text of `texts[text]`, and
    /// invalidates the box.
    case textFromLayoutChange(box: Int, text: Int, String)
    /// Makes the next `layout(_:)` hook of `boxes[box]` start a task that sets the text of `texts[text]`, and
    /// marks the box as needing layout.
    case textFromLayoutHook(box: Int, text: Int, String)
    /// Writes a frame of `size` to `movable[index]` with `configure`, then marks its supernode as needing layout
    /// (Texture: the supernode's next layout sets the frame its layout gives again).
    case writeFrame(Int, Size)

    var description: String {
      switch self {
      case .setText(let text, let string): "setText(t\(text), \"\(string)\")"
      case .setStyle(let node, let variant): "setStyle(n\(node), v\(variant))"
      case .setNeedsLayout(let node): "setNeedsLayout(n\(node))"
      case .invalidate(let node): "invalidate(n\(node))"
      case .move(let node, let box, let atStart): "move(m\(node) → box\(box) at \(atStart ? "start" : "end"))"
      case .name(let manager, let pool): "name(manager\(manager), \(pool))"
      case .resize(let window, let size): "resize(w\(window), \(size.width)x\(size.height))"
      case .reattach(let window): "reattach(w\(window))"
      case .swapRoots: "swapRoots"
      case .setParameters(let box, let variant): "setParameters(box\(box), v\(variant))"
      case .setPlacerHeight(let placer, let height): "setPlacerHeight(p\(placer), \(height))"
      case .textFromLayoutChange(let box, let text, let string):
        "textFromLayoutChange(box\(box) → t\(text), \"\(string)\")"
      case .textFromLayoutHook(let box, let text, let string): "textFromLayoutHook(box\(box) → t\(text), \"\(string)\")"
      case .writeFrame(let node, let size): "writeFrame(m\(node), \(size.width)x\(size.height))"
      }
    }
  }

  /// The parameters `setParameters` chooses from.
  static let parameterVariants: [StackBox.Parameters] = [
    StackBox.Parameters(direction: .vertical, spacing: 0, inset: 0, alignItems: .stretch),
    StackBox.Parameters(direction: .horizontal, spacing: 3, inset: 2, alignItems: .start),
    StackBox.Parameters(direction: .vertical, spacing: 5, inset: 1, alignItems: .center),
    StackBox.Parameters(direction: .horizontal, spacing: 0, inset: 6, alignItems: .stretch),
    StackBox.Parameters(direction: .vertical, spacing: 2, inset: 3, alignItems: .end),
    StackBox.Parameters(direction: .horizontal, spacing: 1, inset: 0, alignItems: .center),
  ]

  static let words = [
    "kitten", "yarn", "basket", "a", "sleepy", "window", "on", "the", "paw", "nose", "sunlight", "cat",
  ]

  let windows: [Window]
  /// The windows' first roots.
  let roots: [StackBox]
  let texts: [TextNode]
  /// The stacks whose subnodes are edited by hand (the roots among them).
  let boxes: [StackBox]
  /// The stacks that manage their subnodes.
  let managers: [StackBox]
  /// For each manager, the nodes it may name.
  let pools: [[any DisplayNode]]
  let placers: [HandPlacer]
  /// The nodes that may move between boxes: not the roots, the managed nodes or the placers' subnodes.
  let movable: [any DisplayNode]
  let all: [any DisplayNode]
  /// The tasks the stacks' hooks start.
  let hookTasks = HookTasks()
  /// The nodes being moved, so that two moves of one node run one after the other.
  let moves = NodeMoves()
  /// Whether ``randomOperation(_:)`` writes frames (``Operation/writeFrame(_:_:)``).
  let writesFrames: Bool

  /// Builds both trees, with texts and window sizes drawn from `random`, and attaches them.
  @MainActor
  init(mode: TurnMode, writesFrames: Bool = false, random: inout SeededRandom) async throws {
    self.writesFrames = writesFrames
    var (windows, roots, texts, boxes, managers) = ([Window](), [StackBox](), [TextNode](), [StackBox](), [StackBox]())
    var (pools, placers, movable, all) = (
      [[any DisplayNode]](), [HandPlacer](), [any DisplayNode](), [any DisplayNode]()
    )
    let hookTasks = hookTasks
    for index in 0..<2 {
      let prefix = "w\(index)."
      func text(_ name: String) -> TextNode {
        let node = TextNode(debugName: prefix + name, text: AttributedText(Self.randomText(&random)))
        texts.append(node)
        all.append(node)
        return node
      }
      func leaf(_ name: String) -> BasicNode {
        let node = BasicNode(debugName: prefix + name)
        all.append(node)
        return node
      }
      func box(_ name: String, _ parameters: StackBox.Parameters, managesSubnodes: Bool = false) -> StackBox {
        let node = StackBox(prefix + name, parameters, managesSubnodes: managesSubnodes, hookTasks: hookTasks)
        all.append(node)
        if managesSubnodes { managers.append(node) } else { boxes.append(node) }
        return node
      }
      let root = box("root", StackBox.Parameters(direction: .vertical, spacing: 2, inset: 4, alignItems: .stretch))
      let row = box("row", StackBox.Parameters(direction: .horizontal, spacing: 4, alignItems: .start))
      let (t1, l1, t2) = (text("t1"), leaf("l1"), text("t2"))
      await l1.setStyle {
        $0.width = .points(20)
        $0.height = .points(20)
      }
      await t1.setStyle { $0.flexShrink = 1 }
      await t2.setStyle { $0.flexShrink = 1 }
      try await row.addSubnodes([t1, l1, t2])
      let t3 = text("t3")
      let manager = box("manager", StackBox.Parameters(direction: .vertical, spacing: 1), managesSubnodes: true)
      let (p1, p2, p3) = (text("p1"), leaf("p2"), text("p3"))
      await p2.setStyle { $0.height = .points(12) }
      await manager.setNamed([p1, p3])
      let inner = box("inner", StackBox.Parameters(direction: .vertical, alignItems: .start))
      let (t4, l2) = (text("t4"), leaf("l2"))
      await l2.setStyle {
        $0.width = .points(30)
        $0.height = .points(10)
      }
      try await inner.addSubnodes([t4, l2])
      let placer = HandPlacer(prefix + "placer", child: inner)
      all.append(placer)
      try await placer.addSubnode(inner)
      let column = box("column", StackBox.Parameters(direction: .vertical, alignItems: .center))
      let (l3, t5) = (leaf("l3"), text("t5"))
      await l3.setStyle {
        $0.height = .points(8)
        $0.flexGrow = 1
      }
      try await column.addSubnodes([l3, t5])
      try await root.addSubnodes([row, t3, manager, placer, column])
      let size = Size(
        width: Double(Int.random(in: 150...300, using: &random)),
        height: Double(Int.random(in: 300...500, using: &random))
      )
      let window = Window(size: size, turnMode: mode)
      await root.configure { $0.frame = Rect(origin: .zero, size: size) }
      try await window.attach(root)
      windows.append(window)
      roots.append(root)
      pools.append([p1, p2, p3])
      placers.append(placer)
      movable += [row, t1, l1, t2, t3, column, l3, t5, t4, l2] as [any DisplayNode]
    }
    (self.windows, self.roots, self.texts, self.boxes, self.managers) = (windows, roots, texts, boxes, managers)
    (self.pools, self.placers, self.movable, self.all) = (pools, placers, movable, all)
  }

  /// One to nine of ``words``.
  static func randomText(_ random: inout SeededRandom) -> String {
    (0..<Int.random(in: 1...9, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(
      separator: " ")
  }

  /// A random operation on the world's nodes.
  func randomOperation(_ random: inout SeededRandom) -> Operation {
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<22: return .setText(Int.random(in: 0..<texts.count, using: &random), Self.randomText(&random))
    case 22..<32:
      return .setStyle(Int.random(in: 0..<all.count, using: &random), variant: Int.random(in: 0..<5, using: &random))
    case 73..<80 where writesFrames:
      let size = Size(
        width: Double(Int.random(in: 5...90, using: &random)), height: Double(Int.random(in: 5...60, using: &random)))
      return .writeFrame(Int.random(in: 0..<movable.count, using: &random), size)
    case 32..<38, 73..<80: return .setNeedsLayout(Int.random(in: 0..<all.count, using: &random))
    case 38..<42: return .invalidate(Int.random(in: 0..<all.count, using: &random))
    case 42..<55:
      return .move(
        Int.random(in: 0..<movable.count, using: &random), box: Int.random(in: 0..<boxes.count, using: &random),
        atStart: Bool.random(using: &random))
    case 55..<62:
      let manager = Int.random(in: 0..<managers.count, using: &random)
      return .name(manager, pool: (0..<3).filter { _ in Bool.random(using: &random) }.shuffled(using: &random))
    case 62..<68:
      let window = Int.random(in: 0..<2, using: &random)
      let width = Double(Int.random(in: 120...320, using: &random))
      return .resize(window: window, Size(width: width, height: Double(Int.random(in: 200...500, using: &random))))
    case 68..<71: return .reattach(window: Int.random(in: 0..<2, using: &random))
    case 71..<73: return .swapRoots
    case 80..<88:
      return .setParameters(
        Int.random(in: 0..<boxes.count, using: &random),
        variant: Int.random(in: 0..<Self.parameterVariants.count, using: &random))
    case 88..<92:
      return .setPlacerHeight(
        Int.random(in: 0..<placers.count, using: &random), Double(Int.random(in: 20...90, using: &random)))
    case 92..<96:
      return .textFromLayoutChange(
        box: Int.random(in: 0..<boxes.count, using: &random), text: Int.random(in: 0..<texts.count, using: &random),
        Self.randomText(&random))
    default:
      return .textFromLayoutHook(
        box: Int.random(in: 0..<boxes.count, using: &random), text: Int.random(in: 0..<texts.count, using: &random),
        Self.randomText(&random))
    }
  }

  /// Applies `operation` as an app would; a move that would make a cycle does nothing.
  func apply(_ operation: Operation) async {
    switch operation {
    case .setText(let text, let string): await texts[text].setText(AttributedText(string))
    case .setStyle(let index, let variant):
      await all[index].setStyle { style in
        switch variant {
        case 0: style.flexGrow = style.flexGrow == 0 ? 1 : 0
        case 1:
          style.width = .points(Double(10 + index % 7 * 9))
          style.height = .points(Double(8 + index % 5 * 6))
        case 2:
          style.width = .auto
          style.height = .auto
        case 3: style.flexShrink = style.flexShrink == 0 ? 1 : 0
        default: style.minHeight = style.minHeight == .auto ? .points(14) : .auto
        }
      }
    case .setNeedsLayout(let index): await all[index].setNeedsLayout()
    case .invalidate(let index): all[index].invalidateCalculatedLayout()
    case .move(let index, let box, let atStart):
      let node = movable[index]
      // Two moves of one node in a batch, as an app's code does them one at a time: each reads the supernode it
      // takes the node from, which it must mark as needing layout (round 18, seed 667: both read the same one,
      // and the supernode the node left last was never marked, keeping a layout that names the node).
      await moves.enter(ObjectIdentifier(node))
      let oldSupernode = await node.supernode
      if atStart {
        try? await boxes[box].insertSubnode(node, at: 0)
      } else {
        try? await boxes[box].addSubnode(node)
      }
      // A stack's spec lists its subnodes: new ones change its layout, as a Texture node would setNeedsLayout.
      boxes[box].invalidateCalculatedLayout()
      oldSupernode?.invalidateCalculatedLayout()
      await moves.leave(ObjectIdentifier(node))
    case .name(let manager, let pool): await managers[manager].setNamed(pool.map { pools[manager][$0] })
    case .resize(let index, let size):
      let window = windows[index]
      await window.resize(to: size)
      if let root = await window.rootNode { await root.configure { $0.frame = Rect(origin: .zero, size: size) } }
    case .reattach(let index):
      let window = windows[index]
      guard let root = await window.rootNode else { return }
      await window.detach()
      try? await window.attach(root)
    case .swapRoots:
      let (first, second) = (windows[0], windows[1])
      let (firstRoot, secondRoot) = (await first.rootNode, await second.rootNode)
      await first.detach()
      await second.detach()
      if let secondRoot {
        try? await first.attach(secondRoot)
        await secondRoot.configure { $0.frame = Rect(origin: .zero, size: first.size) }
      }
      if let firstRoot {
        try? await second.attach(firstRoot)
        await firstRoot.configure { $0.frame = Rect(origin: .zero, size: second.size) }
      }
    case .setParameters(let box, let variant): await boxes[box].setParameters(Self.parameterVariants[variant])
    case .setPlacerHeight(let placer, let height): await placers[placer].setHeight(height)
    case .textFromLayoutChange(let box, let index, let string):
      let text = texts[index]
      await boxes[box].runOnNextLayoutChange { await text.setText(AttributedText(string)) }
      boxes[box].invalidateCalculatedLayout()
    case .textFromLayoutHook(let box, let index, let string):
      let (text, hookTasks) = (texts[index], hookTasks)
      await boxes[box].runOnNextLayoutHook { hookTasks.start { await text.setText(AttributedText(string)) } }
      await boxes[box].setNeedsLayout()
    case .writeFrame(let index, let size):
      let node = movable[index]
      await node.configure { $0.frame = Rect(origin: Point(x: 1, y: 1), size: size) }
      if let supernode = await node.supernode { await supernode.setNeedsLayout() }
    }
  }

  /// Gives a root back to a window left without one (concurrent swaps and reattaches can leave one empty).
  @MainActor
  func reattachLeftoverRoots() async throws {
    for window in windows where window.rootNode == nil {
      for root in roots where await root.supernode == nil && !windows.contains(where: { $0.rootNode === root }) {
        await root.configure { $0.frame = Rect(origin: .zero, size: window.size) }
        try await window.attach(root)
        break
      }
    }
  }

  /// Runs every window's pending passes and turns, and waits for the hooks' tasks, until those start no new
  /// work and nothing waits in a window's scheduler or queue; returns whether that happened within 20 rounds.
  @MainActor
  func settle() async throws -> Bool {
    for _ in 0..<20 {
      let started = hookTasks.count
      await hookTasks.waitForAll()
      try await runPendingWork()
      await hookTasks.waitForAll()
      if hookTasks.count == started, await TurnQueue.areIdle(windows.map(\.turnQueue)) { return true }
    }
    return false
  }

  /// Runs every window's pending layout passes and applies its queued main-actor work.
  @MainActor
  func runPendingWork() async throws {
    for window in windows {
      try await window.layoutIfNeeded()
      if window.turnMode == .manual { await window.flush() } else { await window.waitForQueuedWork() }
    }
  }

  /// The layout calls of every stack so far.
  @MainActor
  func stackLayoutCalls() async -> Int {
    var calls = 0
    for box in boxes + managers { calls += await box.layoutCalls }
    return calls
  }
}

// MARK: - Comparing with a fresh tree

/// What a settled node shows: its view's frame, its applied and calculated layouts, and its subnodes, by name.
struct SettledNode: Equatable, CustomStringConvertible {
  var frame: Rect?
  var applied: String?
  var calculated: String?
  var subnodes: [String]

  var description: String {
    "frame \(frame.map { "\($0)" } ?? "nil"), applied \(applied ?? "nil"), calculated \(calculated ?? "nil"), "
      + "subnodes \(subnodes)"
  }

  /// A layout's size and its sublayouts' nodes and frames, as one line; `nil` for no layout.
  static func describe(_ layout: Layout?) async -> String? {
    guard let layout else { return nil }
    var parts = ["\(layout.size.width)x\(layout.size.height)"]
    for sublayout in layout.sublayouts {
      let name = if let node = sublayout.node { await node.debugName ?? "?" } else { "spec" }
      let frame = sublayout.frame
      parts.append("\(name)@\(frame.origin.x),\(frame.origin.y),\(frame.size.width)x\(frame.size.height)")
    }
    return parts.joined(separator: " ")
  }

  /// Every node of the tree under `root`, by debug name; the root's frame is left out (its window sets it).
  @MainActor
  static func tree(under root: any DisplayNode) async -> [String: SettledNode] {
    var result: [String: SettledNode] = [:]
    var stack: [(node: any DisplayNode, isRoot: Bool)] = [(root, true)]
    while let (node, isRoot) = stack.popLast() {
      let subnodes = await node.subnodes
      result[await node.debugName ?? "?"] = SettledNode(
        frame: isRoot ? nil : node.layer?.frame, applied: await describe(node.appliedLayout),
        calculated: await describe(await node.calculatedLayout), subnodes: await subnodeNames(of: node))
      stack += subnodes.map { ($0, false) }
    }
    return result
  }
}

/// A fresh tree, not yet in a window, with the final state of the tree under `node`: the same kinds of node, debug
/// names, styles, texts, stack parameters, named nodes, placer heights and subnodes.
func freshCopy(of node: any DisplayNode) async throws -> any DisplayNode {
  let name = await node.debugName ?? "?"
  let copy: any DisplayNode
  if let text = node as? TextNode {
    copy = TextNode(debugName: name, text: await text.text, maximumNumberOfLines: await text.maximumNumberOfLines)
  } else if let box = node as? StackBox {
    let boxCopy = StackBox(
      name, await box.parameters, managesSubnodes: box.managesSubnodes, hookTasks: HookTasks())
    if box.managesSubnodes {
      var named: [any DisplayNode] = []
      for node in await box.named { named.append(try await freshCopy(of: node)) }
      await boxCopy.setNamed(named)
    } else {
      var subnodes: [any DisplayNode] = []
      for subnode in await box.subnodes { subnodes.append(try await freshCopy(of: subnode)) }
      try await boxCopy.addSubnodes(subnodes)
    }
    copy = boxCopy
  } else if let placer = node as? HandPlacer {
    let child = try await freshCopy(of: placer.child)
    let placerCopy = HandPlacer(name, child: child, height: await placer.height)
    try await placerCopy.addSubnode(child)
    copy = placerCopy
  } else {
    copy = BasicNode(debugName: name)
  }
  let style = await node.style
  await copy.setStyle { $0 = style }
  return copy
}

/// How the settled tree under `root`, in `window`, differs from a fresh copy of it laid out in a fresh window of
/// the same size, one line per node; and whether the fresh copy, measured outside any window, gets the layout
/// the fresh window applied. Empty when they all agree.
@MainActor
func differencesFromAFreshTree(_ root: any DisplayNode, in window: Window) async throws -> [String] {
  let fresh = try await freshCopy(of: root)
  let freshWindow = Window(size: window.size)
  await fresh.configure { $0.frame = Rect(origin: .zero, size: window.size) }
  try await freshWindow.attach(fresh)
  try await freshWindow.layoutIfNeeded()
  let expected = await SettledNode.tree(under: fresh)
  let found = await SettledNode.tree(under: root)
  var differences: [String] = []
  // A node placed by hand at an empty size is not laid out (Texture's `__layout` skips empty bounds): it keeps the
  // layout it had, and its subtree its layouts and frames, where a fresh tree has none. Only its frame and the
  // subnode lists are compared there.
  var emptyPlaced: Set<String> = []
  var belowEmptyPlaced: Set<String> = []
  for (name, fresh) in expected
  where fresh.applied == nil && !fresh.subnodes.isEmpty
    && (fresh.frame.map { $0.size.width == 0 || $0.size.height == 0 } ?? false)
  {
    emptyPlaced.insert(name)
    var stack = fresh.subnodes
    while let subnode = stack.popLast() {
      belowEmptyPlaced.insert(subnode)
      stack += expected[subnode]?.subnodes ?? []
    }
  }
  for name in Set(expected.keys).union(found.keys).sorted() {
    let (settled, fresh) = (found[name], expected[name])
    if let settled, let fresh, settled.subnodes == fresh.subnodes,
      belowEmptyPlaced.contains(name) || (emptyPlaced.contains(name) && settled.frame == fresh.frame)
    {
      continue
    }
    // A fresh tree's pass does not lay out a childless node placed by hand (documented): its frame still counts.
    if let settled, let fresh, settled.frame == fresh.frame, settled.subnodes.isEmpty, fresh.subnodes.isEmpty,
      fresh.applied == nil
    {
      continue
    }
    if settled != fresh {
      differences.append(
        "\(name):\n  settled \(settled.map { "\($0)" } ?? "missing")\n  fresh   \(fresh.map { "\($0)" } ?? "missing")")
    }
  }
  let measured = await SettledNode.describe(
    try await freshCopy(of: root).layout(thatFits: SizeRange(exactly: window.size)))
  let freshApplied = expected[await root.debugName ?? "?"]?.applied
  if measured != freshApplied {
    differences.append(
      "a fresh copy measures \(measured ?? "nil"), the fresh window applied \(freshApplied ?? "nil")")
  }
  withExtendedLifetime(freshWindow) {}
  return differences
}

extension TurnQueue {
  /// Whether no scheduler of `queues` runs a pass and no queue holds work for a turn: the windows of a walk have
  /// settled.
  ///
  /// A window's `layoutIfNeeded()` does not wait for a pass of the other window that lays out nodes moved to it
  /// while it ran (AN-0004: that would tie the windows together); the pass queues their layouts in this window's
  /// queue, for its next turn. A manual window flushed before they arrived shows them at its next `flush()`
  /// (convergence seed 62 compared before it, about one clean-clone CI run in eight).
  @HierarchyActor
  static func areIdle(_ queues: [TurnQueue]) -> Bool {
    queues.allSatisfy { !$0.layoutScheduler.isRunning && !$0.hasWaitingWork }
  }
}
