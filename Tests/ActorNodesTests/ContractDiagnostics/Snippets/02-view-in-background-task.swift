// Rule: a loaded view is used only on the main actor, never from a background task.
import ActorNodes

@MainActor func fadeLater(_ node: BasicNode) {
  let view = node.view
  Task.detached {
    view?.alpha = 0  // expected-error {{main actor-isolated property 'alpha' can not be mutated from a nonisolated context}} expected-note {{consider declaring an isolated method on 'MainActor' to perform the mutation}}
  }
}
