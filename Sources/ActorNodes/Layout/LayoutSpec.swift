/// A description of how to lay out nodes: a stack, an inset, an overlay, and so on, down to the nodes themselves.
///
/// The counterpart of Texture's `ASLayoutSpec` family. A node that lays out
/// automatically returns a spec from ``DisplayNode/layoutMethod(thatFits:)``;
/// the library measures the nodes it names (each in its own actor, several at
/// once where that pays) and turns the spec into the node's ``Layout``.
///
/// ```swift
/// func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
///   .spec(
///     .inset(EdgeInsets(all: 8),
///       .stack(.horizontal, spacing: 8, alignItems: .center, children: [
///         .node(avatar).preferredSize(Size(width: 40, height: 40)),
///         .node(title).flexShrink(1).flexGrow(1),
///       ])))
/// }
/// ```
///
/// A spec is an immutable `Sendable` value, so Texture's rule "a spec must not
/// change once returned" holds by construction, and a spec can be built in any
/// isolation domain. Every element of a spec, node or spec, can carry style
/// (``flexGrow(_:)``, ``preferredSize(_:)``…): set on a node's element, it
/// overrides, field by field, the node's own ``DisplayNode/style``, as a
/// Texture parent sets `child.style` in its `layoutSpecThatFits:`.
///
/// The nodes a spec names must be subnodes of the node that returns it, and
/// each may appear only once; otherwise measuring throws a ``LayoutError``.
public struct LayoutSpec: Sendable {
  /// What the element is.
  enum Content: Sendable {
    /// A node: measured in its own isolation.
    case node(any DisplayNode)
    /// A spec: computed where its parent is computed.
    case spec(any SpecComputation)
  }

  let content: Content
  /// The style fields this element sets.
  var styleOverride = StyleOverride()
  /// The core of the node, for a node element: a relayout's memo is looked up by it without copying the node
  /// out of the element (a node's retain is slow: nodes are referenced weakly, so they have side tables).
  let nodeCore: NodeCore?

  init(_ content: Content) {
    self.content = content
    if case .node(let node) = content { nodeCore = node.nodeCore } else { nodeCore = nil }
  }

  /// The element that lays out `node`.
  ///
  /// `node` must be a subnode of the node whose spec this is.
  public static func node(_ node: any DisplayNode) -> LayoutSpec {
    LayoutSpec(.node(node))
  }

  /// An empty element that takes the smallest size it is offered; give it ``flexGrow(_:)`` to fill a stack's gap.
  ///
  /// Texture's bare `ASLayoutSpec` used as a spacer.
  public static var spacer: LayoutSpec { LayoutSpec(.spec(SpacerSpec())) }

  /// The nodes this spec lays out directly (the nodes it names, not their own subnodes), in back-to-front order.
  public var nodes: [any DisplayNode] {
    var nodes: [any DisplayNode] = []
    var stack = [self]
    while let element = stack.popLast() {
      switch element.content {
      case .node(let node): nodes.append(node)
      case .spec(let spec): stack.append(contentsOf: spec.children.reversed())
      }
    }
    return nodes
  }
}

/// The computation behind one kind of layout spec.
///
/// Each kind (stack, inset, overlay…) is a `Sendable` value holding its
/// options and its children, and computes its layout from the children it
/// measures through the ``LayoutEnvironment``.
protocol SpecComputation: Sendable {
  /// The kind's name, shown in descriptions (`Stack`, `Inset`).
  var name: String { get }
  /// The elements this spec holds, back to front.
  var children: [LayoutSpec] { get }
  /// Whether the spec's own style narrows the range it is offered before it computes (most kinds do).
  ///
  /// Texture's inset, overlay and background specs skip that step: their own
  /// size style is never applied.
  var appliesOwnSizeStyle: Bool { get }

  /// Lays the spec out within `range`, `parentSize` being its parent's size (NaN on an axis where it is not known).
  func layout(in range: SizeRange, parentSize: Size, environment: LayoutEnvironment) async throws -> Layout

  /// Whether `other`'s options (every stored value but the children) are the same as this spec's.
  ///
  /// Each kind compares every option it has: ``LayoutSpec``'s `==` compares the children itself, without recursion.
  func hasSameOptions(as other: Self) -> Bool
  /// Hashes the options that ``hasSameOptions(as:)`` compares.
  func hashOptions(into hasher: inout Hasher)
}

extension SpecComputation {
  var appliesOwnSizeStyle: Bool { true }

  /// Whether `other` is a spec of the same kind and name with the same options, the children aside.
  func isSameKind(as other: any SpecComputation) -> Bool {
    guard let other = other as? Self else { return false }
    return name == other.name && hasSameOptions(as: other)
  }
}

/// Texture's bare `ASLayoutSpec`: no children, the smallest size of the range.
struct SpacerSpec: SpecComputation {
  var name: String { "Spacer" }
  var children: [LayoutSpec] { [] }

  func hasSameOptions(as _: SpacerSpec) -> Bool { true }
  func hashOptions(into _: inout Hasher) {}

  func layout(in range: SizeRange, parentSize: Size, environment: LayoutEnvironment) async throws -> Layout {
    try environment.layout(of: .spec(name), size: range.min)
  }
}
