// Rule: configure's closure may run in another domain's call, so it cannot read the node's isolated state.
import ActorNodes

actor Title: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  var isHighlighted = false  // expected-note {{property declared here}}

  func refresh() async {
    await configure { $0.alpha = self.isHighlighted ? 1 : 0.5 }  // expected-error {{actor-isolated property 'isHighlighted' can not be referenced from a Sendable closure}}
  }
}
