// Rule: the tree links belong to the HierarchyActor; a node reads even its own subnodes with await.
import ActorNodes

actor Row: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  func childCount() -> Int {
    subnodes.count  // expected-error {{global actor 'HierarchyActor'-isolated property 'subnodes' can not be referenced on a different actor instance}}
  }
}
