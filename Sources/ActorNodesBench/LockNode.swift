import ActorNodes
import Foundation

/// The baseline ActorNodes replaces: a Texture-style node guarded by one lock.
///
/// Like `ASDisplayNode`, every property access takes the node's lock
/// (`__instanceLock__`), views are created on the main thread at first
/// access from the pending state, and the tree is edited under locks.
///
/// - Note: `@unchecked Sendable` is the point of this type: it models the
///   lock-based design that ActorNodes replaces, so that the benchmark can
///   compare the two in the same run (Proposal 0001, "The lock baseline").
///   Every mutable field is accessed with `lock` held, or only on the main
///   actor (`view`).
final class LockNode: @unchecked Sendable {
  private let lock = NSLock()
  private var pending = ViewProperties()
  private var written: UInt32 = 0
  private var subnodes: [LockNode] = []
  private weak var supernode: LockNode?
  private var isInHierarchy = false
  @MainActor private var view: View?

  init() {}

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

  /// Loads the views of the subtree on the main actor and enters the hierarchy, as Texture does at first `.view`.
  @MainActor
  func loadViews(into window: View) {
    var stack: [(node: LockNode, parent: View)] = [(self, window)]
    while let (node, parent) = stack.popLast() {
      let created = View()
      let (values, mask, children) = node.lock.withLock { (node.pending, node.written, node.subnodes) }
      if mask & 1 != 0 { created.frame = values.frame }
      if mask & 2 != 0 { created.backgroundColor = values.backgroundColor }
      if mask & 4 != 0 { created.alpha = values.alpha }
      if mask & 8 != 0 { created.layer.cornerRadius = values.cornerRadius }
      if mask & 16 != 0 { created.clipsToBounds = values.clipsToBounds }
      node.view = created
      parent.addSubview(created)
      node.lock.withLock { node.isInHierarchy = true }
      node.willEnterHierarchy()
      for child in children.reversed() { stack.append((child, created)) }
    }
  }

  @MainActor func willEnterHierarchy() {}

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
/// - Note: `@unchecked Sendable` for the same reason as ``LockNode``: it is the lock-based baseline.
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
