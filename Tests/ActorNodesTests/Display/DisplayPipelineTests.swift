import Testing

@testable import ActorNodes

/// The display pipeline: snapshot, will-start on the main actor, draw off it, commit in the window's turn.
///
/// Serialized: some tests hold every thread of the shared display executor.
@Suite(.serialized, .timeLimit(.minutes(5)))
@MainActor
struct DisplayPipelineTests {
  @Test func displaysWhenEnteringAWindowAndCommitsInTheNextTurn() async throws {
    let log = EventLog()
    let probe = DrawProbe()
    let node = PaintNode("paint", color: .blue, log: log, probe: probe, frame: Rect(x: 0, y: 0, width: 4, height: 2))
    let window = Window(size: Size(width: 10, height: 10), turnMode: .manual)
    try await window.attach(node)
    await window.waitForPendingDisplays()
    // Drawn, but not committed: commits go through the window's turns.
    #expect(node.layer?.contents == nil)
    #expect(log.entries == ["paint.willStart(async)"])
    #expect(probe.entries("parameters") == ["parameters paint"])
    #expect(probe.entries("drew").count == 1)
    #expect(probe.entries("drew").first?.contains("on the display executor") == true, "\(probe.log)")

    let turns = window.statistics.turns
    await window.flush()
    #expect(window.statistics.turns == turns + 1)
    let contents = try #require(node.layer?.contents)
    #expect(contents.pixelWidth == 4 && contents.pixelHeight == 2)
    #expect(contents.rgbaBytes(x: 3, y: 1) == [0, 0, 255, 255])
    #expect(log.entries == ["paint.willStart(async)", "paint.didFinish", "paint.hierarchyDidFinish"])
    #expect(node.layer?.needsDisplay == false)
  }

  @Test func snapshotComesBeforeWillStartAndTheDrawAfterIt() async throws {
    let log = EventLog()
    let probe = DrawProbe()
    let node = PaintNode("paint", log: log, probe: probe, frame: Rect(x: 0, y: 0, width: 2, height: 2))
    let window = Window(size: Size(width: 10, height: 10), turnMode: .manual)
    try await window.attach(node)
    await window.waitForPendingDisplays()
    await window.flush()
    log.clear()

    await node.setColor(.green)
    await window.waitForPendingDisplays()
    #expect(Array(probe.log.suffix(3)).first == "parameters paint")
    #expect(log.entries == ["paint.willStart(async)"])
    await window.flush()
    #expect(node.layer?.contents?.rgbaBytes(x: 0, y: 0) == [0, 255, 0, 255])
    #expect(await node.parameterCalls == 2)
  }
}
