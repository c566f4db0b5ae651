import Synchronization

/// A main-actor host for a tree of nodes: the counterpart of `UIWindow`.
///
/// Attaching a root node loads the views of its whole tree, off the main
/// actor except for one main-actor turn, and fires the hierarchy hooks.
/// From then on, the window owns the turns in which queued main-actor work
/// for its tree is applied: writes from other isolation domains, structure
/// changes of loaded nodes, implicit loads of added subnodes.
///
/// In ``TurnMode/automatic`` mode that work is applied on the next
/// main-actor turn, batched. In ``TurnMode/manual`` mode it waits for
/// ``flush()``, so a test can observe the state before and after a turn.
///
/// # Isolation
/// `Window` is isolated to the main actor.
@MainActor
public final class Window {
  /// The window's own view: the root node's view becomes its subview.
  public let view: View
  /// When queued work is applied.
  public let turnMode: TurnMode
  /// The size of the window's view: the root node is laid out to exactly this size.
  ///
  /// The root's frame stays what the app sets (a Texture view controller
  /// sets its node's frame to its view's bounds; set it with `configure`).
  /// Readable from any isolation domain; ``resize(to:)`` changes it.
  public nonisolated var size: Size {
    let bits = sizeBits.load(ordering: .acquiring)
    return Size(width: Double(bitPattern: UInt64(bits.first)), height: Double(bitPattern: UInt64(bits.second)))
  }
  /// The size's bits, read by layout passes off the main actor and written in ``resize(to:)``: one double-word
  /// atomic, so a reader never sees half a resize, and no lock (a contended `Mutex` gives false
  /// ThreadSanitizer reports here).
  private nonisolated let sizeBits: Atomic<WordPair>
  /// A process-unique number; views record their window by it, without a reference.
  nonisolated let id: UInt64
  /// The attached root node.
  public internal(set) var rootNode: (any DisplayNode)?

  let turnQueue: TurnQueue
  /// Whether an attach or detach is in progress; later ones wait for it, in call order.
  private var isChangingRoot = false
  private var rootChangeWaiters: [CheckedContinuation<Void, Never>] = []

  /// Creates an empty window.
  ///
  /// - Parameters:
  ///   - size: The size of the window's view.
  ///   - turnMode: When queued main-actor work is applied; ``TurnMode/manual`` for tests.
  public init(size: Size = Size(width: 390, height: 844), turnMode: TurnMode = .automatic) {
    contractPrecondition(size.isValidViewSize, "a window's size must be finite and not negative")
    view = View(frame: Rect(origin: .zero, size: size))
    sizeBits = Atomic(Self.bits(of: size))
    id = Window.makeID()
    self.turnMode = turnMode
    turnQueue = TurnQueue(mode: turnMode)
    view.hostingWindow = self
  }

  /// What this window's turns did and cost so far.
  public var statistics: TurnStatistics { turnQueue.recorder.statistics }

