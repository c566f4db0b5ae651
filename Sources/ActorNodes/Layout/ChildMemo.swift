import Synchronization

/// What a node's spec measured of its subnodes when the node was last laid out again: answers the same requests
/// again without entering the subnodes' actors.
///
/// When one subnode of a large stack changes size, the stack is laid out
/// again and asks every other subnode the same thing as before. Each would
/// answer from its cache, but only in its own actor: a hop there and back,
/// into objects the processor has long evicted. The memo answers instead,
/// for a subnode whose layout version is still the one it answered at (every
/// invalidation and style change bumps it), for the same request and the same
/// style overrides, at the same pixel scale. It is the answer the subnode's
/// cache would give: a layout of the subnode's own state at that version.
///
/// A node keeps one memo, in its layout state, and only once it is laid out
/// *again* for a range it had a layout for (at an older version): a node's
/// first layouts record nothing, so that a tree laid out once pays nothing for
/// it. Each such layout adds what it measured (the answers it did not find)
/// to the memo in place; a memo that has grown to twice what the node's spec
/// measures is started again. A memo names subnodes by ``NodeCore/id``
/// (never reused), so it keeps no node alive and cannot mistake a new node
/// for a dead one.
struct ChildMemo: Sendable {
  /// What a subnode measured for a request of an element with some overrides, at a layout version.
  struct Answer: Sendable {
    let request: ChildRequest.Fingerprint
    let override: StyleOverride
    let version: UInt64
    let measured: Measured

    /// Whether this answers `request` for an element with `override`.
    func answers(_ request: ChildRequest.Fingerprint, _ override: StyleOverride) -> Bool {
      self.request == request && self.override == override
    }
  }

  /// A subnode's answers: the latest two requests (a stack asks a flexible or stretched item twice).
  struct Answers: Sendable {
    var latest: Answer
    var earlier: Answer?

    /// Adds `answer`, replacing one for the same request or else the earlier one.
    mutating func add(_ answer: Answer) {
      if !latest.answers(answer.request, answer.override) { earlier = latest }
      latest = answer
    }
  }

  /// What a spec measured of one of its nodes, with the node's ``NodeCore/id``.
  struct Record: Sendable {
    let nodeID: UInt64
    let answer: Answer
  }

  /// What one batch of a spec's elements adds: the answers measured, and how many were found in the memo.
  struct Batch {
    var records: [Record] = []
    var found = 0
  }

  /// The pixel scale of the layouts whose answers it keeps.
  let scale: Double
  /// Where each subnode's answers are in ``answers``, by ``NodeCore/id``.
  private var indices: [UInt64: Int] = [:]
  /// The answers, read in place (an `Answers` is a few hundred bytes; a dictionary's lookup copies its value).
  private var answers: [Answers] = []

  /// An empty memo for layouts at `scale`.
  init(scale: Double) {
    self.scale = scale
  }

  /// How many subnodes have answers.
  var count: Int { answers.count }

  /// What the subnode with `core` measured for `request` of an element with `override`, if the subnode is
  /// still at the version it answered at.
  func answer(of core: NodeCore, to request: ChildRequest.Fingerprint, override: StyleOverride) -> Measured? {
    guard let index = indices[core.id] else { return nil }
    let version = core.layoutVersion.load(ordering: .acquiring)
    if answers[index].latest.answers(request, override) {
      return answers[index].latest.version == version ? answers[index].latest.measured : nil
    }
    guard answers[index].earlier?.answers(request, override) == true, answers[index].earlier?.version == version
    else { return nil }
    return answers[index].earlier?.measured
  }

  /// Adds the answers of `records`.
  ///
  /// Each answer carries the version its subnode had *before* it was
  /// measured: a result measured across an invalidation is then older than
  /// the subnode and never reused.
  mutating func add(_ records: [Record]) {
    for record in records {
      if let index = indices[record.nodeID] {
        answers[index].add(record.answer)
      } else {
        indices[record.nodeID] = answers.count
        answers.append(Answers(latest: record.answer))
      }
    }
  }

