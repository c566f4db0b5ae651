import ActorNodes
import Foundation

/// `ActorNodesBench [--quick] [--json] [--list] [id-prefix …]`: what the actor model costs, against a lock
/// baseline in the same run. `--help` explains every flag and how to read the ids.
@main
struct Bench {
  static func main() async throws {
    var options = BenchmarkRunner.Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
      switch argument {
      case "--snapshots":
        guard let directory = arguments.popFirst(), !directory.hasPrefix("-") else {
          fail("--snapshots needs a directory")
        }
        options.snapshotDirectory = directory
      case "--quick": options.quick = true
      case "--json": options.json = true
      case "--list":
        let width = BenchmarkCatalog.entries.map(\.id.count).max() ?? 0
        for entry in BenchmarkCatalog.entries {
          print(entry.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + entry.meaning)
        }
        return
      case "-h", "--help":
        print(BenchmarkCatalog.help)
        return
      case let flag where flag.hasPrefix("-"):
        fail("unknown option '\(flag)'")
      case let prefix where !BenchmarkCatalog.matches(prefix):
        fail("no benchmark id starts with '\(prefix)' (--list shows every id)")
      default: options.filters.append(argument)
      }
    }
    let runner = BenchmarkRunner(options: options)
    try await runner.runCreateBenchmarks()
    try await runner.runAttachBenchmarks()
    try await runner.runHierarchyBenchmarks()
    try await runner.runWriteBenchmarks()
    try await runner.runReleaseBenchmarks()
    try await runner.runLayoutBenchmarks()
    try await runner.runDisplayBenchmarks()
    try await runner.writeSnapshots()
    try await runner.runHopBenchmarks()
    runner.finishProgress()
    runner.printResults()
  }

  /// Reports a bad argument on stderr and exits with status 2.
  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ActorNodesBench: \(message)\n\(BenchmarkCatalog.usage)\n".utf8))
    exit(2)
  }
}
