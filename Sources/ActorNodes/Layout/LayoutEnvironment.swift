import Synchronization

/// What every step of one layout computation shares: the pixel grid, and how children are measured.
struct LayoutEnvironment: Sendable {
  /// The grid every size is rounded up to (Texture rounds each layout's size to whole pixels).
  let grid: PixelGrid
  /// Whether a spec may measure its elements in a task group.
  let concurrency: LayoutConcurrency
  /// The node whose spec is being computed, which the nodes the spec names must be subnodes of.
  private(set) var measuringNode: MeasuringNode?
  /// For a node laid out again: its memo of its subnodes' answers, and what this layout adds (see ``ChildMemo``).
  private(set) var memoSession: ChildMemo.Session?

  /// The node whose layout is computed, as the nodes its layout names check it.
  struct MeasuringNode {
    let id: UInt64
    let type: any DisplayNode.Type
    let managesSubnodes: Bool

    init(_ node: some DisplayNode) {
      let core = node.nodeCore
      id = core.id
      type = Swift.type(of: node)
      managesSubnodes = core.automaticallyManagesSubnodes
    }

    /// `<Type #id>`, for layout messages.
    var label: String { NodeLabel(type: type, id: id, debugName: nil).description }

    /// Checks that this node's layout may name the node with `core`: a subnode (or one that becomes one, for a
    /// node that manages its subnodes), and not this node itself.
    func check(_ core: NodeCore, label named: @autoclosure () -> String) throws(LayoutError) {
      guard core.id != id else { throw .elementListedTwice(node: named(), parent: label) }
      guard managesSubnodes || core.supernodeID.load(ordering: .acquiring) == id else {
        throw .notASubnode(node: named(), parent: label)
      }
    }
  }

  init(scale: Double, concurrency: LayoutConcurrency = .automatic) {
    contractPrecondition(scale.isFinite && scale > 0, "a layout's scale must be finite and positive: got \(scale)")
    grid = PixelGrid(scale: scale)
    self.concurrency = concurrency
  }

  /// This environment, for computing the spec of `node`, in `memoSession` if the node is laid out again.
  func measuring(for node: some DisplayNode, memoSession: ChildMemo.Session? = nil) -> LayoutEnvironment {
    var environment = self
    environment.measuringNode = MeasuringNode(node)
    environment.memoSession = memoSession
    return environment
  }

  /// Measures `node`, an element of the spec being computed, in its own isolation (one hop), with the element's
  /// style fields over its own; from the memo of a node laid out again where it answers (see ``ChildMemo``), adding
  /// to `batch` what the memo did not answer and how many it did.
  func measure(
    _ node: any DisplayNode, _ request: ChildRequest, override: StyleOverride, recording batch: inout ChildMemo.Batch
  ) async throws -> Measured {
    if memoSession != nil,
      let measured = try remembered(
        node.nodeCore, request.fingerprint, override, &batch, label: Layout.Element.node(node).label)
    {
      return measured
    }
    return try await measureAnew(node, request, override: override, recording: &batch)
  }

  /// Measures `node` in its own isolation, the memo having no answer; adds what it measured to `batch`.
  private func measureAnew(
    _ node: any DisplayNode, _ request: ChildRequest, override: StyleOverride, recording batch: inout ChildMemo.Batch
  ) async throws -> Measured {
    guard memoSession != nil else { return try await node.measure(request, override: override, in: self) }
    let core = node.nodeCore
    let version = core.layoutVersion.load(ordering: .acquiring)
    let measured = try await node.measure(request, override: override, in: self)
    let answer = ChildMemo.Answer(
      request: request.fingerprint, override: override, version: version, measured: measured)
    batch.records.append(ChildMemo.Record(nodeID: core.id, answer: answer))
    return measured
  }

  /// The layout of `element`, its size rounded up to the pixel grid.
  ///
  /// - Throws: ``LayoutError/invalidSize(_:element:)`` if `size` is infinite, NaN or negative.
  func layout(of element: Layout.Element, size: Size, sublayouts: [Layout] = []) throws(LayoutError) -> Layout {
    Layout(element: element, size: try checked(size, of: element.label), sublayouts: sublayouts)
  }

