// Rule: NodeState belongs to its node's actor: even a layout spec block, which runs there, cannot hand it to a
// task that runs elsewhere.
import ActorNodes

func makeCell(_ title: TextNode) -> BasicNode {
  BasicNode { node, _ in
    let state = node.nodeState
    Task.detached { print(state) }  // expected-error {{passing closure as a 'sending' parameter risks causing data races between 'node'-isolated code and concurrent execution of the closure}} expected-note {{closure captures 'state' which is accessible to 'node'-isolated code}}
    return .node(title)
  }
}
