import ActorNodes
import Foundation

/// One measured quantity: the median of its samples.
struct BenchmarkResult: Encodable {
  /// A stable dotted identifier, for example `create.tree10k.actor.ns_per_node`.
  let id: String
  let value: Double
  /// `ns`, `us`, `ms`, `x`, `count` or `bytes`.
  let unit: String
  let samples: Int
}

/// Runs the benchmarks that match the filter and collects their results.
///
/// Results go to stdout: a table, or with `--json` only a JSON array.
/// Progress goes to stderr.
@MainActor
final class BenchmarkRunner {
  struct Options {
    var quick = false
    var json = false
    var filters: [String] = []
    /// Where `--snapshots` writes the display scenes' PNG files.
    var snapshotDirectory: String?
  }

  let options: Options
  private(set) var results: [BenchmarkResult] = []

  init(options: Options) {
    self.options = options
  }

  /// Samples per measurement: quick mode (CI) takes few and is never quoted.
  var samples: Int { options.quick ? 3 : 15 }

  /// Whether any benchmark whose id starts with `prefix` is selected.
  func wants(_ prefix: String) -> Bool {
    options.filters.isEmpty || options.filters.contains { $0.hasPrefix(prefix) || prefix.hasPrefix($0) }
  }

  /// Records the median of `values` under `id`, if selected.
  func record(_ id: String, _ values: [Double], unit: String) {
    precondition(BenchmarkCatalog.contains(id), "benchmark id \(id) is missing from BenchmarkCatalog")
    guard options.filters.isEmpty || options.filters.contains(where: { id.hasPrefix($0) }) else { return }
    let sorted = values.sorted()
    let median =
      sorted.isEmpty
      ? .nan
      : sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    results.append(BenchmarkResult(id: id, value: median, unit: unit, samples: values.count))
  }

  /// Records `numerator ÷ denominator`, per sample, as a ratio (unit `x`).
  func recordRatio(_ id: String, _ numerators: [Double], _ denominators: [Double]) {
    record(id, zip(numerators, denominators).map { $0 / $1 }, unit: "x")
  }

  /// Whether stderr is a terminal: progress then rewrites one line instead of adding lines.
  private let progressIsLive = isatty(STDERR_FILENO) == 1
  /// The benchmark whose progress was shown last.
  private var progressGroup = ""

  /// Shows that `group` is taking sample `sample` (from 1) of ``samples``.
  ///
  /// On a terminal, one line is rewritten; elsewhere (CI logs), one line per benchmark.
  func progress(_ group: String, sample: Int) {
    if progressIsLive {
      FileHandle.standardError.write(Data("\r\u{1B}[K[bench] \(group): sample \(sample)/\(samples)".utf8))
    } else if group != progressGroup {
      FileHandle.standardError.write(Data("[bench] \(group): \(samples) samples\n".utf8))
    }
    progressGroup = group
  }

  /// Ends the progress line before the results are printed.
  func finishProgress() {
    if progressIsLive, !progressGroup.isEmpty { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
  }

  func printResults() {
    if options.json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      let data = (try? encoder.encode(results)) ?? Data("[]".utf8)
      print(String(decoding: data, as: UTF8.self))
      return
    }
    let width = max(results.map(\.id.count).max() ?? 0, 2)
    print(
      "id".padding(toLength: width, withPad: " ", startingAt: 0) + "  " + "median".leftPadded(12) + "  unit  samples")
    for result in results {
      print(
        result.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
          + String(format: "%.3f", result.value).leftPadded(12) + "  "
          + result.unit.padding(toLength: 5, withPad: " ", startingAt: 0) + " " + String(result.samples))
    }
    print("")
    print(BenchmarkCatalog.legend)
    if options.quick { print("(quick mode: few samples; do not quote these numbers)") }
  }
}

extension String {
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

/// Wall-clock time of `body`, in nanoseconds.
func measureNanoseconds(_ body: () async throws -> Void) async rethrows -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  try await body()
  let elapsed = clock.now - start
  return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
}

extension Duration {
  var nanoseconds: Double { Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9 }
}
