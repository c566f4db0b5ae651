import Synchronization

/// The layout computations the current task is inside of, innermost first (a task-local chain).
///
/// It tells the hierarchy that code runs inside layout (where adding and
/// removing subnodes is refused), and lets a node that is asked for a
/// layout it is itself computing in this task refuse instead of waiting for itself.
final class LayoutScope: Sendable {
  /// The computation the current task is in, if any.
  @TaskLocal static var current: LayoutScope?

  /// The token of the measurement this scope is.
  let token: UInt64
  /// The ``NodeCore/id`` of the node being measured.
  let nodeID: UInt64
  /// The enclosing computation.
  let outer: LayoutScope?

  init(token: UInt64, nodeID: UInt64, outer: LayoutScope?) {
    self.token = token
    self.nodeID = nodeID
    self.outer = outer
  }

  /// Whether the node with `id` is being measured by this scope or one that encloses it.
  func isMeasuring(nodeID id: UInt64) -> Bool { contains(where: { $0.nodeID == id }) }

  /// Whether `token` is this scope or one that encloses it.
  func contains(_ token: UInt64) -> Bool { contains(where: { $0.token == token }) }

  private func contains(where matches: (LayoutScope) -> Bool) -> Bool {
    var scope: LayoutScope? = self
    while let current = scope {
      if matches(current) { return true }
      scope = current.outer
    }
    return false
  }

  private static let nextToken = Atomic<UInt64>(1)

  /// A token no other measurement has.
  static func makeToken() -> UInt64 {
    nextToken.wrappingAdd(1, ordering: .relaxed).oldValue
  }
}
