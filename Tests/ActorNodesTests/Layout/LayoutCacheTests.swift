import Testing

@testable import ActorNodes

/// The layout cache's bookkeeping (its newest entry and first measurement in flight are stored inline), against
/// a plain model: a least-recently-used list of at most ``LayoutCache/capacity`` entries, and a list of
/// measurements in flight.
@Suite("Layout cache", .timeLimit(.minutes(5)))
struct LayoutCacheTests {
  /// The model: what the cache must answer.
  struct Model {
    struct Entry: Equatable {
      let key: LayoutCache.Key
      let version: UInt64
      let width: Double
    }

    /// Least recently used first.
    var entries: [Entry] = []
    var inFlight: [(key: LayoutCache.Key, owner: UInt64)] = []

    mutating func use(_ key: LayoutCache.Key, version: UInt64) -> Entry? {
      guard let index = entries.lastIndex(where: { $0.key == key }), entries[index].version == version else {
        return nil
      }
      let entry = entries.remove(at: index)
      entries.append(entry)
      return entry
    }

    mutating func store(_ entry: Entry) {
      entries.removeAll { $0.key == entry.key || $0.version != entry.version }
      if entries.count == LayoutCache.capacity { entries.removeFirst() }
      entries.append(entry)
    }

    func latest(version: UInt64, where matches: (Entry) -> Bool) -> Entry? {
      entries.last { $0.version == version && matches($0) }
    }
  }

  @Test("Uses, stores, lookups and measurements in flight answer as the model does", arguments: 0..<300)
  func matchesAModel(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var cache = LayoutCache()
    var model = Model()
    // Few keys and versions, so that hits, misses, replacements and evictions all happen.
    let keys = (0..<6).map { LayoutCache.Key(range: SizeRange(exactWidth: Double(10 * $0)), scale: 1) }
    func entry(_ cached: LayoutCache.Entry?) -> Model.Entry? {
      cached.map { Model.Entry(key: $0.key, version: $0.version, width: $0.layout.size.width) }
    }
    for step in 0..<60 {
      let key = keys[Int.random(in: 0..<keys.count, using: &random)]
      let version = UInt64.random(in: 0...2, using: &random)
      let context = "seed \(seed), step \(step)"
      switch Int.random(in: 0..<7, using: &random) {
      case 0, 1:
        #expect(entry(cache.use(key, version: version)) == model.use(key, version: version), "\(context): use")
      case 2, 3:
        let width = Double(Int.random(in: 1...1_000, using: &random))
        let layout = NodeLayout(size: Size(width: width, height: 1), sublayouts: [])
        cache.store(layout, for: key, version: version, isManual: false)
        model.store(Model.Entry(key: key, version: version, width: width))
      case 4:
        #expect(
          entry(cache.entry(for: key, version: version)) == model.latest(version: version) { $0.key == key },
          "\(context): entry")
        #expect(entry(cache.latest(version: version)) == model.latest(version: version) { _ in true }, "\(context)")
      case 5:
        // A key is measured by one caller at a time, as the node's actor ensures.
        if cache.owner(of: key) == nil {
          let owner = UInt64(step)
          cache.begin(key, owner: owner)
          model.inFlight.append((key, owner))
        }
      default:
        #expect(cache.end(key).isEmpty, "\(context): nobody waits in this test")
        model.inFlight.removeAll { $0.key == key }
      }
      for key in keys {
        #expect(cache.owner(of: key) == model.inFlight.first { $0.key == key }?.owner, "\(context): owner")
        #expect(cache.waiterCount(for: key) == 0, "\(context)")
      }
    }
  }

  @Test("Callers waiting for a measurement in flight are handed back when it ends, whichever slot holds it")
  func waitersOfEachMeasurementAreReturned() async {
    var cache = LayoutCache()
    let first = LayoutCache.Key(range: SizeRange(exactWidth: 10), scale: 1)
    let second = LayoutCache.Key(range: SizeRange(exactWidth: 20), scale: 1)
    cache.begin(first, owner: 1)
    cache.begin(second, owner: 2)
    // Each wait below returns only if the cache hands its continuation back (a lost one fails by the time limit).
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      cache.wait(for: first, LayoutCache.Waiter(id: 1, continuation: waiter))
      #expect(cache.waiterCount(for: first) == 1)
      #expect(cache.waiterCount(for: second) == 0)
      let handedBack = cache.end(first)
      #expect(handedBack.map(\.id) == [1])
      for waiter in handedBack { waiter.continuation.resume() }
    }
    // The second measurement, the only one left, is still found, and its waiters too.
    #expect(cache.owner(of: first) == nil)
    #expect(cache.owner(of: second) == 2)
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      cache.wait(for: second, LayoutCache.Waiter(id: 2, continuation: waiter))
      #expect(cache.waiterCount(for: second) == 1)
      #expect(cache.removeWaiter(id: 1) == nil, "resumed already")
      // A cancelled waiter is taken out and handed back; the measurement keeps no trace of it.
      cache.removeWaiter(id: 2)?.continuation.resume()
      #expect(cache.waiterCount(for: second) == 0)
      #expect(cache.end(second).isEmpty)
    }
    #expect(cache.owner(of: second) == nil)
    // A wait for a measurement that is not in flight returns at once.
    await withCheckedContinuation { cache.wait(for: first, LayoutCache.Waiter(id: 3, continuation: $0)) }
  }
}
