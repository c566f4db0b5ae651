/// Membership of objects by identity: a linear scan for short lists, a hash set for long ones.
///
/// Rebuilding a parent's sublayers asks, for every old and new child,
/// whether it is in the other list; with a scan that is quadratic in the
/// number of children, and a set costs an allocation that most (short)
/// lists do not repay.
/// The parents that `children` have other than `parent`, each once, in the order first met.
///
/// A parent that takes a new list of children removes the incoming ones from
/// their old parents with one pass over each old parent, not one per child.
func formerParents<Object: AnyObject>(
  of children: [Object], other parent: Object, parentOf: (Object) -> Object?
) -> [Object] {
  var parents: [Object] = []
  var seen = Set<ObjectIdentifier>()
  for child in children {
    if let former = parentOf(child), former !== parent, seen.insert(ObjectIdentifier(former)).inserted {
      parents.append(former)
    }
  }
  return parents
}

struct IdentityLookup<Element: AnyObject> {
  private let elements: [Element]
  private let set: Set<ObjectIdentifier>?

  init(_ elements: [Element]) {
    self.elements = elements
    set = elements.count > 16 ? Set(elements.lazy.map(ObjectIdentifier.init)) : nil
  }

  func contains(_ element: Element) -> Bool {
    if let set { return set.contains(ObjectIdentifier(element)) }
    return elements.contains { $0 === element }
  }
}
