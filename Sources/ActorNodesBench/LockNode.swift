import ActorNodes
import Foundation

/// The baseline ActorNodes replaces: a Texture-style node guarded by one lock.
///
/// Like `ASDisplayNode`, every property access takes the node's lock
/// (`__instanceLock__`), views (or bare layers, for layer-backed nodes) are
/// created on the main thread at first access from the pending state, and
/// the tree is edited under locks. Loading does the work Texture's does: each
/// node's subnodes load first and run `didLoad` before it, then entering the
/// window sets `isInHierarchy` under each node's lock and calls
/// `willEnterHierarchy` pre-order and `didEnterHierarchy` post-order, then the
/// views' layout pass measures each node with subnodes at its bounds and runs
/// `layout` and `layoutDidFinish`. The hooks are overridden by ``LockFeedNode``
/// and called through dynamic dispatch, as Objective-C messages are.
///
/// - Note: `@unchecked Sendable` is the point of this type: it models the
///   lock-based design that ActorNodes replaces, so that the benchmark can
///   compare the two in the same run (Proposal 0001, "The lock baseline").
///   Every mutable field is accessed with `lock` held, or only on the main
///   actor (`view`).
class LockNode: @unchecked Sendable {
  private let lock = NSLock()
  let isLayerBacked: Bool
  private var pending = ViewProperties()
  private var written: UInt32 = 0
  private var subnodes: [LockNode] = []
  private weak var supernode: LockNode?
  private var isInHierarchy = false
  /// The size its last layout measured (Texture's `calculatedSize`).
  private var calculatedSize = Size(width: 0, height: 0)
  @MainActor private var view: View?
  @MainActor private var layer: Layer?

  init(isLayerBacked: Bool = false) {
    self.isLayerBacked = isLayerBacked
  }

  // Texture's bridged setters: one lock acquisition each.
  var frame: Rect {
    get { read(\.frame) }
    set { write(\.frame, newValue, flag: 1) }
  }
  var backgroundColor: Color? {
    get { read(\.backgroundColor) }
    set { write(\.backgroundColor, newValue, flag: 2) }
  }
  var alpha: Double {
    get { read(\.alpha) }
    set { write(\.alpha, newValue, flag: 4) }
  }
  var cornerRadius: Double {
    get { read(\.cornerRadius) }
    set { write(\.cornerRadius, newValue, flag: 8) }
  }
  var clipsToBounds: Bool {
    get { read(\.clipsToBounds) }
    set { write(\.clipsToBounds, newValue, flag: 16) }
  }

  private func read<Value>(_ property: KeyPath<ViewProperties, Value>) -> Value {
    lock.withLock { pending[keyPath: property] }
  }

  private func write<Value>(_ property: WritableKeyPath<ViewProperties, Value>, _ value: Value, flag: UInt32) {
    lock.withLock {
      pending[keyPath: property] = value
      written |= flag
    }
  }

  /// Adds a subnode: cycle check up the ancestors, then the links, each under the node's lock.
  func addSubnode(_ child: LockNode) {
    precondition(child !== self)
    var ancestor = lock.withLock { supernode }
    while let current = ancestor {
      precondition(current !== child, "cycle")
      ancestor = current.lock.withLock { current.supernode }
    }
    let oldParent = child.lock.withLock { child.supernode }
    oldParent?.lock.withLock { oldParent?.subnodes.removeAll { $0 === child } }
    lock.withLock { subnodes.append(child) }
    child.lock.withLock { child.supernode = self }
  }

