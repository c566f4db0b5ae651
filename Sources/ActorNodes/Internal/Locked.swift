import Foundation

/// A value that several threads contend for by design, guarded by an `NSLock`.
///
/// - Note: `@unchecked Sendable`, argued in Proposal 0001 (§ 11, Escape hatches): `Synchronization.Mutex`
///   is the checked choice, but on Swift 6.3 for Linux its contended slow path is not instrumented, so
///   ThreadSanitizer reports a race on every contended use, and this lock is contended by design. The
///   value is private and touched only inside ``withLock(_:)``, with the lock held, and `Value` is
///   `Sendable`, so whatever goes in or comes out may cross threads.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` on the value with the lock held.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
