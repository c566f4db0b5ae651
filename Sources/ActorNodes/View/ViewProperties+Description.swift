extension ViewProperty {
  /// The field's name in ``ViewProperties``, as descriptions show it.
  var name: String {
    switch self {
    case .bounds: "bounds"
    case .position: "position"
    case .anchorPoint: "anchorPoint"
    case .alpha: "alpha"
    case .isHidden: "isHidden"
    case .isOpaque: "isOpaque"
    case .backgroundColor: "backgroundColor"
    case .tintColor: "tintColor"
    case .clipsToBounds: "clipsToBounds"
    case .cornerRadius: "cornerRadius"
    case .borderWidth: "borderWidth"
    case .borderColor: "borderColor"
    case .shadowColor: "shadowColor"
    case .shadowOpacity: "shadowOpacity"
    case .shadowOffset: "shadowOffset"
    case .shadowRadius: "shadowRadius"
    case .contents: "contents"
    case .contentsScale: "contentsScale"
    case .isUserInteractionEnabled: "isUserInteractionEnabled"
    case .needsDisplayOnBoundsChange: "needsDisplayOnBoundsChange"
    }
  }
}

extension ViewProperties: CustomStringConvertible {
  /// Every field, one per line, as `name: value`, with the derived `frame` first.
  ///
  /// ```
  /// frame: (0, 0, 40x40)
  /// bounds: (0, 0, 40x40)
  /// position: (20, 20)
  /// ...
  /// ```
  public var description: String {
    var lines = ["frame: \(frame)"]
    for property in ViewProperty.allCases { lines.append("\(property.name): \(valueDescription(of: property))") }
    return lines.joined(separator: "\n")
  }

  /// The fields that differ from a fresh view's, as `name: value` pairs: what a view-tree line shows.
  ///
  /// `bounds` and `position` are left out when ``frame`` says all they do
  /// (a bounds origin of zero).
  var changedFieldsDescription: [String] {
    let mask = differences(from: ViewProperties())
    var fields: [String] = []
    for property in mask {
      switch property {
      case .position: continue
      case .bounds where bounds.origin == .zero: continue
      default: fields.append("\(property.name): \(valueDescription(of: property))")
      }
    }
    return fields
  }

  /// One field's value, as descriptions show it.
  func valueDescription(of property: ViewProperty) -> String {
    switch property {
    case .bounds: bounds.description
    case .position: position.description
    case .anchorPoint: anchorPoint.description
    case .alpha: alpha.shortDescription
    case .isHidden: String(isHidden)
    case .isOpaque: String(isOpaque)
    case .backgroundColor: backgroundColor?.description ?? "nil"
    case .tintColor: tintColor?.description ?? "nil"
    case .clipsToBounds: String(clipsToBounds)
    case .cornerRadius: cornerRadius.shortDescription
    case .borderWidth: borderWidth.shortDescription
    case .borderColor: borderColor.description
    case .shadowColor: shadowColor.description
    case .shadowOpacity: shadowOpacity.shortDescription
    case .shadowOffset: shadowOffset.description
    case .shadowRadius: shadowRadius.shortDescription
    case .contents: contents?.description ?? "nil"
    case .contentsScale: contentsScale.shortDescription
    case .isUserInteractionEnabled: String(isUserInteractionEnabled)
    case .needsDisplayOnBoundsChange: String(needsDisplayOnBoundsChange)
    }
  }
}
