// Fixed: copy out the values the hook needs (they are Sendable); the context stays with its call.
import ActorNodes

actor Card: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  @MainActor var wasAsynchronous = false

  @MainActor func layoutDidFinish(_ context: borrowing LayoutContext) {
    let size = context.layout.size
    Task { @MainActor in print(size) }
  }

  @MainActor func displayDidFinish(_ context: borrowing DisplayContext) {
    wasAsynchronous = context.isAsynchronous
  }
}
