/// Distances inset from each edge of a rectangle, in points.
///
/// The counterpart of `UIEdgeInsets`. An inset may be `.infinity`, which an
/// inset spec reads as "push the child against the opposite edge" (both
/// infinite on one axis: centre it), as Texture's `ASInsetLayoutSpec` does.
public struct EdgeInsets: Hashable, Sendable {
  /// The inset from the top edge.
  public var top: Double
  /// The inset from the left edge.
  public var left: Double
  /// The inset from the bottom edge.
  public var bottom: Double
  /// The inset from the right edge.
  public var right: Double

  /// Creates insets from each edge's distance.
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same inset on all four edges.
  public init(all inset: Double) {
    self.init(top: inset, left: inset, bottom: inset, right: inset)
  }

  /// No inset.
  public static let zero = EdgeInsets()

  /// The sum of the left and right insets, an infinite inset counting as 0.
  public var horizontal: Double { left.finiteOrZero + right.finiteOrZero }
  /// The sum of the top and bottom insets, an infinite inset counting as 0.
  public var vertical: Double { top.finiteOrZero + bottom.finiteOrZero }
}

extension EdgeInsets: CustomStringConvertible {
  public var description: String {
    "{top \(top.shortDescription), left \(left.shortDescription), bottom \(bottom.shortDescription), "
      + "right \(right.shortDescription)}"
  }
}

extension Double {
  /// The value if it is finite, else 0 (how insets count infinite edges).
  var finiteOrZero: Double { isFinite ? self : 0 }
}
