// Rule: the tree changes only through the edit methods: there is no nil subnode (Texture asserts on one), and the
// subnodes a node lists are a copy, with no setter (Texture's subnodes is an immutable copy).
import ActorNodes

@HierarchyActor func edit(_ parent: BasicNode, _ child: BasicNode) async throws {
  try await parent.addSubnode(nil)  // expected-error {{no exact matches in call to instance method 'addSubnode'}}
  parent.subnodes.append(child)  // expected-error {{cannot use mutating member on immutable value: 'subnodes' is a get-only property}}
  parent.subnodes = [child]  // expected-error {{cannot assign to property: 'subnodes' is a get-only property}}
}
