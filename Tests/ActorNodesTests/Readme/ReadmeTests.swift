import Foundation
import Testing

@testable import ActorNodes

/// The README, read by sections and fenced blocks.
struct Readme {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  let text: String

  static func load() throws -> Readme {
    Readme(text: try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8))
  }

  /// The text from the heading `## title` to the next `## ` heading.
  func section(_ title: String) throws -> Substring {
    let start = try #require(text.range(of: "\n## \(title)\n"))
    let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
    return text[start.upperBound..<end]
  }

  /// The contents of the blocks fenced with ```` ```language ```` in `section`, in order.
  static func blocks(_ language: String, in section: Substring) -> [String] {
    var blocks: [String] = []
    var rest = section[...]
    while let open = rest.range(of: "```\(language)\n"),
      let close = rest.range(of: "\n```", range: open.upperBound..<rest.endIndex)
    {
      blocks.append(String(rest[open.upperBound..<close.lowerBound]))
      rest = rest[close.upperBound...]
    }
    return blocks
  }
}

@Suite("The README: its example runs as written, its quotes stay true", .timeLimit(.minutes(5)))
struct ReadmeTests {
  @Test("The example in the test target is the README's, verbatim")
  func exampleIsVerbatim() throws {
    let blocks = Readme.blocks("swift", in: try Readme.load().section("A custom node"))
    try #require(blocks.count == 3, "the section should have the node, showKitten() and main.swift")
    #expect(try Self.bodyOfCopy("ReadmeExample.swift") == blocks[0] + "\n\n" + blocks[1] + "\n")
  }

  @Test("The example runs: the background write has reached the view, and the README shows the printed tree")
  @MainActor
  func exampleRuns() async throws {
    let window = try await showKitten()
    let kitten = try #require(window.rootNode)
    #expect(kitten.isInHierarchy)
    #expect(kitten.view?.alpha == 0.5)
    let expected = try #require(Readme.blocks("text", in: try Readme.load().section("A custom node")).first)
    #expect(Self.withoutNodeNumbers(window.recursiveDescription()) == Self.withoutNodeNumbers(expected))
  }

