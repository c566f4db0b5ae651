/// Who loaded a view or layer: what a view-tree description shows for it.
struct NodeLabel {
  let type: any DisplayNode.Type
  let id: UInt64
  let debugName: String?

  /// `<TypeName #id 'debugName'>`, as ``DisplayNode/defaultDescription`` shows the node.
  var description: String {
    "<\(type) #\(id)\(debugName.map { " '\($0)'" } ?? "")>"
  }
}

extension View {
  /// A description of this view and everything in it, one line per view or bare layer.
  ///
  /// The counterpart of UIKit's `recursiveDescription`. Each line says
  /// whether it is a `View` or a bare `Layer` (a layer-backed node's), the
  /// node that loaded it (`<KittenNode #3 'kitten'>`, with the debug name it
  /// had when its view loaded: the main actor reads nothing of a node's state), its frame, and every
  /// property that differs from a fresh view's: alpha, background color,
  /// corner radius, `contents` (a bitmap's pixel size and scale) and so on.
  /// Lines are indented by `| ` per level, in back-to-front order:
  ///
  /// ```
  /// View frame: (0, 0, 390x844)
  /// | View <KittenNode #3 'kitten'> frame: (0, 0, 0x0) alpha: 0.5 backgroundColor: rgba(1, 1, 1, 1)
  /// | | Layer <BasicNode #4 'photo'> frame: (8, 8, 40x40)
  /// ```
  public func recursiveDescription() -> String {
    ViewTreeWriter.describe(layer: layer, view: self)
  }
}

extension Layer {
  /// A description of this layer and its sublayers, one line per layer; see ``View/recursiveDescription()``.
  ///
  /// Layers that back a view are marked `View`. Start from the view instead
  /// to see its view-only properties (interaction, tint).
  public func recursiveDescription() -> String {
    ViewTreeWriter.describe(layer: self, view: nil)
  }
}

extension Window {
  /// A description of the window's view tree; see ``View/recursiveDescription()``.
  ///
  /// Only what has reached the views is shown: work still queued for the
  /// next turn is not. Await ``waitForQueuedWork()`` first to see it.
  public func recursiveDescription() -> String {
    view.recursiveDescription()
  }
}

extension DisplayNode {
  /// A description of the node's loaded view (or layer) tree; see ``View/recursiveDescription()``.
  ///
  /// `nil` before the node's view loads. Unlike ``recursiveDescription()``,
  /// which lists nodes, this shows the views the main actor holds now,
  /// including views added to them directly.
  @MainActor public func viewTreeDescription() -> String? {
    guard let slot = nodeCore.slot, let layer = slot.layer else { return nil }
    return ViewTreeWriter.describe(layer: layer, view: slot.view)
  }
}

/// Writes view-tree descriptions without recursion, so that a deep tree is described in constant stack.
@MainActor
enum ViewTreeWriter {
  static func describe(layer: Layer, view: View?) -> String {
    var lines: [String] = []
    var stack: [(layer: Layer, view: View?, depth: Int)] = [(layer, view, 0)]
    while let (layer, view, depth) = stack.popLast() {
      lines.append(line(layer: layer, view: view, depth: depth))
      // A view's sublayers include its subviews' layers; describe those as the views.
      var subviews: [ObjectIdentifier: View] = [:]
      for subview in view?.subviews ?? [] { subviews[ObjectIdentifier(subview.layer)] = subview }
      for sublayer in layer.sublayers.reversed() {
        stack.append((sublayer, subviews[ObjectIdentifier(sublayer)], depth + 1))
      }
    }
    return lines.joined(separator: "\n")
  }

  private static func line(layer: Layer, view: View?, depth: Int) -> String {
    var fields = [layer.isViewLayer ? "View" : "Layer"]
    if let node = layer.nodeLabel { fields.append(node.description) }
    let properties = ViewProperties(layer: layer, view: view, fallback: ViewProperties())
    fields.append("frame: \(properties.frame)")
    fields.append(contentsOf: properties.changedFieldsDescription)
    return descriptionIndent(depth: depth) + fields.joined(separator: " ")
  }
}