  /// Loads the views of the subtree on the main actor, enters the hierarchy and lays the views out, as Texture does
  /// at first `.view` and in the layout pass of the views that joined a window.
  ///
  /// Iterative, like ActorNodes' turn, so that a deep tree does not overflow the stack.
  @MainActor
  func loadViews(into window: View) {
    // Load: each node's view, its pending state, its subnodes' views (each running `didLoad` after its
    // own subnodes'), then its own `didLoad` (`-[ASDisplayNode view]`).
    var stack: [(node: LockNode, parent: Layer?, parentView: View?, expanded: Bool)] = [(self, nil, window, false)]
    while let (node, parentLayer, parentView, expanded) = stack.popLast() {
      if expanded {
        node.didLoad()
        continue
      }
      let (values, mask, children) = node.lock.withLock { (node.pending, node.written, node.subnodes) }
      let layer: Layer
      if node.isLayerBacked {
        layer = Layer()
        parentLayer?.addSublayer(layer)
      } else {
        let created = View()
        node.view = created
        layer = created.layer
        parentView?.addSubview(created)
        if parentView == nil { parentLayer?.addSublayer(layer) }
      }
      node.layer = layer
      if mask & 1 != 0 { layer.frame = values.frame }
      if mask & 2 != 0 { layer.backgroundColor = values.backgroundColor }
      if mask & 4 != 0 { layer.opacity = values.alpha }
      if mask & 8 != 0 { layer.cornerRadius = values.cornerRadius }
      if mask & 16 != 0 { layer.masksToBounds = values.clipsToBounds }
      stack.append((node, nil, nil, true))
      for child in children.reversed() { stack.append((child, layer, node.view, false)) }
    }
    // Enter the window: `isInHierarchy` under each node's lock, `willEnterHierarchy` pre-order,
    // `didEnterHierarchy` post-order (`__enterHierarchy`).
    var entering: [(node: LockNode, expanded: Bool)] = [(self, false)]
    while let (node, expanded) = entering.popLast() {
      if expanded {
        node.didEnterHierarchy()
        continue
      }
      let children = node.lock.withLock {
        node.isInHierarchy = true
        return node.subnodes
      }
      node.willEnterHierarchy()
      entering.append((node, true))
      for child in children.reversed() { entering.append((child, false)) }
    }
    // Lay out: the views' layout pass (`-layoutSubviews` → `__layout`) measures each node with subnodes at
    // its bounds, under its lock, and runs its layout hooks, supernodes first. (Texture does it for every
    // view; ActorNodes' passes skip leaves, whose layout at their bounds changes nothing, and so does this.)
    var laying: [LockNode] = [self]
    while let node = laying.popLast() {
      let children = node.lock.withLock {
        if !node.subnodes.isEmpty { node.calculatedSize = node.pending.frame.size }
        return node.subnodes
      }
      guard !children.isEmpty else { continue }
      node.layout()
      node.layoutDidFinish()
      laying.append(contentsOf: children.reversed())
    }
  }

  /// Texture's `-didLoad`; overridden by ``LockFeedNode``.
  @MainActor func didLoad() {}
  /// Texture's `-willEnterHierarchy`; overridden by ``LockFeedNode``.
  @MainActor func willEnterHierarchy() {}
  /// Texture's `-didEnterHierarchy`; overridden by ``LockFeedNode``.
  @MainActor func didEnterHierarchy() {}
  /// Texture's `-layout`; overridden by ``LockFeedNode``.
  @MainActor func layout() {}
  /// Texture's `-layoutDidFinish`; overridden by ``LockFeedNode``.
  @MainActor func layoutDidFinish() {}

  /// Visits the subtree in pre-order, under each node's lock in turn.
  func forEachNode(_ body: (LockNode) -> Void) {
    var stack: [LockNode] = [self]
    while let node = stack.popLast() {
      body(node)
      stack.append(contentsOf: node.lock.withLock { node.subnodes })
    }
  }

  /// Texture's off-main write after load: record under the lock, register for the next flush.
  func setAlphaAfterLoad(_ alpha: Double, controller: LockPendingStateController) {
    lock.withLock {
      pending.alpha = alpha
      written |= 4
    }
    controller.register(self)
  }

  /// Texture's flush on the main thread: apply the recorded writes to the view.
  @MainActor
  func flushPendingState() {
    let alpha = lock.withLock { pending.alpha }
    view?.alpha = alpha
  }
}

/// Texture's `ASPendingStateController`: a locked set of nodes with writes to flush on the main thread.
///
/// - Note: `@unchecked Sendable` for the same reason as ``LockNode``: it is the lock-based baseline (Proposal 0001,
///   §11, "The lock baseline").
final class LockPendingStateController: @unchecked Sendable {
  private let lock = NSLock()
  private var dirty: [ObjectIdentifier: LockNode] = [:]

  func register(_ node: LockNode) {
    lock.withLock { dirty[ObjectIdentifier(node)] = node }
  }

  @MainActor
  func flush() {
    let nodes = lock.withLock {
      let taken = dirty
      dirty = [:]
      return taken
    }
    for node in nodes.values { node.flushPendingState() }
  }
}

/// A baseline node subclass with its own hooks, as an app's `ASDisplayNode` subclass has.
///
/// The hooks count their calls, so that the optimizer can neither drop the
/// calls nor inline them into the load (`@inline(never)`): each is a real
/// dynamically dispatched call, like an Objective-C message.
///
/// - Note: `@unchecked Sendable` for the same reason as ``LockNode``: it is the lock-based baseline (Proposal 0001,
///   §11, "The lock baseline").
final class LockFeedNode: LockNode, @unchecked Sendable {
  @MainActor static var hookCalls = 0

  @inline(never) @MainActor override func didLoad() { Self.hookCalls &+= 1 }
  @inline(never) @MainActor override func willEnterHierarchy() { Self.hookCalls &+= 1 }
  @inline(never) @MainActor override func didEnterHierarchy() { Self.hookCalls &+= 1 }
  @inline(never) @MainActor override func layout() { Self.hookCalls &+= 1 }
  @inline(never) @MainActor override func layoutDidFinish() { Self.hookCalls &+= 1 }
}
