@testable import ActorNodes

/// A deterministic random number generator (SplitMix64), so that a failing seed can be replayed.
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Returns once every turn that applies work queued so far has run: the manual windows are flushed, the
/// automatic queues' turns have run for every loaded node in `nodes`, and every view release is done.
@MainActor
func settleTurns(manualWindows: [Window], nodes: [any DisplayNode]) async {
  for _ in 0..<2 {
    for window in manualWindows { await window.flush() }
    for node in nodes where node.isNodeLoaded {
      let mode = await TurnQueue.queue(of: node).mode
      if mode == .automatic { await node.waitForQueuedWork() }
    }
  }
  for window in manualWindows { await window.flush() }
  await ReleaseTracker.shared.waitUntilIdle()
}
