// Rule: a hierarchy hook's context is lent to its call only: it cannot be copied, nor captured by a task.
import ActorNodes

actor Tracker: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  @MainActor func willEnterHierarchy(_ context: borrowing HierarchyContext) {  // expected-error {{'context' is borrowed and cannot be consumed}}
    let copy = context  // expected-note {{consumed here}}
    _ = copy
  }

  @MainActor func didExitHierarchy(_ context: borrowing HierarchyContext) {  // expected-error {{'context' cannot be captured by an escaping closure since it is a borrowed parameter}}
    Task.detached { @MainActor in _ = context.node }  // expected-note {{closure capturing 'context' here}}
  }
}
