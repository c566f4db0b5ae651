// Rule: a loaded view's state is read on the main actor; not even an awaited read brings the view elsewhere.
import ActorNodes

func readOffMain(_ node: BasicNode) async -> Double {
  _ = await node.view  // expected-error {{non-Sendable type 'View?' of property 'view' cannot exit main actor-isolated context}}
  return 1
}