  @Test("The example compiles as one program without a warning, main.swift included")
  func exampleCompiles() async throws {
    let blocks = Readme.blocks("swift", in: try Readme.load().section("A custom node"))
    let program = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).swift")
    try blocks.joined(separator: "\n\n").write(to: program, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: program) }
    let outcome = try await SnippetCompiler.forRunningTests().compile(program, ["-warnings-as-errors"])
    #expect(outcome.status == 0, "the README example does not compile:\n\(outcome.output)")
  }

  @Test("Every compiler message that Common mistakes quotes is one a diagnostic snippet expects")
  func commonMistakesQuoteTheCompiler() throws {
    let quoted = Readme.blocks("text", in: try Readme.load().section("Common mistakes"))
      .flatMap { $0.split(separator: "\n").map(String.init) }
    #expect(quoted.count >= 8)
    let snippets = try ContractDiagnosticsTests.snippets.map {
      try String(contentsOf: ContractDiagnosticsTests.directory.appendingPathComponent($0), encoding: .utf8)
    }
    for message in quoted {
      #expect(snippets.contains { $0.contains("{{\(message)}}") }, "no snippet expects: \(message)")
    }
  }

  @Test("The layout example in the test target is the README's, verbatim")
  func layoutExampleIsVerbatim() throws {
    let blocks = Readme.blocks("swift", in: try Readme.load().section("Layout"))
    try #require(blocks.count == 1, "the section should have the node and measureCard()")
    #expect(try Self.bodyOfCopy("ReadmeLayoutExample.swift") == blocks[0] + "\n")
  }

  @Test("The layout example gives the frames the README shows")
  func layoutExampleFrames() async throws {
    let card = try await CaptionedPhotoNode(caption: "A kitten asleep in a basket of yarn, one paw over its nose")
    let layout = try await card.layout(thatFits: SizeRange(exactWidth: 240))
    let expected = try #require(Readme.blocks("text", in: try Readme.load().section("Layout")).first)
    #expect(Self.withoutNodeNumbers(layout.description) == Self.withoutNodeNumbers(expected))
    #expect(layout.sublayouts.map(\.frame).first == Rect(x: 8, y: 8, width: 40, height: 40))
  }

  @Test("The display example in the test target is the README's, verbatim")
  func displayExampleIsVerbatim() throws {
    let blocks = Readme.blocks("swift", in: try Readme.load().section("Display"))
    try #require(blocks.count == 2, "the section should have the nodes and render(), then the calls")
    #expect(try Self.bodyOfCopy("ReadmeDisplayExample.swift") == blocks[0] + "\n")
  }

  @Test("The display example's calls run as shown and write the two PNG files")
  @MainActor
  func displayExampleRuns() async throws {
    let calls = try #require(Readme.blocks("swift", in: try Readme.load().section("Display")).last)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // The README's calls, with its file names in the temporary directory.
    #expect(calls.contains(#"to: "rainbow.png")"#) && calls.contains(#"to: "feed.png")"#))
    let rainbow = try await render(
      RainbowNode(), size: Size(width: 120, height: 90), to: directory.appendingPathComponent("rainbow.png").path)
    let feed = try await SmallFeedNode(captions: DisplaySnapshotTests.captions)
    let feedWindow = try await render(
      feed, size: Size(width: 240, height: 200), to: directory.appendingPathComponent("feed.png").path)
    #expect(DisplaySnapshotTests.captions.allSatisfy { calls.contains(#""\#($0)""#) })
    #expect(
      calls.contains("size: Size(width: 120, height: 90)") && calls.contains("size: Size(width: 240, height: 200)"))
    // The pictures the README shows are these files.
    for (name, reference) in [("rainbow.png", "rainbow.png"), ("feed.png", "small-feed.png")] {
      let data = try Data(contentsOf: directory.appendingPathComponent(name))
      let shown = try Data(contentsOf: DisplaySnapshotTests.references.appendingPathComponent(reference))
      #expect(try Image(pngData: [UInt8](data)) == Image(pngData: [UInt8](shown)), "\(name) is not \(reference)")
    }
    #expect(rainbow.snapshot().rgbaBytes(x: 60, y: 5) == [255, 0, 0, 255])
    #expect(feed.cards.count == 3 && feedWindow.rootNode != nil)
  }

  @Test("The display example compiles as one program with its calls, without a warning")
  func displayExampleCompiles() async throws {
    let readme = try Readme.load()
    let layout = Readme.blocks("swift", in: try readme.section("Layout"))
    let display = Readme.blocks("swift", in: try readme.section("Display"))
    let program = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).swift")
    let calls = "@MainActor func run() async throws {\n" + display[1] + "\n  _ = (rainbow, feedWindow)\n}"
    try ([layout[0], display[0], calls]).joined(separator: "\n\n").write(to: program, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: program) }
    let outcome = try await SnippetCompiler.forRunningTests().compile(
      program, ["-warnings-as-errors", "-parse-as-library"])
    #expect(outcome.status == 0, "the README display example does not compile:\n\(outcome.output)")
  }

  /// The test target's copy of a README example, without its header comment (up to the first blank line).
  static func bodyOfCopy(_ name: String) throws -> String {
    let file = Readme.root.appendingPathComponent("Tests/ActorNodesTests/Readme/\(name)")
    let copy = try String(contentsOf: file, encoding: .utf8)
    let body = try #require(copy.range(of: "\n\n")).upperBound
    return String(copy[body...])
  }

  /// The description with every `#<number>` replaced by `#N`: node numbers depend on what ran before.
  static func withoutNodeNumbers(_ description: String) -> String {
    description.replacing(/#\d+/, with: "#N")
  }
}
