extension LayoutSpec {
  /// `child` with `corner` centred on one of its corners: Texture's `ASCornerLayoutSpec` (a badge on an avatar).
  ///
  /// Both are offered the spec's range. The corner's centre sits on the
  /// child's corner, moved by `offset`. The spec's size is the child's,
  /// unless `wrapsCorner`, when it is the union of both frames (clamped into
  /// the range) and both are moved so that the union starts at the origin.
  ///
  /// - Precondition: `offset` is finite.
  public static func corner(
    _ child: LayoutSpec, corner: LayoutSpec, location: CornerLocation, offset: Point = .zero,
    wrapsCorner: Bool = false
  ) -> LayoutSpec {
    contractPrecondition(offset.isFinite, "a corner spec's offset must be finite: got \(offset)")
    return LayoutSpec(
      .spec(CornerSpec(child: child, corner: corner, location: location, offset: offset, wrapsCorner: wrapsCorner)))
  }
}

/// Which corner of its child a corner spec places the corner element on.
public enum CornerLocation: Hashable, Sendable {
  /// The top-left corner.
  case topLeft
  /// The top-right corner.
  case topRight
  /// The bottom-left corner.
  case bottomLeft
  /// The bottom-right corner.
  case bottomRight
}

/// Texture's `ASCornerLayoutSpec`.
struct CornerSpec: SpecComputation {
  let child: LayoutSpec
  let corner: LayoutSpec
  let location: CornerLocation
  let offset: Point
  let wrapsCorner: Bool

  var name: String { "Corner" }
  var children: [LayoutSpec] { [child, corner] }

  func hasSameOptions(as other: CornerSpec) -> Bool {
    location == other.location && offset == other.offset && wrapsCorner == other.wrapsCorner
  }
  func hashOptions(into hasher: inout Hasher) {
    hasher.combine(location)
    hasher.combine(offset)
    hasher.combine(wrapsCorner)
  }

  func layout(in range: SizeRange, parentSize _: Size, environment: LayoutEnvironment) async throws -> Layout {
    let known = range.max.boundedOrUnknown
    let base = try await child.layout(in: range, parentSize: known, environment: environment)
    let badge = try await corner.layout(in: range, parentSize: known, environment: environment)
    let right = location == .topRight || location == .bottomRight
    let bottom = location == .bottomLeft || location == .bottomRight
    var childFrame = Rect(origin: .zero, size: base.size)
    var cornerFrame = Rect(
      origin: Point(
        x: (right ? base.size.width : 0) - badge.size.width / 2 + offset.x,
        y: (bottom ? base.size.height : 0) - badge.size.height / 2 + offset.y),
      size: badge.size)
    var frame = childFrame
    if wrapsCorner {
      frame = childFrame.union(cornerFrame)
      frame.size = range.clamp(frame.size)
    }
    childFrame.origin = Point(x: childFrame.origin.x - frame.origin.x, y: childFrame.origin.y - frame.origin.y)
    cornerFrame.origin = Point(x: cornerFrame.origin.x - frame.origin.x, y: cornerFrame.origin.y - frame.origin.y)
    return try environment.layout(
      of: .spec(name), size: frame.size,
      sublayouts: [base.positioned(at: childFrame.origin), badge.positioned(at: cornerFrame.origin)])
  }
}
