/// A node: an actor that owns one view's worth of state, laid out and drawn off the main actor.
///
/// `DisplayNode` is ActorNodes' `ASDisplayNode`. Swift actors cannot be
/// subclassed, so instead of subclassing you conform an actor of your own,
/// declare the library's two stored properties, add your own state, and
/// implement the hooks you need:
///
/// ```swift
/// actor KittenNode: DisplayNode {
///   nonisolated let nodeCore = NodeCore()
///   let nodeState = NodeState(debugName: "kitten")
///
///   let photo = BasicNode()
///   var name: String
///
///   init(name: String) async throws {
///     self.name = name
///     try await addSubnode(photo)
///   }
///
///   @MainActor func didLoad(_ context: borrowing LoadContext) {
///     context.view?.isUserInteractionEnabled = true
///   }
/// }
/// ```
///
/// ``BasicNode`` is a ready-made node with no state of its own, for
/// containers and for wrapping views made by a factory.
///
/// # Isolation
/// - Your stored properties and ``nodeState`` are isolated to the node:
///   other domains use them with `await`.
/// - ``nodeCore`` is `nonisolated`: it holds the node's identity, its tree
///   links (isolated to the ``HierarchyActor``) and its loaded view
///   (isolated to the main actor).
/// - The view-lifecycle hooks (``didLoad(_:)``, ``willEnterHierarchy(_:)``,
///   ``didEnterHierarchy(_:)``, ``didExitHierarchy(_:)``) are `@MainActor`.
///   The compiler rejects an implementation that is not.
/// - A node can be created and configured in any isolation domain. Before its
///   view loads, writes to its view properties are kept in ``nodeState``;
///   afterwards they are queued and applied together on the next main-actor
///   turn. See ``configure(_:)``.
///
/// # Implementation requirements
/// - Declare `nonisolated let nodeCore = NodeCore()` (or one of its
///   factory initializers) and `let nodeState = NodeState()`, and never
///   replace either. `var nodeState` and a computed `nodeCore` compile, but
///   the library's first use of the node's state after a replacement (a
///   write, a load, a layout) stops the program with a contract violation
///   that names this rule. A tree edit alone is not checked (each edit reads
///   each core once): with a computed `nodeCore`, `addSubnode` links a core
///   that is gone at once, and the subnode reads no supernode.
/// - Hooks receive a context whose initializer is internal: only the library
///   can call them. Two requirements take none, because app code calls them
///   too, as in Texture: ``setNeedsDisplay(atScale:)`` and ``clearContents()``.
///   Implement them to keep a scale of the node's own or to drop a cache;
///   the recursive versions call each node's.
/// - Spell each hook exactly as the requirement does. Because every hook has
///   a default implementation (Texture's are optional overrides), a method
///   that does not match its requirement is simply another method: it
///   compiles and is never called. That holds for another label or arity
///   (`didLoad(context:)`, `didLoad()`), a `static` method for an instance
///   requirement, an `async` or `throws` method for a synchronous, non-throwing
///   one (`calculatedLayoutDidChange() async`), another parameter or result
///   type (`setNeedsDisplay(atScale: Float)`), and a method declared in an
///   extension of the node that does not declare its conformance. Swift warns
///   ("nearly matches defaulted requirement") only for a member of an
///   extension that declares the conformance (`extension MyNode: DisplayNode`),
///   and not for another label; a node declared `actor MyNode: DisplayNode { … }`
///   gets no warning at all. `@MainActor` is part of the match too: without
///   it, the compiler rejects the conformance (see "Common mistakes" in the
///   README). The same holds for a ``DrawingNode``'s `draw(_:in:request:)`
///   and `display(_:request:)` (see there).
public protocol DisplayNode: Actor {
  /// The node's identity, tree links and loaded view; declare it as `nonisolated let nodeCore = NodeCore()`.
  nonisolated var nodeCore: NodeCore { get }

  /// The library's node-isolated state; declare it as `let nodeState = NodeState()`.
  var nodeState: NodeState { get }

