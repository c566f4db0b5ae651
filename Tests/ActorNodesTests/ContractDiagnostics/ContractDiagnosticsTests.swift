import Foundation
import Testing

/// Type-checks source files against the ActorNodes module this test binary was built with.
struct SnippetCompiler {
  /// The folder holding `ActorNodes.swiftmodule`: `Modules/` next to the test binary, in debug and TSan builds alike.
  let modules: URL

  static func forRunningTests() throws -> SnippetCompiler {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let modules = binary.deletingLastPathComponent().appendingPathComponent("Modules")
    let module = modules.appendingPathComponent("ActorNodes.swiftmodule")
    guard FileManager.default.fileExists(atPath: module.path) else {
      throw CompilerNotFound(path: module.path)
    }
    return SnippetCompiler(modules: modules)
  }

  struct CompilerNotFound: Error, CustomStringConvertible {
    let path: String
    var description: String { "no ActorNodes module at \(path)" }
  }

  struct Outcome {
    let status: Int32
    let output: String
  }

  /// Compiles `file` to SIL in Swift 6 mode, with `arguments` added; never blocks a thread.
  ///
  /// SIL, not just type checking: the checks for noncopyable values (a
  /// context kept past its hook) and for sending values across isolation
  /// run on SIL, and `-typecheck` would miss them.
  func compile(_ file: URL, _ arguments: [String]) async throws -> Outcome {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("actornodes-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: log) }
    let handle = try FileHandle(forWritingTo: log)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["swiftc", "-emit-sil", "-o", "/dev/null", "-swift-version", "6", "-I", modules.path] + arguments + [file.path]
    process.standardOutput = handle
    process.standardError = handle
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do { try process.run() } catch { continuation.resume(throwing: error) }
    }
    try handle.close()
    return Outcome(status: status, output: try String(contentsOf: log, encoding: .utf8))
  }
}

/// Snippets of misuse that the compiler must reject, each with the exact diagnostics it expects
/// (`-verify`), and a corrected twin that must compile without a warning, so that a typo cannot pass
/// for a contract error.
@Suite("Contract diagnostics: misuse that does not compile", .timeLimit(.minutes(5)))
struct ContractDiagnosticsTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snippets")

  /// The misuse snippets, by file name (the twins end in `.fixed.swift`).
  static let snippets: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".swift") && !$0.hasSuffix(".fixed.swift") }.sorted()
  }()

  @Test(
    "The misuse is rejected with exactly its expected diagnostics; the corrected twin compiles cleanly",
    arguments: snippets)
  func snippet(_ name: String) async throws {
    let compiler = try SnippetCompiler.forRunningTests()
    let misuse = Self.directory.appendingPathComponent(name)
    let twin = Self.directory.appendingPathComponent(name.replacingOccurrences(of: ".swift", with: ".fixed.swift"))
    #expect(try String(contentsOf: misuse, encoding: .utf8).contains("expected-error {{"))
    #expect(try !String(contentsOf: twin, encoding: .utf8).contains("expected-"))

    let rejected = try await compiler.compile(
      misuse, ["-Xfrontend", "-verify", "-Xfrontend", "-verify-ignore-unrelated"])
    #expect(rejected.status == 0, "the diagnostics differ from the expected ones:\n\(rejected.output)")
    let corrected = try await compiler.compile(twin, ["-warnings-as-errors"])
    #expect(corrected.status == 0, "the corrected twin does not compile:\n\(corrected.output)")
  }

  @Test("Every compiler-enforced rule of Proposal 0001 has a snippet, and every snippet a rule")
  func proposalCoversSnippets() throws {
    let proposal = Self.directory
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Proposals/0001-threading-model.md")
    let text = try String(contentsOf: proposal, encoding: .utf8)
    let cited = Set(Self.snippets.filter { text.contains($0.replacingOccurrences(of: ".swift", with: "")) })
    #expect(Self.snippets.count >= 8)
    #expect(cited == Set(Self.snippets), "snippets not cited by the proposal: \(Set(Self.snippets).subtracting(cited))")
  }

  @Test("Every row of Proposal 0001's contract table that the compiler enforces names a snippet that proves it")
  func compilerRowsNameASnippet() throws {
    let proposal = Self.directory
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Proposals/0001-threading-model.md")
    let text = try String(contentsOf: proposal, encoding: .utf8)
    let table = try #require(text.firstRange(of: "### 9. The contract table"))
    let end = try #require(text[table.upperBound...].firstRange(of: "\n### "))
    let names = Self.snippets.map { $0.replacingOccurrences(of: ".swift", with: "") }
    var rows = 0
    var unproved: [String] = []
    for line in text[table.lowerBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| ") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
        .map { $0.trimmingCharacters(in: .whitespaces) }
      // The Enforced by cell; the five-column tables give the proof in the next one, the three-column ones in it.
      guard cells.count >= 3, cells[0] != "Texture rule" else { continue }
      let enforcedBy = cells[2]
      let proof = cells.count == 5 ? cells[3] : enforcedBy
      guard enforcedBy.contains("compiler"), !enforcedBy.contains("planned") else { continue }
      rows += 1
      if !names.contains(where: { proof.contains($0) }) { unproved.append(cells[0]) }
    }
    #expect(rows >= 20)
    #expect(unproved.isEmpty, "rows enforced by the compiler with no snippet: \(unproved)")
  }
}
