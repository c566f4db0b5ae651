/// Where an edit put a subnode's layer among its parent's sublayers, as Texture places it.
///
/// Texture inserts a subnode's view relative to *layers*, so views and
/// layers that no node owns keep their place (`-[ASDisplayNode
/// _insertSubnode:atSubnodeIndex:sublayerIndex:andRemoveSubnode:]`):
/// `addSubnode:` puts it above every sublayer, `insertSubnode:atIndex:0`
/// below every sublayer, `insertSubnode:belowSubnode:` / `aboveSubnode:`
/// right next to the sibling's layer, `replaceSubnode:withSubnode:` where
/// the replaced layer was. The hierarchy actor records one per edited child
/// (the last edit wins); the turn uses it when it rebuilds the parent's sublayers.
enum Placement: Hashable, Sendable {
  /// Above every sublayer (`addSubnode`).
  case top
  /// Below every sublayer (insert at index 0).
  case bottom
  /// Right below the layer of the subnode with this core (insert below, or replace).
  case below(sibling: ObjectIdentifier)
  /// Right above the layer of the subnode with this core (insert above, or insert at an index after it).
  case above(sibling: ObjectIdentifier)
}

/// A ``Placement`` resolved to layers, for one turn.
enum LayerPlacement {
  case top
  case bottom
  case below(Layer)
  case above(Layer)
}

/// Orders a parent's sublayers after a change of its subnodes.
@MainActor
enum SublayerArrangement {
  /// The new sublayers: the node layers in `desired` order, and every layer no node owns where it was.
  ///
  /// Node layers whose order among themselves did not change stay where
  /// they are; the others go where their placement says (or, without one,
  /// right above the previous node layer). If the placements disagree with
  /// `desired` (edits that followed one another in one turn), the node
  /// layers keep `desired` order and layers no node owns stay above them.
  ///
  /// - Parameters:
  ///   - current: The parent's sublayers now.
  ///   - desired: The layers of the subnodes placed under the parent, in order.
  ///   - placements: By layer, where this turn's edits put it.
  static func arrange(
    current: [Layer], desired: [Layer], placements: [ObjectIdentifier: LayerPlacement]
  ) -> [Layer] {
    // Common cases: a new view, or no layer that a node does not own.
    guard !current.isEmpty, current.contains(where: { !$0.isOwnedByNode }) else { return desired }
    var position: [ObjectIdentifier: Int] = [:]
    for (index, layer) in desired.enumerated() { position[ObjectIdentifier(layer)] = index }
    let present = current.filter { position[ObjectIdentifier($0)] != nil && placements[ObjectIdentifier($0)] == nil }
    let stable = longestIncreasingRun(of: present, by: position)
    var result = current.filter { !$0.isOwnedByNode || stable.contains(ObjectIdentifier($0)) }
    for (index, layer) in desired.enumerated() where !stable.contains(ObjectIdentifier(layer)) {
      let previous = index > 0 ? desired[index - 1] : nil
      let target: Int
      switch placements[ObjectIdentifier(layer)] {
      case .top: target = result.count
      case .bottom: target = 0
      case .below(let sibling): target = slot(below: sibling, in: result, current: current) ?? result.count
      case .above(let sibling): target = result.firstIndex { $0 === sibling }.map { $0 + 1 } ?? result.count
      case nil:
        if let previous, let found = result.firstIndex(where: { $0 === previous }) {
          target = found + 1
        } else {
          target = result.firstIndex { position[ObjectIdentifier($0)] != nil } ?? result.count
        }
      }
      result.insert(layer, at: target)
    }
    let nodeOrder = result.filter { position[ObjectIdentifier($0)] != nil }
    guard nodeOrder.count == desired.count, zip(nodeOrder, desired).allSatisfy({ $0 === $1 }) else {
      return desired + current.filter { !$0.isOwnedByNode }
    }
    return result
  }

  /// The index in `result` right below `sibling`: where it is, or, if it is gone (a replaced
  /// node), where it was in `current`.
  private static func slot(below sibling: Layer, in result: [Layer], current: [Layer]) -> Int? {
    if let found = result.firstIndex(where: { $0 === sibling }) { return found }
    guard let old = current.firstIndex(where: { $0 === sibling }) else { return nil }
    for later in current[(old + 1)...] {
      if let found = result.firstIndex(where: { $0 === later }) { return found }
    }
    return result.count
  }

  /// The layers of the longest run of `layers` whose `position` increases: the ones that need not move.
  private static func longestIncreasingRun(
    of layers: [Layer], by position: [ObjectIdentifier: Int]
  ) -> Set<ObjectIdentifier> {
    let keys = layers.map { position[ObjectIdentifier($0)]! }
    var tails: [Int] = []  // Index into `keys` of the smallest tail of each run length.
    var previous = [Int](repeating: -1, count: keys.count)
    for (index, key) in keys.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if keys[tails[middle]] < key { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var kept = Set<ObjectIdentifier>()
    var index = tails.last ?? -1
    while index >= 0 {
      kept.insert(ObjectIdentifier(layers[index]))
      index = previous[index]
    }
    return kept
  }
}
