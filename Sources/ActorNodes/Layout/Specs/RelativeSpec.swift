extension LayoutSpec {
  /// `child` placed at the start, centre or end of the spec on each axis: Texture's `ASRelativeLayoutSpec`.
  ///
  /// On an axis where the range's maximum is finite the spec takes it;
  /// elsewhere the spec takes the child's size. With a `sizing` option, the
  /// spec shrinks to the child on that axis instead. The child's offset is
  /// rounded to the pixel grid.
  public static func relative(
    horizontal: RelativePosition, vertical: RelativePosition, sizing: RelativeSizing = [], _ child: LayoutSpec
  ) -> LayoutSpec {
    LayoutSpec(
      .spec(RelativeSpec(name: "Relative", horizontal: horizontal, vertical: vertical, sizing: sizing, child: child)))
  }

  /// `child` centred on the axes in `centering`: Texture's `ASCenterLayoutSpec`.
  ///
  /// A relative spec whose positions are ``RelativePosition/center`` on the
  /// centred axes and ``RelativePosition/none`` on the others (where the
  /// child is offered the spec's minimum, at the start). `sizing` takes
  /// Texture's center names as well as the relative spec's:
  /// ``RelativeSizing/minimumXY`` is ``RelativeSizing/minimumSize``.
  ///
  /// ```swift
  /// .center(.xy, sizing: .minimumXY, .node(title))  // ASCenterLayoutSpecCenteringXY, …SizingOptionMinimumXY
  /// ```
  public static func center(
    _ centering: CenteringOptions, sizing: RelativeSizing = [], _ child: LayoutSpec
  ) -> LayoutSpec {
    LayoutSpec(
      .spec(
        RelativeSpec(
          name: "Center", horizontal: centering.contains(.x) ? .center : .none,
          vertical: centering.contains(.y) ? .center : .none, sizing: sizing, child: child)))
  }
}

extension LayoutSpec {
  /// `child` centred on both axes: ``center(_:sizing:_:)`` with ``CenteringOptions/xy``.
  public static func center(sizing: RelativeSizing = [], _ child: LayoutSpec) -> LayoutSpec {
    center(.xy, sizing: sizing, child)
  }
}

/// Where a relative spec places its child on one axis.
public enum RelativePosition: Hashable, Sendable {
  /// At the start, and the child is offered the spec's minimum on this axis.
  case none
  /// At the start.
  case start
  /// Centred.
  case center
  /// At the end.
  case end

  /// The share of the free space before the child.
  var proportion: Double {
    switch self {
    case .none, .start: 0
    case .center: 0.5
    case .end: 1
    }
  }
}

/// The axes on which a relative or center spec shrinks to its child instead of taking the range's maximum.
public struct RelativeSizing: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// As narrow as the child.
  public static let minimumWidth = RelativeSizing(rawValue: 1 << 0)
  /// As low as the child.
  public static let minimumHeight = RelativeSizing(rawValue: 1 << 1)
  /// As small as the child on both axes.
  public static let minimumSize: RelativeSizing = [.minimumWidth, .minimumHeight]

  /// ``minimumWidth`` by the name a center spec gives it: Texture's `ASCenterLayoutSpecSizingOptionMinimumX`.
  public static let minimumX = minimumWidth
  /// ``minimumHeight`` by the name a center spec gives it: Texture's `ASCenterLayoutSpecSizingOptionMinimumY`.
  public static let minimumY = minimumHeight
  /// ``minimumSize`` by the name a center spec gives it: Texture's `ASCenterLayoutSpecSizingOptionMinimumXY`.
  public static let minimumXY = minimumSize
}

/// The axes a center spec centres its child on.
public struct CenteringOptions: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Horizontally.
  public static let x = CenteringOptions(rawValue: 1 << 0)
  /// Vertically.
  public static let y = CenteringOptions(rawValue: 1 << 1)
  /// Both ways.
  public static let xy: CenteringOptions = [.x, .y]
}

/// Texture's `ASRelativeLayoutSpec` (and `ASCenterLayoutSpec`, one of its uses).
struct RelativeSpec: SpecComputation {
  let name: String
  let horizontal: RelativePosition
  let vertical: RelativePosition
  let sizing: RelativeSizing
  let child: LayoutSpec

  var children: [LayoutSpec] { [child] }

  func hasSameOptions(as other: RelativeSpec) -> Bool {
    horizontal == other.horizontal && vertical == other.vertical && sizing == other.sizing
  }
  func hashOptions(into hasher: inout Hasher) {
    hasher.combine(horizontal)
    hasher.combine(vertical)
    hasher.combine(sizing)
  }

  func layout(in range: SizeRange, parentSize _: Size, environment: LayoutEnvironment) async throws -> Layout {
    let known = range.max.boundedOrUnknown
    let childRange = SizeRange(
      uncheckedMin: Size(
        width: horizontal == .none ? range.min.width : 0, height: vertical == .none ? range.min.height : 0),
      max: range.max)
    let sublayout = try await child.layout(in: childRange, parentSize: known, environment: environment)
    var size = range.clamp(
      Size(
        width: known.width.isNaN ? sublayout.size.width : known.width,
        height: known.height.isNaN ? sublayout.size.height : known.height))
    size = range.clamp(
      Size(
        width: sizing.contains(.minimumWidth) ? min(size.width, sublayout.size.width) : size.width,
        height: sizing.contains(.minimumHeight) ? min(size.height, sublayout.size.height) : size.height))
    let position = Point(
      x: environment.grid.round((size.width - sublayout.size.width) * horizontal.proportion),
      y: environment.grid.round((size.height - sublayout.size.height) * vertical.proportion))
    return try environment.layout(of: .spec(name), size: size, sublayouts: [sublayout.positioned(at: position)])
  }
}
