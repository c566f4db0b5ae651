import ActorNodes
import Testing

/// Texture's example apps, their nodes and specs ported as a Texture user would port them, laid out at a phone's
/// width, with the frames Texture's algorithm gives (worked out by hand from its stack, inset, overlay, ratio,
/// relative, absolute and corner specs; the text sizes come from the built-in font metrics).
///
/// Each test names the example and its node. What the examples use that is not built yet (baseline alignment,
/// network images, buttons, tables and collections, text shadows) is left out or replaced, as each test says.
@Suite("Texture's example apps", .tags(.texturePort), .timeLimit(.minutes(5)))
@MainActor
struct TextureExampleTests {
  /// Texture's `LayoutExampleViewController`: a plain node whose `layoutSpecBlock` centres the example, on an
  /// iPhone-sized screen; only vertically for the header and separator examples.
  private func showInExampleController(_ example: any DisplayNode, onlyY: Bool) async throws -> Window {
    let size = Size(width: 375, height: 667)
    let window = Window(size: size)
    let controllerNode = BasicNode(debugName: "controller") { _, _ in
      .center(onlyY ? .y : .xy, sizing: .minimumXY, .node(example))
    }
    try await controllerNode.addSubnode(example)
    await controllerNode.configure { $0.frame = Rect(origin: .zero, size: size) }
    try await window.attach(controllerNode)
    try await window.layoutIfNeeded()
    return window
  }

  // MARK: LayoutSpecExamples

  @Test("LayoutSpecExamples, HeaderWithRightAndLeftItems: the lone flexible stack takes the row; no location, no row")
  func headerWithRightAndLeftItems() async throws {
    let header = ExampleHeader()
    let window = try await showInExampleController(header, onlyY: true)
    // The inset leaves 355; the name-and-location stack grows and shrinks alone in a row of exact width, so it is
    // not measured first: it takes what the time and the spacing leave, and stretches its lines to it.
    let time = try await measuredText(exampleText("30m", 20), in: range(0, 0, .infinity, 667))
    let nameWidth = 355 - 40 - time.width
    let name = try await measuredText(
      exampleText("hannahmbanana", 20), lines: 1, in: range(nameWidth, 0, nameWidth, 667))
    let place = try await measuredText(
      exampleText("Sunset Beach, San Fransisco, CA", 20), lines: 1, in: range(nameWidth, 0, nameWidth, 667))
    let height = max(name.height + place.height, time.height)
    #expect(frame(header) == Rect(x: 0, y: ((667 - height) / 2).rounded(), width: 375, height: height))
    let nameY = ((height - name.height - place.height) / 2).rounded(.down)
    #expect(frame(header.username) == Rect(x: 10, y: nameY, width: nameWidth, height: name.height))
    #expect(frame(header.location) == Rect(x: 10, y: nameY + name.height, width: nameWidth, height: place.height))
    let timeY = ((height - time.height) / 2).rounded(.down)
    #expect(frame(header.time) == Rect(x: 10 + nameWidth + 40, y: timeY, width: time.width, height: time.height))

    // The example leaves the location out when it has no text; its subnodes are managed, so the node goes too.
    await header.location.setText(AttributedText())
    try await window.layoutIfNeeded()
    #expect(await header.subnodes.count == 2)
    #expect(header.location.view?.superview == nil)
    #expect(frame(header)?.height == max(name.height, time.height))
    // A node out of the tree tells no supernode that it changed: the header is asked, as in Texture.
    await header.location.setText(exampleText("Sunset Beach", 20))
    await header.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(await header.subnodes.count == 3)
    #expect(frame(header.location)?.origin.y == nameY + name.height)
  }

  @Test(
    "LayoutSpecExamples, PhotoWithInsetTextOverlay: a quarter-width photo (its style set in layout code) under a title pinned by an infinite top inset, again after a rotation"
  )
  func photoWithInsetTextOverlay() async throws {
    let example = ExampleInsetTextOverlay()
    let window = try await showInExampleController(example, onlyY: false)
    // 375 / 4 = 93.75, rounded up to 94; the title gets 94 - 24 wide and at most 94 - 12 high, against the bottom.
    let title = try await measuredText(exampleText("family fall hikes", 16), lines: 2, in: range(70, 0, 70, 82))
    #expect(frame(example) == Rect(x: 141, y: 287, width: 94, height: 94))
    #expect(frame(example.photo) == Rect(x: 0, y: 0, width: 94, height: 94))
    #expect(frame(example.title) == Rect(x: 12, y: 94 - 12 - title.height, width: 70, height: title.height))

    window.resize(to: Size(width: 667, height: 375))
    try await window.layoutIfNeeded()
    // The controller's node keeps the frame the app gave it (375 × 667); its layout is the window's, 667 / 4 = 166.75.
    let wide = try await measuredText(exampleText("family fall hikes", 16), lines: 2, in: range(143, 0, 143, 155))
    #expect(frame(example) == Rect(x: 250, y: 104, width: 167, height: 167))
    #expect(frame(example.photo) == Rect(x: 0, y: 0, width: 167, height: 167))
    #expect(frame(example.title) == Rect(x: 12, y: 167 - 12 - wide.height, width: 143, height: wide.height))
  }

