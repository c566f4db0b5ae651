import Synchronization

/// The library's per-node storage that other isolation domains reach without a hop.
///
/// Every ``DisplayNode`` stores one as `nonisolated let nodeCore = NodeCore()`.
/// A node's mutable state is split by the isolation domain that owns it:
///
/// - the node's actor owns ``NodeState`` (pending view properties, debug name);
/// - the ``HierarchyActor`` owns the tree links kept here (supernode,
///   subnodes, layer backing, load status), so that every structural edit is
///   one linearizable step even when it spans several nodes;
/// - the main actor owns the loaded view, kept here too, so that main-actor
///   code reaches `node.view` synchronously.
///
/// The core is `Sendable` because each of its mutable fields is isolated to a
/// global actor; its immutable fields (identity, view factory) are readable
/// from anywhere.
///
/// # Isolation
/// - `id`, `isSynchronous`: any isolation domain.
/// - Tree links: the ``HierarchyActor``.
/// - The view slot: the main actor.
public final class NodeCore: Sendable {
  /// A process-unique number, shown in descriptions.
  public let id: UInt64
  /// The factory of a node that wraps an existing kind of view (Texture's `initWithViewBlock:`).
  let viewFactory: ViewFactory?

  /// The parent node; weak, as in Texture.
  @HierarchyActor private(set) weak var supernode: (any DisplayNode)?
  /// The ``id`` of ``supernode`` (0 for none), readable without a hop: a spec's nodes are checked against it.
  let supernodeID = Atomic<UInt64>(0)
  /// The node's layout version: bumped by every invalidation, so that a layout measured before it is not used.
  let layoutVersion = Atomic<UInt64>(0)
  /// The layout version that the node's latest invalidation asking for a pass made, until a pass takes the node as
  /// one to lay out again; 0 for none (see ``DisplayNode/remeasureForPass(_:invalidatedAt:)``).
  let unhandledInvalidation = Atomic<UInt64>(0)
  /// The layout version that the node's latest invalidation asking for a pass made, kept after a pass takes it: a
  /// node that manages its subnodes measures the ones it names before they are its subnodes (see
  /// ``askForPassIfInvalidatedSinceMeasuredFromAbove(_:generation:)``).
  let latestInvalidation = Atomic<UInt64>(0)
  /// Bumped whenever a subnode leaves the node: a measurement whose spec named a subnode that left meanwhile is
  /// measured again rather than failing (Texture holds the node's lock while it runs its layout spec, so its
  /// subnodes cannot change under it).
  let subnodeDepartures = Atomic<UInt64>(0)
  /// The layout a caller asked for last, readable without a hop while it stays valid (see ``LayoutShortcut``).
  let layoutShortcut = Mutex<LayoutShortcut?>(nil)
  /// Bumped whenever the node's latest measurement is of another range than before, which ends the shortcut.
  let measuredStamp = Atomic<UInt64>(0)
  /// The ``LayoutCache/Key/fingerprint`` of the measurement a supernode's spec took of the node last, measured
  /// or answered from its memo (Texture's layout "requested from above"); 0 for none. A pass gives the node that
  /// measurement where its supernode's layout places it.
  let requestFromAbove = Atomic<UInt64>(0)
  /// The node's layout version when its supernode's spec took that measurement.
  let requestFromAboveVersion = Atomic<UInt64>(0)
  /// The layout version at which a pass last gave the node its applied layout and its frame; `UInt64.max` if
  /// none did, or if `configure` wrote the node's frame or the node moved since (see ``isSettled(request:)``).
  private let settledVersion = Atomic<UInt64>(.max)
  /// The ``requestFromAbove`` of the layout a pass gave the node when it settled it.
  private let settledRequest = Atomic<UInt64>(0)
  /// Whether layout passes relayout the node by itself (its view loaded), whether one is requested,
  /// and whether the node was ever measured.
  private let layoutPassFlags = Atomic<UInt8>(0)
  /// The node's display generation: raised by every display request and cancellation, so that a display
  /// started before the latest rise never commits (Texture's display sentinel; see ``DisplayTicket``).
  let displayGeneration = Atomic<UInt64>(0)
  /// Display settings readable from every isolation domain (see the `display…` constants).
  let displayFlags = Atomic<UInt8>(0)
  /// How many displays of the node were asked for: each request takes the next number when it is made, so that a
  /// wait sees the requests on their way (see ``DisplayScheduler``).
  let displayRequests = Atomic<UInt64>(0)
  /// The number of the latest request of the node that a display answered: a display whose snapshot was taken after
  /// the request was made started and queued its commit, or was dropped or skipped. Written on the `HierarchyActor`.
  let displayRequestsAnswered = Atomic<UInt64>(0)
  /// ``DisplayNode/contentsScaleForDisplay``, as the bit pattern of a `Double`.
  let contentsScaleBits = Atomic<UInt64>(1.0.bitPattern)
  /// Whether the supernode automatically manages its subnodes (so edits by hand of this node are refused).
  ///
  /// A flag set with the link, so that edits do not load the weak
  /// ``supernode`` to ask; the load happens only when the flag is set (the
  /// supernode may have died since).
  @HierarchyActor var isManagedSubnode: Bool { supernodeManagesSubnodes && supernode != nil }
  @HierarchyActor private var supernodeManagesSubnodes = false
  /// The child nodes, back to front.
  @HierarchyActor var subnodes: [any DisplayNode] = []
  /// Whether the node loads a bare ``Layer`` instead of a ``View``.
  @HierarchyActor var isLayerBacked: Bool
  /// Whether the node's subnodes are exactly the nodes its layout names (Texture's `automaticallyManagesSubnodes`).
  ///
  /// Chosen when the node is made, so it cannot change under a layout: each
  /// layout pass that applies the node's layout adds, removes and reorders
  /// the subnodes to match it, in one step (a layout of the node's own size,
  /// ``LayoutMethod/size(_:)``, names none: it removes them all, as Texture's
  /// layout transition does). Edits by hand are refused: adding,
  /// inserting or replacing throws ``HierarchyError/subnodesManagedByLayout``,
  /// and ``DisplayNode/removeFromSupernode()`` of a managed subnode (which does
  /// not throw) stops the program with a message that names the rule.
  public let automaticallyManagesSubnodes: Bool
  /// The structure version of the latest change to ``subnodes``.
  @HierarchyActor var childrenVersion: UInt64 = 0
  /// How far the node's view has come: unloaded, being gathered, or handed to the main actor.
  @HierarchyActor var loadPhase = LoadPhase.unloaded
  /// Main-actor work waiting for the node's window to take it (see ``TurnQueue``).
  @HierarchyActor var pending = PendingWork()
  /// The node's main-actor side: its view once loaded, and the mirror of its tree links.
  ///
  /// Next to ``pending``: a turn reads it for every node whose work the
  /// ``HierarchyActor`` took just before, so its line is likely in a cache already.
  @MainActor var slot: ViewSlot?
  /// ``slot``, once the node's view has loaded, for the ``HierarchyActor`` to queue writes with: a turn then
  /// reaches the slot without touching the core, which another thread wrote last (see `TurnWork.applyWrites`).
  ///
  /// Set once the load turn is over (``LoadedSlots/record()``); `nil` until then, and the turn reads ``slot``
  /// instead. A node's slot never changes.
  @HierarchyActor var loadedSlot: ViewSlot?
  /// The queue of the window the node was last in; `nil` (never in a window) is the shared automatic queue.
  ///
  /// A node keeps the queue when it leaves the window's tree, so that all
  /// work for it is applied in that window's turns (and a manual window's
  /// test stays deterministic); it takes a new queue when it enters a tree
  /// with another queue.
  @HierarchyActor var turnQueue: TurnQueue?
  /// For a node that manages its subnodes: the stamp of the layout step whose named nodes its subnodes became last
  /// (see ``Tree/setManagedSubnodes(_:)``); an older step's change is not made.
  @HierarchyActor var managedSubnodesStamp: UInt64 = 0
  /// The stamp of the latest ``Subtree`` validation that listed this node (see ``Tree/link(_:)``).
  @HierarchyActor var listedStamp: UInt64 = 0
  /// The window this node is the root of, if any.
  @HierarchyActor weak var hostWindow: Window? {
    didSet { hostWindowID.store(hostWindow?.id ?? 0, ordering: .releasing) }
  }
  /// The ``Window/id`` of ``hostWindow`` (0 for none), readable without a hop: a layout pass lays a root out at
  /// its window's size only while it is still that window's root.
  let hostWindowID = Atomic<UInt64>(0)
  /// Whether the node is the root of a live window.
  ///
  /// The id first, so that a node that never was a root costs no weak load (every edit asks it); the id
  /// outlives a window that went away without a detach, so the weak reference decides.
  @HierarchyActor var isWindowRoot: Bool { hostWindowID.load(ordering: .relaxed) != 0 && hostWindow != nil }

