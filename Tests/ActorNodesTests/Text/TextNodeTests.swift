import Synchronization
import Testing

@testable import ActorNodes

private let font = Font(size: 10)

private func text(_ string: String) -> AttributedText {
  AttributedText(string, attributes: .init(font: font))
}

private func room(_ width: Double, _ height: Double = .infinity) -> SizeRange {
  SizeRange(min: .zero, max: Size(width: width, height: height))
}

@Suite("Text and image nodes: measured off the main actor, invalidated by their own changes", .timeLimit(.minutes(5)))
struct TextNodeTests {
  @Test("a text node measures its lines in the range's maximum, rounded up to pixels")
  func measuresItsLines() async throws {
    let node = TextNode(text: text("Hello world"))
    #expect(try await node.layout(thatFits: room(40)).size == Size(width: 24, height: 24))  // 23.9 × 2 lines
    #expect(try await node.layout(thatFits: room(40), scale: 10).size == Size(width: 23.9, height: 24))
    #expect(try await node.layout(thatFits: .unconstrained).size == Size(width: 50, height: 12))
    let lines = await node.textLayout(in: Size(width: 40, height: 100))
    #expect(lines.lines.count == 2)
  }

  @Test("draw parameters compare as values: equal for the same text and options, different once one changes")
  func drawParametersAreEquatable() async {
    let node = TextNode(text: text("Hello world"))
    let before = await node.drawParameters()
    #expect(await node.drawParameters() == before)
    #expect(await TextNode(text: text("Hello world")).drawParameters() == before)
    await node.setMaximumNumberOfLines(1)
    #expect(await node.drawParameters() != before)
    #expect(Set([before, await node.drawParameters(), before]).count == 2)
  }

  @Test("a text node's size is no larger than the room: lines past the height are cut, like Texture's fmin")
  func clampedToTheRoom() async throws {
    let node = TextNode(text: text("Hello world"))
    #expect(try await node.layout(thatFits: room(40, 20)).size == Size(width: 33, height: 12))  // "Hello…"
    #expect(try await node.layout(thatFits: SizeRange(exactly: Size(width: 60, height: 30))).size.width == 60)
  }

  @Test("the text container inset surrounds the lines and narrows the room they wrap in")
  func inset() async throws {
    let node = TextNode(text: text("Hello world"))
    await node.setTextContainerInset(EdgeInsets(all: 5))
    // Room 30 wide: two lines, 23.9 + 10 wide and 24 + 10 high.
    #expect(try await node.layout(thatFits: room(40)).size == Size(width: 34, height: 34))
  }

  @Test("changing the text, the line limit, the inset or the token invalidates the layout; the same value does not")
  func invalidation() async throws {
    let node = TextNode(text: text("Hello world"))
    #expect(try await node.layout(thatFits: room(40)).size == Size(width: 24, height: 24))
    var version = node.nodeCore.layoutVersion.load(ordering: .acquiring)
    await node.setText(text("Hello world"))
    await node.setMaximumNumberOfLines(0)
    await node.setTextContainerInset(.zero)
    await node.setTruncationToken("\u{2026}")
    #expect(node.nodeCore.layoutVersion.load(ordering: .acquiring) == version)

    await node.setText(text("Hi"))
    #expect(try await node.layout(thatFits: room(40)).size == Size(width: 10, height: 12))  // 9.4 wide
    #expect(node.nodeCore.layoutVersion.load(ordering: .acquiring) == version + 1)
    version += 1

    await node.setText(text("Hello world"))
    await node.setMaximumNumberOfLines(1)
    #expect(try await node.layout(thatFits: room(40)).size == Size(width: 33, height: 12))
    await node.setTruncationToken("-")
    // The token follows the line's own text ("Hello"), so the node is as large as the text "Hello-".
    let hyphenated = try await TextNode(text: text("Hello-")).layout(thatFits: room(40)).size
    #expect(try await node.layout(thatFits: room(40)).size == hyphenated)
    #expect(hyphenated.height == 12, "one line")
    #expect(node.nodeCore.layoutVersion.load(ordering: .acquiring) == version + 3)
  }

