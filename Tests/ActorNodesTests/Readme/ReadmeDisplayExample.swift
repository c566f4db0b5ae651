// The README's display example ("Display"), verbatim: `ReadmeTests` checks that the two stay equal and runs it.
// Edit the README and this file together.

import ActorNodes

/// Texture's RainbowNode (from its guide to custom nodes), with the vertical option the guide suggests.
actor RainbowNode: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "rainbow")
  private var isVertical = false

  func setVertical(_ isVertical: Bool) async {
    self.isVertical = isVertical
    await setNeedsDisplay()  // draws again, off the main actor
  }

  /// What the drawing may see of the node: a Sendable snapshot, taken in the node's isolation.
  func drawParameters() -> Bool { isVertical }

  /// Runs on the display executor: `static`, so it cannot touch the node or its view.
  static func draw(_ isVertical: Bool, in context: inout GraphicsContext, request: DisplayRequest) {
    let bounds = request.bounds
    if !request.isRasterizing { context.fill(bounds, with: .white) }
    let colors: [Color] = [.red, .orange, .yellow, .green, .blue, .purple]
    let length = isVertical ? bounds.size.width : bounds.size.height
    let stripe = (length / Double(colors.count)).rounded()
    for (index, color) in colors.enumerated() where !request.isCancelled {
      let offset = Double(index) * stripe
      let thickness = index == colors.count - 1 ? length - offset : stripe
      context.fill(
        isVertical
          ? Rect(x: bounds.origin.x + offset, y: bounds.origin.y, width: thickness, height: bounds.size.height)
          : Rect(x: bounds.origin.x, y: bounds.origin.y + offset, width: bounds.size.width, height: thickness),
        with: color)
    }
  }
}

/// A few of the layout example's cards, one under the other.
actor SmallFeedNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "feed") { $0.backgroundColor = .white }
  let cards: [CaptionedPhotoNode]

  init(captions: [String]) async throws {
    var cards: [CaptionedPhotoNode] = []
    for caption in captions { cards.append(try await CaptionedPhotoNode(caption: caption)) }
    self.cards = cards
    try await addSubnodes(cards)
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    .spec(.stack(.vertical, spacing: 4, alignItems: .stretch, children: cards.map { .node($0) }))
  }
}

/// Shows `root` in a window of `size`, waits for every display, and writes what the window shows to `path`.
@MainActor
func render(_ root: any DisplayNode, size: Size, to path: String) async throws -> Window {
  let window = Window(size: size)
  await root.configure { $0.frame = Rect(x: 0, y: 0, width: size.width, height: size.height) }
  try await window.attach(root)  // lays the tree out at the window's size; nodes that draw start displaying
  await root.recursivelyEnsureDisplay()  // waits for the draws (off the main actor) and commits them
  try window.snapshot(scale: 2).write(toPNGFile: path)
  return window
}
