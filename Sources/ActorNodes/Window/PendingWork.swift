/// The main-actor work waiting for one loaded node, kept on its core until a turn takes it.
///
/// Work is kept per node, not per queue, so that it follows the node: when
/// a subtree moves into another window's tree, its waiting work is applied
/// in that window's turns (``Tree`` re-registers it with the new queue).
/// Nothing here refers to the node or to another core, so waiting work never
/// keeps a node, a subtree or a view alive: a dropped node's work is dropped
/// with it.
struct PendingWork {
  /// The gathered state of an implicit load, waiting to create the view.
  ///
  /// Boxed: a snapshot is a few hundred bytes, and every core carries a
  /// `PendingWork`, most of them never loaded implicitly.
  var load: LoadSnapshot? {
    get { loadBox?.snapshot }
    set { loadBox = newValue.map(SnapshotBox.init) }
  }
  private var loadBox: SnapshotBox?
  /// Whether the node's subnodes changed; the list is read when the work is taken.
  var childrenChanged = false
  /// Where edits put subnodes, by subnode core (identities only: nothing is kept alive).
  var placements: [ObjectIdentifier: Placement] = [:]
  /// Property writes, each with its version.
  var writes = PendingWrites()
  /// `onDidLoad` blocks registered after load, each with its version.
  var blocks: [(version: UInt64, block: DidLoadBlock)] = []
  /// Whether the node is registered with the queue of its window since that queue's last take.
  var isRegistered = false
}

/// A node's queued property writes, oldest first.
///
/// The first is kept inline: most nodes get one write between two turns, and
/// an array would allocate (and free in the turn) a buffer for each of them.
struct PendingWrites: Sequence {
  private var first: PropertyWrite?
  private var more: [PropertyWrite] = []

  mutating func append(_ write: PropertyWrite) {
    if first == nil { first = write } else { more.append(write) }
  }

  func makeIterator() -> Iterator {
    Iterator(first: first, more: more.makeIterator())
  }

  struct Iterator: IteratorProtocol {
    fileprivate var first: PropertyWrite?
    fileprivate var more: IndexingIterator<[PropertyWrite]>

    mutating func next() -> PropertyWrite? {
      if let write = first {
        first = nil
        return write
      }
      return more.next()
    }
  }
}

/// A load snapshot kept out of line.
private final class SnapshotBox: Sendable {
  let snapshot: LoadSnapshot

  init(_ snapshot: LoadSnapshot) {
    self.snapshot = snapshot
  }
}

/// Where a node's view is on its way: nothing yet, state being gathered, or handed to the main actor.
enum LoadPhase {
  case unloaded
  /// A load marked the node and is gathering its state; the ticket says when it is done.
  case gathering(LoadTicket)
  /// The gathered state is waiting in ``PendingWork/load`` or was handed to a main-actor turn.
  case loaded
}

/// Tells other loads when one load's state has been gathered.
///
/// A load that finds a node of its subtree still gathering (another load
/// started first) waits for that load's ticket, so that it can apply that
/// node's view in the same turn as its own: subnodes' `didLoad` first,
/// whatever loads race.
@HierarchyActor
final class LoadTicket {
  private var isDone = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  nonisolated init() {}

  /// Returns once the load's state has been gathered and stored or handed to the main actor.
  func wait() async {
    guard !isDone else { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func finish() {
    isDone = true
    let resumed = waiters
    waiters = []
    for waiter in resumed { waiter.resume() }
  }
}