  /// Creates the core of a node that loads a ``View``, or a ``Layer`` if `isLayerBacked`.
  ///
  /// - Parameters:
  ///   - isLayerBacked: Whether the node loads a bare layer (cheaper, no interaction).
  ///   - automaticallyManagesSubnodes: Whether the node's subnodes are exactly those its layout
  ///     names, in its order (see ``automaticallyManagesSubnodes``).
  public init(isLayerBacked: Bool = false, automaticallyManagesSubnodes: Bool = false) {
    id = NodeCore.makeID()
    viewFactory = nil
    self.isLayerBacked = isLayerBacked
    self.automaticallyManagesSubnodes = automaticallyManagesSubnodes
  }

  /// Creates the core of a node that wraps a view made by `makeView`.
  ///
  /// The library calls `makeView` once, on the main actor, when the node loads;
  /// it must return a new view that no node owns. Such a node is
  /// synchronous: its view is drawn by whoever made it, never by the node.
  ///
  /// It is laid out as any node: its layout places its subnodes, and its
  /// ``DisplayNode/layout(_:)`` and ``DisplayNode/layoutDidFinish(_:)`` run
  /// on the main actor when a layout is applied to it. Texture routes no
  /// layout to a view block's view (its `layoutSubviews` is the app's own);
  /// ``View`` is final, so the node's hooks are where its content is arranged.
  ///
  /// - Parameters:
  ///   - makeView: The factory (Texture's view block).
  public init(makeView: @escaping @MainActor @Sendable () -> View) {
    id = NodeCore.makeID()
    viewFactory = .view(makeView)
    isLayerBacked = false
    automaticallyManagesSubnodes = false
  }