  /// Attaches `root` and loads the views of its tree.
  ///
  /// The pending state of every unloaded node is gathered off the main
  /// actor, concurrently, and the tree is laid out off the main actor, the
  /// root at exactly the window's ``size``; then one main-actor turn creates
  /// the views with their frames, applies the state, runs `didLoad`
  /// (subnodes first) and the `onDidLoad` blocks, calls
  /// `willEnterHierarchy` / `didEnterHierarchy`, then the layout hooks
  /// (`layout(_:)`, `layoutDidFinish(_:)`, supernodes first). Views of the tree
  /// that other loads were building meanwhile (a concurrent `loadView()`,
  /// an implicit load) are waited for and created in the same turn. When
  /// this method returns, `root.view` exists and `root.isInHierarchy` is
  /// `true`.
  ///
  /// Attaching and detaching happen in call order: a call made while
  /// another is in progress waits for it, so the later call wins.
  ///
  /// - Parameters:
  ///   - root: A node without a supernode that is not another window's root.
  /// - Throws: ``HierarchyError/windowHasRoot``, ``HierarchyError/rootHasSupernode``
  ///   or ``HierarchyError/nodeIsWindowRoot``; ``HierarchyError/windowChangedInLayoutCode`` from layout code;
  ///   the window and the tree are then unchanged.
  ///   An error of the tree's layout code does not stop the attach: the tree
  ///   shows what could be laid out, and ``layoutIfNeeded()`` reports the error.
  ///   The layout runs in a task of its own, as the window's later passes do: an
  ///   attach from a cancelled task lays the tree out all the same.
  /// - Important: This method suspends; the tree can change meanwhile. Changes
  ///   made after the load was prepared reach the views in a later turn. The
  ///   changes of subnodes made before, still waiting for a turn of the window
  ///   the tree was last in, are applied in the attach's turn: a subnode
  ///   removed before the attach never enters the window.
  public func attach(_ root: any DisplayNode) async throws(HierarchyError) {
    guard !LayoutScope.isInLayoutCode else { throw .windowChangedInLayoutCode }
    await beginRootChange()
    defer { endRootChange() }
    guard rootNode == nil else { throw .windowHasRoot }
    let prepared = try await Tree.attach(root, to: self, queue: turnQueue)
    let gathered = await Loading.takeSnapshots(of: prepared.load)
    let loads = await Tree.finishLoad(prepared.load, gathered: gathered)
    let laidOutAt = size
    // After the snapshots: the frames are writes, applied in this same turn after `didLoad`. In a task of its own,
    // as the window's later passes run: the caller's cancellation would refuse every measurement, and the tree
    // would show no layout until something invalidated it (adversarial round 27).
    let invalidatedBeforeLoad =
      gathered?.entries.compactMap { $0.snapshot?.asksForPassAtLoad == true ? $0.node : nil } ?? []
    let pass = await Task { [self] in await Self.layOut(root, in: self, invalidatedBeforeLoad: invalidatedBeforeLoad) }
      .value
    rootNode = root
    // Resized during the pass: `resize(to:)` saw no root to lay out again, and the pass left the root alone.
    if size != laidOutAt { root.nodeCore.requestLayoutPass(for: root) }
    let placement = MainOperation.setWindow(root: root.nodeCore, window: self, version: prepared.version)
    if !pass.errors.isEmpty { await turnQueue.layoutScheduler.report(pass.errors) }
    guard pass.setManagedSubnodes else {
      let loaded = MainTurn.apply(loads + [placement, .feature(pass.application)], recorder: turnQueue.recorder)
      Task { @HierarchyActor in loaded.record() }
      return
    }
    // The layout gave nodes their subnodes: their views load in this turn too.
    let queue = turnQueue
    let (queued, take) = await queue.takeForTurn()
    let loaded = MainTurn.apply(loads + [placement] + queued + [.feature(pass.application)], recorder: queue.recorder)
    Task { @HierarchyActor in
      loaded.record()
      queue.turnFinished(take)
    }
  }

  /// The attach's layout pass: `root`'s tree at the window's size.
  ///
  /// Nodes invalidated after their supernodes measured them, before they loaded (`invalidatedBeforeLoad`): the
  /// pass placed them at the sizes measured then, from their supernodes' cached layouts. Their sizes are checked
  /// now, and their supernodes laid out again if they changed, so that the attach's turn shows the new sizes
  /// (Texture's view measures such a node as it lays it out, and lays its supernode out again within the same
  /// commit). Their loads asked for a pass too, which may take them first: the tree is then walked again from the
  /// root, at the layouts either made.
  private nonisolated static func layOut(
    _ root: any DisplayNode, in window: Window, invalidatedBeforeLoad: [any DisplayNode]
  ) async -> LayoutPass.Outcome {
    let environment = LayoutEnvironment(scale: 1)
    var pass = await LayoutPass.run(
      roots: [LayoutPass.Root(node: root, target: .window(PassWindow(window)), frame: nil)], environment: environment)
    guard !invalidatedBeforeLoad.isEmpty else { return pass }
    pass.append(await LayoutPass.run(dirty: invalidatedBeforeLoad, environment: environment))
    pass.append(
      await LayoutPass.run(
        roots: [LayoutPass.Root(node: root, target: .window(PassWindow(window)), frame: nil)], environment: environment)
    )
    return pass
  }

