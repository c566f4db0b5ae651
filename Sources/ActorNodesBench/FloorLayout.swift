import ActorNodes

/// The floor: the same trees and algorithm as plain structs laid out by one thread, with no locks, no caches
/// and no hops. What layout costs with nothing but the arithmetic and the measure functions.
struct FloorNode: Sendable {
  var kind: LockLayoutNode.Kind
  var children: [FloorNode] = []
  var childStyles: [BenchStyle] = []

  /// The node's layout in `range`, its subtree measured recursively.
  func layout(in range: SizeRange) -> BenchLayout {
    switch kind {
    case .fixed(let size): return BenchStack.leaf(size, in: range)
    case .text(let text): return BenchStack.text(text, in: range)
    case .defaultSize: return BenchStack.defaultSize(in: range)
    case .stack(let parameters):
      return BenchStack.layout(parameters, styles: childStyles, in: range) { indices, ranges in
        zip(indices, ranges).map { children[$0].layout(in: $1).size }
      }
    }
  }
}