  @Test("a loaded text node whose text changes is laid out again with its window, and its supernode with it")
  @MainActor
  func relayoutInAWindow() async throws {
    let label = TextNode(text: text("Hi"))
    let root = PassNode("root") { _ in .spec(.stack(.vertical, alignItems: .start, children: [.node(label)])) }
    try await root.addSubnode(label)
    let window = Window(size: Size(width: 40, height: 100))
    try await window.attach(root)
    #expect(frame(of: label) == Rect(x: 0, y: 0, width: 10, height: 12))
    await label.setText(text("Hello world"))
    try await window.layoutIfNeeded()
    #expect(frame(of: label) == Rect(x: 0, y: 0, width: 24, height: 24))
    #expect(await label.calculatedSize == Size(width: 24, height: 24))
  }

  @Test(
    "a text node is never larger than the room and measures the same twice; it truncates what does not fit",
    .tags(.texturePort))
  func textureSizing() async throws {
    let paragraph = text(String(repeating: "Texture measures text off the main thread. ", count: 12))
    let node = TextNode(text: paragraph)
    for side in stride(from: 10.0, to: 500, by: 50) {
      let range = room(side, side)
      let size = try await node.layout(thatFits: range).size
      #expect(size.width <= side && size.height <= side)
      node.invalidateCalculatedLayout()
      #expect(try await node.layout(thatFits: range).size == size)
    }
    // testRecalculationOfSizeIsSameAsOriginallyCalculatedFloatingPointSize: rooms of fractional sides (×1.3). A
    // size is rounded up to the pixel grid, as Texture's ASLayout rounds it: 17 points in a room 16.9 wide.
    var side = 10.0
    while side < 500 {
      let range = room(side, side)
      let size = try await node.layout(thatFits: range).size
      #expect(size.width <= side.rounded(.up) && size.height <= side.rounded(.up), "\(side): \(size)")
      node.invalidateCalculatedLayout()
      #expect(try await node.layout(thatFits: range).size == size, "Texture allows 11 points")
      side *= 1.3
    }
    #expect(await node.textLayout(in: Size(width: 100, height: 100)).isTruncated)
    await node.setTruncationToken("...")
    #expect(await node.truncationToken == "...")
  }