  /// Tells the node that its view (or layer) has loaded.
  ///
  /// The library calls this once, on the main actor, after it created the
  /// view, applied the properties set before load, and loaded the subnodes
  /// (so subnodes' `didLoad` runs before their supernode's). Blocks added
  /// with ``onDidLoad(_:)`` run right after it. Unlike Texture, whose view
  /// getter runs `didLoad` before the supernode's view (or the window) takes
  /// the view, the turn places views first: a tree loaded by a window sees
  /// its views in their superviews and the window here (after ``loadView()``,
  /// in none). Do not rely on either. This is the place for
  /// view-only work: gesture recognizers, view-only properties. The default
  /// implementation does nothing.
  ///
  /// - Parameters:
  ///   - context: The loaded view and layer.
  ///
  /// - Important: Implement it with exactly this signature. `didLoad(context:)` or
  ///   `didLoad()` is a different method: it compiles without a warning and is never called.
  @MainActor func didLoad(_ context: borrowing LoadContext)

  /// Tells the node that its view is about to enter a window's view tree.
  ///
  /// The library calls this on the main actor, in pre-order (a supernode
  /// before its subnodes), after ``isInHierarchy`` became `true`. Moving a
  /// node between two parents in the same window does not call it again.
  /// The default implementation does nothing.
  ///
  /// The hierarchy hooks run at the end of the window's turn, once its edits
  /// have put the views where they go: here the view's ``View/window`` is
  /// already the window entered (Texture calls it from `willMoveToWindow:`,
  /// before the view has its window).
  ///
  /// - Important: Implement it with exactly this signature. `willEnterHierarchy(context:)` or
  ///   `willEnterHierarchy()` is a different method: it compiles without a warning and is never called.
  @MainActor func willEnterHierarchy(_ context: borrowing HierarchyContext)

  /// Tells the node that its view and its subnodes' views entered a window's view tree.
  ///
  /// Called on the main actor after every subnode's `didEnterHierarchy`
  /// (post-order). The default implementation does nothing.
  ///
  /// - Important: Implement it with exactly this signature. `didEnterHierarchy(context:)` or
  ///   `didEnterHierarchy()` is a different method: it compiles without a warning and is never called.
  @MainActor func didEnterHierarchy(_ context: borrowing HierarchyContext)

  /// Tells the node that its view left a window's view tree.
  ///
  /// Called on the main actor in pre-order, after ``isInHierarchy`` became
  /// `false`. The default implementation does nothing.
  ///
  /// It runs once the turn has put the views where its edits say: after a
  /// removal or a detach the view's ``View/window`` is `nil`; after a move
  /// into another window's tree it is already that window, whose enter hooks
  /// follow (Texture fires no hook for such a move).
  ///
  /// - Important: Implement it with exactly this signature. `didExitHierarchy(context:)` or
  ///   `didExitHierarchy()` is a different method: it compiles without a warning and is never called.
  @MainActor func didExitHierarchy(_ context: borrowing HierarchyContext)

  /// Tells the node that a display of its contents is about to start (Texture's `displayWillStartAsynchronously:`).
  ///
  /// Called on the main actor after ``DrawingNode/drawParameters()`` took the
  /// display's snapshot and before the draw, then the supernode's
  /// ``subnodeDisplayWillStart(_:)``. Only ``DrawingNode``s display. The default does nothing.
  ///
  /// - Important: Implement it with exactly this signature; `displayWillStart()` is a different method and is never called.
  @MainActor func displayWillStart(_ context: borrowing DisplayContext)

  /// Tells the node that its new contents are on its layer (Texture's `displayDidFinish`).
  ///
  /// Called on the main actor in the turn that commits the display, never
  /// for a cancelled display, then the supernode's ``subnodeDisplayDidFinish(_:)``.
  /// The default does nothing.
  ///
  /// - Important: Implement it with exactly this signature; `displayDidFinish()` is a different method and is never called.
  @MainActor func displayDidFinish(_ context: borrowing DisplayContext)

  /// Tells the node that a subnode's display started (``DisplayContext/subnode``); the default does nothing.
  ///
  /// - Important: Implement it with exactly this signature, or it is never called.
  @MainActor func subnodeDisplayWillStart(_ context: borrowing DisplayContext)

  /// Tells the node that a subnode's display committed (``DisplayContext/subnode``); the default does nothing.
  ///
  /// - Important: Implement it with exactly this signature, or it is never called.
  @MainActor func subnodeDisplayDidFinish(_ context: borrowing DisplayContext)