  /// `size` rounded up to the pixel grid.
  ///
  /// - Throws: ``LayoutError/invalidSize(_:element:)`` if `size` is infinite, NaN or negative.
  func checked(_ size: Size, of element: @autoclosure () -> String) throws(LayoutError) -> Size {
    guard size.isValidLayoutSize else { throw .invalidSize(size, element: element()) }
    // Rounding at an extreme scale can overflow a valid size.
    let rounded = grid.ceil(size)
    guard rounded.isValidLayoutSize else { throw .invalidSize(rounded, element: element()) }
    return rounded
  }

  /// Measures the elements at `indices` (every element if `nil`), each once with `request(index)`, and returns
  /// the results in the order of `indices`.
  ///
  /// Below ``LayoutConcurrency/forkThreshold`` elements, or when the first
  /// elements show that the rest is too little work to pay for a fork
  /// (tasks cost microseconds to start and wake), the elements are measured
  /// one after the other in the caller's isolation. Otherwise the rest is cut
  /// into at most ``LayoutConcurrency/maximumTasks`` contiguous chunks, one
  /// child task each: never one task per element.
  func measure(
    _ elements: [LayoutSpec], at indices: [Int]? = nil, _ request: (Int) -> ChildRequest
  ) async throws -> [Measured] {
    let count = indices?.count ?? elements.count
    var results: [Measured] = []
    results.reserveCapacity(count)
    // What this batch measured of the node's subnodes, for its memo (nothing is added unless it keeps one).
    var batch = ChildMemo.Batch()
    defer { memoSession?.record(batch) }
    var position = 0
    if concurrency == .forced, count >= LayoutConcurrency.forkThreshold {
      return try await measureConcurrently(elements, at: indices, request, from: 0)
    }
    if concurrency == .automatic, count >= LayoutConcurrency.forkThreshold {
      // Time the first elements, and fork only if the rest looks like enough work.
      let clock = ContinuousClock()
      let start = clock.now
      var elapsed = Duration.zero
      repeat {
        let index = indices?[position] ?? position
        results.append(try await measure(elements, index, request(index), recording: &batch))
        position += 1
        elapsed = start.duration(to: clock.now)
      } while position < LayoutConcurrency.sampleCount && elapsed < LayoutConcurrency.sampleBudget
      if elapsed / position * (count - position) >= LayoutConcurrency.forkWorthwhile {
        try await results.append(contentsOf: measureConcurrently(elements, at: indices, request, from: position))
        return results
      }
    }
    while position < count {
      let index = indices?[position] ?? position
      results.append(try await measure(elements, index, request(index), recording: &batch))
      position += 1
    }
    return results
  }

  /// Measures the element at `index` of `elements`: from the memo without a suspension where it answers (an
  /// async call copies the element, retaining its node, and the request into its frame: on a relayout of a
  /// large stack, most of its time), else in the element's own way.
  private func measure(
    _ elements: [LayoutSpec], _ index: Int, _ request: ChildRequest, recording batch: inout ChildMemo.Batch
  ) async throws -> Measured {
    if let measured = try remembered(elements, index, request, &batch) { return measured }
    // A node element without a copy of the element (which `elements[index].measure` makes, to call an async
    // method on it): a copy retains the node and its core, first touches in a large stack, and the style's storage.
    // The memo was asked above: not again.
    if case .node(let node) = elements[index].content {
      return try await measureAnew(node, request, override: elements[index].styleOverride, recording: &batch)
    }
    return try await elements[index].measure(request, in: self, recording: &batch)
  }

  /// What the memo of the node laid out again answers for the node element at `index` of `elements`, if it does.
  private func remembered(
    _ elements: [LayoutSpec], _ index: Int, _ request: ChildRequest, _ batch: inout ChildMemo.Batch
  ) throws -> Measured? {
    guard let core = elements[index].nodeCore else { return nil }
    return try remembered(
      core, request.fingerprint, elements[index].styleOverride, &batch, label: elements[index].element.label)
  }