  @Test("LayoutSpecExamples, PhotoWithOutsetIconOverlay: an absolute spec sized to fit its children")
  func photoWithOutsetIconOverlay() async throws {
    let example = ExampleOutsetIconOverlay()
    let window = try await showInExampleController(example, onlyY: false)
    _ = window
    // The union of (20, 20, 150 × 150) and (150, 0, 40 × 40) is 190 × 170, centred at (92.5, 248.5), rounded.
    #expect(frame(example) == Rect(x: 93, y: 249, width: 190, height: 170))
    #expect(frame(example.photo) == Rect(x: 20, y: 20, width: 150, height: 150))
    #expect(frame(example.icon) == Rect(x: 150, y: 0, width: 40, height: 40))
  }

  @Test(
    "LayoutSpecExamples, FlexibleSeparatorSurroundingContent: separators that grow only to the range's minimum, a centred line between"
  )
  func flexibleSeparatorSurroundingContent() async throws {
    let example = ExampleFlexibleSeparators()
    let window = try await showInExampleController(example, onlyY: true)
    _ = window
    // The stack is offered 0 ... 547 high: its minimum is 0, so the separators keep their 3 points.
    let text = try await measuredText(exampleText("this is a long text node", 16), in: range(0, 0, 375, 547))
    let height = 60 + 3 + 20 + text.height + 20 + 3 + 60
    #expect(frame(example) == Rect(x: 0, y: ((667 - height) / 2).rounded(), width: 375, height: height))
    #expect(frame(example.top) == Rect(x: 0, y: 60, width: 375, height: 3))
    let textX = ((375 - text.width) / 2).rounded(.down)
    #expect(frame(example.text) == Rect(x: textX, y: 83, width: text.width, height: text.height))
    #expect(frame(example.bottom) == Rect(x: 0, y: 83 + text.height + 20, width: 375, height: 3))
  }

