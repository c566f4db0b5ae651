/// A node that shows an image: Texture's `ASImageNode`.
///
/// Its measured size is the image's size in points (its pixel size over its
/// scale), clamped into the range a layout offers; with no image it has
/// Texture's default size. Its display shows the image aspect-filled,
/// centered and clipped to the bounds, as Texture's `ASImageNode` draws it in
/// its default content mode (`UIViewContentModeScaleAspectFill`): the
/// contents are the image cropped around its center to the bounds' aspect
/// ratio (the image itself when the ratios match), which the layer scales to
/// its bounds; a new image redraws. A node has no content modes.
///
/// Its view starts out not opaque and clipping to its bounds
/// (``ViewProperties/isOpaque`` `false`, ``ViewProperties/clipsToBounds`` `true`),
/// as Texture's `ASImageNode` sets them in its `init`, and redrawn when its
/// bounds change size (``ViewProperties/needsDisplayOnBoundsChange`` `true`):
/// Texture's layer keeps the image aspect-filled in new bounds through its
/// contents gravity, which ActorNodes' ``Layer`` does not have, so the node
/// crops the image again for the new bounds instead of stretching the old
/// crop. A ``DisplayNode/configure(_:)`` write changes them like any property.
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
      // Not Texture's: its layer keeps the crop aspect-filled through its contents gravity, which a `Layer` lacks.
      $0.needsDisplayOnBoundsChange = true
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

  /// The contents: the image cropped around its center to the bounds' aspect ratio, which the layer scales to its
  /// bounds (aspect fill, as `ASImageNode`'s default content mode draws it).
  public static func display(_ image: Image?, request: DisplayRequest) -> Image? {
    image.map { aspectFilled($0, in: request.bounds.size) }
  }

  /// The part of `image` that aspect fill shows in bounds of `size`: the largest rectangle of the bounds' aspect
  /// ratio, centered, in whole pixels (Texture's `ASCroppedImageBackingSizeAndDrawRectInBounds` for aspect fill,
  /// whose backing is that size where the image has fewer pixels than the bounds); `image` itself when the ratios
  /// match or the bounds are empty.
  static func aspectFilled(_ image: Image, in size: Size) -> Image {
    let (width, height) = (image.pixelWidth, image.pixelHeight)
    guard width > 0, height > 0, size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
      return image
    }
    let boundsRatio = size.width / size.height
    var (croppedWidth, croppedHeight) = (width, height)
    if Double(width) / Double(height) > boundsRatio {
      croppedWidth = min(width, max(1, Int((Double(height) * boundsRatio).rounded())))
    } else {
      croppedHeight = min(height, max(1, Int((Double(width) / boundsRatio).rounded())))
    }
    guard croppedWidth < width || croppedHeight < height else { return image }
    let (left, top) = ((width - croppedWidth) / 2, (height - croppedHeight) / 2)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(croppedWidth * croppedHeight * 4)
    for row in top..<(top + croppedHeight) {
      let start = (row * width + left) * 4
      bytes += image.rgba[start..<(start + croppedWidth * 4)]
    }
    return Image(pixelWidth: croppedWidth, pixelHeight: croppedHeight, scale: image.scale, rgba: bytes)
  }

  /// The default line, with the image.
  public var descriptionForRecursiveDescription: String {
    "\(defaultDescription) \(image.map(String.init(describing:)) ?? "no image")"
  }
}
