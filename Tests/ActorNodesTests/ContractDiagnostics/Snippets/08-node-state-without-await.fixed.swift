// Fixed: call an isolated method with await.
import ActorNodes

actor Counter: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  var count = 0

  func increment() { count += 1 }
}

func bump(_ counter: Counter) async {
  await counter.increment()
}