  @Test(
    "LayoutSpecExamples, UserProfileSample: a badge on the avatar's corner, a text box shrunk to the row and stretched to the avatar, spaced around"
  )
  func userProfileSample() async throws {
    let example = ExampleUserProfile()
    let window = try await showInExampleController(example, onlyY: false)
    _ = window
    // Inset (120, 20, ∞, 20) in 375 × 667: the box is offered 0 ... 335 wide; the text overflows it, so the text box
    // (the only one that shrinks) gets 335 - 100 - 10 = 225, then is stretched to the avatar's 100 points.
    let name = try await measuredText(exampleText("Hello world", 20, bold: true), lines: 1, in: range(225, 0, 225, 547))
    let subtitle = try await measuredText(
      exampleText("This is a long long subtitle, with a long long appended string.", 14), lines: 1,
      in: range(225, 0, 225, 547))
    let free = 100 - name.height - subtitle.height
    #expect(frame(example) == Rect(x: 0, y: 0, width: 375, height: 667))
    #expect(frame(example.avatar) == Rect(x: 20, y: 120, width: 100, height: 100))
    // The badge's centre on the avatar's bottom-right corner, moved by (-6, -6).
    #expect(frame(example.badge) == Rect(x: 20 + 94 - 13, y: 120 + 94 - 13, width: 26, height: 26))
    #expect(
      frame(example.username) == Rect(x: 130, y: 120 + (free / 4).rounded(.up), width: 225, height: name.height))
    let subtitleY = 120 + (free / 4 + name.height + free / 2).rounded(.up)
    #expect(frame(example.subtitle) == Rect(x: 130, y: subtitleY, width: 225, height: subtitle.height))
  }

  // MARK: ASDKgram

  @Test("ASDKgram, PhotoCellNode: a header row with a spacer, a square photo, and a footer, in a 375-point cell")
  func photoCellNode() async throws {
    let cell = PhotoCellNode()
    let layout = try await cell.layout(thatFits: SizeRange(exactWidth: 375))
    let unbounded = SizeRange.unconstrained
    let user = try await measuredText(exampleText("hannahmbanana", 14, bold: true), in: unbounded)
    let place = try await measuredText(exampleText("Sunset Beach", 14), lines: 1, in: unbounded)
    let time = try await measuredText(exampleText("2h", 14), in: unbounded)
    let likes = try await measuredText(exampleText("12 likes", 14), in: range(355, 0, 355, .infinity))
    let caption = try await measuredText(
      exampleText(PhotoCellNode.captionText, 14), lines: 3, in: range(355, 0, 355, .infinity))
    // The header: the avatar and its inset (40 × 50), the names (as wide as the wider), a spacer that takes the
    // rest, and the time 10 points after it.
    let namesWidth = max(user.width, place.width)
    let spacer = 355 - (40 + namesWidth + 10 + time.width)
    let header = max(50, user.height + place.height, time.height)
    let namesY = ((header - user.height - place.height) / 2).rounded(.down)
    #expect(layout.size == Size(width: 375, height: header + 375 + 5 + likes.height + 5 + caption.height + 5))
    #expect(
      frames(
        of: [cell.avatar, cell.userName, cell.location, cell.time, cell.photo, cell.likes, cell.caption], in: layout)
        == [
          Rect(x: 10, y: ((header - 50) / 2).rounded(.down) + 10, width: 30, height: 30),
          Rect(x: 50, y: namesY, width: namesWidth, height: user.height),
          Rect(x: 50, y: namesY + user.height, width: namesWidth, height: place.height),
          Rect(
            x: 50 + namesWidth + spacer + 10, y: ((header - time.height) / 2).rounded(.down), width: time.width,
            height: time.height),
          Rect(x: 0, y: header, width: 375, height: 375),
          Rect(x: 10, y: header + 380, width: 355, height: likes.height),
          Rect(x: 10, y: header + 380 + likes.height + 5, width: 355, height: caption.height),
        ])
  }

  // MARK: Kittens

  @Test(
    "Kittens, KittenNode and BlurbNode: a shrinking text beside the image, a divider placed in layout(_:), toggles that move the next row, a rotation"
  )
  func kittenNode() async throws {
    let blurb = KittenBlurbNode()
    let first = try await KittenCellNode(text: KittenCellNode.ipsum)
    let second = try await KittenCellNode(text: "Lick tincidunt a biting eat the grass.")
    let table = BasicNode(debugName: "table") { _, _ in
      .stack(.vertical, children: [.node(blurb), .node(first), .node(second)])
    }
    try await table.addSubnodes([blurb, first, second])
    let window = Window(size: Size(width: 375, height: 667))
    await table.configure { $0.frame = Rect(x: 0, y: 0, width: 375, height: 667) }
    try await window.attach(table)
    try await window.layoutIfNeeded()

    // The blurb: centred across, as high as its text, padded by 10.
    let blurbText = try await measuredText(KittenBlurbNode.text, in: range(0, 0, 355, .infinity))
    let blurbHeight = blurbText.height + 20
    #expect(frame(blurb) == Rect(x: 0, y: 0, width: 375, height: blurbHeight))
    #expect(
      frame(blurb.textNode)
        == Rect(
          x: 10 + ((355 - blurbText.width) / 2).rounded(), y: 10, width: blurbText.width, height: blurbText.height))
    // A kitten: 80 + 10 leave its text 343 - 90 = 253 of the inset row.
    let long = try await measuredText(
      exampleText(KittenCellNode.ipsum, 12), lines: 2, in: range(253, 0, 253, .infinity))
    let firstHeight = 32 + max(80, long.height)
    #expect(frame(first) == Rect(x: 0, y: blurbHeight, width: 375, height: firstHeight))
    #expect(frame(first.image) == Rect(x: 16, y: 16, width: 80, height: 80))
    #expect(frame(first.text) == Rect(x: 106, y: 16, width: 253, height: long.height))
    #expect(frame(first.divider) == Rect(x: 0, y: 0, width: 375, height: 0.5))
    #expect(frame(second) == Rect(x: 0, y: blurbHeight + firstHeight, width: 375, height: 112))

    // Texture's taps: the image grows, the next row moves down; swapped, the text comes first.
    await first.toggleImageEnlargement()
    try await window.layoutIfNeeded()
    #expect(frame(first) == Rect(x: 0, y: blurbHeight, width: 375, height: 192))
    #expect(frame(first.image) == Rect(x: 16, y: 16, width: 160, height: 160))
    #expect(frame(second) == Rect(x: 0, y: blurbHeight + 192, width: 375, height: 112))
    await second.toggleNodesSwap()
    try await window.layoutIfNeeded()
    let short = try await measuredText(
      exampleText("Lick tincidunt a biting eat the grass.", 12), lines: 2, in: range(0, 0, 253, .infinity))
    #expect(frame(second.text) == Rect(x: 16, y: 16, width: short.width, height: short.height))
    #expect(frame(second.image) == Rect(x: 16 + short.width + 10, y: 16, width: 80, height: 80))

    // A rotation: every row is laid out at the new width, and layout(_:) places each divider again.
    window.resize(to: Size(width: 667, height: 375))
    try await window.layoutIfNeeded()
    #expect(frame(first.divider) == Rect(x: 0, y: 0, width: 667, height: 0.5))
    #expect(frame(second.divider) == Rect(x: 0, y: 0, width: 667, height: 0.5))
    #expect(frame(first.text)?.origin.x == Double(16 + 160 + 10))
  }

  // MARK: SocialAppLayout

  @Test(
    "SocialAppLayout, PostNode and LikesNode: a content stack shrunk beside the avatar, a 2:1 photo, spaced controls, a root spec's own size style"
  )
  func postNode() async throws {
    let post = await PostNode()
    let layout = try await post.layout(thatFits: SizeRange(exactWidth: 375))
    let unbounded = SizeRange.unconstrained
    let name = try await measuredText(exampleText("Apple Guy", 15, bold: true), lines: 1, in: unbounded)
    let user = try await measuredText(exampleText("@appleguy", 15), lines: 1, in: unbounded)
    let time = try await measuredText(exampleText("3s", 15), in: unbounded)
    let body = try await measuredText(exampleText(PostNode.postText, 15), in: range(303, 0, 303, .infinity))
    let count = try await measuredText(exampleText("12", 14), in: unbounded)
    // Measured unbounded, the content is wider than 355 - 44 - 8: it shrinks, alone, to 303.
    // The likes node's spec sets a minimum width of 60 and a maximum height of 40 on itself.
    let likes = Size(width: max(60, 16 + 6 + count.width), height: min(40, max(16, count.height)))
    let names = max(name.height, user.height, time.height)
    let controls = max(likes.height, 20)
    let mediaY = 10 + names + 8 + body.height + 8 + 3
    let controlsY = mediaY + 151 + 3 + 8 + 3
    #expect(layout.size == Size(width: 375, height: controlsY + controls + 3 + 10))
    let likesY = controlsY + ((controls - likes.height) / 2).rounded(.down)
    #expect(
      frames(
        of: [
          post.avatar, post.name, post.username, post.time, post.post, post.media, post.likes, post.comments,
          post.options,
        ],
        in: layout)
        == [
          Rect(x: 10, y: 10, width: 44, height: 44),
          Rect(x: 62, y: 10 + ((names - name.height) / 2).rounded(.down), width: name.width, height: name.height),
          Rect(
            x: 62 + name.width + 5, y: 10 + ((names - user.height) / 2).rounded(.down), width: user.width,
            height: user.height),
          Rect(
            x: 62 + 303 - time.width, y: 10 + ((names - time.height) / 2).rounded(.down), width: time.width,
            height: time.height),
          Rect(x: 62, y: 10 + names + 8, width: 303, height: body.height),
          // 303 wide at a ratio of 0.5: 151.5, floored.
          Rect(x: 62, y: mediaY, width: 303, height: 151),
          Rect(x: 62, y: likesY, width: likes.width, height: likes.height),
          Rect(x: 62 + likes.width + 10, y: likesY, width: likes.width, height: likes.height),
          Rect(
            x: 62 + 2 * likes.width + 20, y: controlsY + ((controls - 20) / 2).rounded(.down), width: 20, height: 20),
        ])
    let likesLayout = try await post.likes.layout(thatFits: SizeRange(exactly: likes))
    #expect(
      frames(of: [post.likes.icon, post.likes.count], in: likesLayout) == [
        Rect(x: 0, y: ((likes.height - 16) / 2).rounded(.down), width: 16, height: 16),
        Rect(x: 22, y: ((likes.height - count.height) / 2).rounded(.down), width: count.width, height: count.height),
      ])
  }

  // MARK: CatDealsCollectionView

  @Test(
    "CatDealsCollectionView, ItemNode: a ratio image under an absolute badge and a centred sold-out label, and text that grows into the rest of the cell"
  )
  func catDealsItemNode() async throws {
    let item = CatDealItemNode()
    // The collection's item size for a width of 320: the design's 299 points.
    let layout = try await item.layout(thatFits: SizeRange(exactly: Size(width: 320, height: 299)))
    let soldOut = try await measuredText(exampleText("SOLD OUT", 14), in: range(0, 0, 320, 203))
    let title = try await measuredText(CatDealItemNode.titleText, lines: 2, in: range(288, 0, 288, .infinity))
    let small = try await measuredText(exampleText("Kitten Palace", 12), in: .unconstrained)
    let distance = try await measuredText(exampleText("1.2 km", 12), in: .unconstrained)
    let original = try await measuredText(exampleText("$40", 12), in: .unconstrained)
    let second = try await measuredText(exampleText("Brooklyn", 12), in: .unconstrained)
    let final = try await measuredText(exampleText("$20", 16, bold: true), in: .unconstrained)
    // The image's ratio is (299 - 96) / 320: 320 × 203. The text's inset grows to the 96 points left; inside it,
    // the vertical spacer grows to the 90 points of the text stack, so the info lines end at its bottom.
    let secondLine = max(second.height, final.height)
    let secondLineY = 209 + 90 - secondLine
    let firstLineY = secondLineY - max(small.height, distance.height, original.height)
    #expect(layout.size == Size(width: 320, height: 299))
    #expect(
      frames(
        of: [
          item.image, item.badge, item.soldOutBackground, item.soldOutLabel, item.title, item.firstInfo, item.distance,
          item.originalPrice, item.secondInfo, item.finalPrice, item.soldOutOverlay,
        ], in: layout)
        == [
          Rect(x: 0, y: 0, width: 320, height: 203),
          Rect(x: 0, y: 169, width: 320, height: 34),
          // Width 100% of the centring spec's 320, height 50, centred: (203 - 50) / 2 = 76.5, rounded.
          Rect(x: 0, y: 77, width: 320, height: 50),
          Rect(
            x: ((320 - soldOut.width) / 2).rounded(), y: ((203 - soldOut.height) / 2).rounded(), width: soldOut.width,
            height: soldOut.height),
          Rect(x: 16, y: 209, width: 288, height: title.height),
          Rect(x: 16, y: firstLineY, width: small.width, height: small.height),
          Rect(x: 16 + small.width + 1, y: firstLineY, width: distance.width, height: distance.height),
          Rect(x: 16 + 288 - original.width, y: firstLineY, width: original.width, height: original.height),
          Rect(
            x: 16, y: secondLineY + ((secondLine - second.height) / 2).rounded(.down), width: second.width,
            height: second.height),
          Rect(x: 16 + 288 - final.width, y: secondLineY, width: final.width, height: final.height),
          Rect(x: 0, y: 0, width: 320, height: 299),
        ])
  }
}

