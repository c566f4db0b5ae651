// Rule: only the library calls hierarchy hooks (Texture: testPreventManualAppearanceMethods).
import ActorNodes

@MainActor func pretendToEnter(_ node: BasicNode) {
  node.willEnterHierarchy(HierarchyContext(node: node))  // expected-error {{'HierarchyContext' initializer is inaccessible due to 'internal' protection level}}
}
