extension LayoutSpec {
  /// Every child laid out in the whole range at the origin: Texture's `ASWrapperLayoutSpec`.
  ///
  /// The spec's size is the range's minimum grown to hold every child; it is
  /// *not* clamped to the range's maximum, as in Texture.
  public static func wrapper(_ children: [LayoutSpec]) -> LayoutSpec {
    LayoutSpec(.spec(WrapperSpec(children: children)))
  }

  /// `child` laid out in the whole range at the origin; see ``wrapper(_:)-(LayoutSpec)``.
  public static func wrapper(_ child: LayoutSpec) -> LayoutSpec {
    wrapper([child])
  }
}

/// Texture's `ASWrapperLayoutSpec`.
struct WrapperSpec: SpecComputation {
  let children: [LayoutSpec]

  var name: String { "Wrapper" }

  func hasSameOptions(as _: WrapperSpec) -> Bool { true }
  func hashOptions(into _: inout Hasher) {}

  func layout(in range: SizeRange, parentSize _: Size, environment: LayoutEnvironment) async throws -> Layout {
    let measured = try await environment.measure(children) { _ in .range(range, parentSize: range.max) }
    let size = measured.reduce(range.min) {
      Size(width: max($0.width, $1.size.width), height: max($0.height, $1.size.height))
    }
    let sublayouts = measured.indices.map { measured[$0].layout(of: LayoutSpec.element(of: children, at: $0)) }
    return try environment.layout(of: .spec(name), size: size, sublayouts: sublayouts)
  }
}
