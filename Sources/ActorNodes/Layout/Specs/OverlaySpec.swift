extension LayoutSpec {
  /// `child`, with `overlay` in front of it at exactly the child's size: Texture's `ASOverlayLayoutSpec`.
  ///
  /// The overlay resolves fractions against the child's size. The spec's own
  /// size style is ignored, as in Texture.
  public static func overlay(_ child: LayoutSpec, overlay: LayoutSpec) -> LayoutSpec {
    LayoutSpec(.spec(OverlaySpec(child: child, overlay: overlay)))
  }
}

/// Texture's `ASOverlayLayoutSpec`.
struct OverlaySpec: SpecComputation {
  let child: LayoutSpec
  let overlay: LayoutSpec

  var name: String { "Overlay" }
  var children: [LayoutSpec] { [child, overlay] }
  var appliesOwnSizeStyle: Bool { false }

  func hasSameOptions(as _: OverlaySpec) -> Bool { true }
  func hashOptions(into _: inout Hasher) {}

  func layout(in range: SizeRange, parentSize: Size, environment: LayoutEnvironment) async throws -> Layout {
    let content = try await child.layout(in: range, parentSize: parentSize, environment: environment)
    let front = try await overlay.layout(
      in: SizeRange(exactly: content.size), parentSize: content.size, environment: environment)
    return try environment.layout(
      of: .spec(name), size: content.size,
      sublayouts: [content.positioned(at: .zero), front.positioned(at: .zero)])
  }
}