  /// Creates the core of a layer-backed node that wraps a layer made by `makeLayer`.
  ///
  /// Laid out as any node, as a node made with ``init(makeView:)`` is.
  ///
  /// - Parameters:
  ///   - makeLayer: The factory (Texture's layer block); called once, on the main actor.
  public init(makeLayer: @escaping @MainActor @Sendable () -> Layer) {
    id = NodeCore.makeID()
    viewFactory = .layer(makeLayer)
    isLayerBacked = true
    automaticallyManagesSubnodes = false
  }

  /// Whether the node wraps a view or layer made by a factory (Texture's `isSynchronous`).
  public var isSynchronous: Bool { viewFactory != nil }

  /// Links the node to its new supernode, whose core is `parentCore`.
  ///
  /// Not a `didSet` on ``supernode``: that would load the weak reference back
  /// on every link of every tree.
  @HierarchyActor func setSupernode(_ parent: any DisplayNode, core parentCore: NodeCore) {
    supernode = parent
    supernodeID.store(parentCore.id, ordering: .sequentiallyConsistent)
    supernodeManagesSubnodes = parentCore.automaticallyManagesSubnodes
    unsettleIfSettled()
  }

  /// Unlinks the node from its supernode.
  @HierarchyActor func clearSupernode() {
    supernode = nil
    supernodeID.store(0, ordering: .sequentiallyConsistent)
    supernodeManagesSubnodes = false
    unsettleIfSettled()
  }

  /// Whether the node has a supernode, without a weak load (edits ask it of every node they move).
  @HierarchyActor var hasSupernode: Bool { supernodeID.load(ordering: .relaxed) != 0 }

  /// Whether the node's supernode is the node whose core is `parentCore`, without a weak load.
  @HierarchyActor func isSubnode(of parentCore: NodeCore) -> Bool {
    supernodeID.load(ordering: .relaxed) == parentCore.id
  }

  /// Lets invalidations of the node request layout passes: its view loaded, so it is in a window's tree or its own.
  ///
  /// - Returns: Whether a pass must take the node now (see ``notePassAtLoad(for:)``).
  func enableLayoutPasses() -> Bool {
    let old = layoutPassFlags.bitwiseOr(NodeCore.passesEnabled, ordering: .acquiringAndReleasing).oldValue
    guard old & NodeCore.passAtLoad != 0 else { return false }
    layoutPassFlags.bitwiseAnd(~NodeCore.passAtLoad, ordering: .acquiringAndReleasing)
    return true
  }

