import Foundation
import Synchronization

/// Holds a value that a ``releaseOnSmallStack(_:)`` thread will drop.
final class Releasable<Value: Sendable>: Sendable {
  private let value: Mutex<Value?>

  init(_ value: Value) { self.value = Mutex(value) }

  func drop() { value.withLock { $0 = nil } }
}

/// Drops `holder`'s value on a new thread with a 256 KiB stack and waits for it.
///
/// A recursive teardown of a deep tree overflows such a stack; an iterative one does not.
func releaseOnSmallStack<Value: Sendable>(_ holder: Releasable<Value>) async {
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    let thread = Thread {
      holder.drop()
      continuation.resume()
    }
    thread.stackSize = 256 * 1024
    thread.start()
  }
}