// MARK: - Helpers

/// Text at `size` points, as the examples' `attributedStringWithString:fontSize:color:` makes it.
private func exampleText(_ string: String, _ size: Double, bold: Bool = false) -> AttributedText {
  AttributedText(string, attributes: .init(font: .system(size: size, weight: bold ? .bold : .regular)))
}

/// The size a text node showing `text` (at most `lines` lines) measures in `range`.
private func measuredText(_ text: AttributedText, lines: Int = 0, in range: SizeRange) async throws -> Size {
  try await TextNode(text: text, maximumNumberOfLines: lines).layout(thatFits: range).size
}

/// The frame a node's view (or layer) shows.
@MainActor
private func frame(_ node: any DisplayNode) -> Rect? { node.layer?.frame }

/// The frame of each of `nodes` in `layout` (nil: not in it).
private func frames(of nodes: [any DisplayNode], in layout: Layout) -> [Rect?] {
  nodes.map { node in layout.sublayouts.first { $0.node?.nodeCore === node.nodeCore }?.frame }
}

// MARK: - LayoutSpecExamples' nodes

/// `HeaderWithRightAndLeftItems`. Like every `LayoutExampleNode`, it manages its subnodes.
private actor ExampleHeader: DisplayNode {
  nonisolated let nodeCore = NodeCore(automaticallyManagesSubnodes: true)
  let nodeState = NodeState(debugName: "header") { $0.backgroundColor = .white }
  let username = TextNode(text: exampleText("hannahmbanana", 20), maximumNumberOfLines: 1)
  let location = TextNode(text: exampleText("Sunset Beach, San Fransisco, CA", 20), maximumNumberOfLines: 1)
  let time = TextNode(text: exampleText("30m", 20))

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let hasLocation = await !location.text.isEmpty
    let nameLocation = LayoutSpec.stack(
      .vertical, children: hasLocation ? [.node(username), .node(location)] : [.node(username)]
    ).flexShrink(1).flexGrow(1)
    let header = LayoutSpec.stack(
      .horizontal, spacing: 40, justifyContent: .start, alignItems: .center, children: [nameLocation, .node(time)])
    return .spec(.inset(EdgeInsets(top: 0, left: 10, bottom: 0, right: 10), header))
  }
}

