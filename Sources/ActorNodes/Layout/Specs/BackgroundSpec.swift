extension LayoutSpec {
  /// `child`, with `background` behind it at exactly the child's size: Texture's `ASBackgroundLayoutSpec`.
  ///
  /// Unlike an overlay, the background resolves fractions against the
  /// spec's parent size, as in Texture. The spec's own size style is ignored.
  public static func background(_ child: LayoutSpec, background: LayoutSpec) -> LayoutSpec {
    LayoutSpec(.spec(BackgroundSpec(child: child, background: background)))
  }
}

/// Texture's `ASBackgroundLayoutSpec`.
struct BackgroundSpec: SpecComputation {
  let child: LayoutSpec
  let background: LayoutSpec

  var name: String { "Background" }
  var children: [LayoutSpec] { [background, child] }
  var appliesOwnSizeStyle: Bool { false }

  func hasSameOptions(as _: BackgroundSpec) -> Bool { true }
  func hashOptions(into _: inout Hasher) {}

  func layout(in range: SizeRange, parentSize: Size, environment: LayoutEnvironment) async throws -> Layout {
    let content = try await child.layout(in: range, parentSize: parentSize, environment: environment)
    let back = try await background.layout(
      in: SizeRange(exactly: content.size), parentSize: parentSize, environment: environment)
    return try environment.layout(
      of: .spec(name), size: content.size, sublayouts: [back.positioned(at: .zero), content.positioned(at: .zero)])
  }
}
