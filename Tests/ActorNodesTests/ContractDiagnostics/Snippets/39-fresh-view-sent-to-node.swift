// Rule: a view made on the main actor belongs to the main actor from its initializer on: even a fresh one
// cannot be sent to a node (a `sending` parameter included).
import ActorNodes

actor Badge: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  var label: View?

  func keep(_ view: sending View) { label = view }
}

@MainActor func give(_ badge: Badge) async {
  let label = View()
  await badge.keep(label)  // expected-error {{sending 'label' risks causing data races}} expected-note {{main actor-isolated 'label' is passed as a 'sending' parameter; Uses in callee may race with later main actor-isolated uses}}
}