/// `PhotoWithInsetTextOverlay` (a plain image for the network image), setting the photo's style in its layout code
/// as the example does.
private actor ExampleInsetTextOverlay: DisplayNode {
  nonisolated let nodeCore = NodeCore(automaticallyManagesSubnodes: true)
  let nodeState = NodeState(debugName: "insetTextOverlay")
  let photo = ImageNode(image: Image(pixelWidth: 300, pixelHeight: 300, filledWith: .gray))
  let title = TextNode(text: exampleText("family fall hikes", 16), maximumNumberOfLines: 2)

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let side = range.max.width / 4
    await photo.setStyle { $0.preferredSize = Size(width: side, height: side) }
    let insets = EdgeInsets(top: .infinity, left: 12, bottom: 12, right: 12)
    return .spec(.overlay(.node(photo), overlay: .inset(insets, .node(title))))
  }
}

/// `PhotoWithOutsetIconOverlay`, the styles set on the spec's elements.
private actor ExampleOutsetIconOverlay: DisplayNode {
  nonisolated let nodeCore = NodeCore(automaticallyManagesSubnodes: true)
  let nodeState = NodeState(debugName: "outsetIconOverlay")
  let photo = ImageNode()
  let icon = ImageNode()

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    .spec(
      .absolute(
        sizing: .sizeToFit,
        children: [
          .node(photo).preferredSize(Size(width: 150, height: 150)).layoutPosition(Point(x: 40 / 2, y: 40 / 2)),
          .node(icon).preferredSize(Size(width: 40, height: 40)).layoutPosition(Point(x: 150, y: 0)),
        ]))
  }
}

