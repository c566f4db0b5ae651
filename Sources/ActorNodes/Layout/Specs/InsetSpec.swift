extension LayoutSpec {
  /// `child` inset by `insets`: Texture's `ASInsetLayoutSpec`.
  ///
  /// The child is offered the range minus the insets, and the spec's size is
  /// the child's plus the insets, clamped into the range. An infinite inset
  /// pushes the child against the opposite edge of the range's maximum, and
  /// lets it take its own size on that axis; infinite insets on both sides of
  /// an axis centre it. The spec's own size style is ignored, as in Texture.
  ///
  /// - Precondition: No inset is NaN.
  public static func inset(_ insets: EdgeInsets, _ child: LayoutSpec) -> LayoutSpec {
    contractPrecondition(
      !insets.top.isNaN && !insets.left.isNaN && !insets.bottom.isNaN && !insets.right.isNaN,
      "an inset must not be NaN: got \(insets)")
    return LayoutSpec(.spec(InsetSpec(insets: insets, child: child)))
  }
}

/// Texture's `ASInsetLayoutSpec`.
struct InsetSpec: SpecComputation {
  let insets: EdgeInsets
  let child: LayoutSpec

  var name: String { "Inset" }
  var children: [LayoutSpec] { [child] }
  var appliesOwnSizeStyle: Bool { false }

  func hasSameOptions(as other: InsetSpec) -> Bool { insets == other.insets }
  func hashOptions(into hasher: inout Hasher) { hasher.combine(insets) }

  func layout(in range: SizeRange, parentSize: Size, environment: LayoutEnvironment) async throws -> Layout {
    let horizontal = insets.horizontal
    let vertical = insets.vertical
    // An infinite inset on an axis lets the child take its own size there.
    let minWidth = insets.left.isInfinite || insets.right.isInfinite ? 0 : range.min.width
    let minHeight = insets.top.isInfinite || insets.bottom.isInfinite ? 0 : range.min.height
    let childRange = SizeRange(
      uncheckedMin: Size(width: max(0, minWidth - horizontal), height: max(0, minHeight - vertical)),
      max: Size(width: max(0, range.max.width - horizontal), height: max(0, range.max.height - vertical)))
    let childParent = Size(
      width: parentSize.width.isNaN ? .nan : max(0, parentSize.width - horizontal),
      height: parentSize.height.isNaN ? .nan : max(0, parentSize.height - vertical))
    let sublayout = try await child.layout(in: childRange, parentSize: childParent, environment: environment)
    let size = range.clamp(
      Size(
        width: Self.finite(sublayout.size.width + insets.left + insets.right, else: range.max.width),
        height: Self.finite(sublayout.size.height + insets.top + insets.bottom, else: range.max.height)))
    // An infinite inset against an unbounded range takes all of it: report that before placing the child.
    guard size.isValidLayoutSize else { throw LayoutError.invalidSize(size, element: name) }
    let position = Point(
      x: Self.offset(
        leading: insets.left, trailing: insets.right, outer: range.max.width, inner: sublayout.size.width,
        environment.grid),
      y: Self.offset(
        leading: insets.top, trailing: insets.bottom, outer: range.max.height, inner: sublayout.size.height,
        environment.grid))
    return try environment.layout(of: .spec(name), size: size, sublayouts: [sublayout.positioned(at: position)])
  }

  private static func finite(_ value: Double, else substitute: Double) -> Double {
    value.isInfinite ? substitute : value
  }

  /// The child's offset on one axis: the leading inset; else against the trailing edge; else centred.
  private static func offset(
    leading: Double, trailing: Double, outer: Double, inner: Double, _ grid: PixelGrid
  ) -> Double {
    if leading.isFinite { return leading }
    let trailingInset = trailing.isFinite ? trailing : grid.round((outer - inner) / 2)
    return outer - (trailingInset + inner)
  }
}
