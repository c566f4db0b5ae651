import Foundation
import Testing

@testable import ActorNodes

/// What windows show, as pixels: the README's RainbowNode and small feed, and golden images of small scenes.
///
/// A golden test renders a scene and compares it with the reference image in
/// `Display/References`. When they differ, the rendering is written next to
/// the temporary directory's `actornodes-snapshots/` with the reference, for a
/// human to look at, and the failure names both files. To accept a new
/// rendering, copy it over the reference after looking at it.
@Suite(.serialized, .timeLimit(.minutes(5)))
@MainActor
struct DisplaySnapshotTests {
  static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("References")

  @Test func rainbowStripesHaveTheirColors() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("rainbow-\(UUID().uuidString).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let window = try await render(RainbowNode(), size: Size(width: 120, height: 90), to: path)
    let image = try Image(pngData: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(image.pixelWidth == 240 && image.pixelHeight == 180)
    // Stripes of round(90 / 6) = 15 points, from the top: the centre of each has its color.
    let expected: [[UInt8]] = [
      [255, 0, 0, 255], [255, 128, 0, 255], [255, 255, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255],
      [128, 0, 128, 255],
    ]
    for (index, color) in expected.enumerated() {
      let y = Int((7.5 + 15 * Double(index)) * 2)
      #expect(image.rgbaBytes(x: 120, y: y) == color, "stripe \(index)")
    }
    #expect(window.snapshot(scale: 2).rgba == image.rgba, "the PNG holds exactly the snapshot")
  }

  @Test func verticalRainbowRedraws() async throws {
    let rainbow = RainbowNode()
    await rainbow.configure { $0.frame = Rect(x: 0, y: 0, width: 60, height: 30) }
    let window = Window(size: Size(width: 60, height: 30), turnMode: .manual)
    try await window.attach(rainbow)
    await rainbow.recursivelyEnsureDisplay()
    await rainbow.setVertical(true)
    await rainbow.recursivelyEnsureDisplay()
    let image = window.snapshot()
    #expect(image.rgbaBytes(x: 5, y: 25) == [255, 0, 0, 255], "the first column is red")
    #expect(image.rgbaBytes(x: 55, y: 5) == [128, 0, 128, 255], "the last column is purple")
  }

  @Test func goldenRainbow() async throws {
    let path = temporaryPNG()
    defer { try? FileManager.default.removeItem(atPath: path) }
    _ = try await render(RainbowNode(), size: Size(width: 120, height: 90), to: path)
    try expectMatchesReference(path, "rainbow")
  }

  @Test func goldenSmallFeed() async throws {
    let path = temporaryPNG()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let feed = try await SmallFeedNode(captions: Self.captions)
    _ = try await render(feed, size: Size(width: 240, height: 200), to: path)
    try expectMatchesReference(path, "small-feed")
  }

  @Test func goldenLayersAndBorders() async throws {
    // Background, corner radius, border, opacity and clipping, composited by Window.snapshot.
    let card = BasicNode {
      $0.frame = Rect(x: 10, y: 10, width: 100, height: 60)
      $0.backgroundColor = .blue
      $0.cornerRadius = 12
      $0.borderWidth = 3
      $0.borderColor = .black
      $0.clipsToBounds = true
    }
    let badge = BasicNode {
      $0.frame = Rect(x: 80, y: 40, width: 40, height: 40)
      $0.backgroundColor = .red
      $0.alpha = 0.5
    }
    try await card.addSubnode(badge)
    let root = BasicNode { $0.backgroundColor = .white }
    try await root.addSubnode(card)
    let path = temporaryPNG()
    defer { try? FileManager.default.removeItem(atPath: path) }
    _ = try await render(root, size: Size(width: 120, height: 80), to: path)
    try expectMatchesReference(path, "layers")
  }

  @Test(
    "A blue node around a white text node inset by 5 points, sized to fit: the blue frame, the white label, the text on it (Texture: ASDisplayNodeSnapshotTests testBasicHierarchySnapshotTesting)",
    .tags(.texturePort))
  func textureBasicHierarchy() async throws {
    let label = TextNode(text: "Hello")
    await label.configure { $0.backgroundColor = .white }
    let root = ManagingNode { .spec(.inset(EdgeInsets(all: 5), .node(label))) }
    await root.configure { $0.backgroundColor = .blue }
    // Texture's ASDisplayNodeSizeToFitSizeRange: the node's bounds are its size in an unbounded range.
    let size = try await root.layout(thatFits: .unconstrained).size
    #expect(size == Size(width: 38, height: 25), "\"Hello\" is 27.12 × 14.4 in 12 points, rounded up, and 10 of insets")
    await root.configure { $0.frame = Rect(origin: .zero, size: size) }
    let window = Window(size: size, turnMode: .manual)
    try await window.attach(root)
    await root.recursivelyEnsureDisplay()
    #expect(frame(of: label) == Rect(x: 5, y: 5, width: 28, height: 15))
    let image = window.snapshot()
    let blue = RGBA8(red: 0, green: 0, blue: 255, alpha: 255)
    let white = RGBA8(red: 255, green: 255, blue: 255, alpha: 255)
    for (x, y) in [(0, 0), (4, 4), (37, 24), (33, 12), (20, 20)] {
      #expect(image.pixel(x: x, y: y) == blue, "at \(x), \(y)")
    }
    for (x, y) in [(5, 5), (32, 19)] { #expect(image.pixel(x: x, y: y) == white, "at \(x), \(y)") }
    let inked = (5..<33).contains { x in (5..<20).contains { y in image.pixel(x: x, y: y).red < 128 } }
    #expect(inked, "the text is drawn on the label")
  }

  @Test("A border follows the layer's corner radius: square corners for none, under the background's outline")
  func borderCornersFollowTheCornerRadius() async throws {
    // Adversarial round 20: the border's outer corners had a radius of half its width whatever the layer's.
    func corner(cornerRadius: Double) async throws -> RGBA8 {
      let window = Window(size: Size(width: 20, height: 20), turnMode: .manual)
      let node = BasicNode {
        $0.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        $0.backgroundColor = .white
        $0.borderWidth = 4
        $0.borderColor = .black
        $0.cornerRadius = cornerRadius
      }
      try await window.attach(node)
      await window.flush()
      return window.snapshot().pixel(x: 0, y: 0)
    }
    let black = RGBA8(red: 0, green: 0, blue: 0, alpha: 255)
    #expect(try await corner(cornerRadius: 0) == black)
    #expect(try await corner(cornerRadius: 1).alpha > 0, "a radius under the width still covers most of the corner")
    #expect(try await corner(cornerRadius: 8).alpha == 0, "outside the rounded outline")
  }

  @Test(
    "A view placed past what a snapshot's transform holds (finite, near Double's largest value) is left out of it, as Core Animation draws nothing there; the rest is drawn"
  )
  func farViewsAreLeftOutOfASnapshot() async throws {
    // Adversarial round 28: a position of 1e308 (a valid view value) at scale 2, or a bounds origin of -1e308 under
    // the sublayers, overflowed the snapshot's transform and stopped the program on the graphics context's rule.
    let window = Window(size: Size(width: 20, height: 20), turnMode: .manual)
    let root = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 20, height: 20) }
    let near = BasicNode {
      $0.frame = Rect(x: 0, y: 0, width: 10, height: 10)
      $0.backgroundColor = Color(red: 1, green: 0, blue: 0)
    }
    let far = BasicNode {
      $0.frame = Rect(x: 1e308, y: 0, width: 5, height: 5)
      $0.backgroundColor = .black
    }
    let shifted = BasicNode {
      $0.bounds = Rect(x: -1e308, y: 0, width: 10, height: 10)
      $0.frame = Rect(x: 10, y: 10, width: 10, height: 10)
      $0.backgroundColor = Color(red: 0, green: 0, blue: 1)
    }
    let underShifted = BasicNode {
      $0.frame = Rect(x: 0, y: 0, width: 5, height: 5)
      $0.backgroundColor = .black
    }
    try await shifted.addSubnode(underShifted)
    try await root.addSubnodes([near, far, shifted])
    try await window.attach(root)
    await window.flush()
    let image = window.snapshot(scale: 2)
    #expect(image.pixel(x: 2, y: 2) == RGBA8(red: 255, green: 0, blue: 0, alpha: 255))
    #expect(image.pixel(x: 30, y: 30) == RGBA8(red: 0, green: 0, blue: 255, alpha: 255), "its sublayer is left out")
    #expect(image.pixel(x: 30, y: 2).alpha == 0)
    let farImage = try #require(far.snapshot(scale: 2))
    #expect(farImage.pixelWidth == 10)
    #expect(farImage.pixel(x: 5, y: 5) == RGBA8(red: 0, green: 0, blue: 0, alpha: 255), "its own snapshot draws it")
  }

