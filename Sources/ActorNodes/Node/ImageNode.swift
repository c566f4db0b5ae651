/// A node that shows an image: Texture's `ASImageNode`.
///
/// Its measured size is the image's size in points (its pixel size over its
/// scale), clamped into the range a layout offers; with no image it has
/// Texture's default size. Its display sets the image as the layer's
/// contents, which the layer scales to its bounds; a new image redraws.
///
/// Its view starts out not opaque and clipping to its bounds
/// (``ViewProperties/isOpaque`` `false`, ``ViewProperties/clipsToBounds`` `true`),
/// as Texture's `ASImageNode` sets them in its `init`; a
/// ``DisplayNode/configure(_:)`` write changes them like any property.
///
/// ```swift
/// let avatar = ImageNode(image: Image(pixelWidth: 80, pixelHeight: 80, scale: 2, filledWith: .gray))
/// // measures 40 × 40 wherever there is room for it
/// ```
public actor ImageNode: DrawingNode {
  /// The node's identity, tree links and loaded view.
  public nonisolated let nodeCore: NodeCore
  /// The library's node-isolated state.
  public let nodeState: NodeState

  /// The image shown.
  public private(set) var image: Image?

  /// Creates an image node.
  ///
  /// - Parameters:
  ///   - debugName: The name shown in descriptions (``DisplayNode/debugName``).
  ///   - image: The image shown.
  ///   - isLayerBacked: Whether the node loads a ``Layer`` instead of a ``View``.
  public init(debugName: String? = nil, image: Image? = nil, isLayerBacked: Bool = false) {
    nodeCore = NodeCore(isLayerBacked: isLayerBacked)
    // As Texture's ASImageNode sets in its init: an image may be transparent, and it is clipped to the bounds.
    nodeState = NodeState(debugName: debugName) {
      $0.isOpaque = false
      $0.clipsToBounds = true
    }
    self.image = image
  }

  /// Replaces the image, and redraws, unless it is equal to the current one; invalidates the node's layout if the
  /// size it measures changes.
  ///
  /// Texture's `setImage:` only redraws, so a new image of another size keeps
  /// the old frame until something else invalidates the layout; here the
  /// intrinsic size is part of the measurement, so a size change measures again.
  /// The contents change when the display that follows commits: a node whose
  /// display is suspended keeps its old contents until it resumes, where
  /// Texture's setter clears the contents at once for a `nil` image.
  public func setImage(_ image: Image?) {
    // An equal image changes nothing: no layout and no display, as Texture's setter returns for an equal one.
    guard image != self.image else { return }
    let oldSize = self.image?.size
    self.image = image
    if image?.size != oldSize { invalidateCalculatedLayout(asksForPassFromLayoutCode: true) }
    requestDisplay()
  }

  /// The image's size in points, or Texture's default size without an image.
  public func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    guard let image else { return .defaultSize(thatFits: range) }
    return .size(image.size)
  }

  /// The image, for the display that shows it.
  public func drawParameters() -> Image? { image }

  /// The image itself: the contents, scaled by the layer to its bounds.
  public static func display(_ image: Image?, request: DisplayRequest) -> Image? { image }

  /// The default line, with the image.
  public var descriptionForRecursiveDescription: String {
    "\(defaultDescription) \(image.map(String.init(describing:)) ?? "no image")"
  }
}