/// `FlexibleSeparatorSurroundingContent`, with 3 × 3 images for the resizable rounded separators.
private actor ExampleFlexibleSeparators: DisplayNode {
  nonisolated let nodeCore = NodeCore(automaticallyManagesSubnodes: true)
  let nodeState = NodeState(debugName: "separators") { $0.backgroundColor = .white }
  let top = ImageNode(image: Image(pixelWidth: 3, pixelHeight: 3, filledWith: .black))
  let text = TextNode(text: exampleText("this is a long text node", 16))
  let bottom = ImageNode(image: Image(pixelWidth: 3, pixelHeight: 3, filledWith: .black))

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    .spec(
      .inset(
        EdgeInsets(top: 60, left: 0, bottom: 60, right: 0),
        .stack(
          .vertical, spacing: 20, justifyContent: .center,
          children: [.node(top).flexGrow(1), .node(text).alignSelf(.center), .node(bottom).flexGrow(1)])))
  }
}

/// `UserProfileSample`.
private actor ExampleUserProfile: DisplayNode {
  nonisolated let nodeCore = NodeCore(automaticallyManagesSubnodes: true)
  let nodeState = NodeState(debugName: "userProfile")
  let badge = ImageNode(image: Image(pixelWidth: 26, pixelHeight: 26, filledWith: .red))
  let avatar = ImageNode(image: Image(pixelWidth: 100, pixelHeight: 100, filledWith: .gray))
  let username = TextNode(text: exampleText("Hello world", 20, bold: true), maximumNumberOfLines: 1)
  let subtitle = TextNode(
    text: exampleText("This is a long long subtitle, with a long long appended string.", 14), maximumNumberOfLines: 1)

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let avatarBox = LayoutSpec.corner(
      .node(avatar), corner: .node(badge), location: .bottomRight, offset: Point(x: -6, y: -6))
    let textBox = LayoutSpec.stack(
      .vertical, justifyContent: .spaceAround, children: [.node(username).flexShrink(1), .node(subtitle).flexShrink(1)]
    ).flexShrink(1)
    let profileBox = LayoutSpec.stack(.horizontal, spacing: 10, children: [avatarBox, textBox]).flexShrink(1)
    return .spec(.inset(EdgeInsets(top: 120, left: 20, bottom: .infinity, right: 20), profileBox))
  }
}

// MARK: - ASDKgram's node

/// `PhotoCellNode`, in the example's declarative form, before its photo and avatar have loaded.
private actor PhotoCellNode: DisplayNode {
  static let captionText = "hannahmbanana a photo caption that is long enough to wrap onto two lines in the cell"

  nonisolated let nodeCore = NodeCore(automaticallyManagesSubnodes: true)
  let nodeState = NodeState(debugName: "photoCell")
  let avatar = ImageNode()
  let userName = TextNode(text: exampleText("hannahmbanana", 14, bold: true))
  let location = TextNode(text: exampleText("Sunset Beach", 14), maximumNumberOfLines: 1)
  let time = TextNode(text: exampleText("2h", 14))
  let photo = ImageNode()
  let likes = TextNode(text: exampleText("12 likes", 14))
  let caption = TextNode(text: exampleText(captionText, 14), maximumNumberOfLines: 3)

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let names =
      await location.text.isEmpty
      ? [LayoutSpec.node(userName).flexShrink(1)]
      : [.node(userName).flexShrink(1), .node(location).flexShrink(1)]
    return .spec(
      .stack(
        .vertical,
        children: [
          .inset(
            EdgeInsets(top: 0, left: 10, bottom: 0, right: 10),
            .stack(
              .horizontal, alignItems: .center,
              children: [
                .inset(
                  EdgeInsets(top: 10, left: 0, bottom: 10, right: 10),
                  .node(avatar).preferredSize(Size(width: 30, height: 30))),
                .stack(.vertical, children: names).flexShrink(1),
                .spacer.flexGrow(1),
                .node(time).spacingBefore(10),
              ])),
          .ratio(1, .node(photo)),
          .inset(
            EdgeInsets(top: 5, left: 10, bottom: 5, right: 10),
            .stack(.vertical, spacing: 5, children: [.node(likes), .node(caption)])),
        ]))
  }
}