  @Test(
    "an empty text measures zero wide and one line of the default font high (TextKit's extra line fragment); zero rooms measure without trapping",
    .tags(.texturePort))
  func textureEmptyAndZero() async throws {
    let node = TextNode(text: "")
    // Texture's ASTextNode measures {0, 13.8} for an empty text in Helvetica 12 (AsyncDisplayKit issue 2555); here
    // 12-point text is 14.4 high, 15 on the grid.
    #expect(try await node.layout(thatFits: room(100)).size == Size(width: 0, height: 15))
    await node.setTextContainerInset(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
    #expect(try await node.layout(thatFits: room(100), scale: 10).size == Size(width: 6, height: 18.4))
    await node.setTextContainerInset(.zero)
    await node.setText(text("Hello"))
    #expect(try await node.layout(thatFits: room(0, 0)).size == .zero)
    #expect(try await node.layout(thatFits: room(0, 100)).size.width == 0)
    #expect(try await node.layout(thatFits: room(100, 0)).size.height == 0)
  }

  @Test(
    "isTruncated and lineCount read the lines shown in the node's bounds: none before a frame, a frame set by hand, a window's layout, a view resized on the main actor (ASTextNodeTests testTruncation)",
    .tags(.texturePort))
  @MainActor
  func truncatedAndLineCountInItsBounds() async throws {
    /// What `node` reports in its bounds: whether it is truncated, and how many lines it shows.
    func shown(_ node: TextNode) async -> [Int] { [await node.isTruncated ? 1 : 0, await node.lineCount] }
    let node = TextNode(text: text(String(repeating: "Texture measures text off the main thread. ", count: 12)))
    #expect(await shown(node) == [1, 0], "no bounds: no room for a line")
    await node.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
    #expect(await shown(node) == [1, 8], "truncated; eight lines of 12 points in 100")
    await node.configure { $0.frame = Rect(x: 0, y: 0, width: 1000, height: 1000) }
    #expect(await shown(node) == [0, 3])
    #expect(await shown(TextNode(text: "")) == [0, 0], "no bounds, but an empty text cuts nothing")
    // TextKit's extra line fragment (after a final newline; an empty text's only line) holds no glyph: not counted.
    for (string, count) in [("", 0), ("abc\n", 1), ("a\n\nb", 3), ("abc\n\n", 2), ("abc\n  ", 2)] {
      let lines = TextNode(text: text(string))
      await lines.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
      #expect(await shown(lines) == [0, count], "\(string.debugDescription)")
    }

    let label = TextNode(text: text("Hello world"), maximumNumberOfLines: 1)
    let root = SpecHost(.stack(.vertical, alignItems: .start, children: [.node(label)]))
    try await root.addSubnode(label)
    let window = Window(size: Size(width: 40, height: 100), turnMode: .manual)
    try await window.attach(root)
    try await window.layoutIfNeeded()
    #expect(await shown(label) == [1, 1])
    await label.setMaximumNumberOfLines(0)
    try await window.layoutIfNeeded()
    #expect(await shown(label) == [0, 2])
    // Bounds set on the loaded view, which the node's record has not seen: the view's are read.
    label.view?.bounds = Rect(x: 0, y: 0, width: 100, height: 12)
    #expect(await shown(label) == [0, 1])
    label.view?.bounds = Rect(x: 0, y: 0, width: 100, height: 5)
    #expect(await shown(label) == [1, 0])
  }

  @Test("a text node's description shows the start of its text")
  func description() async {
    let node = TextNode(debugName: "title", text: "A title that is longer than the description shows")
    let line = await node.descriptionForRecursiveDescription
    #expect(line.hasSuffix("'title'> \"A title that is longer …\""))
  }

  @Test("an image node measures its image's size in points, clamped into the range")
  func imageSize() async throws {
    let image = Image(pixelWidth: 80, pixelHeight: 60, scale: 2, filledWith: .gray)
    let node = ImageNode(image: image)
    #expect(try await node.layout(thatFits: .unconstrained).size == Size(width: 40, height: 30))
    #expect(try await node.layout(thatFits: room(20, 20)).size == Size(width: 20, height: 20))
    #expect(try await node.layout(thatFits: SizeRange(exactly: Size(width: 50, height: 50))).size.width == 50)
    let empty = ImageNode()
    #expect(try await empty.layout(thatFits: room(20, 10)).size == Size(width: 20, height: 10))
    #expect(try await empty.layout(thatFits: .unconstrained).size == .zero)
  }

  @Test("a new image invalidates the layout only if its size differs")
  func imageInvalidation() async throws {
    let node = ImageNode(image: Image(pixelWidth: 4, pixelHeight: 4, filledWith: .red))
    let version = node.nodeCore.layoutVersion.load(ordering: .acquiring)
    await node.setImage(Image(pixelWidth: 4, pixelHeight: 4, filledWith: .blue))
    #expect(node.nodeCore.layoutVersion.load(ordering: .acquiring) == version)
    await node.setImage(Image(pixelWidth: 8, pixelHeight: 8, scale: 2, filledWith: .blue))
    #expect(node.nodeCore.layoutVersion.load(ordering: .acquiring) == version)
    await node.setImage(Image(pixelWidth: 6, pixelHeight: 4, filledWith: .blue))
    #expect(node.nodeCore.layoutVersion.load(ordering: .acquiring) == version + 1)
    #expect(try await node.layout(thatFits: .unconstrained).size == Size(width: 6, height: 4))
    await node.setImage(nil)
    #expect(node.nodeCore.layoutVersion.load(ordering: .acquiring) == version + 2)
  }

  @Test("an image equal to the one shown changes nothing: no layout and no display, as Texture's setImage:")
  func equalImageAsksForNoDisplay() async throws {
    // Adversarial round 27: an equal image asked for a display (superseding one in flight), where ASImageNode's
    // _locked_setImage: returns for an equal image.
    let node = ImageNode(image: Image(pixelWidth: 4, pixelHeight: 4, filledWith: .red))
    let (version, generation) = (
      node.nodeCore.layoutVersion.load(ordering: .acquiring), node.nodeCore.currentDisplayGeneration
    )
    await node.setImage(Image(pixelWidth: 4, pixelHeight: 4, filledWith: .red))
    #expect(node.nodeCore.currentDisplayGeneration == generation)
    let empty = ImageNode()
    let emptyGeneration = empty.nodeCore.currentDisplayGeneration
    await empty.setImage(nil)
    #expect(empty.nodeCore.currentDisplayGeneration == emptyGeneration)
    await node.setImage(Image(pixelWidth: 4, pixelHeight: 4, filledWith: .blue))
    #expect(node.nodeCore.currentDisplayGeneration > generation, "a new image of the same size redraws")
    #expect(node.nodeCore.layoutVersion.load(ordering: .acquiring) == version)
  }

  @Test(
    "text and image nodes are not opaque, and an image node clips to its bounds, as Texture's initializers set them; a write still wins"
  )
  @MainActor
  func textAndImageNodesAreNotOpaque() async throws {
    // Adversarial round 26: both kept a plain node's opaque view (ASTextNode.mm and ASTextNode2.mm set opaque = NO
    // and a clear background in init; ASImageNode.mm sets opaque = NO and clipsToBounds = YES).
    let label = TextNode(text: text("Hi"))
    let photo = ImageNode(image: Image(pixelWidth: 2, pixelHeight: 2, filledWith: .red))
    let layerBacked = ImageNode(image: Image(pixelWidth: 2, pixelHeight: 2, filledWith: .red), isLayerBacked: true)
    let configured = ImageNode(image: Image(pixelWidth: 2, pixelHeight: 2, filledWith: .red))
    await configured.configure {
      $0.isOpaque = true
      $0.clipsToBounds = false
    }
    let (labelRecord, photoRecord) = (await label.viewProperties(), await photo.viewProperties())
    #expect(!labelRecord.isOpaque && !labelRecord.clipsToBounds)
    #expect(!photoRecord.isOpaque && photoRecord.clipsToBounds)
    #expect(labelRecord.backgroundColor == nil && photoRecord.backgroundColor == nil, "clear: none, as a plain node's")
    let root = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 20, height: 20) }
    try await root.addSubnodes([label, photo, layerBacked, configured])
    let window = Window(size: Size(width: 20, height: 20), turnMode: .manual)
    try await window.attach(root)
    await window.flush()
    #expect(label.view?.isOpaque == false && label.layer?.masksToBounds == false)
    #expect(photo.view?.isOpaque == false && photo.view?.clipsToBounds == true)
    #expect(layerBacked.layer?.isOpaque == false && layerBacked.layer?.masksToBounds == true)
    #expect(configured.layer?.isOpaque == true && configured.layer?.masksToBounds == false)
  }

  @Test(
    "a text node's view takes no touches, as Texture's text nodes set in their init; an image node's does; a write still wins"
  )
  @MainActor
  func textNodesTakeNoTouches() async throws {
    // Adversarial round 29: a text node kept a plain node's interactive view (ASTextNode.mm and ASTextNode2.mm set
    // userInteractionEnabled = NO in init, "Disable user interaction for text node by default"; ASImageNode.mm
    // leaves it).
    let label = TextNode(text: text("Hi"))
    let photo = ImageNode(image: Image(pixelWidth: 2, pixelHeight: 2, filledWith: .red))
    let button = TextNode(text: text("Tap"))
    await button.configure { $0.isUserInteractionEnabled = true }
    #expect(await label.viewProperties().isUserInteractionEnabled == false)
    #expect(await photo.viewProperties().isUserInteractionEnabled == true)
    let root = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 20, height: 20) }
    try await root.addSubnodes([label, photo, button])
    let window = Window(size: Size(width: 20, height: 20), turnMode: .manual)
    try await window.attach(root)
    await window.flush()
    #expect(label.view?.isUserInteractionEnabled == false)
    #expect(await label.viewProperties().isUserInteractionEnabled == false)
    #expect(photo.view?.isUserInteractionEnabled == true)
    #expect(button.view?.isUserInteractionEnabled == true)
  }

  @Test(
    "An image node shows its image aspect-filled, centered and clipped: its contents are the image cropped to the bounds' ratio (Texture: ASImageNodeBackingSizeTests testScaleAspectFillModeBackingSizeCalculation)",
    .tags(.texturePort))
  @MainActor
  func imageNodeAspectFillsItsBounds() async throws {
    // Adversarial round 29: the contents were the whole image, which the layer stretched to the bounds; Texture's
    // ASImageNode draws in its default content mode, aspect fill, into a backing of the bounds' ratio
    // (ASCroppedImageBackingSizeAndDrawRectInBounds): a 100-pixel square in 200 × 400 has a 50 × 100 backing, the
    // image's middle half.
    var bytes: [UInt8] = []
    for _ in 0..<100 {
      for x in 0..<100 { bytes += x < 25 ? [255, 0, 0, 255] : x < 75 ? [0, 0, 255, 255] : [0, 255, 0, 255] }
    }
    let picture = Image(pixelWidth: 100, pixelHeight: 100, rgba: bytes)
    let tall = ImageNode(image: picture)
    await tall.configure { $0.frame = Rect(x: 0, y: 0, width: 200, height: 400) }
    let window = Window(size: Size(width: 200, height: 400), turnMode: .manual)
    try await window.attach(tall)
    await tall.recursivelyEnsureDisplay()
    let contents = try #require(tall.layer?.contents)
    #expect(contents.pixelWidth == 50 && contents.pixelHeight == 100)
    let blue = RGBA8(red: 0, green: 0, blue: 255, alpha: 255)
    #expect(contents.pixel(x: 0, y: 50) == blue && contents.pixel(x: 49, y: 50) == blue)
    let shown = window.snapshot()
    #expect(shown.pixel(x: 5, y: 200) == blue && shown.pixel(x: 195, y: 200) == blue, "not stretched: no red or green")
    // Wider than the image: its middle rows. The ratio of the image: the image itself.
    #expect(ImageNode.aspectFilled(picture, in: Size(width: 400, height: 200)).pixelHeight == 50)
    let retina = Image(pixelWidth: 80, pixelHeight: 40, scale: 2, filledWith: .red)
    #expect(ImageNode.aspectFilled(retina, in: Size(width: 40, height: 20)) == retina)
    #expect(ImageNode.aspectFilled(retina, in: Size(width: 10, height: 10)).pixelWidth == 40)
  }

  @Test(
    "an image node whose bounds change shape crops its image again for the new bounds instead of stretching the old crop"
  )
  @MainActor
  func imageNodeCropsAgainForNewBounds() async throws {
    // Round 29: Texture's layer keeps aspect fill in new bounds through its contents gravity; a `Layer` has none,
    // so an image node redraws when its bounds change size (needsDisplayOnBoundsChange), cropping for them.
    let picture = Image(pixelWidth: 100, pixelHeight: 100, filledWith: .blue)
    let node = ImageNode(image: picture)
    await node.configure { $0.frame = Rect(x: 0, y: 0, width: 200, height: 400) }
    let window = Window(size: Size(width: 400, height: 400), turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    #expect(node.layer?.contents.map { [$0.pixelWidth, $0.pixelHeight] } == [50, 100])
    #expect(node.layer?.needsDisplayOnBoundsChange == true)
    await node.configure { $0.frame = Rect(x: 0, y: 0, width: 400, height: 200) }
    await window.flush()
    await node.recursivelyEnsureDisplay()
    #expect(node.layer?.contents.map { [$0.pixelWidth, $0.pixelHeight] } == [100, 50], "cropped for 400 × 200")
  }

  @Test("a truncated text node draws, in the bounds it measured, the lines it measured (not the bounds' own)")
  func truncatedNodeDrawsWhatItMeasured() async throws {
    // Cut to "aaaa-bbbbbb…" in 72 points, it is 69.3 wide; set again in 70 points it would be cut to "aaaa-…".
    let node = TextNode(text: text("aaaa-bbbbbbbb cc"), maximumNumberOfLines: 1)
    let size = try await node.layout(thatFits: room(72)).size
    let measured = await node.textLayout(in: Size(width: 72, height: .infinity))
    #expect(measured.isTruncated && size.width < 72)
    for bounds in [size, PixelGrid(scale: 1).ceil(size), PixelGrid(scale: 3).ceil(size)] {
      let drawn = TextNode.lines(of: await node.drawParameters(), in: bounds)
      #expect(drawn.lines.map(\.range) == measured.lines.map(\.range), "in \(bounds)")
    }
    // Bounds no measurement gave (a stack stretched it): the lines are set in them.
    let stretched = TextNode.lines(of: await node.drawParameters(), in: Size(width: 200, height: 12))
    #expect(!stretched.isTruncated)
    // Measured in a range whose minimum is wider than the text (a `minWidth` on its element): the bounds are that
    // minimum, and the lines are still the measured ones (round 25: they were set again in the 100-point bounds and
    // cut to "aaaa bbbb…", where the measurement had "aaaa bbbb cccc…").
    let long = TextNode(
      text: AttributedText(
        "aaaa bbbb cccc eeeeeeeeeeee " + String(repeating: "f", count: 46), attributes: .init(font: Font(size: 10))),
      maximumNumberOfLines: 1)
    let range = SizeRange(min: Size(width: 100, height: 0), max: Size(width: 200, height: .infinity))
    let widened = try await long.layout(thatFits: range).size
    #expect(widened.width == 100)
    let inRoom = await long.textLayout(in: range.max)
    #expect(inRoom.size.width < 100 && inRoom.isTruncated)
    let drawn = TextNode.lines(of: await long.drawParameters(), in: widened)
    #expect(drawn.lines.map(\.range) == inRoom.lines.map(\.range))
    // A new text forgets the rooms the old one was measured in.
    await node.setText(text("aaaa-bbbbbbbb cc dd"))
    #expect(await node.drawParameters().measurements.isEmpty)
  }

  @Test("a truncated label in a window draws the lines it measured in the window's room")
  @MainActor
  func truncatedLabelInAWindowDrawsWhatItMeasured() async throws {
    let label = TextNode(text: text(" efg-W"), maximumNumberOfLines: 1)
    let root = SpecHost(.stack(.vertical, alignItems: .start, children: [.node(label)]))
    try await root.addSubnode(label)
    let window = Window(size: Size(width: 21, height: 100), turnMode: .manual)
    try await window.attach(root)
    try await window.layoutIfNeeded()
    let bounds = try #require(label.layer?.bounds.size)
    let measured = await label.textLayout(in: Size(width: 21, height: 100))
    let drawn = TextNode.lines(of: await label.drawParameters(), in: bounds)
    #expect(drawn.lines.map(\.range) == measured.lines.map(\.range), "bounds \(bounds): \(drawn) against \(measured)")
  }

  @Test("one room measured with two minimums draws, in the bounds of either, the lines measured in that room")
  func roomMeasuredWithTwoMinimumsDrawsItsLinesInEitherBounds() async throws {
    // Adversarial round 27: a measurement replaced the one of the same room, so after measuring at a minimum of 100
    // (an element's minWidth) then at none, bounds of 100 (the layout cache serves the first range) set the lines
    // again in them: "aaaa bbbb…" where "aaaa bbbb cccc…" was measured; and the other order broke the natural size.
    let node = TextNode(
      text: text("aaaa bbbb cccc eeeeeeeeeeee " + String(repeating: "f", count: 46)), maximumNumberOfLines: 1)
    let natural = SizeRange(min: .zero, max: Size(width: 200, height: .infinity))
    let widened = SizeRange(min: Size(width: 100, height: 0), max: Size(width: 200, height: .infinity))
    let measured = await node.textLayout(in: natural.max)
    #expect(measured.lines.count == 1 && measured.lines[0].isTruncated)
    #expect(measured.text.string(in: measured.lines[0].range) == "aaaa bbbb cccc")
    for order in [[widened, natural], [natural, widened]] {
      node.invalidateCalculatedLayout()
      var sizes: [Size] = []
      for range in order { sizes.append(try await node.layout(thatFits: range).size) }
      #expect(Set(sizes) == [Size(width: 100, height: 12), Size(width: 81, height: 12)])
      for bounds in sizes {
        let drawn = TextNode.lines(of: await node.drawParameters(), in: bounds)
        #expect(drawn.lines.map(\.range) == measured.lines.map(\.range), "in \(bounds), measured \(order)")
      }
    }
  }

  @Test(
    "A text node measures the same twice in fractional rooms, no larger than them rounded up to pixels (Texture: testRecalculationOfSizeIsSameAsOriginallyCalculatedFloatingPointSize)",
    .tags(.texturePort))
  func textureFractionalSizing() async throws {
    let node = TextNode(text: text(String(repeating: "Texture measures text off the main thread. ", count: 12)))
    var side = 10.0
    while side < 500 {
      let range = room(side, side)
      let size = try await node.layout(thatFits: range).size
      // Rounded up to the pixel grid, as Texture's ASLayout rounds every size, even past a fractional maximum.
      #expect(size.width <= side.rounded(.up) && size.height <= side.rounded(.up), "in \(side) × \(side)")
      node.invalidateCalculatedLayout()
      // Texture allows 11 points of difference; the built-in metrics give the same size.
      #expect(try await node.layout(thatFits: range).size == size, "in \(side) × \(side)")
      side *= 1.3
    }
  }

  @Test(
    "A layer-backed text node measures and draws its text into its layer (Texture: ASTextNode2Tests testSupportsLayerBacking)",
    .tags(.texturePort))
  @MainActor
  func textureLayerBackedText() async throws {
    let label = TextNode(text: text("new string"), isLayerBacked: true)
    let window = Window(size: Size(width: 100, height: 20), turnMode: .manual)
    await label.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 20) }
    try await window.attach(label)
    await label.recursivelyEnsureDisplay()
    #expect(label.view == nil)
    #expect(label.layer?.contents != nil)
  }

  @Test(
    "A text node drawn before a pass measured its new text, which keeps its size, is drawn again as measured once the pass applies",
    arguments: ["sleeps all cat on warm a all all", "the cat sleeps on the warm windowsill all day"])
  @MainActor
  func textDrawnBeforeItsMeasurementIsDrawnAgain(string: String) async throws {
    // Adversarial round 31 (the display convergence probe, seed 8): `setText` asks for a display and a pass; the
    // display took its snapshot before the pass measured the new text, so it set the lines in the bounds, not in the
    // room the pass measured them in. The pass gave the node the size it had, so nothing drew it again, and it kept
    // lines a fresh node of the same text does not show.
    let gate = Gate()
    let held = HeldLeaf()
    let label = TextNode(debugName: "label", text: text(string + "!"), maximumNumberOfLines: 2)
    let column = TextColumn()
    try await column.addSubnodes([label, held])
    let window = Window(size: Size(width: 60, height: 100), turnMode: .manual)
    try await window.attach(column)
    await label.recursivelyEnsureDisplay()
    let size = label.layer?.bounds.size
    // A pass held in `held`'s layout code: the label's pass waits for it.
    await held.hold(gate)
    await gate.waitForArrivals(1)
    await label.setText(text(string + "?"))  // Same size: one character for another.
    await window.waitForPendingDisplays()
    await window.flush()
    await gate.open()
    try await window.layoutIfNeeded()
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(label.layer?.bounds.size == size)
    let fresh = TextNode(debugName: "label", text: text(string + "?"), maximumNumberOfLines: 2)
    let freshColumn = TextColumn()
    try await freshColumn.addSubnodes([fresh, HeldLeaf()])
    let freshWindow = Window(size: Size(width: 60, height: 100))
    try await freshWindow.attach(freshColumn)
    await fresh.recursivelyEnsureDisplay()
    #expect(fresh.layer?.bounds.size == size)
    #expect(label.layer?.contents == fresh.layer?.contents)
  }

  @Test(
    "A text node measured in two rooms that give one size draws the lines of the room its applied layout was measured in, as a fresh node laid out there does",
    arguments: [false, true])
  @MainActor
  func textMeasuredInTwoRoomsOfOneSizeDrawsItsAppliedRoom(resizesBack: Bool) async throws {
    // Adversarial round 32 (the display convergence probe, seed 8): a minWidth of 100 widens the line to 100 points
    // in a column of 200 ("aaaa bbbb cccc…") and in one of 120 (fewer words), one size for two rooms. The node drew
    // the lines of the room measured last, whichever room the layout a pass applied to it was measured in.
    let string = "aaaa bbbb cccc eeeeeeeeeeee " + String(repeating: "f", count: 46)
    func label() async -> TextNode {
      let label = TextNode(debugName: "label", text: text(string), maximumNumberOfLines: 1)
      await label.setStyle { $0.minWidth = 100 }
      return label
    }
    let node = await label()
    let column = TextColumn()
    try await column.addSubnodes([node])
    let window = Window(size: Size(width: 200, height: 100), turnMode: .manual)
    try await window.attach(column)
    await node.recursivelyEnsureDisplay()
    let size = try #require(node.layer?.bounds.size)
    #expect(size == Size(width: 100, height: 12))
    if resizesBack {
      // A pass lays it out in 120, then the window's old width serves the cached layout of 200 again.
      window.resize(to: Size(width: 120, height: 100))
      try await window.layoutIfNeeded()
      #expect(node.layer?.bounds.size == size)
      window.resize(to: Size(width: 200, height: 100))
      try await window.layoutIfNeeded()
    } else {
      // Measured in 120 (the size it would take in a narrower column), not applied.
      let narrow = SizeRange(min: Size(width: 100, height: 0), max: Size(width: 120, height: .infinity))
      #expect(try await node.layout(thatFits: narrow).size == size)
      await node.setNeedsDisplay()
    }
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(node.layer?.bounds.size == size)
    let fresh = await label()
    let freshColumn = TextColumn()
    try await freshColumn.addSubnodes([fresh])
    let freshWindow = Window(size: Size(width: 200, height: 100))
    try await freshWindow.attach(freshColumn)
    await fresh.recursivelyEnsureDisplay()
    #expect(fresh.layer?.bounds.size == size)
    #expect(node.layer?.contents != nil)
    #expect(node.layer?.contents == fresh.layer?.contents)
  }
}

/// A column of its subnodes, aligned at its start.
private actor TextColumn: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    .spec(.stack(.vertical, alignItems: .start, children: await subnodes.map { .node($0) }))
  }
}

/// A 10 × 10 leaf whose layout code, once held, waits for a gate.
private actor HeldLeaf: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()
  private var gate: Gate?

  func hold(_ gate: Gate) {
    self.gate = gate
    invalidateCalculatedLayout()
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    if let gate { await gate.wait() }
    return .size(Size(width: 10, height: 10))
  }
}
