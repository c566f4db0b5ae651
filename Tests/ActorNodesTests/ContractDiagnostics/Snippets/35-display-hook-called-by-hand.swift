// Rule: only the library calls display hooks (Texture asserts on a hand-made displayDidFinish).
import ActorNodes

actor Badge: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  func drawParameters() -> Color { .red }
}

@MainActor func finish(_ badge: Badge) {
  badge.displayDidFinish(DisplayContext(node: badge, isAsynchronous: true))  // expected-error {{'DisplayContext' initializer is inaccessible due to 'internal' protection level}}
}