// MARK: - Kittens' nodes

/// Kittens' `KittenNode` (the README has a `KittenNode` of its own): its divider is a subnode no spec names, placed
/// by hand in `layout(_:)` (Texture's `-layout`).
private actor KittenCellNode: DisplayNode {
  static let ipsum =
    "Kitty ipsum dolor sit amet, purr sleep on your face lay down in your way biting, sniff tincidunt a etiam fluffy fur judging you stuck in a tree kittens."

  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "kitten")
  let image = ImageNode()
  let text: TextNode
  let divider = BasicNode(debugName: "divider") { $0.backgroundColor = .gray }
  private var isImageEnlarged = false
  private var swappedTextAndImage = false

  init(text: String) async throws {
    self.text = TextNode(text: exampleText(text, 12), maximumNumberOfLines: 2)
    try await addSubnodes([image, self.text, divider])
  }

  func toggleImageEnlargement() async {
    isImageEnlarged.toggle()
    await setNeedsLayout()
  }

  func toggleNodesSwap() async {
    swappedTextAndImage.toggle()
    await setNeedsLayout()
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let side: Double = isImageEnlarged ? 160 : 80
    let image = LayoutSpec.node(image).preferredSize(Size(width: side, height: side))
    let text = LayoutSpec.node(text).flexShrink(1)
    return .spec(
      .inset(
        EdgeInsets(all: 16),
        .stack(
          .horizontal, spacing: 10, alignItems: .start,
          children: swappedTextAndImage ? [text, image] : [image, text])))
  }

  @MainActor func layout(_ context: borrowing LayoutContext) {
    divider.view?.frame = Rect(x: 0, y: 0, width: context.layout.size.width, height: 0.5)
  }
}

/// `BlurbNode`: a text centred across, as high as the text (`ASCenterLayoutSpecSizingOptionMinimumY`), padded.
private actor KittenBlurbNode: DisplayNode {
  static let text = exampleText("Swipe to see more kittens. Tap a kitten to enlarge it, or to swap its text.", 14)

  nonisolated let nodeCore = NodeCore(automaticallyManagesSubnodes: true)
  let nodeState = NodeState(debugName: "blurb")
  let textNode = TextNode(text: text)

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    .spec(.inset(EdgeInsets(all: 10), .center(.x, sizing: .minimumY, .node(textNode))))
  }
}

// MARK: - SocialAppLayout's nodes

/// `LikesNode` (and `CommentsNode`, the same layout): the stack it returns sets its own size style.
private actor LikesNode: DisplayNode {
  nonisolated let nodeCore = NodeCore(automaticallyManagesSubnodes: true)
  let nodeState = NodeState(debugName: "likes")
  let icon = ImageNode(image: Image(pixelWidth: 16, pixelHeight: 16, filledWith: .red))
  let count = TextNode(text: exampleText("12", 14))

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    .spec(
      .stack(.horizontal, spacing: 6, alignItems: .center, children: [.node(icon), .node(count)])
        .minWidth(60).maxHeight(40))
  }
}

