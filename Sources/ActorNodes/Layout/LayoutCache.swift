/// A node's measured layouts, keyed as Texture keys them, and the measurements in flight.
///
/// An entry is valid while the node's layout version (``NodeCore``'s atomic
/// counter, bumped by every invalidation) equals the version the entry was
/// measured at. A few entries are kept, because a stack measures a flexible
/// child twice per pass (once from its basis, once at its flexed length) and
/// a single entry would be overwritten every time.
struct LayoutCache {
  /// How many measurements of one call an invalidation may supersede before the call returns the last one,
  /// uncached: enough for invalidations that arrive while a measurement runs, few enough that code which
  /// invalidates the node whenever it is measured cannot keep the call from returning.
  static let supersededMeasurementLimit = 4

  /// What a layout was measured for: the range after the node's style was applied, and the pixel scale.
  struct Key: Hashable {
    let range: SizeRange
    let scale: Double

    /// The key's bits mixed into one nonzero word, for ``NodeCore/requestFromAbove``.
    var fingerprint: UInt64 {
      func mix(_ hash: UInt64, _ value: Double) -> UInt64 {
        let mixed = (hash ^ value.bitPattern) &* 0x0000_0100_0000_01B3
        return mixed ^ (mixed >> 29)
      }
      var hash = mix(0xCBF2_9CE4_8422_2325, range.min.width)
      hash = mix(hash, range.min.height)
      hash = mix(hash, range.max.width)
      hash = mix(hash, range.max.height)
      return mix(hash, scale) | 1
    }
  }

  /// One measured layout.
  struct Entry {
    let key: Key
    let version: UInt64
    let layout: NodeLayout
    /// Whether the node measured itself (``LayoutMethod/size(_:)``) and places its subnodes in `layout()`.
    let isManual: Bool
    /// For a node that measured itself: what its layout code asked of each subnode it measured, the last
    /// request per subnode. A pass lays each out in that range again, so that the node places its subnodes at
    /// the sizes this layout was computed from, however the subnodes were measured since.
    var subnodeRequests: [SubnodeRequest] = []
  }

  /// The most entries kept.
  static let capacity = 4

  /// A measurement in flight: the key, its owner's token, and the callers waiting for it.
  struct Measurement {
    let key: Key
    let owner: UInt64
    var waiters: [Waiter] = []
  }

  /// A caller waiting for a measurement in flight, with an id by which its cancellation finds it.
  struct Waiter {
    let id: UInt64
    let continuation: CheckedContinuation<Void, Never>
  }

  // The newest entry and the first measurement in flight are stored inline: most nodes are measured for one
  // range per pass, and an array would cost every node an allocation on its first measurement.

  /// The most recently used entry.
  private var newest: Entry?
  /// The other entries, least recently used first (at most ``capacity`` − 1).
  private var older: [Entry] = []
  /// The first measurement in flight.
  private var firstInFlight: Measurement?
  /// Further measurements in flight (rare: one per key measured at the same time), searched linearly.
  private var moreInFlight: [Measurement] = []

  /// The entry measured for `key` at `version`, if kept; it becomes the most recently used.
  mutating func use(_ key: Key, version: UInt64) -> Entry? {
    if let newest, newest.key == key { return newest.version == version ? newest : nil }
    guard let index = older.lastIndex(where: { $0.key == key }) else { return nil }
    let entry = older[index]
    guard entry.version == version else { return nil }
    older.remove(at: index)
    if let newest { older.append(newest) }
    newest = entry
    return entry
  }

  /// Whether an entry for `key` is kept, at any version: measuring `key` again is a relayout.
  func hasEntry(for key: Key) -> Bool {
    newest?.key == key || older.contains { $0.key == key }
  }

  /// The entry for `key` at `version`, if kept, without counting as a use.
  func entry(for key: Key, version: UInt64) -> Entry? {
    latest(version: version) { $0.key == key }
  }

