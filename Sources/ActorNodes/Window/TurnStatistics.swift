/// What a window's main-actor turns did and cost.
///
/// A turn is one main-actor job in which the library applies queued work:
/// an attach, a detach, a flush or an automatic turn, or the hop that starts a batch
/// of displays (counted once in each window whose nodes it starts).
public struct TurnStatistics: Hashable, Sendable {
  /// The number of turns.
  public var turns = 0
  /// The number of operations applied.
  public var operations = 0
  /// The number of views and layers created.
  public var viewsLoaded = 0
  /// The main-actor time spent inside turns.
  public var mainActorTime: Duration = .zero

  /// Statistics of no turns.
  public init() {}
}

/// Accumulates ``TurnStatistics`` on the main actor.
@MainActor
final class TurnRecorder {
  var statistics = TurnStatistics()
  /// How many times a turn asked for layout passes because a node's `layout(_:)` gave subnodes new sizes
  /// (``Window/layoutIfNeeded()`` waits for those passes too).
  var resizedSubnodeRequests = 0
  nonisolated init() {}
}
