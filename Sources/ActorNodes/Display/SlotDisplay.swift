/// A loaded node's display bookkeeping on the main actor.
///
/// Made the first time the node displays, so nodes that never draw pay nothing.
@MainActor
final class SlotDisplay {
  /// The generation of the latest display whose `displayWillStart` ran and that has not committed or been
  /// dropped since.
  var inFlight: UInt64?
  /// The nodes whose display started and has not finished: the node itself and its subnodes, by core
  /// (Texture's `_pendingDisplayNodes`). When it empties, ``DisplayNode/hierarchyDisplayDidFinish(_:)`` runs.
  var pending: [ObjectIdentifier] = []
  /// Whether a display was skipped because the bounds were empty: the first non-empty bounds display it.
  var attemptedWhileZeroSized = false
  /// When the latest display started, the bounds size it read, and the node's write version at its snapshot: a
  /// layout pass asked for before that start, or a write made before that snapshot, applied after it gives the
  /// node a size the display did not see (see ``ViewSlot/redrawIfResized(from:layoutRequestedAt:)``).
  var lastStart: (at: ContinuousClock.Instant, size: Size, writeVersion: UInt64)?

  nonisolated init() {}

  /// Adds `core` to ``pending``.
  func addPending(_ core: ObjectIdentifier) {
    if !pending.contains(core) { pending.append(core) }
  }

  /// Forgets `core`, a subnode that left the node (removed, or released), without running any hook: its
  /// display no longer holds up the node's ``DisplayNode/hierarchyDisplayDidFinish(_:)`` (Texture keeps the
  /// pending nodes in a weak set, whose released entries do not count).
  func forgetPending(_ core: ObjectIdentifier) {
    pending.removeAll { $0 == core }
  }

  /// Removes `core` from ``pending`` if it is listed; returns whether that emptied it, or `nil` if it was not listed.
  func removePendingIfListed(_ core: ObjectIdentifier) -> Bool? {
    guard let index = pending.firstIndex(of: core) else { return nil }
    pending.remove(at: index)
    return pending.isEmpty
  }

  /// Removes `core` from ``pending``; returns whether that emptied it.
  func removePending(_ core: ObjectIdentifier) -> Bool {
    guard let index = pending.firstIndex(of: core) else { return false }
    pending.remove(at: index)
    return pending.isEmpty
  }
}

extension ViewSlot {
  /// The slot's display bookkeeping, made on first use.
  var displayState: SlotDisplay {
    if let display { return display }
    let made = SlotDisplay()
    display = made
    return made
  }
}
