// The README's layout example ("Layout"), verbatim: `ReadmeTests` checks that the two stay equal and runs it.
// Edit the README and this file together.

import ActorNodes

actor CaptionedPhotoNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "card")

  let photo = ImageNode(
    debugName: "photo", image: Image(pixelWidth: 40, pixelHeight: 40, filledWith: .gray), isLayerBacked: true)
  let caption: TextNode

  init(caption text: String) async throws {
    caption = TextNode(debugName: "caption", text: AttributedText(text))
    try await addSubnodes([photo, caption])
  }

  /// Runs off the main actor; its result is cached per size range until the node is invalidated.
  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    .spec(
      .inset(
        EdgeInsets(all: 8),
        .stack(
          .horizontal, spacing: 8, alignItems: .start,
          children: [
            .node(photo).preferredSize(Size(width: 40, height: 40)),
            .node(caption).flexShrink(1),  // wraps instead of overflowing the row
          ])))
  }
}

/// Measures a card 240 points wide, and prints the frames of its subnodes.
func measureCard() async throws {
  let card = try await CaptionedPhotoNode(caption: "A kitten asleep in a basket of yarn, one paw over its nose")
  let layout = try await card.layout(thatFits: SizeRange(exactWidth: 240))
  print(layout)
}