  @Test(
    "A drawing node's background is drawn once, by its layer: translucent, it shows as on a plain node; rounded, its corners stay clear"
  )
  func drawingNodeBackgroundIsTheLayers() async throws {
    // Adversarial round 25: the default display filled the bitmap with the background of an opaque node, over the
    // layer's own background (Texture fills it only when it rasterizes a subtree).
    func pixel(drawing: Bool, background: Color, cornerRadius: Double, x: Int) async throws -> RGBA8 {
      let window = Window(size: Size(width: 20, height: 20), turnMode: .manual)
      let configure: @Sendable (inout ViewPropertyChanges) -> Void = {
        $0.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        $0.backgroundColor = background
        $0.cornerRadius = cornerRadius
      }
      let node: any DisplayNode = drawing ? DotNode(configure: configure) : BasicNode(configure: configure)
      try await window.attach(node)
      await node.recursivelyEnsureDisplay()
      await window.flush()
      if drawing { #expect(node.layer?.contents != nil) }
      return window.snapshot().pixel(x: x, y: x)
    }
    let half = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
    let plain = try await pixel(drawing: false, background: half, cornerRadius: 0, x: 1)
    #expect(try await pixel(drawing: true, background: half, cornerRadius: 0, x: 1) == plain)
    #expect(try await pixel(drawing: true, background: .white, cornerRadius: 8, x: 0).alpha == 0)
    #expect(
      try await pixel(drawing: true, background: .white, cornerRadius: 8, x: 10)
        == RGBA8(red: 0, green: 0, blue: 255, alpha: 255))
  }