  /// Changes the window's size: its view takes it, and its root is laid out again at exactly that size, off the
  /// main actor, as a view controller's root view is laid out again when its window resizes.
  ///
  /// The pass's frames reach the views in a later turn (at ``flush()`` in
  /// manual mode); ``layoutIfNeeded()`` waits for them.
  ///
  /// - Precondition: `size` is finite and not negative.
  public func resize(to size: Size) {
    contractPrecondition(size.isValidViewSize, "a window's size must be finite and not negative: got \(size)")
    guard size != self.size else { return }
    sizeBits.store(Self.bits(of: size), ordering: .releasing)
    view.frame = Rect(origin: .zero, size: size)
    if let root = rootNode { root.nodeCore.requestLayoutPass(for: root) }
  }

  private nonisolated static func bits(of size: Size) -> WordPair {
    WordPair(first: UInt(size.width.bitPattern), second: UInt(size.height.bitPattern))
  }

  /// Detaches the root node: its views leave the window and `didExitHierarchy` is called.
  ///
  /// The views stay loaded; drawing nodes' contents are cleared (they draw
  /// again when they enter a window). Work for the detached tree is still applied in
  /// this window's turns (at ``flush()`` in manual mode) until the tree enters
  /// another window or this window goes away; but the changes of subnodes
  /// still waiting for a turn are applied in the detach's turn, so the tree
  /// leaves the window as it is: a subnode removed before the detach gets its
  /// `didExitHierarchy` before the root's, as Texture's `removeFromSupernode`
  /// takes its view out at once. So are the frames and layouts that layout
  /// passes of the tree queued before the detach (their hooks run in that
  /// turn, after the exits): a layout names its nodes, and waiting for this
  /// window's next turn, which may never come, they kept the tree alive once
  /// you dropped it. (A pass that ends after the detach queues its layouts
  /// here, for the next turn, as the tree's writes wait for it.) A detach
  /// called while an attach is in progress waits for it, then detaches.
  ///
  /// - Precondition: The caller is not layout code (a node's
  ///   ``DisplayNode/layoutMethod(thatFits:)`` or ``DisplayNode/calculatedLayoutDidChange()``): a detach there
  ///   could wait for the attach whose pass runs that code (see ``HierarchyError/windowChangedInLayoutCode``).
  public func detach() async {
    contractPrecondition(!LayoutScope.isInLayoutCode, "layout code must not attach or detach a window's root")
    await beginRootChange()
    defer { endRootChange() }
    guard let root = rootNode else { return }
    rootNode = nil
    let (version, changes) = await Tree.detach(root, from: self)
    MainTurn.apply(
      changes + [.setWindow(root: root.nodeCore, window: nil, version: version)], recorder: turnQueue.recorder)
  }

  /// Applies, in one main-actor turn, all work queued for this window.
  ///
  /// In ``TurnMode/manual`` mode this is the only way queued work is applied.
  /// Texture's `-[ASPendingStateController flush]`.
  public func flush() async {
    let queue = turnQueue
    let (operations, take) = await queue.takeForTurn()
    let loaded = MainTurn.apply(consume operations, recorder: queue.recorder)
    // Only waiters need to hear of it: the main actor does not wait for the hierarchy actor again.
    Task { @HierarchyActor in
      loaded.record()
      queue.turnFinished(take)
    }
  }

