// Rule: a view factory runs on the main actor, once, at load (Texture's view block): it cannot read the node's state.
import ActorNodes

actor Avatar: DisplayNode {
  var side = 40.0  // expected-note {{property declared here}}
  nonisolated let nodeCore: NodeCore
  let nodeState = NodeState()

  init() {
    nodeCore = NodeCore(makeView: { [self] in View(frame: Rect(x: 0, y: 0, width: side, height: 40)) })  // expected-error {{actor-isolated property 'side' can not be referenced from the main actor}}
  }
}