  /// `memo` (if any, and not grown past twice what `batch` says the node's spec measured) with the answers of
  /// `batch` added; `nil` if the spec measured no node.
  static func updated(_ memo: consuming ChildMemo?, with batch: Batch, scale: Double) -> ChildMemo? {
    let measured = batch.records.count + batch.found
    guard measured > 0 else { return nil }
    // Moved, not copied, so that the answers are added in place.
    var updated = memo.take() ?? ChildMemo(scale: scale)
    if updated.count > 2 * measured { updated = ChildMemo(scale: scale) }
    updated.add(batch.records)
    return updated
  }

  /// One repeated layout of a node: the memo it answers from, and what it measures that the memo did not answer,
  /// collected a batch at a time.
  ///
  /// Only the task that computes the layout records into a session: each
  /// child task of a concurrent measurement records into a session of its
  /// own and hands its batch back with its results. So the lock is never
  /// contended (a contended `Mutex` is what ThreadSanitizer misreports here);
  /// it is there because a session travels to those child tasks, in the
  /// ``LayoutEnvironment``.
  final class Session: Sendable {
    /// The node's memo, if it has one for this scale.
    let memo: ChildMemo?
    private let collected = Mutex(Batch())

    init(memo: ChildMemo?) {
      self.memo = memo
    }

    /// Adds what one batch measured.
    func record(_ batch: Batch) {
      guard !batch.records.isEmpty || batch.found > 0 else { return }
      collected.withLock {
        $0.records += batch.records
        $0.found += batch.found
      }
    }

    /// Everything the layout measured, once it is over.
    var batch: Batch { collected.withLock { $0 } }
  }
}

extension ChildRequest {
  /// The request's exact bits: equal for requests that ask the same, NaN (an unknown parent size) included.
  ///
  /// `ChildRequest`'s own equality follows `Double`'s, under which NaN
  /// equals nothing, so a request with an unknown parent size would never
  /// equal itself.
  struct Fingerprint: Equatable, Sendable {
    let kind: UInt64
    let values: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    init(kind: UInt64, _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double = 0, _ f: Double = 0) {
      self.kind = kind
      values = (a.bitPattern, b.bitPattern, c.bitPattern, d.bitPattern, e.bitPattern, f.bitPattern)
    }

    static func == (lhs: Fingerprint, rhs: Fingerprint) -> Bool {
      lhs.kind == rhs.kind && lhs.values == rhs.values
    }
  }

  /// The request's ``Fingerprint``.
  var fingerprint: Fingerprint {
    switch self {
    case .range(let range, let parentSize):
      return Fingerprint(
        kind: 0, range.min.width, range.min.height, range.max.width, range.max.height, parentSize.width,
        parentSize.height)
    case .stackItem(let item):
      return item.fingerprint
    case .absolute(let specMax, let parentSize):
      return Fingerprint(kind: 2, specMax.width, specMax.height, parentSize.width, parentSize.height)
    }
  }
}

extension StackItemRequest {
  /// See ``ChildRequest/Fingerprint``: the options in the kind, the lengths as bits.
  fileprivate var fingerprint: ChildRequest.Fingerprint {
    let mainLength: Double
    let isExact: UInt64
    switch main {
    case .basis(let parentMain): (mainLength, isExact) = (parentMain, 0)
    case .exact(let length): (mainLength, isExact) = (length, 1)
    }
    let direction: UInt64 = self.direction == .horizontal ? 0 : 1
    let alignment: UInt64
    switch alignItems {
    case .start: alignment = 0
    case .end: alignment = 1
    case .center: alignment = 2
    case .stretch: alignment = 3
    }
    let kind = 1 | direction << 8 | alignment << 9 | isExact << 11 | (skipsFlexibleItem ? 1 : 0) << 12
    return ChildRequest.Fingerprint(
      kind: kind, mainLength, crossMin, crossMax, parentSize.width, parentSize.height)
  }
}