  /// Returns once the layout passes that invalidations of the window's tree asked for have reached the views.
  ///
  /// A loaded tree relayouts by itself: an invalidation (``DisplayNode/invalidateCalculatedLayout()``,
  /// ``DisplayNode/setNeedsLayout()``, a style change) asks for a pass, which
  /// runs off the main actor, and its frames are applied in the window's next
  /// turn. This waits for the passes that take the requests made before the
  /// call (and the follow-ups their layout code asked for; requests made
  /// while it waits are left to later passes), then for that turn:
  /// in ``TurnMode/automatic`` mode the scheduled one, in ``TurnMode/manual``
  /// mode a turn it runs itself (as ``flush()``, applying all queued work).
  /// The main actor never measures: it only waits. A node whose `layout(_:)`
  /// gives a subnode a new size asks for one more pass for that subnode, and
  /// this waits for it too, up to eight rounds: a deeper chain of nodes that
  /// each size their subnode by hand, without measuring it, needs another call
  /// (Texture's `layoutSubviews` reaches every level in one commit).
  ///
  /// Only this window's passes are waited for: a pass of another window that
  /// was laying out a subtree when it moved here sends that subtree's layouts
  /// to this window's queue when it ends, for the turn after (the next
  /// ``flush()`` in manual mode), so that one window's slow layout code never
  /// holds another window's wait.
  ///
  /// ```swift
  /// await title.setText("A longer title")   // invalidates the title's layout
  /// try await window.layoutIfNeeded()
  /// print(title.appliedLayout!.size)
  /// ```
  ///
  /// - Throws: The first error that the layout code of the passes since the
  ///   last call threw (a ``LayoutError`` or the node's own); the other nodes
  ///   of those passes are laid out and applied all the same (see
  ///   ``LayoutError`` for the nodes whose layout failed).
  ///   ``LayoutError/layoutPassAwaitedFromLayoutCode`` if called from layout
  ///   code, which the pass it runs in would wait for.
  public func layoutIfNeeded() async throws {
    try LayoutScope.refuseWaitingForPasses()
    let queue = turnQueue
    var errors: [any Error] = []
    // A turn can ask for more passes: a node's `layout(_:)` gave subnodes new sizes. Until none does (a few
    // rounds at most, so that layout code that resizes subnodes in every turn cannot keep this from returning).
    for _ in 0..<Self.layoutRounds {
      let requests = queue.recorder.resizedSubnodeRequests
      errors += await queue.layoutScheduler.waitUntilIdle()
      switch turnMode {
      case .automatic: await queue.waitForQueuedWork()
      case .manual: await flush()
      }
      guard queue.recorder.resizedSubnodeRequests != requests else { break }
    }
    if let error = errors.first { throw error }
  }

  /// The most rounds of passes and turns ``layoutIfNeeded()`` waits for.
  private static let layoutRounds = 8

  /// Returns once the layout passes asked for have run and queued their frames, without applying them.
  ///
  /// In ``TurnMode/manual`` mode, a test sees the views before the pass's
  /// turn, then calls ``flush()`` to see them after.
  ///
  /// - Throws: As ``layoutIfNeeded()``, and ``LayoutError/layoutPassAwaitedFromLayoutCode`` from layout code.
  public func waitForLayoutPasses() async throws {
    try LayoutScope.refuseWaitingForPasses()
    let errors = await turnQueue.layoutScheduler.waitUntilIdle()
    if let error = errors.first { throw error }
  }

  /// How many draws run at once: the threads of the display executor, one per active processor (at least two).
  public nonisolated static var displayThreadCount: Int { DisplayExecutor.shared.threadCount }

  /// Returns once the displays asked for so far have drawn and queued their commits, without applying them.
  ///
  /// A display commits in a turn of its node's window. In ``TurnMode/manual``
  /// mode a test sees the layers before that turn, then calls ``flush()`` to
  /// see the new contents; in ``TurnMode/automatic`` mode follow it with
  /// ``waitForQueuedWork()``, or call ``DisplayNode/recursivelyEnsureDisplay()``
  /// on the root, which does both. (Displays of every window are waited for.)
  ///
  /// Displays asked for after the call are not waited for: a node that asks
  /// for its next frame as it draws does not keep this from returning. A
  /// display asked for before it that a later request supersedes counts as
  /// done once it is skipped or its draw ends (see
  /// ``DisplayNode/recursivelyEnsureDisplay()``).
  public func waitForPendingDisplays() async {
    await DisplayScheduler.waitForDisplaysRequestedSoFar()
  }

