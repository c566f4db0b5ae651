import Testing

@testable import ActorNodes

/// Texture's text and image snapshot tests (`ASTextNodeSnapshotTests`, `ASTextNode2SnapshotTests`,
/// `ASImageNodeSnapshotTests`), ported with the built-in metrics: each size is derived from Texture's rule (the lines'
/// used size plus the text container inset, no larger than the room, rounded up to the pixel grid) and the
/// ``Font`` table, and the reference image is replaced by checks of the pixels a window shows.
@Suite(.serialized, .timeLimit(.minutes(5)))
@MainActor
struct TextAndImageSnapshotPortTests {
  /// A window of `size` showing `node` at that size, drawn: Texture's `ASDisplayNodeSizeToFitSizeRange` then
  /// `ASSnapshotVerifyNode`. The window is returned so that the node stays in it while the test reads its layer.
  private func sizedAndDrawn(_ node: some DisplayNode, size: Size) async throws -> (Window, Image) {
    await node.configure { $0.frame = Rect(origin: .zero, size: size) }
    let window = Window(size: size, turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    return (window, window.snapshot())
  }

  /// Whether any pixel in the columns `x` and rows `y` is drawn (not transparent).
  private func inked(_ image: Image, x: Range<Int>, y: Range<Int>) -> Bool {
    x.contains { x in y.contains { y in image.pixel(x: x, y: y).alpha > 0 } }
  }

  @Test(
    "A text node's size is its lines' size plus the inset, and its lines are drawn inside the inset (Texture: ASTextNodeSnapshotTests testTextContainerInset, testUIGraphicsRendererDrawingExperiment; ASTextNode2SnapshotTests testTextContainerInset_ASTextNode2)",
    .tags(.texturePort))
  func textureTextContainerInset() async throws {
    let node = TextNode(text: AttributedText("judar", attributes: .init(font: Font(size: 24))))
    await node.setTextContainerInset(EdgeInsets(top: 0, left: 2, bottom: 0, right: 2))
    // Texture's range: zero to CGFLOAT_MAX.
    let huge = Size(width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)
    let size = try await node.layout(thatFits: SizeRange(min: .zero, max: huge)).size
    // "judar" is 2,230 units: 53.52 points at 24, plus 2 + 2; one line of 28.8; rounded up.
    #expect(size == Size(width: 58, height: 29))
    let (_, image) = try await sizedAndDrawn(node, size: size)
    #expect(!inked(image, x: 0..<2, y: 0..<29), "the left inset is empty")
    #expect(inked(image, x: 2..<56, y: 0..<29))
    #expect(!inked(image, x: 56..<58, y: 0..<29), "the right inset is empty (the text ends at 55.52)")
  }

  @Test(
    "A text node measured in a room smaller than its text sets its lines in the room less the inset, and adds the inset back (Texture: testTextContainerInsetIsIncludedWithSmallerConstrainedSize, …_ASTextNode2)",
    .tags(.texturePort))
  func textureTextContainerInsetWithSmallerRoom() async throws {
    let node = TextNode(
      text: AttributedText("judar judar judar judar judar judar", attributes: .init(font: Font(size: 30))))
    await node.setTextContainerInset(EdgeInsets(all: 10))
    let size = try await node.layout(thatFits: SizeRange(min: .zero, max: Size(width: 100, height: 80))).size
    // The lines' room is 80 × 60: one 36-point line, cut to "jud…" (40.2, and the token's 30, as Texture's reference
    // image shows "jud…"); 70.2 + 20 wide, 36 + 20 high.
    #expect(size == Size(width: 91, height: 56))
    let lines = await node.textLayout(in: Size(width: 100, height: 80))
    #expect(lines.lines.count == 1 && lines.isTruncated)
    #expect(lines.lines.map { lines.text.string(in: $0.range) } == ["jud"] && lines.lines[0].isTruncated)
    let (_, image) = try await sizedAndDrawn(node, size: size)
    #expect(!inked(image, x: 0..<10, y: 0..<56) && !inked(image, x: 81..<91, y: 0..<56), "the side insets are empty")
    #expect(!inked(image, x: 0..<91, y: 0..<10) && !inked(image, x: 0..<91, y: 46..<56), "so are the top and bottom")
    #expect(inked(image, x: 10..<81, y: 10..<46))
  }

  @Test(
    "Unequal insets: the lines start at the left and top insets, and the size adds each side's (Texture: testTextContainerInsetHighlight, …_ASTextNode2, without the highlight)",
    .tags(.texturePort))
  func textureTextContainerInsetOnEachSide() async throws {
    let node = TextNode(text: AttributedText("yolo", attributes: .init(font: Font(size: 30))))
    await node.setTextContainerInset(EdgeInsets(top: 5, left: 10, bottom: 10, right: 5))
    let size = try await node.layout(thatFits: .unconstrained).size
    // "yolo" is 1,840 units: 55.2 points at 30, plus 10 + 5; one line of 36, plus 5 + 10.
    #expect(size == Size(width: 71, height: 51))
    let (_, image) = try await sizedAndDrawn(node, size: size)
    #expect(!inked(image, x: 0..<10, y: 0..<51) && !inked(image, x: 66..<71, y: 0..<51))
    #expect(!inked(image, x: 0..<71, y: 0..<5) && !inked(image, x: 0..<71, y: 41..<51))
    #expect(inked(image, x: 10..<66, y: 5..<41))
  }

  @Test(
    "A text cut at the room's height ends its last line with the token, in the text's color (Texture: testThatSlowPathTruncationWorks, …_ASTextNode2, and the disabled fast-path tests: one path here)",
    .tags(.texturePort))
  func textureTruncation() async throws {
    let node = TextNode(
      text: AttributedText("Quality is Important", attributes: .init(font: Font(size: 24), color: .blue)))
    let size = try await node.layout(thatFits: SizeRange(min: .zero, max: Size(width: 100, height: 50))).size
    // One 28.8-point line fits in 50; "Quality " and the 24-point token are 105.6, so the cut goes back to the
    // space: "Quality…", 74.88 + 24 (Texture's reference image shows "Quality…").
    #expect(size == Size(width: 99, height: 29))
    let lines = await node.textLayout(in: Size(width: 100, height: 50))
    #expect(lines.lines.map { lines.text.string(in: $0.range) } == ["Quality"] && lines.lines[0].isTruncated)
    let (_, image) = try await sizedAndDrawn(node, size: size)
    let blueToken = (75..<99).contains { x in
      (0..<29).contains { y in
        let pixel = image.pixel(x: x, y: y)
        return pixel.alpha > 0 && pixel.blue > 0 && pixel.red == 0 && pixel.green == 0
      }
    }
    #expect(blueToken, "the token is drawn after the line, blue as the text")
  }

  @Test(
    "A shadow on a text node adds nothing to its size: it is the layer's (Texture: testShadowing_ASTextNode2; ASTextNode's testShadowing pads the size)",
    .tags(.texturePort))
  func textureShadowing() async throws {
    let node = TextNode(text: "Quality is Important")
    let plain = try await node.layout(thatFits: .unconstrained).size
    await node.configure {
      $0.shadowColor = .black
      $0.shadowOpacity = 0.3
      $0.shadowRadius = 3
      $0.shadowOffset = Size(width: 0, height: 1)
    }
    node.invalidateCalculatedLayout()
    // 8,640 units: 103.68 points at 12; one line of 14.4 (Texture's ASTextNode2 reference image is 104 × 15).
    #expect(try await node.layout(thatFits: .unconstrained).size == Size(width: 104, height: 15))
    #expect(plain == Size(width: 104, height: 15))
  }

  @Test(
    "The default token takes the attributes of the current text, not of a text measured before (Texture: testThatDefaultTruncationTokenAttributesAreInheritedFromTextWhenTruncated_ASTextNode2)",
    .tags(.texturePort))
  func textureTokenTakesTheCurrentTextsAttributes() async throws {
    let node = TextNode(text: AttributedText("Quality is an important thing", attributes: .init(color: .green)))
    await node.setStyle { $0.maxSize = Size(width: 20, height: 80) }
    // The style's maximum bounds the range: five 14.4-point lines in 80, words broken between clusters in 20
    // points; the fifth, "imp", is cut to "i…" (2.64 and the 12-point token; "im…" is 24.6), as Texture's
    // reference image shows.
    let first = try await node.layout(thatFits: .unconstrained).size
    #expect(first == Size(width: 18, height: 72), "\"y is\" is the widest line, 18 points")
    await node.setText(AttributedText("Quality is an important thing", attributes: .init(color: .gray)))
    let size = try await node.layout(thatFits: .unconstrained).size
    #expect(size == first)
    let lines = await node.textLayout(in: Size(width: 20, height: 80))
    #expect(lines.lines.map { lines.text.string(in: $0.range) } == ["Qu", "alit", "y is", "an", "i"])
    #expect(lines.lines.last?.isTruncated == true)
    let (_, image) = try await sizedAndDrawn(node, size: size)
    var green = 0
    var grayInToken = 0
    for x in 0..<image.pixelWidth {
      for y in 0..<image.pixelHeight {
        let pixel = image.pixel(x: x, y: y)
        guard pixel.alpha > 0 else { continue }
        if pixel.green > pixel.red { green += 1 }
        // The token: from 2.64 to 14.64, on the fifth line (57.6 to 72).
        if x >= 3, x < 15, y >= 58, pixel.red == pixel.green, pixel.green == pixel.blue { grayInToken += 1 }
      }
    }
    #expect(green == 0, "nothing is drawn in the first text's color")
    #expect(grayInToken > 0, "the token is gray, as the text shown")
  }

  @Test(
    "Tail truncation in bounds set by hand: the line limit, or the lines the height holds, the last one ending with the token (Texture: testTextTruncationModes_ASTextNode2, tail truncation)",
    .tags(.texturePort), arguments: [0, 1, 2, 3])
  func textureTailTruncationInBounds(maximumNumberOfLines: Int) async throws {
    let lorem =
      "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. "
    let node = TextNode(
      text: AttributedText(lorem + lorem.dropLast(), attributes: .init(font: Font(size: 18))),
      maximumNumberOfLines: maximumNumberOfLines)
    // Texture sets the frame, 375 × 120, without measuring: the lines are set in the bounds. 120 holds five lines of
    // 21.6, and the text needs more at 375 points.
    let lines = await node.textLayout(in: Size(width: 375, height: 120))
    #expect(lines.lines.count == (maximumNumberOfLines == 0 ? 5 : maximumNumberOfLines))
    #expect(lines.isTruncated && lines.lines.last?.isTruncated == true)
    #expect(lines.lines.dropLast().allSatisfy { !$0.isTruncated })
    let drawn = TextNode.lines(of: await node.drawParameters(), in: Size(width: 375, height: 120))
    #expect(drawn == lines, "no measurement gave these bounds: the display sets the lines in them")
  }

  @Test(
    "An image node sized to fit a smaller size shows its image scaled into its bounds (Texture: ASImageNodeSnapshotTests testRenderLogoSquare, testUIGraphicsRendererDrawingExperiment)",
    .tags(.texturePort))
  func textureRenderImageScaledDown() async throws {
    // A 200-pixel square of four colored quadrants, sized to fit exactly 100 × 100.
    var bytes: [UInt8] = []
    for y in 0..<200 {
      for x in 0..<200 {
        switch (x < 100, y < 100) {
        case (true, true): bytes += [255, 0, 0, 255]
        case (false, true): bytes += [0, 255, 0, 255]
        case (true, false): bytes += [0, 0, 255, 255]
        case (false, false): bytes += [255, 255, 0, 255]
        }
      }
    }
    let node = ImageNode(image: Image(pixelWidth: 200, pixelHeight: 200, rgba: bytes))
    let size = try await node.layout(thatFits: SizeRange(exactly: Size(width: 100, height: 100))).size
    #expect(size == Size(width: 100, height: 100))
    let (_, image) = try await sizedAndDrawn(node, size: size)
    #expect(image.pixel(x: 10, y: 10) == RGBA8(red: 255, green: 0, blue: 0, alpha: 255))
    #expect(image.pixel(x: 90, y: 10) == RGBA8(red: 0, green: 255, blue: 0, alpha: 255))
    #expect(image.pixel(x: 10, y: 90) == RGBA8(red: 0, green: 0, blue: 255, alpha: 255))
    #expect(image.pixel(x: 90, y: 90) == RGBA8(red: 255, green: 255, blue: 0, alpha: 255))
  }

  @Test(
    "A tint on an image node leaves its image as it is: an image has no template rendering (Texture: testTintColorOnNodePropertyAutomatic, testTintColorOnNodePropertyAlwaysOriginal)",
    .tags(.texturePort))
  func textureTintLeavesAnImageAsItIs() async throws {
    let picture = Image(pixelWidth: 10, pixelHeight: 10, filledWith: .red)
    let node = ImageNode(image: picture)
    await node.configure { $0.tintColor = .blue }
    let size = try await node.layout(thatFits: SizeRange(exactly: picture.size)).size
    let (window, image) = try await sizedAndDrawn(node, size: size)
    #expect(node.layer?.contents == picture)
    #expect(image.pixel(x: 5, y: 5) == RGBA8(red: 255, green: 0, blue: 0, alpha: 255))
    _ = window
  }
}
