// Rule: measuring never blocks the main actor: the measuring hook and layout(thatFits:) are async (Texture's
// layoutThatFits: can measure on the main thread when its cache misses).
import ActorNodes

actor Card: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
}

@MainActor func measure(_ card: Card) throws {  // expected-note 2 {{add 'async' to function 'measure' to make it asynchronous}}
  let method = try card.layoutMethod(thatFits: SizeRange(exactWidth: 100))  // expected-error {{'async' call in a function that does not support concurrency}}
  let layout = try card.layout(thatFits: SizeRange(exactWidth: 100))  // expected-error {{'async' call in a function that does not support concurrency}}
  _ = (method, layout)
}
