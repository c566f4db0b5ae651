extension LayoutSpec {
  /// Children placed at their own ``LayoutStyle/layoutPosition``: Texture's `ASAbsoluteLayoutSpec`.
  ///
  /// Each child is offered its own style's size, with an automatic maximum
  /// of the room left between its position and the range's maximum. The
  /// spec takes the range's maximum on an axis where it is finite, unless
  /// `sizing` is ``AbsoluteSizing/sizeToFit``; otherwise it grows from the
  /// range's minimum to hold every child.
  public static func absolute(sizing: AbsoluteSizing = .default, children: [LayoutSpec]) -> LayoutSpec {
    LayoutSpec(.spec(AbsoluteSpec(sizing: sizing, children: children)))
  }
}

/// How an absolute spec sizes itself.
public enum AbsoluteSizing: Hashable, Sendable {
  /// The range's maximum on an axis where it is finite; otherwise fit the children.
  case `default`
  /// Fit the children on both axes.
  case sizeToFit
}

/// Texture's `ASAbsoluteLayoutSpec`.
struct AbsoluteSpec: SpecComputation {
  let sizing: AbsoluteSizing
  let children: [LayoutSpec]

  var name: String { "Absolute" }

  func hasSameOptions(as other: AbsoluteSpec) -> Bool { sizing == other.sizing }
  func hashOptions(into hasher: inout Hasher) { hasher.combine(sizing) }

  func layout(in range: SizeRange, parentSize _: Size, environment: LayoutEnvironment) async throws -> Layout {
    let known = range.max.boundedOrUnknown
    let request = ChildRequest.absolute(specMax: range.max, parentSize: known)
    let measured = try await environment.measure(children) { _ in request }
    let sublayouts = measured.indices.map { index in
      measured[index].layout(of: LayoutSpec.element(of: children, at: index), at: measured[index].style.layoutPosition)
    }
    var size = known
    if sizing == .sizeToFit || size.width.isNaN {
      size.width = sublayouts.reduce(range.min.width) { max($0, $1.position.x + $1.size.width) }
    }
    if sizing == .sizeToFit || size.height.isNaN {
      size.height = sublayouts.reduce(range.min.height) { max($0, $1.position.y + $1.size.height) }
    }
    return try environment.layout(of: .spec(name), size: range.clamp(size), sublayouts: sublayouts)
  }
}