  static let captions = [
    "A kitten asleep in a basket of yarn", "Two kittens and a ball of wool, both of them tangled",
    "A cat on a windowsill, watching the rain",
  ]

  private func temporaryPNG() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(UUID().uuidString).png").path
  }

  /// Compares the PNG at `path` with the reference `name.png`; on a difference, keeps both for a human.
  private func expectMatchesReference(_ path: String, _ name: String) throws {
    let rendered = try Image(pngData: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    let reference = Self.references.appendingPathComponent("\(name).png")
    let expected = try? Image(pngData: [UInt8](try Data(contentsOf: reference)))
    guard let expected, expected == rendered else {
      let keep = FileManager.default.temporaryDirectory.appendingPathComponent("actornodes-snapshots")
      try FileManager.default.createDirectory(at: keep, withIntermediateDirectories: true)
      let actual = keep.appendingPathComponent("\(name).png")
      try? FileManager.default.removeItem(at: actual)
      try FileManager.default.copyItem(atPath: path, toPath: actual.path)
      Issue.record("\(name) differs from \(reference.path) (or it is missing); the rendering is at \(actual.path)")
      return
    }
  }
}

/// A drawing node that draws a blue dot in its middle and nothing else.
private actor DotNode: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState

  init(configure: @Sendable (inout ViewPropertyChanges) -> Void) {
    nodeState = NodeState(configure: configure)
  }

  func drawParameters() -> Bool { true }

  static func draw(_ parameters: Bool, in context: inout GraphicsContext, request: DisplayRequest) {
    context.fill(Rect(x: 8, y: 8, width: 4, height: 4), with: .blue)
  }
}
