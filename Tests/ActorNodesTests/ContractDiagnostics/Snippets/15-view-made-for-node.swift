// Rule: a view is made and used on the main actor; a node cannot make one and keep it (Texture: UIKit objects stay on main).
import ActorNodes

actor Badge: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  var label: View?

  init() async {
    label = await View()  // expected-error {{non-Sendable 'View'-typed result can not be returned from main actor-isolated initializer 'init(frame:)' to actor-isolated context}}
  }
}
