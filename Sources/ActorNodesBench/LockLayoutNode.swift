import ActorNodes
import Dispatch
import Foundation
import Synchronization

/// The lock baseline extended to layout: a Texture-style node that measures under its own lock.
///
/// Like `ASDisplayNode`'s `layoutThatFits:`, a node holds its lock while it
/// measures, checks its cache first (the same four entries per range that
/// ActorNodes keeps), and measures a stack's children through them. Stacks
/// run ``BenchStack``, the same algorithm as ActorNodes' stack, on the same
/// pure measure functions (``TextLayout`` for text). The concurrent engine
/// measures a stack's children with `DispatchQueue.concurrentPerform`, as
/// Texture's stack does with `dispatch_apply`, under the same policy as
/// ActorNodes: at least 8 children, the first two timed, and a fork only for
/// an estimated 200 µs of work, in at most 4 contiguous chunks.
///
/// - Note: `@unchecked Sendable` for the same reason as ``LockNode``: it is
///   the lock-based baseline (Proposal 0001, "The lock baseline"). Every
///   mutable field is accessed with `lock` held, or only on the main actor (`layer`).
final class LockLayoutNode: @unchecked Sendable {
  /// What the node measures.
  enum Kind: Sendable {
    case stack(BenchStackParameters)
    case fixed(Size)
    case text(AttributedText)
    /// Texture's default size (a spacer node).
    case defaultSize
  }

  private let lock = NSLock()
  private var kind: Kind
  private var children: [LockLayoutNode] = []
  private var childStyles: [BenchStyle] = []
  private var cache: [(range: SizeRange, layout: BenchLayout)] = []
  /// The last layout measured: what a pass applies.
  private var calculated: BenchLayout?
  @MainActor private var layer: Layer?

  /// A fixed-size leaf's first size.
  private let base: Size?

  init(_ kind: Kind) {
    self.kind = kind
    if case .fixed(let size) = kind { base = size } else { base = nil }
  }

  /// Adds children with the flex factors the node's stack gives them.
  func addChildren(_ nodes: [LockLayoutNode], styles: [BenchStyle]) {
    lock.withLock {
      children += nodes
      childStyles += styles
      cache.removeAll()
    }
  }

  /// Grows every fixed-size leaf of the subtree by `growth` points on each axis from its first size, and
  /// invalidates every node's cache on the way (as Texture's `setNeedsLayout` reaches the ancestors).
  func grow(by growth: Double) {
    var stack: [LockLayoutNode] = [self]
    while let node = stack.popLast() {
      node.lock.withLock {
        if case .fixed = node.kind, let base = node.base {
          node.kind = .fixed(Size(width: base.width + growth, height: base.height + growth))
        }
        node.cache.removeAll()
        stack += node.children
      }
    }
  }

  /// The node's layout in `range`: from the cache, or measured under the node's lock.
  func layout(in range: SizeRange, concurrent: Bool) -> BenchLayout {
    lock.withLock {
      if let index = cache.firstIndex(where: { $0.range == range }) {
        let entry = cache.remove(at: index)
        cache.append(entry)
        calculated = entry.layout
        return entry.layout
      }
      let layout: BenchLayout
      switch kind {
      case .fixed(let size): layout = BenchStack.leaf(size, in: range)
      case .text(let text): layout = BenchStack.text(text, in: range)
      case .defaultSize: layout = BenchStack.defaultSize(in: range)
      case .stack(let parameters):
        let children = self.children
        layout = BenchStack.layout(parameters, styles: childStyles, in: range) { indices, ranges in
          Self.measure(indices.map { children[$0] }, ranges, concurrent: concurrent)
        }
      }
      if cache.count == 4 { cache.removeFirst() }
      cache.append((range, layout))
      calculated = layout
      return layout
    }
  }

  /// Measures `nodes[i]` in `ranges[i]`: serially, or in chunks on several threads when that pays.
  private static func measure(_ nodes: [LockLayoutNode], _ ranges: [SizeRange], concurrent: Bool) -> [Size] {
    var sizes: [Size] = []
    sizes.reserveCapacity(nodes.count)
    var index = 0
    if concurrent, nodes.count >= 8 {
      let clock = ContinuousClock()
      let start = clock.now
      var elapsed = Duration.zero
      repeat {
        sizes.append(nodes[index].layout(in: ranges[index], concurrent: true).size)
        index += 1
        elapsed = start.duration(to: clock.now)
      } while index < 2 && elapsed < .microseconds(50)
      if elapsed / index * (nodes.count - index) >= .microseconds(200) {
        let first = index
        let count = nodes.count - first
        let chunks = min(4, count)
        let results = ChunkResults(count: chunks)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
          let lower = first + count * chunk / chunks
          let upper = first + count * (chunk + 1) / chunks
          results.store((lower..<upper).map { nodes[$0].layout(in: ranges[$0], concurrent: true).size }, at: chunk)
        }
        return sizes + results.joined()
      }
    }
    while index < nodes.count {
      sizes.append(nodes[index].layout(in: ranges[index], concurrent: concurrent).size)
      index += 1
    }
    return sizes
  }

  /// Loads a layer for every node of the subtree (untimed set-up for the apply benchmark).
  @MainActor
  func loadLayers(into parent: Layer) {
    var stack: [(LockLayoutNode, Layer)] = [(self, parent)]
    while let (node, parent) = stack.popLast() {
      let layer = Layer()
      parent.addSublayer(layer)
      node.layer = layer
      for child in node.lock.withLock({ node.children }) { stack.append((child, layer)) }
    }
  }

  /// Texture's layout application on the main thread: each node sets its subnodes' frames from its calculated
  /// layout under its lock, then runs its `layout` and `layoutDidFinish` hooks.
  @MainActor
  func applyLayout() {
    var stack: [LockLayoutNode] = [self]
    while let node = stack.popLast() {
      let (layout, children) = node.lock.withLock { (node.calculated, node.children) }
      if let layout {
        for (child, frame) in zip(children, layout.frames) { child.layer?.frame = frame }
      }
      node.layoutHook()
      node.layoutDidFinishHook()
      stack.append(contentsOf: children)
    }
  }

  @MainActor static var hookCalls = 0
  @inline(never) @MainActor private func layoutHook() { Self.hookCalls &+= 1 }
  @inline(never) @MainActor private func layoutDidFinishHook() { Self.hookCalls &+= 1 }

  /// The frames of the subtree's nodes in pre-order, for checking engines against each other.
  func frames() -> [Rect] {
    var result: [Rect] = []
    var stack: [LockLayoutNode] = [self]
    while let node = stack.popLast() {
      let (layout, children) = node.lock.withLock { (node.calculated, node.children) }
      result += layout?.frames ?? []
      stack.append(contentsOf: children.reversed())
    }
    return result
  }
}

/// The per-chunk results of one `concurrentPerform`, each slot written by one iteration under a `Mutex`.
private final class ChunkResults: Sendable {
  private let parts: Mutex<[[Size]]>

  init(count: Int) { parts = Mutex(Array(repeating: [], count: count)) }

  func store(_ part: [Size], at index: Int) { parts.withLock { $0[index] = part } }

  func joined() -> [Size] { parts.withLock { $0.flatMap { $0 } } }
}