  /// The most recently used entry at `version` that satisfies `matches` (Texture's pending layout, when any entry will do).
  func latest(version: UInt64, where matches: (Entry) -> Bool = { _ in true }) -> Entry? {
    if let newest, newest.version == version, matches(newest) { return newest }
    return older.last { $0.version == version && matches($0) }
  }

  /// The ranges and sizes of the entries measured at `version` for `scale`, but the one for `range`.
  func sizes(at version: UInt64, scale: Double, except range: SizeRange) -> [(range: SizeRange, size: Size)] {
    var entries = older
    if let newest { entries.append(newest) }
    return entries.filter { $0.version == version && $0.key.scale == scale && $0.key.range != range }
      .map { ($0.key.range, $0.layout.size) }
  }

  /// Keeps `layout` for `key`, dropping entries of older versions first, then the least recently used.
  mutating func store(
    _ layout: NodeLayout, for key: Key, version: UInt64, isManual: Bool, subnodeRequests: [SubnodeRequest] = []
  ) {
    if !older.isEmpty { older.removeAll { $0.key == key || $0.version != version } }
    if let newest, newest.key != key, newest.version == version {
      if older.count == Self.capacity - 1 { older.removeFirst() }
      older.append(newest)
    }
    newest = Entry(key: key, version: version, layout: layout, isManual: isManual, subnodeRequests: subnodeRequests)
  }

  /// The token of the caller measuring `key`, if any.
  func owner(of key: Key) -> UInt64? {
    guard let firstInFlight else { return nil }
    if firstInFlight.key == key { return firstInFlight.owner }
    return moreInFlight.first { $0.key == key }?.owner
  }

  /// Records that the caller with `token` measures `key`.
  mutating func begin(_ key: Key, owner token: UInt64) {
    let measurement = Measurement(key: key, owner: token)
    if firstInFlight == nil { firstInFlight = measurement } else { moreInFlight.append(measurement) }
  }

  /// Adds a caller that waits for the measurement of `key` to end.
  mutating func wait(for key: Key, _ waiter: Waiter) {
    if firstInFlight?.key == key {
      firstInFlight?.waiters.append(waiter)
      return
    }
    guard let index = moreInFlight.firstIndex(where: { $0.key == key }) else { return waiter.continuation.resume() }
    moreInFlight[index].waiters.append(waiter)
  }

  /// Removes the waiter with `id` (its task was cancelled), returning it to resume; `nil` if it was resumed already.
  mutating func removeWaiter(id: UInt64) -> Waiter? {
    if let index = firstInFlight?.waiters.firstIndex(where: { $0.id == id }) {
      return firstInFlight?.waiters.remove(at: index)
    }
    for measurement in moreInFlight.indices {
      if let index = moreInFlight[measurement].waiters.firstIndex(where: { $0.id == id }) {
        return moreInFlight[measurement].waiters.remove(at: index)
      }
    }
    return nil
  }

  /// How many callers wait for the measurement of `key`.
  func waiterCount(for key: Key) -> Int {
    if let firstInFlight, firstInFlight.key == key { return firstInFlight.waiters.count }
    return moreInFlight.first { $0.key == key }?.waiters.count ?? 0
  }

  /// Ends the measurement of `key`, returning its waiters to resume.
  mutating func end(_ key: Key) -> [Waiter] {
    if let first = firstInFlight, first.key == key {
      firstInFlight = moreInFlight.isEmpty ? nil : moreInFlight.removeFirst()
      return first.waiters
    }
    guard let index = moreInFlight.firstIndex(where: { $0.key == key }) else { return [] }
    return moreInFlight.remove(at: index).waiters
  }
}

/// A request that a node's own layout code made of one of its subnodes (``DisplayNode/layout(thatFits:parentSize:scale:)``).
struct SubnodeRequest: Sendable, Equatable {
  /// The ``NodeCore/id`` of the subnode.
  let coreID: UInt64
  let range: SizeRange
  let parentSize: Size?
}