  /// Records that the unloaded node's supernode may have laid it out at a size measured before an invalidation of
  /// the node: the invalidation asked for no pass (the node was unloaded), so one takes the node when it loads, and
  /// lays its supernode out again if its size changed (Texture's view measures the node again when it is laid out,
  /// and asks its supernode to relayout if the size changed).
  ///
  /// Two cases: a walk placed the node at such a size, or the node was invalidated after its supernode measured
  /// it. If the node loaded meanwhile (``enableLayoutPasses()`` ran before the mark), the pass is asked for here.
  func notePassAtLoad(for node: any DisplayNode) {
    layoutPassFlags.bitwiseOr(NodeCore.passAtLoad, ordering: .acquiringAndReleasing)
    guard layoutPassesEnabled else { return }  // The load takes the mark.
    let old = layoutPassFlags.bitwiseAnd(~NodeCore.passAtLoad, ordering: .acquiringAndReleasing).oldValue
    if old & NodeCore.passAtLoad != 0 { requestLayoutPass(for: node) }
  }

  /// Whether the node's view has loaded (its load snapshot was taken), readable from any isolation domain.
  var isViewLoaded: Bool { layoutPassesEnabled }

  /// Whether invalidations of the node request layout passes (its view loaded).
  var layoutPassesEnabled: Bool {
    layoutPassFlags.load(ordering: .relaxed) & NodeCore.passesEnabled != 0
  }

  /// Asks the node's window for a layout pass after an invalidation of `node`, once until that pass takes it.
  ///
  /// A node whose view has not loaded is laid out by whoever lays out its
  /// tree (its window's pass once it loads, or ``DisplayNode/layoutIfNeeded()``).
  /// Asked from a main-actor job, the pass starts after that job: every
  /// invalidation the job makes is in it (see ``LayoutScheduler``).
  /// - Parameter generation: How many passes led to this request, each asked for by code the one before ran
  ///   (see ``LayoutScope/followUpPassLimit``); 0 from code that no pass runs.
  func requestLayoutPass(for node: any DisplayNode, generation: Int = 0) {
    guard layoutPassesEnabled else {
      // Measured by its supernode before this invalidation: that layout may place it at its old size.
      if requestFromAbove.load(ordering: .relaxed) != 0 { notePassAtLoad(for: node) }
      return
    }
    let old = layoutPassFlags.bitwiseOr(NodeCore.passRequested, ordering: .acquiringAndReleasing).oldValue
    guard old & NodeCore.passRequested == 0 else { return }
    let registration = LayoutScheduler.registrationLeft()
    let requestedAt = ContinuousClock.now
    // From a main-actor job, the pass waits for the job to end: the job's other invalidations join it.
    let fromMainActor = LayoutApplication.isOnMainQueue
    Task { @HierarchyActor in
      LayoutScheduler.register(
        node, requestedAt: requestedAt, generation: generation, fromMainActor: fromMainActor,
        registration: registration)
    }
  }

  /// Asks for a pass if the node was invalidated after its supernode's spec measured it; `node` has this core.
  ///
  /// A node that manages its subnodes measures the nodes its layout names
  /// before they are its subnodes. An invalidation of such a node in
  /// between reached no supernode: its pass took the node as a root of its
  /// own, or (unloaded) asked for none, and the new supernode's layout places
  /// it at its old size. Called once the node is a subnode, this asks for the
  /// pass that lays the supernode out again if the node's size changed, as the
  /// invalidation would have asked had it come a moment later.
  func askForPassIfInvalidatedSinceMeasuredFromAbove(_ node: any DisplayNode, generation: Int) {
    let invalidated = latestInvalidation.load(ordering: .acquiring)
    guard invalidated > requestFromAboveVersion.load(ordering: .relaxed) else { return }
    // Listed as the invalidation listed it: a layout applied since then was measured from the new state, so the pass
    // counts the node as resized and lays its supernode out again (see `remeasureForPass`).
    unhandledInvalidation.max(invalidated, ordering: .acquiringAndReleasing)
    requestLayoutPass(for: node, generation: generation)
  }

