import Testing

extension Tag {
  /// Ports of Texture's unit tests; the display name names the Texture test.
  @Tag static var texturePort: Self
  /// Tests that interleave concurrent work deterministically.
  @Tag static var reentrancy: Self
  /// Tests that hammer the library from many tasks.
  @Tag static var stress: Self
}

/// Counts calls from any isolation domain.
actor CallCounter {
  private(set) var count = 0
  func increment() { count += 1 }
}

/// Counts calls made on the main actor, synchronously.
@MainActor
final class MainActorCounter {
  var count = 0
  nonisolated init() {}
}
