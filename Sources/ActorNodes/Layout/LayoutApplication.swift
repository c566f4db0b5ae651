/// What the main actor applies of one layout pass, in one turn: frames, applied layouts, then the layout hooks.
///
/// Entries come supernodes first, as the pass visited them. Frames are
/// view-property writes with their node's write version, so a newer
/// `configure` write wins over a pass's frame and an older one loses, in
/// whatever order they arrive; a frame for a view whose `didLoad` has not
/// run waits for it like any write.
struct LayoutApplication: MainTurnFeature {
  /// One node's part.
  struct Entry: Sendable {
    let core: NodeCore
    let layout: NodeLayout
    /// Whether the layout is new (or, for a node that places its subnodes itself, laid out again): the
    /// node's layout hooks run only then.
    var changed: Bool
    /// The frame its supernode's layout gave it, for a node that was loaded when the pass reached it.
    let frameWrite: PropertyWrite?
    /// For a node that places its subnodes itself: the sizes they were measured at, by core.
    var measuredSizes: [ObjectIdentifier: Size] = [:]
  }

  var entries: [Entry] = []

  /// Whether the pass laid out no node.
  var isEmpty: Bool { entries.isEmpty }

  @MainActor
  func apply() {
    for entry in entries {
      let slot = entry.core.mainSlot
      guard !slot.isReleased else { continue }
      if let write = entry.frameWrite, !slot.apply(write) { slot.parkedWrites.append(write) }
      slot.appliedLayout = entry.layout
    }
    for entry in entries where entry.changed {
      let slot = entry.core.mainSlot
      guard slot.isLoaded, !slot.isReleased else { continue }  // Texture lays out loaded nodes only.
      let layout = entry.layout
      let sizes = entry.measuredSizes
      guard slot.hasRunDidLoad, let node = slot.liveNode, let layer = slot.layer else {
        // Right after `didLoad`, after the blocks registered before this pass.
        slot.pendingBlocks.append(
          (
            .max,
            { context in Self.runHooks(of: context.node, view: context.view, layer: context.layer, layout, sizes) }
          ))
        continue
      }
      Self.runHooks(of: node, view: slot.view, layer: layer, layout, sizes)
    }
  }

  @MainActor
  private static func runHooks(
    of node: any DisplayNode, view: View?, layer: Layer, _ layout: NodeLayout, _ sizes: [ObjectIdentifier: Size]
  ) {
    let context = LayoutContext(
      node: node, view: view, layer: layer, layout: layout.layout(of: node), measuredSizes: sizes)
    node.layout(context)
    node.layoutDidFinish(context)
  }
}