  /// Records whether the node left the window it was the root of (it frames itself until it enters one again).
  func setLeftItsWindow(_ hasLeft: Bool) {
    if hasLeft {
      layoutPassFlags.bitwiseOr(NodeCore.leftItsWindow, ordering: .releasing)
    } else {
      layoutPassFlags.bitwiseAnd(~NodeCore.leftItsWindow, ordering: .releasing)
    }
  }

  /// Whether the node left the window it was the root of and entered none since: a new size written to its
  /// frame asks for a pass at it, as for a node placed by hand.
  var hasLeftItsWindow: Bool {
    layoutPassFlags.load(ordering: .acquiring) & NodeCore.leftItsWindow != 0
  }

  /// Lets the next invalidation request a pass again: a pass took the node.
  func clearLayoutPassRequest() {
    layoutPassFlags.bitwiseAnd(~NodeCore.passRequested, ordering: .acquiringAndReleasing)
  }

  /// Records that the node was measured at least once, so a pass looks for its measurements.
  func noteMeasured() {
    guard layoutPassFlags.load(ordering: .relaxed) & NodeCore.measured == 0 else { return }
    layoutPassFlags.bitwiseOr(NodeCore.measured, ordering: .relaxed)
  }

  /// Keeps `shortcut` as the answer to a repeated request (see ``LayoutShortcut``).
  func keepShortcut(_ shortcut: LayoutShortcut) {
    layoutPassFlags.bitwiseOr(NodeCore.keepsShortcut, ordering: .releasing)
    layoutShortcut.withLock { $0 = shortcut }
  }

  /// Drops the kept shortcut, if any: the lock is taken only by nodes that were asked for a layout directly.
  func dropShortcut() {
    let old = layoutPassFlags.bitwiseAnd(~NodeCore.keepsShortcut, ordering: .acquiringAndReleasing).oldValue
    guard old & NodeCore.keepsShortcut != 0 else { return }
    layoutShortcut.withLock { $0 = nil }
  }

  /// Records that a pass gave the node its layout measured at `version` and the frame its supernode with
  /// ``id`` `parentID` placed it at; in the node's isolation.
  ///
  /// A node that has left that supernode since stays unsettled: the store
  /// comes before the check of the link, and a move stores the link before
  /// it unsettles (both sequentially consistent), so whichever way a move
  /// and this interleave, the node ends unsettled.
  func settle(at version: UInt64, request: UInt64, placedBy parentID: UInt64) {
    settledRequest.store(request, ordering: .relaxed)
    settledVersion.store(version, ordering: .sequentiallyConsistent)
    if supernodeID.load(ordering: .sequentiallyConsistent) != parentID { unsettle() }
  }

  /// Records that the node's frame is not the one a pass gave it any more: `configure` wrote it, or the node
  /// moved (the next pass that lays out its supernode writes its frame again).
  func unsettle() {
    settledVersion.store(.max, ordering: .sequentiallyConsistent)
  }

  /// ``unsettle()`` for a node that moved: a node never placed by a pass (every node being built) is left as is.
  private func unsettleIfSettled() {
    if settledVersion.load(ordering: .sequentiallyConsistent) != .max { unsettle() }
  }

  /// Whether the node still shows what a pass gave it: no invalidation since it took its applied layout, no
  /// move, no frame written by `configure` since the pass wrote one, and no measurement by its supernode's spec in
  /// another range since (to the same size, the frame can stay while the layout inside changes).
  ///
  /// A pass that lays out the supernode again and leaves such a node where
  /// it was does not visit it: nothing of it would change (Texture sets the
  /// frame of every subnode again, to the same value).
  ///
  /// With a `request` other than 0, the measurement the supernode's layout was computed from
  /// (``Layout/measuredFrom``) stands for the one its spec took last.
  func isSettled(request: UInt64) -> Bool {
    settledVersion.load(ordering: .acquiring) == layoutVersion.load(ordering: .acquiring)
      && settledRequest.load(ordering: .relaxed) == (request != 0 ? request : requestFromAbove.load(ordering: .relaxed))
  }

  /// Whether the node was ever measured: a pass lays out the subnodes of a node that places them
  /// itself from their latest measurement if they were, else (for those with subnodes) at their bounds.
  var wasMeasured: Bool {
    layoutPassFlags.load(ordering: .relaxed) & NodeCore.measured != 0
  }