  /// Returns once all work queued for this window's tree before the call has reached the views.
  ///
  /// Off-main writes, structure changes and implicit loads are applied in
  /// the window's turns; this is how main-actor code waits for them. In
  /// ``TurnMode/automatic`` mode it waits for the next turn, which is already
  /// scheduled when work is waiting, and returns at once when none is. In
  /// ``TurnMode/manual`` mode it waits for the next ``flush()``, which another
  /// task must call: to apply the work yourself, call ``flush()``.
  ///
  /// ```swift
  /// await Task.detached { await label.configure { $0.alpha = 0.5 } }.value
  /// await window.waitForQueuedWork()
  /// print(label.view!.alpha)  // 0.5
  /// ```
  ///
  /// Work queued after the call may or may not be applied when it returns.
  ///
  /// - Note: From layout code (a node's ``DisplayNode/layoutMethod(thatFits:)`` or
  ///   ``DisplayNode/calculatedLayoutDidChange()``, and tasks it starts while it runs), the wait for a
  ///   ``TurnMode/manual`` window's turn returns at once: the calls that run that turn (``layoutIfNeeded()``,
  ///   ``DisplayNode/recursivelyEnsureDisplay()``) wait for the layout passes first, so it would wait for the pass
  ///   it runs in. The work is applied by that turn, after the pass. An ``TurnMode/automatic`` window's turns do
  ///   not wait for passes: the wait waits for the turn there, as anywhere else.
  public func waitForQueuedWork() async {
    guard !turnQueue.isAwaitedFromLayoutCode else { return }
    await turnQueue.waitForQueuedWork()
  }

  /// Waits until no attach or detach is in progress, then marks one as in progress.
  private func beginRootChange() async {
    guard isChangingRoot else {
      isChangingRoot = true
      return
    }
    // The call that ends hands over to the first waiter, without clearing the flag.
    await withCheckedContinuation { rootChangeWaiters.append($0) }
  }

  private func endRootChange() {
    guard !rootChangeWaiters.isEmpty else {
      isChangingRoot = false
      return
    }
    rootChangeWaiters.removeFirst().resume()
  }

  /// Puts the view of the node whose mirror names this window into the window's view.
  func placeRoot() {
    let root = rootSlotCandidate()
    let layers = root?.layer.map { [$0] } ?? []
    view.layer.setSublayers(layers + view.layer.sublayers.filter { !$0.isOwnedByNode })
    let views = root?.view.map { [$0] } ?? []
    view.setSubviews(views + view.subviews.filter { !$0.isOwnedByNode })
  }

  private func rootSlotCandidate() -> ViewSlot? {
    guard let slot = rootNode?.nodeCore.slot, slot.window === self, slot.isLoaded else { return nil }
    return slot
  }

  private static var lastID: UInt64 = 0

  private static func makeID() -> UInt64 {
    lastID += 1
    return lastID
  }

  isolated deinit {
    // A window that goes away while attached detaches its tree: the hooks still run.
    // (Weak references to the window already read `nil` here; `rootNode` is set only while attached.)
    if let slot = rootNode?.nodeCore.slot {
      slot.window = nil
      // Its view leaves the window's view first, as a `UIWindow`'s subviews leave it when it goes: the exit hooks
      // see the root's view in no superview, as after a detach.
      placeRoot()
      MainTurn.exitHierarchyOfClosedWindow(from: slot)
    }
    // The root weakly: a tree that nobody else holds dies with the window, here, as a `UIWindow`'s views release
    // their nodes as it goes; there is nothing to forget for a dead root.
    let queue = turnQueue
    let root = WeakNode(node: rootNode)
    let id = self.id
    Task { @HierarchyActor in
      if let root = root.node { Tree.forgetWindow(withID: id, of: root) }
      queue.retire()
    }
  }
}