  /// What the memo answers for the node with `core` (named `label` in errors), counted in `batch`, if it does.
  private func remembered(
    _ core: NodeCore, _ fingerprint: ChildRequest.Fingerprint, _ override: StyleOverride,
    _ batch: inout ChildMemo.Batch, label: @autoclosure () -> String
  ) throws -> Measured? {
    guard let measured = memoSession?.memo?.answer(of: core, to: fingerprint, override: override) else { return nil }
    // The check the node makes when it is measured: the spec may name it.
    try measuringNode?.check(core, label: label())
    // What the node records when its supernode's spec measures it: this is the measurement the spec takes.
    if measured.request != 0 {
      core.requestFromAbove.store(measured.request, ordering: .relaxed)
      // The memo answers only at the version it answered at, the node's current one.
      core.requestFromAboveVersion.store(core.layoutVersion.load(ordering: .acquiring), ordering: .relaxed)
    }
    batch.found += 1
    return measured
  }

  /// Measures the elements at `indices[start...]` in contiguous chunks, one child task per chunk.
  private func measureConcurrently(
    _ elements: [LayoutSpec], at indices: [Int]?, _ request: (Int) -> ChildRequest, from start: Int
  ) async throws -> [Measured] {
    // The requests are made here: the child tasks cannot share a closure that is not `Sendable`.
    let jobs = (start..<(indices?.count ?? elements.count)).map { position in
      let index = indices?[position] ?? position
      return (index: index, request: request(index))
    }
    let chunks = Swift.min(LayoutConcurrency.maximumTasks, jobs.count)
    let environment = self
    return try await withThrowingTaskGroup(of: (Int, [Measured], ChildMemo.Batch?).self) { group in
      for chunk in 0..<chunks {
        let lower = jobs.count * chunk / chunks
        let upper = jobs.count * (chunk + 1) / chunks
        group.addTask {
          // A task of its own: a scope of its own, inside the measurement that started it; and a memo session of
          // its own, whose answers this task hands back, so that no two tasks ever record into one session.
          var chunkEnvironment = environment
          chunkEnvironment.memoSession = environment.memoSession.map { ChildMemo.Session(memo: $0.memo) }
          return try await LayoutScope.withScope {
            var measured: [Measured] = []
            measured.reserveCapacity(upper - lower)
            var batch = ChildMemo.Batch()
            for job in jobs[lower..<upper] {
              measured.append(try await chunkEnvironment.measure(elements, job.index, job.request, recording: &batch))
            }
            chunkEnvironment.memoSession?.record(batch)
            return (chunk, measured, chunkEnvironment.memoSession?.batch)
          }
        }
      }
      var parts = [[Measured]](repeating: [], count: chunks)
      for try await (chunk, measured, batch) in group {
        parts[chunk] = measured
        if let batch { memoSession?.record(batch) }
      }
      return parts.flatMap { $0 }
    }
  }
}

/// Whether layout may measure a spec's elements concurrently.
package enum LayoutConcurrency: Hashable, Sendable {
  /// In a task group when there are enough elements and enough work; serially otherwise.
  case automatic
  /// Always one after the other, in the caller's isolation.
  case serial
  /// In a task group whenever there are enough elements, whatever the work (for benchmarks and tests).
  case forced

  /// The fewest elements worth a task group.
  static let forkThreshold = 8
  /// The most child tasks one group starts: two per core on the machines measured.
  static let maximumTasks = 4
  /// How many elements are timed before deciding.
  static let sampleCount = 2
  /// How long the timing may take before deciding.
  static let sampleBudget = Duration.microseconds(50)
  /// The estimated remaining work that pays for a fork (waking tasks costs tens of microseconds).
  static let forkWorthwhile = Duration.microseconds(200)
}

/// An element's measured size, with the style facts its spec reads (flex factors, alignment, spacing, position).
///
/// Not a ``Layout``: a spec places its elements by index and makes each
/// element's layout once, when it knows its position (a layout names its
/// node, and every copy of it retains the node).
struct Measured: Sendable {
  /// The size; 0 × 0 for an element a stack left unmeasured (as Texture's stack makes a placeholder).
  var size: Size
  /// A spec element's sublayouts; none for a node, whose own sublayouts are not part of its supernode's layout.
  var sublayouts: [Layout]
  /// The fields of the element's effective style that specs read.
  let style: Facts
  /// For a node: the ``LayoutCache/Key/fingerprint`` of the measurement (see ``NodeCore/requestFromAbove``); 0
  /// otherwise.
  var request: UInt64 = 0

