/// Stops the program because a rule of the ActorNodes contract was broken.
///
/// `precondition` drops its message in optimized builds, and
/// `MainActor.preconditionIsolated` never prints one, so every check of the
/// contract goes through here: the message names the rule and survives `-O`.
///
/// - Parameters:
///   - message: The rule that was broken, phrased as the rule ("a node cannot be its own subnode").
func contractViolation(
  _ message: @autoclosure () -> String,
  file: StaticString = #fileID,
  line: UInt = #line
) -> Never {
  fatalError("ActorNodes contract violation: \(message())", file: file, line: line)
}

/// Checks a rule of the ActorNodes contract; see ``contractViolation(_:file:line:)``.
@inline(__always)
func contractPrecondition(
  _ condition: @autoclosure () -> Bool,
  _ message: @autoclosure () -> String,
  file: StaticString = #fileID,
  line: UInt = #line
) {
  if !condition() { contractViolation(message(), file: file, line: line) }
}
