import ActorNodes

/// `ActorNodesBench [--quick] [--json] [filter…]`: what the actor model costs, against a lock baseline in the same run.
///
/// A filter selects the benchmarks whose id starts with it (`ActorNodesBench attach`).
@main
struct Bench {
  static func main() async throws {
    var options = BenchmarkRunner.Options()
    for argument in CommandLine.arguments.dropFirst() {
      switch argument {
      case "--quick": options.quick = true
      case "--json": options.json = true
      case "-h", "--help":
        print("usage: ActorNodesBench [--quick] [--json] [id-prefix …]")
        return
      default: options.filters.append(argument)
      }
    }
    let runner = BenchmarkRunner(options: options)
    try await runner.runCreateBenchmarks()
    try await runner.runAttachBenchmarks()
    try await runner.runHierarchyBenchmarks()
    try await runner.runWriteBenchmarks()
    try await runner.runReleaseBenchmarks()
    try await runner.runHopBenchmarks()
    runner.printResults()
  }
}
