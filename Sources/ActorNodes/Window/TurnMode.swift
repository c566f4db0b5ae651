/// When a window applies the main-actor work that changes off the main actor cause.
public enum TurnMode: Hashable, Sendable {
  /// Work is applied on the next main-actor turn, batched: Texture's pending-state flush.
  case automatic
  /// Work waits until ``Window/flush()``: a test sees the state before and after a turn.
  ///
  /// The calls that wait for the main-actor work they depend on apply the
  /// window's queued work too, in a turn they run themselves, as `flush()`
  /// does: ``Window/layoutIfNeeded()``, ``DisplayNode/layoutIfNeeded()`` and
  /// ``DisplayNode/recursivelyEnsureDisplay()``.
  case manual
}
