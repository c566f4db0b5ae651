/// Why a layout could not be computed.
///
/// Measuring stops at the first error and throws it to whoever asked for the
/// layout; nothing is cached and nothing is applied, so the tree keeps its
/// previous layout. In a layout pass, the node whose layout failed keeps the
/// layout it had (a view it places keeps its frame), but takes the frame that
/// its supernode's layout, if that succeeded, gives it; the pass's other
/// nodes are laid out as usual. The next pass, whatever asks for it, lays out
/// again the nodes whose layout failed, so no change a failed pass took is lost.
public enum LayoutError: Error, Hashable, Sendable {
  /// A spec names a node that is not a subnode of the node whose spec it is.
  ///
  /// Add the node with `addSubnode` first. Texture documents this rule for
  /// nodes that do not manage their subnodes automatically but does not check
  /// it: it measures such a node and gives it no frame. Here it is an error: a
  /// spec that names a node that was removed (or never added) is nearly
  /// always a bug in the spec, which a silent layout would hide.
  case notASubnode(node: String, parent: String)
  /// A spec names the same node twice, or names the node whose spec it is.
  case elementListedTwice(node: String, parent: String)
  /// A computed size is infinite, NaN, negative or not below 10,000,000 points
  /// (Texture's limit for a layout, `ASIsCGSizeValidForSize`): an element was
  /// offered an unbounded range and takes all of it (an inset with an infinite
  /// edge in an unbounded range, a manual node returning `.infinity`, a node
  /// taking the whole of a `FLT_MAX` range), or content adds up past the limit.
  case invalidSize(Size, element: String)
  /// An element was placed at a position that is not finite: finite sizes, spacings or positions added up past
  /// `Double`'s largest value.
  ///
  /// A stack adds up its children's lengths and spacings (a spacing of
  /// `1e308`); a node's layout adds up the positions of the specs it
  /// flattens, and rounds them up to the pixel grid (an absolute or inset spec
  /// at `1e308` inside another, or a complete layout nested so, from
  /// ``LayoutMethod/layout(_:)``). The error names the element placed there.
  case invalidPosition(Point, element: String)
  /// A node's layout code asked for that same layout, which would wait for itself forever.
  ///
  /// A task that layout code starts with `Task { ... }` inherits its
  /// task-local values, and with them the measurements it runs in: until
  /// those end, it counts as that layout code, here and for
  /// ``layoutPassAwaitedFromLayoutCode``. Start work that should not count
  /// with `Task.detached`.
  case layoutRequestedFromItsOwnLayoutCode(node: String)
  /// Layout code (a node's ``DisplayNode/layoutMethod(thatFits:)`` or
  /// ``DisplayNode/calculatedLayoutDidChange()``) waited for layout passes
  /// (``Window/layoutIfNeeded()``, ``Window/waitForLayoutPasses()``,
  /// ``DisplayNode/layoutIfNeeded()`` of a loaded node), which would wait for
  /// the pass it runs in. Texture defers such a call to the main thread's next
  /// layout; here it is refused, and nothing waits.
  case layoutPassAwaitedFromLayoutCode
}

extension LayoutError {
  /// Whether the error can come from a subnode that left the node during its measurement, from a spec its layout
  /// code made before the edit: a spec naming a node that is no longer a subnode, or a subnode whose own spec,
  /// made after the edit, names the node being measured.
  var mayComeFromASubnodeThatLeft: Bool {
    switch self {
    case .notASubnode, .layoutRequestedFromItsOwnLayoutCode: true
    default: false
    }
  }
}

extension LayoutError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .notASubnode(let node, let parent):
      "a layout spec may name only subnodes of its node: \(node) is not a subnode of \(parent)"
    case .elementListedTwice(let node, let parent):
      "a layout spec may name each node once and not its own node: \(parent)'s spec names \(node) twice"
    case .invalidSize(let size, let element) where size.isValidViewSize:
      "a layout's size must be below 10,000,000 points (Texture's ASIsCGSizeValidForSize): \(element) computed \(size)"
    case .invalidSize(let size, let element):
      "a layout's size must be finite and not negative: \(element) computed \(size)"
    case .invalidPosition(let position, let element):
      "a layout's position must be finite: \(element) was placed at \(position)"
    case .layoutRequestedFromItsOwnLayoutCode(let node):
      "a node's layout code must not wait for its own layout: \(node)"
    case .layoutPassAwaitedFromLayoutCode:
      "layout code must not wait for layout passes (layoutIfNeeded, waitForLayoutPasses): the pass it runs in would wait for it"
    }
  }
}
