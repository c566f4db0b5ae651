/// A one-shot barrier: tasks wait until the test opens it.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private var arrivals = 0
  private var arrivalWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  /// Waits until the gate opens (returns at once if it is open).
  func wait() async {
    arrivals += 1
    let ready = arrivalWaiters.filter { $0.count <= arrivals }
    arrivalWaiters.removeAll { $0.count <= arrivals }
    for waiter in ready { waiter.continuation.resume() }
    guard !isOpen else { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Returns once `count` tasks have called ``wait()``.
  func waitForArrivals(_ count: Int) async {
    guard arrivals < count else { return }
    await withCheckedContinuation { arrivalWaiters.append((count, $0)) }
  }

  /// Opens the gate and releases every waiting task.
  func open() {
    isOpen = true
    let released = waiters
    waiters = []
    for waiter in released { waiter.resume() }
  }
}

/// Starts `first` and `second` together, behind a gate, and returns whether each succeeded.
func race(
  _ first: @escaping @Sendable () async throws -> Void, _ second: @escaping @Sendable () async throws -> Void
) async -> [Bool] {
  let gate = Gate()
  async let firstResult: Bool = {
    await gate.wait()
    do { try await first(); return true } catch { return false }
  }()
  async let secondResult: Bool = {
    await gate.wait()
    do { try await second(); return true } catch { return false }
  }()
  await gate.waitForArrivals(2)
  await gate.open()
  return await [firstResult, secondResult]
}
