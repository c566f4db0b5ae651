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

@Suite("The README: its example runs as written, its quotes stay true", .timeLimit(.minutes(2)))
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
