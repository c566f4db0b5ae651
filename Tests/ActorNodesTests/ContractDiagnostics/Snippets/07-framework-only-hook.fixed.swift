// Fixed: attach the node to a window; the library calls the hooks.
import ActorNodes

@MainActor func enter(_ node: BasicNode, in window: Window) async throws {
  try await window.attach(node)
}
