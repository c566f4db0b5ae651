internal import Foundation

/// Gathers the pending state of nodes whose views are about to load.
enum Loading {
  /// Below this many nodes, snapshots are taken one after another: a task group costs more.
  static let concurrencyThreshold = 256

  /// Takes each entry's snapshot on its node's actor, off the main actor.
  ///
  /// Large batches are cut into at most `2 × activeProcessorCount` chunks,
  /// gathered concurrently (one task per chunk, never one per node).
  @concurrent
  static func takeSnapshots(_ batch: LoadBatch) async -> LoadBatch {
    var batch = batch
    let count = batch.entries.count
    guard count >= concurrencyThreshold else {
      for index in batch.entries.indices {
        batch.entries[index].snapshot = await batch.entries[index].node.takeLoadSnapshot()
      }
      return batch
    }
    let chunkCount = min(count, 2 * ProcessInfo.processInfo.activeProcessorCount)
    let chunkSize = (count + chunkCount - 1) / chunkCount
    let nodes = batch.entries.map(\.node)
    let snapshots = await withTaskGroup(of: (Int, [LoadSnapshot]).self) { group in
      for start in stride(from: 0, to: count, by: chunkSize) {
        let chunk = Array(nodes[start..<min(start + chunkSize, count)])
        group.addTask {
          var taken: [LoadSnapshot] = []
          taken.reserveCapacity(chunk.count)
          for node in chunk { taken.append(await node.takeLoadSnapshot()) }
          return (start, taken)
        }
      }
      var all = [LoadSnapshot?](repeating: nil, count: count)
      for await (start, taken) in group {
        for (offset, snapshot) in taken.enumerated() { all[start + offset] = snapshot }
      }
      return all
    }
    for index in batch.entries.indices { batch.entries[index].snapshot = snapshots[index] }
    return batch
  }

  /// Takes the snapshots of a prepared load's batch, if it has one.
  static func takeSnapshots(of prepared: PreparedLoad) async -> LoadBatch? {
    guard let batch = prepared.batch else { return nil }
    return await takeSnapshots(batch)
  }
}
