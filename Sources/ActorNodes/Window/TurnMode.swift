/// When a window applies the main-actor work that changes off the main actor cause.
public enum TurnMode: Hashable, Sendable {
  /// Work is applied on the next main-actor turn, batched: Texture's pending-state flush.
  case automatic
  /// Work waits until ``Window/flush()``: a test sees the state before and after a turn.
  case manual
}
