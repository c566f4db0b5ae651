// Rule: only the library calls hierarchy hooks and didLoad (Texture: testPreventManualAppearanceMethods).
import ActorNodes

@MainActor func pretendToEnter(_ node: BasicNode) {
  node.willEnterHierarchy(HierarchyContext(node: node))  // expected-error {{'HierarchyContext' initializer is inaccessible due to 'internal' protection level}}
  node.didLoad(LoadContext(node: node, view: nil, layer: Layer()))  // expected-error {{'LoadContext' initializer is inaccessible due to 'internal' protection level}}
}
