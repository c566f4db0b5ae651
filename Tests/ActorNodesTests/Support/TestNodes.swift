import Synchronization

@testable import ActorNodes

/// The hook calls of a test, in order; hooks run on the main actor, so the log lives there.
@MainActor
final class EventLog {
  private(set) var entries: [String] = []

  nonisolated init() {}

  func record(_ entry: String) { entries.append(entry) }

  func clear() { entries = [] }

  /// The entries that contain `fragment`.
  func entries(containing fragment: String) -> [String] { entries.filter { $0.contains(fragment) } }
}

/// Counts deinitializations, from any thread.
final class LifetimeCounter: Sendable {
  private let deinitialized = Atomic<Int>(0)

  var count: Int { deinitialized.load(ordering: .sequentiallyConsistent) }

  func recordDeinit() { deinitialized.add(1, ordering: .sequentiallyConsistent) }
}

/// A node that records its view-lifecycle hooks in a log, as `"<name>.<hook>"`.
protocol HookRecording: DisplayNode {
  nonisolated var name: String { get }
  nonisolated var log: EventLog? { get }
}

extension HookRecording {
  @MainActor func didLoad(_ context: borrowing LoadContext) {
    log?.record("\(name).didLoad")
  }

  @MainActor func willEnterHierarchy(_ context: borrowing HierarchyContext) {
    log?.record("\(name).willEnter(\(context.node.isInHierarchy))")
  }

  @MainActor func didEnterHierarchy(_ context: borrowing HierarchyContext) {
    log?.record("\(name).didEnter")
  }

  @MainActor func didExitHierarchy(_ context: borrowing HierarchyContext) {
    log?.record("\(name).didExit(\(context.node.isInHierarchy))")
  }
}

/// A node that records its hooks as `"<name>.<hook>"` and counts its deinitialization.
actor RecordingNode: HookRecording {
  nonisolated let nodeCore: NodeCore
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let log: EventLog?
  let lifetime: LifetimeCounter?

  init(_ name: String, log: EventLog? = nil, lifetime: LifetimeCounter? = nil, isLayerBacked: Bool = false) {
    nodeCore = NodeCore(isLayerBacked: isLayerBacked)
    nodeState = NodeState(debugName: name)
    self.name = name
    self.log = log
    self.lifetime = lifetime
  }

  init(_ name: String, log: EventLog? = nil, makeView: @escaping @MainActor @Sendable () -> View) {
    nodeCore = NodeCore(makeView: makeView)
    nodeState = NodeState(debugName: name)
    self.name = name
    self.log = log
    self.lifetime = nil
  }

  deinit { lifetime?.recordDeinit() }
}

/// Builds `parent` with `children` added in order.
func makeTree(_ parent: any DisplayNode, _ children: [any DisplayNode]) async throws -> any DisplayNode {
  for child in children { try await parent.addSubnode(child) }
  return parent
}

/// The recording tree `root → [a → [a1], b]`, used where hook order is checked.
func makeRecordingTree(log: EventLog) async throws -> (
  root: RecordingNode, a: RecordingNode, a1: RecordingNode, b: RecordingNode
) {
  let root = RecordingNode("root", log: log)
  let a = RecordingNode("a", log: log)
  let a1 = RecordingNode("a1", log: log)
  let b = RecordingNode("b", log: log)
  try await a.addSubnode(a1)
  try await root.addSubnodes([a, b])
  return (root, a, a1, b)
}

/// The debug names of a node's subnodes.
func subnodeNames(of node: any DisplayNode) async -> [String] {
  var names: [String] = []
  for child in await node.subnodes { names.append(await child.debugName ?? "?") }
  return names
}

/// Checks that a node's loaded view tree mirrors its node tree: same children, same order.
@MainActor
func viewTreeMatchesNodeTree(_ root: any DisplayNode) async -> Bool {
  var stack: [any DisplayNode] = [root]
  while let node = stack.popLast() {
    let children = await node.subnodes
    guard let layer = node.layer else { return false }
    let childLayers = children.compactMap(\.layer)
    guard childLayers.count == children.count else { return false }
    let nodeLayers = layer.sublayers.filter { sublayer in childLayers.contains { $0 === sublayer } }
    guard nodeLayers.count == childLayers.count, zip(nodeLayers, childLayers).allSatisfy({ $0 === $1 }) else {
      return false
    }
    if let view = node.view {
      let childViews = children.compactMap(\.view)
      let nodeViews = view.subviews.filter { subview in childViews.contains { $0 === subview } }
      guard zip(nodeViews, childViews).allSatisfy({ $0 === $1 }), nodeViews.count == childViews.count else {
        return false
      }
    }
    stack.append(contentsOf: children)
  }
  return true
}

extension DisplayNode {
  /// The node's own record of its view properties: pending before load, its own writes after.
  func recordedProperties() -> ViewProperties { nodeState.properties }
}

/// The order of `parent`'s subnodes and, once loaded, of its sublayers and subviews, as names of `nodes`
/// joined by commas (Texture's `XCTAssertNodeSubnodeSubviewSublayerOrder`); "?" for a layer or view of no
/// listed node. Subviews are `nil` for a layer-backed parent, sublayers and subviews `nil` before load.
@MainActor
func order(of parent: any DisplayNode, among nodes: [BasicNode]) async -> (
  subnodes: String, sublayers: String?, subviews: String?
) {
  var names: [ObjectIdentifier: String] = [:]
  for node in nodes {
    let name = await node.debugName ?? "?"
    if let layer = node.layer { names[ObjectIdentifier(layer)] = name }
    if let view = node.view { names[ObjectIdentifier(view)] = name }
  }
  let subnodes = await subnodeNames(of: parent).joined(separator: ",")
  let sublayers = parent.layer.map { $0.sublayers.map { names[ObjectIdentifier($0)] ?? "?" }.joined(separator: ",") }
  let subviews = parent.view.map { $0.subviews.map { names[ObjectIdentifier($0)] ?? "?" }.joined(separator: ",") }
  return (subnodes, sublayers, subviews)
}

/// Whether the order of `parent`'s subnodes is `expected`, and, if it is loaded, so is the order of its
/// sublayers and (for a view-backed parent, whose subnodes are view-backed too) of its subviews.
@MainActor
func hasOrder(_ parent: any DisplayNode, _ expected: String, among nodes: [BasicNode]) async -> Bool {
  let found = await order(of: parent, among: nodes)
  guard found.subnodes == expected else { return false }
  guard parent.isNodeLoaded else { return true }
  return found.sublayers == expected && (found.subviews == nil || found.subviews == expected)
}

/// A leaf whose next measurement, once told, waits at a gate; its size is `size` of the range it is offered
/// (by default its minimum width, 10 points high).
actor GatedLeaf: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  private let size: @Sendable (SizeRange) -> Size
  private var gate: Gate?

  init(
    debugName: String = "gated",
    size: @escaping @Sendable (SizeRange) -> Size = { Size(width: $0.min.width, height: 10) }
  ) {
    nodeState = NodeState(debugName: debugName)
    self.size = size
  }

  /// Makes the next measurement wait at `gate`.
  func hold(at gate: Gate) { self.gate = gate }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    if let gate {
      self.gate = nil
      await gate.wait()
    }
    return .size(size(range))
  }
}
