/// One bridged view property: a field of ``ViewProperties``.
public enum ViewProperty: Int, CaseIterable, Hashable, Sendable {
  case bounds, position, anchorPoint, alpha, isHidden, isOpaque, backgroundColor, tintColor
  case clipsToBounds, cornerRadius, borderWidth, borderColor
  case shadowColor, shadowOpacity, shadowOffset, shadowRadius
  case contents, contentsScale, isUserInteractionEnabled, needsDisplayOnBoundsChange

  /// Whether a change of this property makes the view redraw.
  ///
  /// Texture's pending state calls `setNeedsDisplay` once at flush when
  /// `opaque`, `backgroundColor` or `tintColor` changed (`_ASPendingState`).
  var changeNeedsDisplay: Bool {
    switch self {
    case .isOpaque, .backgroundColor, .tintColor: true
    default: false
    }
  }
}

/// A set of ``ViewProperty`` values, stored as bits.
struct ViewPropertyMask: Hashable, Sendable, Sequence {
  private(set) var bits: UInt32 = 0

  init() {}

  var isEmpty: Bool { bits == 0 }

  func contains(_ property: ViewProperty) -> Bool { bits & (1 << property.rawValue) != 0 }

  /// Whether the set has a property that lives on the view, not its layer (tint, interaction).
  /// Bounds and position: what a frame writes.
  static let frame: ViewPropertyMask = {
    var mask = ViewPropertyMask()
    mask.insert(.bounds)
    mask.insert(.position)
    return mask
  }()

  var touchesView: Bool {
    bits & (1 << ViewProperty.tintColor.rawValue | 1 << ViewProperty.isUserInteractionEnabled.rawValue) != 0
  }

  mutating func insert(_ property: ViewProperty) { bits |= 1 << property.rawValue }

  mutating func formUnion(_ other: ViewPropertyMask) { bits |= other.bits }

  func subtracting(_ other: ViewPropertyMask) -> ViewPropertyMask {
    var result = self
    result.bits &= ~other.bits
    return result
  }

  func makeIterator() -> Iterator { Iterator(bits: bits) }

  /// Walks the set bits, lowest first, without allocating.
  struct Iterator: IteratorProtocol {
    var bits: UInt32

    mutating func next() -> ViewProperty? {
      guard bits != 0 else { return nil }
      let index = bits.trailingZeroBitCount
      bits &= bits - 1
      return ViewProperty(rawValue: index)
    }
  }
}
