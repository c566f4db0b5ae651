/// Reads the objects that a main-actor loop is about to reach, a block at a time, so that their cache misses
/// overlap (a software prefetch).
///
/// A turn applies work that other threads prepared: the queued writes, a
/// pass's layouts, and the cores, slots and layers they name were made or
/// written last off the main actor, so the turn's first touch of each is a
/// cache miss. Inside the loop, each miss is the target of an atomic reference
/// count operation, and an atomic operation waits for every load before it, so
/// the misses of 10,000 nodes were paid one after another (three quarters of
/// a flush). Plain loads of a block's objects first, with no atomic operation
/// between them, let the misses overlap; the loop then finds them in cache.
///
/// ```swift
/// var readAhead = ReadAhead()
/// for block in ReadAhead.blocks(of: items.count) {
///   for index in block { readAhead.read(items[index].version) }
///   for index in block { apply(items[index]) }
/// }
/// readAhead.keep()
/// ```
struct ReadAhead {
  /// How many elements a block holds: 8 and 32 measured no better than 16 for a flush.
  static let blockSize = 16
  /// What every read added up to: kept, so that the optimizer keeps the reads.
  @MainActor private static var kept: UInt64 = 0
  private var sum: UInt64 = 0

  /// The blocks of `0..<count`, in order.
  static func blocks(of count: Int) -> Blocks { Blocks(count: count) }

  /// The blocks of `0..<count`, each ``blockSize`` long but the last.
  struct Blocks: Sequence, IteratorProtocol {
    let count: Int
    private var start = 0

    init(count: Int) { self.count = count }

    mutating func next() -> Range<Int>? {
      guard start < count else { return nil }
      defer { start += ReadAhead.blockSize }
      return start..<Swift.min(start + ReadAhead.blockSize, count)
    }
  }

  /// Reads `value`, a field of an object the loop will touch.
  mutating func read(_ value: UInt64) { sum &+= value }

  /// Reads `value`, a field of an object the loop will touch.
  mutating func read(_ value: Bool) { sum &+= value ? 1 : 0 }

  /// Keeps what was read: without a use, the optimizer drops the reads.
  @MainActor func keep() { Self.kept &+= sum }
}
