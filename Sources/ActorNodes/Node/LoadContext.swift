/// What ``DisplayNode/didLoad(_:)`` and ``DisplayNode/onDidLoad(_:)`` blocks receive.
///
/// Only the library can create one, so only the library can call the hooks
/// that take it. It is lent to one call (`borrowing`) and cannot be copied:
/// the compiler rejects storing it, capturing it in an escaping closure
/// (`Task.detached { … }` included) or sending it to another isolation
/// domain, so a context can never be replayed after its call. It lives on
/// the main actor.
@MainActor
public struct LoadContext: ~Copyable {
  /// The node whose view loaded.
  public let node: any DisplayNode
  /// The loaded view, or `nil` for a layer-backed node.
  public let view: View?
  /// The loaded layer (the view's layer for a view-backed node).
  public let layer: Layer

  init(node: any DisplayNode, view: View?, layer: Layer) {
    self.node = node
    self.view = view
    self.layer = layer
  }
}

@available(*, unavailable, message: "a LoadContext is lent to one hook call and cannot leave it")
extension LoadContext: Sendable {}

/// What the hierarchy hooks (``DisplayNode/willEnterHierarchy(_:)`` and others) receive.
///
/// Only the library can create one, so only the library can call those hooks:
/// Texture asserts when an app calls `willEnterHierarchy` itself; ActorNodes
/// makes that call impossible to write outside a hook. Like ``LoadContext``
/// it is lent to one call and cannot be copied, stored, captured by an
/// escaping closure or sent.
@MainActor
public struct HierarchyContext: ~Copyable {
  /// The node the hook is called on.
  public let node: any DisplayNode

  init(node: any DisplayNode) {
    self.node = node
  }
}

@available(*, unavailable, message: "a HierarchyContext is lent to one hook call and cannot leave it")
extension HierarchyContext: Sendable {}
