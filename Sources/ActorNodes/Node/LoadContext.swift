/// What ``DisplayNode/didLoad(_:)`` and ``DisplayNode/onDidLoad(_:)`` blocks receive.
///
/// Only the library can create one, so only the library can call the hooks
/// that take it. It lives on the main actor and cannot leave it.
@MainActor
public struct LoadContext {
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

/// What the hierarchy hooks (``DisplayNode/willEnterHierarchy(_:)`` and others) receive.
///
/// Only the library can create one, so only the library can call those hooks:
/// Texture asserts when an app calls `willEnterHierarchy` itself; ActorNodes
/// makes that call impossible to write.
@MainActor
public struct HierarchyContext {
  /// The node the hook is called on.
  public let node: any DisplayNode

  init(node: any DisplayNode) {
    self.node = node
  }
}
