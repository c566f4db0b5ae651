// Fixed: main-actor code awaits a layout (measured off the main actor), or reads the applied one without a hop.
import ActorNodes

actor Card: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
}

@MainActor func measure(_ card: Card) async throws {
  let layout = try await card.layout(thatFits: SizeRange(exactWidth: 100))
  let applied = card.appliedLayout
  _ = (layout, applied)
}