  /// Tells the node that every display that started for it and its subnodes has committed (Texture's
  /// `hierarchyDisplayDidFinish`).
  ///
  /// Called on the main actor each time the node's set of pending displays
  /// (its own, and its direct subnodes' since their `displayWillStart`)
  /// empties; a cancelled display stays pending until a later one of the
  /// same node commits, or until that subnode is removed, moved to another
  /// supernode, or released. The
  /// default does nothing.
  ///
  /// - Important: Implement it with exactly this signature, or it is never called.
  @MainActor func hierarchyDisplayDidFinish(_ context: borrowing DisplayContext)

  /// Sets the scale the node's contents are drawn at and, if it changed, redraws them (Texture's
  /// `setNeedsDisplayAtScale:`).
  ///
  /// Called from any domain, and by ``recursivelySetNeedsDisplay(atScale:)``
  /// for each node of the subtree, in the node's isolation. The default sets
  /// ``contentsScaleForDisplay`` and, if it changed, asks for a display
  /// (``setNeedsDisplay()``). Implement it to keep a scale of the node's own,
  /// as a Texture subclass overrides it "if they don't want their
  /// contentsScale changed": an implementation that does nothing leaves the
  /// node at its scale, and one that calls ``setNeedsDisplay()`` redraws it
  /// there. The displays asked for during a
  /// ``recursivelySetNeedsDisplay(atScale:)``, by the default or by an
  /// implementation, start together when it returns.
  ///
  /// - Parameters:
  ///   - scale: Pixels per point.
  ///
  /// - Precondition: `scale` is finite and positive (checked by the default, and by
  ///   ``recursivelySetNeedsDisplay(atScale:)`` before it calls any node).
  /// - Important: Implement it with exactly this signature, or it is never called.
  func setNeedsDisplay(atScale scale: Double) async

  /// Removes the node's contents (Texture's `clearContents`); the node displays again when asked to.
  ///
  /// Called on the main actor, by app code and by ``recursivelyClearContents()``
  /// for each loaded node of the subtree. The default sets the layer's
  /// contents to `nil`. Implement it to drop what the node keeps for its
  /// contents (a decoded image, a cache), as Texture's subclasses override it
  /// (`ASImageNode` drops its cache entry). There is no `super` to call: an
  /// implementation replaces the default, so clear the layer in it too
  /// (`layer?.contents = nil`) if a direct call must; ``recursivelyClearContents()``
  /// clears every layer of its subtree itself, before it calls the nodes.
  /// Like Texture's, it does not cancel a display in flight, which still
  /// commits if nothing else cancels it.
  ///
  /// - Important: Implement it with exactly this signature, `@MainActor` included (the
  ///   compiler rejects an implementation that is not), or it is never called.
  @MainActor func clearContents()

  /// Says how the node lays itself out within `range`: from a spec, by measuring itself, or as a whole layout.
  ///
  /// Texture's `layoutSpecThatFits:`, `calculateSizeThatFits:` and
  /// `calculateLayoutThatFits:` in one requirement (see ``LayoutMethod``).
  /// The library calls it off the main actor, in the node's isolation, when a
  /// layout for `range` is not cached; `range` already has the node's style
  /// applied. Read what the layout depends on from the node's state, and call
  /// ``invalidateCalculatedLayout()`` when that state changes. Layout code must
  /// not add or remove subnodes of a node being laid out: adding, inserting or
  /// replacing one throws ``HierarchyError/editedInLayoutCode``, and
  /// ``removeFromSupernode()``, which does not throw, stops the program with
  /// a message that names the rule.
  /// The default returns ``LayoutMethod/size(_:)`` with the range's maximum if
  /// it is finite on both axes, else zero (Texture's default size), clamped into the range.
  ///
  /// ```swift
  /// func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
  ///   .spec(.stack(.vertical, spacing: 4, children: [.node(title), .node(subtitle)]))
  /// }
  /// ```
  ///
  /// - Important: Implement it with exactly this name, label and result type (it may drop `async` or
  ///   `throws`). `layoutMethod(thatFit:)`, a `static` one, or one returning `LayoutMethod?` is a different
  ///   method: it compiles without a warning and is never called, and the node keeps the default size. Do
  ///   not mark it `@MainActor`: an `async` requirement accepts a main-actor implementation, which compiles
  ///   and then measures on the main actor, away from the node's state.
  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod

  /// Lays out the node's view on the main actor, after a layout pass set the frames of the subnodes its layout places.
  ///
  /// Texture's `-layout`. Called on the main actor for a loaded node when a
  /// pass applies a new layout to it, supernodes before subnodes, then
  /// ``layoutDidFinish(_:)``. A node that measures itself
  /// (``LayoutMethod/size(_:)``) places its subnodes here, from the sizes
  /// it measured them at (``LayoutContext/calculatedSize(of:)``); never
  /// measure here: measuring is off the main actor. The default does nothing.
  ///
  /// - Important: Implement it with exactly this signature; `layout()` is a different method and is never called.
  @MainActor func layout(_ context: borrowing LayoutContext)

  /// Tells the node that a layout pass finished laying out its view, right after ``layout(_:)``.
  ///
  /// Texture's `-layoutDidFinish`. The default does nothing.
  ///
  /// - Important: Implement it with exactly this signature; `layoutDidFinish()` is a different method and is never called.
  @MainActor func layoutDidFinish(_ context: borrowing LayoutContext)

  /// Tells the node, in its isolation, that a layout pass applied a new layout to it.
  ///
  /// Texture's `-calculatedLayoutDidChange`. Called off the main actor when
  /// a pass applies a layout measured anew (the first one, one whose size or
  /// subnode frames differ, or one measured again after an invalidation or in
  /// another range, even if it equals the one before, as Texture calls it
  /// for every new layout it applies), before the main actor applies it. A
  /// pass that applies the same, still valid measurement again does not call
  /// it. ``calculatedLayout`` is the new layout here. The default does nothing.
  ///
  /// For a node that manages its subnodes, it runs before the pass's
  /// `HierarchyActor` step makes the nodes the layout names its subnodes
  /// (Texture calls it after its layout transition inserted them): read the
  /// new subnodes from the layout, not from ``subnodes``.
  ///
  /// - Important: Implement it with exactly this signature, synchronous: `calculatedLayoutDidChange() async`
  ///   or a `static` one is a different method; it compiles without a warning and is never called.
  func calculatedLayoutDidChange()

  /// The line that represents this node in ``recursiveDescription()``.
  ///
  /// Texture's `descriptionForRecursiveDescription`. Isolated to the node, so
  /// it can show the node's own state. The default is the type name, the
  /// node's id and its ``debugName``.
  ///
  /// - Important: Implement it as an instance property of type `String`: a `static` one is a different
  ///   property, never read.
  var descriptionForRecursiveDescription: String { get }
}

extension DisplayNode {
  /// Texture's default size: the range's maximum if both axes are bounded (finite and below 10,000,000 points,
  /// Texture's `ASIsCGSizeValidForSize`), else zero.
  public func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    .defaultSize(thatFits: range)
  }

  /// Does nothing.
  @MainActor public func layout(_ context: borrowing LayoutContext) {}
  /// Does nothing.
  @MainActor public func layoutDidFinish(_ context: borrowing LayoutContext) {}
  /// Does nothing.
  public func calculatedLayoutDidChange() {}

  /// Does nothing.
  @MainActor public func displayWillStart(_ context: borrowing DisplayContext) {}
  /// Does nothing.
  @MainActor public func displayDidFinish(_ context: borrowing DisplayContext) {}
  /// Does nothing.
  @MainActor public func subnodeDisplayWillStart(_ context: borrowing DisplayContext) {}
  /// Does nothing.
  @MainActor public func subnodeDisplayDidFinish(_ context: borrowing DisplayContext) {}
  /// Does nothing.
  @MainActor public func hierarchyDisplayDidFinish(_ context: borrowing DisplayContext) {}

  /// Does nothing.
  @MainActor public func didLoad(_ context: borrowing LoadContext) {}
  /// Does nothing.
  @MainActor public func willEnterHierarchy(_ context: borrowing HierarchyContext) {}
  /// Does nothing.
  @MainActor public func didEnterHierarchy(_ context: borrowing HierarchyContext) {}
  /// Does nothing.
  @MainActor public func didExitHierarchy(_ context: borrowing HierarchyContext) {}

  /// The type name, the node's id and its ``debugName``: ``defaultDescription``.
  public var descriptionForRecursiveDescription: String {
    defaultDescription
  }

  /// `<TypeName #id 'debugName'>`: the default line of ``descriptionForRecursiveDescription``.
  public var defaultDescription: String {
    let name = state.debugName.map { " '\($0)'" } ?? ""
    return "<\(Self.self) #\(nodeCore.id)\(name)>"
  }

  /// Whether the node wraps a view or layer made by a factory (Texture's `isSynchronous`).
  public nonisolated var isSynchronous: Bool { nodeCore.isSynchronous }
}
