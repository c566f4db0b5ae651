// Rule: a loaded layer, like a view, is used only on the main actor.
import ActorNodes

@MainActor func hideLater(_ node: BasicNode) async {
  let layer = node.layer
  await Task.detached {
    layer?.opacity = 0  // expected-error {{main actor-isolated property 'opacity' can not be mutated from a nonisolated context}} expected-note {{consider declaring an isolated method on 'MainActor' to perform the mutation}}
  }.value
}
