/// A node's measured layouts, keyed as Texture keys them, and the measurements in flight.
///
/// An entry is valid while the node's layout version (``NodeCore``'s atomic
/// counter, bumped by every invalidation) equals the version the entry was
/// measured at. A few entries are kept, because a stack measures a flexible
/// child twice per pass (once from its basis, once at its flexed length) and
/// a single entry would be overwritten every time.
struct LayoutCache {
  /// What a layout was measured for: the range after the node's style was applied, and the pixel scale.
  struct Key: Hashable {
    let range: SizeRange
    let scale: Double
  }

  /// One measured layout.
  struct Entry {
    let key: Key
    let version: UInt64
    let layout: NodeLayout
    /// Whether the node measured itself (``LayoutMethod/size(_:)``) and places its subnodes in `layout()`.
    let isManual: Bool
  }

  /// The most entries kept.
  static let capacity = 4

  /// A measurement in flight: the key, its owner's token, and the callers waiting for it.
  struct Measurement {
    let key: Key
    let owner: UInt64
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  /// Least recently used first.
  private var entries: [Entry] = []
  /// The measurements in flight (few: one per key a caller measures at a time), searched linearly.
  private var inFlight: [Measurement] = []

  /// The entry measured for `key` at `version`, if kept; it becomes the most recently used.
  mutating func use(_ key: Key, version: UInt64) -> Entry? {
    guard let index = entries.lastIndex(where: { $0.key == key }) else { return nil }
    let entry = entries[index]
    guard entry.version == version else { return nil }
    if index != entries.count - 1 {
      entries.remove(at: index)
      entries.append(entry)
    }
    return entry
  }

  /// The entry for `key` at `version`, if kept, without counting as a use.
  func entry(for key: Key, version: UInt64) -> Entry? {
    entries.last { $0.key == key && $0.version == version }
  }

  /// The most recently used entry at `version` that satisfies `matches` (Texture's pending layout, when any entry will do).
  func latest(version: UInt64, where matches: (Entry) -> Bool = { _ in true }) -> Entry? {
    entries.last { $0.version == version && matches($0) }
  }

  /// Keeps `layout` for `key`, dropping entries of older versions first, then the least recently used.
  mutating func store(_ layout: NodeLayout, for key: Key, version: UInt64, isManual: Bool) {
    entries.removeAll { $0.key == key || $0.version != version }
    if entries.count == Self.capacity { entries.removeFirst() }
    entries.append(Entry(key: key, version: version, layout: layout, isManual: isManual))
  }

  /// The token of the caller measuring `key`, if any.
  func owner(of key: Key) -> UInt64? { inFlight.first { $0.key == key }?.owner }

  /// Records that the caller with `token` measures `key`.
  mutating func begin(_ key: Key, owner token: UInt64) {
    inFlight.append(Measurement(key: key, owner: token))
  }

  /// Adds a caller that waits for the measurement of `key` to end.
  mutating func wait(for key: Key, _ continuation: CheckedContinuation<Void, Never>) {
    guard let index = inFlight.firstIndex(where: { $0.key == key }) else { return continuation.resume() }
    inFlight[index].waiters.append(continuation)
  }

  /// How many callers wait for the measurement of `key`.
  func waiterCount(for key: Key) -> Int { inFlight.first { $0.key == key }?.waiters.count ?? 0 }

  /// Ends the measurement of `key`, returning its waiters to resume.
  mutating func end(_ key: Key) -> [CheckedContinuation<Void, Never>] {
    guard let index = inFlight.firstIndex(where: { $0.key == key }) else { return [] }
    return inFlight.remove(at: index).waiters
  }
}