  /// ``displayFlags``: display is suspended (``DisplayNode/setDisplaySuspended(_:)``).
  static let displaySuspended: UInt8 = 1
  /// ``displayFlags``: the node draws on the main actor (``DisplayNode/setDisplaysAsynchronously(_:)``).
  static let displaySynchronously: UInt8 = 2
  /// ``displayFlags``: the node's displays and its descendants' commit together (a transaction container).
  static let transactionContainer: UInt8 = 4
  /// ``displayFlags``: the node is a ``DrawingNode`` (recorded when its view loads).
  static let drawsContents: UInt8 = 8

  /// Whether ``displayFlags`` has `flag`.
  func hasDisplayFlag(_ flag: UInt8) -> Bool {
    displayFlags.load(ordering: .acquiring) & flag != 0
  }

  /// Sets or clears `flag` in ``displayFlags``; returns whether it was set before.
  @discardableResult
  func setDisplayFlag(_ flag: UInt8, _ isOn: Bool) -> Bool {
    let old =
      isOn
      ? displayFlags.bitwiseOr(flag, ordering: .acquiringAndReleasing).oldValue
      : displayFlags.bitwiseAnd(~flag, ordering: .acquiringAndReleasing).oldValue
    return old & flag != 0
  }

  /// Whether display is suspended.
  var isDisplaySuspended: Bool { hasDisplayFlag(NodeCore.displaySuspended) }

  /// Supersedes every display started so far: none of them commits.
  func cancelDisplays() {
    displayGeneration.add(1, ordering: .acquiringAndReleasing)
  }

  /// Gives a new display a generation of its own, superseding every display made before it.
  func beginDisplay() -> UInt64 {
    displayGeneration.add(1, ordering: .acquiringAndReleasing).newValue
  }

  /// The current display generation: a display started at another one is superseded.
  var currentDisplayGeneration: UInt64 {
    displayGeneration.load(ordering: .acquiring)
  }

  /// ``DisplayNode/contentsScaleForDisplay``.
  var contentsScaleForDisplay: Double {
    Double(bitPattern: contentsScaleBits.load(ordering: .acquiring))
  }

  /// Sets ``contentsScaleForDisplay``; returns whether it changed.
  func setContentsScaleForDisplay(_ scale: Double) -> Bool {
    contentsScaleBits.exchange(scale.bitPattern, ordering: .acquiringAndReleasing) != scale.bitPattern
  }

  private static let passesEnabled: UInt8 = 1
  private static let passRequested: UInt8 = 2
  private static let measured: UInt8 = 4
  private static let keepsShortcut: UInt8 = 8
  private static let leftItsWindow: UInt8 = 16
  private static let passAtLoad: UInt8 = 32

  /// Whether the node's view exists or is being built; set once, never cleared.
  @HierarchyActor var isLoaded: Bool {
    if case .unloaded = loadPhase { return false }
    return true
  }

  deinit {
    // Hand the children and the main-actor side to an iterative teardown: releasing them
    // here would recurse once per level of the tree (see `Teardown`).
    // Move, not copy: the graveyard must hold the only references, or the children
    // would die after this deinitializer returns, one level of recursion each.
    var children = subnodes
    subnodes = []
    let mainSide = slot
    slot = nil
    loadedSlot = nil
    if !children.isEmpty || mainSide != nil {
      Teardown.release(&children, mainSide: mainSide)
    }
  }

  /// The identity of the node whose ``NodeState`` was bound to this core (its `ObjectIdentifier`'s bits; see
  /// `DisplayNode.state`), 0 before.
  private let stateOwner = Atomic<UInt>(0)

  /// Records that `node`'s state was bound to this core; `nil` if it is the first, else whether the state bound
  /// before was `node`'s too (`true`: a replaced state) or another node's (`false`: a shared core).
  func claimState(for node: ObjectIdentifier) -> Bool? {
    let owner = UInt(bitPattern: node)
    let (claimed, previous) = stateOwner.compareExchange(expected: 0, desired: owner, ordering: .relaxed)
    return claimed ? nil : previous == owner
  }

  private static let nextID = Atomic<UInt64>(1)

  private static func makeID() -> UInt64 {
    nextID.wrappingAdd(1, ordering: .relaxed).oldValue
  }
}

/// How a synchronous node makes its view or layer.
enum ViewFactory: Sendable {
  case view(@MainActor @Sendable () -> View)
  case layer(@MainActor @Sendable () -> Layer)
}