  /// The fields of an element's effective style that specs read once it is measured (not the whole style:
  /// every element's result is copied a few times on its way through a spec).
  struct Facts {
    let flexGrow: Double
    let flexShrink: Double
    let alignSelf: LayoutStyle.AlignSelf
    let spacingBefore: Double
    let spacingAfter: Double
    let layoutPosition: Point

    init(_ style: LayoutStyle) {
      flexGrow = style.flexGrow
      flexShrink = style.flexShrink
      alignSelf = style.alignSelf
      spacingBefore = style.spacingBefore
      spacingAfter = style.spacingAfter
      layoutPosition = style.layoutPosition
    }

    /// Whether the element both grows and shrinks (Texture's `isFlexibleInBothDirections`).
    var isFlexibleBothWays: Bool { flexGrow > 0 && flexShrink > 0 }
  }

  init(size: Size, sublayouts: [Layout] = [], style: LayoutStyle, request: UInt64 = 0) {
    self.size = size
    self.sublayouts = sublayouts
    self.style = Facts(style)
    self.request = request
  }

  /// The placeholder of an element left unmeasured (see ``StackItemRequest/skipsFlexibleItem``).
  init(skippedWith style: LayoutStyle) {
    self.init(size: .zero, style: style)
  }

  /// The layout of `element` (the element this was measured for) at `position`.
  ///
  /// Takes the element's ``Layout/Element``, not its ``LayoutSpec``: passing
  /// an element of a spec's children from an async spec copied the whole
  /// element (retaining its node, its core and its style), once per child.
  func layout(of element: Layout.Element, at position: Point = .zero) -> Layout {
    Layout(element: element, size: size, position: position, sublayouts: sublayouts)
  }
}

extension LayoutSpec {
  /// The element of this spec's layouts.
  var element: Layout.Element {
    switch content {
    case .node(let node): .node(node)
    case .spec(let spec): .spec(spec.name)
    }
  }

  /// ``element`` of `elements[index]`, read without copying that element out of the array: from an async spec,
  /// `elements[index].element` copied the whole element (retaining its node, core and style) to call the getter.
  static func element(of elements: [LayoutSpec], at index: Int) -> Layout.Element {
    switch elements[index].content {
    case .node(let node): .node(node)
    case .spec(let spec): .spec(spec.name)
    }
  }

  /// Measures this element for its spec.
  ///
  /// A node is measured in its own actor (one hop), with this element's
  /// style fields over its own, unless the memo of a node laid out again
  /// answers for it (see ``ChildMemo``); a spec is computed here. What a node
  /// measured goes to `batch`, for that memo.
  func measure(
    _ request: ChildRequest, in environment: LayoutEnvironment, recording batch: inout ChildMemo.Batch
  ) async throws -> Measured {
    switch content {
    case .node(let node):
      return try await environment.measure(node, request, override: styleOverride, recording: &batch)
    case .spec(let spec):
      let style = self.style
      if request.skipsMeasuring(style) { return Measured(skippedWith: style) }
      let (range, parentSize) = request.resolve(style)
      let resolved = spec.appliesOwnSizeStyle ? range.intersection(style.sizeRange(parentSize: parentSize)) : range
      let layout = try await spec.layout(in: resolved, parentSize: parentSize, environment: environment)
      return Measured(size: layout.size, sublayouts: layout.sublayouts, style: style)
    }
  }

  /// Lays this element out within `range` (Texture's `layoutThatFits:parentSize:` on a child).
  func layout(in range: SizeRange, parentSize: Size, environment: LayoutEnvironment) async throws -> Layout {
    var batch = ChildMemo.Batch()
    defer { environment.memoSession?.record(batch) }
    return try await measure(.range(range, parentSize: parentSize), in: environment, recording: &batch).layout(
      of: element)
  }
}
