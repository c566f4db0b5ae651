// Rule: a node's state is isolated to the node; other domains change it only through the node, with await.
import ActorNodes

actor Counter: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  var count = 0  // expected-note {{mutation of this property is only permitted within the actor}}

  func increment() { count += 1 }
}

func bump(_ counter: Counter) {
  counter.count += 1  // expected-error {{actor-isolated property 'count' can not be mutated from a nonisolated context}}
}