/// `PostNode`, for a post with a photo and no "via" icon; its avatar's size and the user name's shrink are set on
/// the nodes' own styles in `init`, as the example does.
private actor PostNode: DisplayNode {
  static let postText = "Hi, this is a post about kittens. It is long enough to wrap in the cell of the feed."

  nonisolated let nodeCore = NodeCore(automaticallyManagesSubnodes: true)
  let nodeState = NodeState(debugName: "post")
  let name = TextNode(text: exampleText("Apple Guy", 15, bold: true), maximumNumberOfLines: 1)
  let username = TextNode(text: exampleText("@appleguy", 15), maximumNumberOfLines: 1)
  let time = TextNode(text: exampleText("3s", 15))
  let post = TextNode(text: exampleText(postText, 15))
  let media = ImageNode(image: Image(pixelWidth: 200, pixelHeight: 100, filledWith: .blue))
  let avatar = ImageNode(image: Image(pixelWidth: 88, pixelHeight: 88, filledWith: .gray))
  let likes = LikesNode()
  let comments = LikesNode()
  let options = ImageNode(image: Image(pixelWidth: 20, pixelHeight: 20, filledWith: .gray))

  init() async {
    await avatar.setStyle {
      $0.width = 44
      $0.height = 44
    }
    await username.setStyle { $0.flexShrink = 1 }
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let nameStack = LayoutSpec.stack(
      .horizontal, spacing: 5, alignItems: .center,
      children: [.node(name), .node(username), .spacer.flexGrow(1), .node(time)]
    ).alignSelf(.stretch)
    let controls = LayoutSpec.stack(
      .horizontal, spacing: 10, alignItems: .center, children: [.node(likes), .node(comments), .node(options)]
    ).spacingBefore(3).spacingAfter(3)
    let photo = LayoutSpec.ratio(0.5, .node(media)).spacingBefore(3).spacingAfter(3)
    let content = LayoutSpec.stack(.vertical, spacing: 8, children: [nameStack, .node(post), photo, controls])
      .flexShrink(1)
    return .spec(
      .inset(
        EdgeInsets(all: 10), .stack(.horizontal, spacing: 8, alignItems: .start, children: [.node(avatar), content])))
  }
}

// MARK: - CatDealsCollectionView's node

/// `ItemNode`, with plain images for the network images and `center` for the info lines' `baselineLast`
/// alignment (baselines are not built yet).
private actor CatDealItemNode: DisplayNode {
  static let titleText = exampleText("A week of naps in a sunny window, with treats", 17, bold: true)
  /// `kFixedLabelsAreaHeight`.
  static let labelsHeight: Double = 96
  /// `kBadgeHeight`.
  static let badgeHeight: Double = 34

  nonisolated let nodeCore = NodeCore(automaticallyManagesSubnodes: true)
  let nodeState = NodeState(debugName: "item")
  let image = ImageNode()
  let badge = BasicNode(debugName: "badge") { $0.backgroundColor = .red }
  let soldOutLabel = TextNode(text: exampleText("SOLD OUT", 14))
  let soldOutBackground = BasicNode(debugName: "soldOutBackground") { $0.backgroundColor = .black }
  let soldOutOverlay = BasicNode(debugName: "soldOutOverlay") { $0.alpha = 0 }
  let title = TextNode(text: titleText, maximumNumberOfLines: 2)
  let firstInfo = TextNode(text: exampleText("Kitten Palace", 12))
  let distance = TextNode(text: exampleText("1.2 km", 12))
  let originalPrice = TextNode(text: exampleText("$40", 12))
  let secondInfo = TextNode(text: exampleText("Brooklyn", 12))
  let finalPrice = TextNode(text: exampleText("$20", 16, bold: true))

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    .spec(
      .overlay(
        .stack(
          .vertical,
          children: [.overlay(imageSpec(range), overlay: soldOutLabelSpec()), textSpec()]),
        overlay: .node(soldOutOverlay)))
  }

  private func imageSpec(_ range: SizeRange) -> LayoutSpec {
    let ratio = (range.max.height - Self.labelsHeight) / range.max.width
    let badgeY = range.max.height - Self.labelsHeight - Self.badgeHeight
    let badge = LayoutSpec.node(badge).layoutPosition(Point(x: 0, y: badgeY)).height(.points(Self.badgeHeight))
    // The example grows this overlay, which is not the stack's child: the stack reads its parent's style.
    return .overlay(.ratio(ratio, .node(image)), overlay: .absolute(children: [badge])).flexGrow(1)
  }

  private func soldOutLabelSpec() -> LayoutSpec {
    .background(
      .center(.xy, sizing: .minimumSize, .node(soldOutLabel)),
      background: .center(.xy, sizing: [], .node(soldOutBackground).width(.fraction(1)).height(50)))
  }

  private func textSpec() -> LayoutSpec {
    let firstLine = LayoutSpec.stack(
      .horizontal, spacing: 1, alignItems: .center,
      children: [.node(firstInfo), .node(distance), .spacer.flexGrow(1), .node(originalPrice)])
    let secondLine = LayoutSpec.stack(
      .horizontal, justifyContent: .center, alignItems: .center,
      children: [.node(secondInfo), .spacer.flexGrow(1), .node(finalPrice)])
    let text = LayoutSpec.stack(
      .vertical, justifyContent: .end, children: [.node(title), .spacer.flexGrow(1), firstLine, secondLine])
    return .inset(EdgeInsets(top: 6, left: 16, bottom: 0, right: 16), text).flexGrow(1)
  }
}
