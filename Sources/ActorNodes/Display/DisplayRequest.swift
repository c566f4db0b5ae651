/// What one display of a node draws at, and whether it is still wanted: the library's half of a draw's inputs.
///
/// ``DrawingNode/draw(_:in:request:)`` and ``DrawingNode/display(_:request:)``
/// get one with the node's ``DrawingNode/drawParameters()`` (Texture passes
/// the bounds, an `isCancelled` block and `isRasterizing` beside the
/// parameters). It is read on the main actor when the display starts and
/// never changes afterwards, except for ``isCancelled``.
public struct DisplayRequest: Sendable {
  /// The node's bounds, in points: the area to draw.
  public let bounds: Rect
  /// Pixels per point of the contents (the node's ``DisplayNode/contentsScaleForDisplay``).
  public let contentsScale: Double
  /// Whether the node's view is opaque.
  public let isOpaque: Bool
  /// The node's background color.
  public let backgroundColor: Color?
  /// Whether the node is drawn into an ancestor's contents instead of its own (always `false` until subtree
  /// rasterization is built; Texture's `isRasterizing`).
  public let isRasterizing: Bool
  /// Tells whether this display still counts.
  let ticket: DisplayTicket
  /// Whether the display draws off the main actor; a synchronous one is never cancelled.
  let isAsynchronous: Bool

  /// Whether the display was cancelled: its task was cancelled, a newer ``DisplayNode/setNeedsDisplay()``
  /// superseded it, display was suspended, or the node was released.
  ///
  /// Draw code polls it (cheap: a few atomic loads) and returns early once it
  /// is `true`. A cancelled display never commits, whatever its draw returns.
  /// Always `false` for a synchronous display (``DisplayContext/isAsynchronous``
  /// is `false`: ``DisplayNode/displayImmediately()``, or a node that does not
  /// display asynchronously), which always commits, as in Texture ("for sync
  /// display, do not support cancellation").
  public var isCancelled: Bool {
    isAsynchronous && (Task.isCancelled || ticket.isCancelled)
  }
}

/// The identity of one display of one node, by which every stage checks that it is still the newest.
///
/// A node's display generation (on its core) rises with every
/// ``DisplayNode/setNeedsDisplay()``: a display started before the latest
/// rise is superseded (Texture's display sentinel). Suspending display and
/// releasing the node cancel too.
final class DisplayTicket: Sendable {
  /// The node's core, weakly: a commit waiting for its window's turn (a manual window's ``Window/flush()``, which
  /// may never come) keeps no released node's core, nor the views and layer the core holds (adversarial round 32).
  /// The scheduler holds the core while the display is outstanding.
  weak let core: NodeCore?
  /// The core's identity, for the scheduler's tables.
  let coreID: ObjectIdentifier
  let generation: UInt64
  /// The node's write version when the snapshot was taken: the display was asked for after every write up to it.
  let writeVersion: UInt64
  /// The node, weakly: its death cancels the display (Texture's weak capture in `isCancelled`).
  private weak let node: (any DisplayNode)?

  init(node: any DisplayNode, generation: UInt64, writeVersion: UInt64) {
    self.core = node.nodeCore
    self.coreID = ObjectIdentifier(node.nodeCore)
    self.generation = generation
    self.writeVersion = writeVersion
    self.node = node
  }

  /// Whether the display was superseded, suspended or its node released (not counting task cancellation).
  var isCancelled: Bool {
    guard let core else { return true }
    return core.currentDisplayGeneration != generation || core.isDisplaySuspended || node == nil
  }

  /// Whether a newer request superseded this display (or its node is gone).
  var isSuperseded: Bool {
    guard let core else { return true }
    return core.currentDisplayGeneration != generation
  }
}
