import Testing

@testable import ActorNodes

extension HeldDrawSuites {
  /// Marking a drawing node's layer by hand displays it, and synchronous displays are never cancelled.
  ///
  /// Texture's `_ASDisplayLayer` cancels its display in flight when it is
  /// marked (`setNeedsDisplay`), and Core Animation displays a marked layer at
  /// its next commit; a synchronous display's `isCancelled` is always `NO`
  /// (`ASDisplayNode+AsyncDisplay.mm`, "for sync display, do not support cancellation").
  ///
  /// Serialized: tests hold every thread of the shared display executor.
  @Suite(.serialized, .timeLimit(.minutes(5)))
  @MainActor
  struct DisplayMarkingTests {
    static let square = Rect(x: 0, y: 0, width: 2, height: 2)
    static let red: [UInt8] = [255, 0, 0, 255]
    static let green: [UInt8] = [0, 255, 0, 255]
    static let blue: [UInt8] = [0, 0, 255, 255]

    /// A red node in a window, displayed once and committed.
    private func displayedNode(
      _ name: String = "paint", log: EventLog? = nil, probe: DrawProbe? = nil, mode: TurnMode = .manual
    ) async throws -> (PaintNode, Window) {
      let node = PaintNode(name, color: .red, log: log, probe: probe, frame: Self.square)
      let window = Window(size: Size(width: 10, height: 10), turnMode: mode)
      try await window.attach(node)
      await settle(window, mode)
      return (node, window)
    }

    /// Applies queued work, waits for the displays asked for, and commits them.
    private func settle(_ window: Window, _ mode: TurnMode = .manual) async {
      await window.flush()
      await window.waitForPendingDisplays()
      if mode == .manual { await window.flush() } else { await window.waitForQueuedWork() }
    }

    private func shown(_ node: PaintNode) -> [UInt8]? {
      node.layer?.contents?.rgbaBytes(x: 0, y: 0)
    }

    @Test(arguments: [TurnMode.manual, .automatic])
    func aWrittenMarkRedraws(_ mode: TurnMode) async throws {
      let probe = DrawProbe()
      let (node, window) = try await displayedNode(probe: probe, mode: mode)
      await node.setColorWithoutDisplay(.blue)
      await Task.detached { await node.configure { $0.setNeedsDisplay() } }.value
      await settle(window, mode)
      #expect(shown(node) == Self.blue)
      #expect(probe.entries("draw paint").count == 2)
      #expect(node.layer?.needsDisplay == false)
    }

    @Test func markingTheLayerOrTheViewOnTheMainActorRedraws() async throws {
      let probe = DrawProbe()
      let (node, window) = try await displayedNode(probe: probe)
      await node.setColorWithoutDisplay(.blue)
      node.layer?.setNeedsDisplay()
      await settle(window)
      #expect(shown(node) == Self.blue)
      await node.setColorWithoutDisplay(.green)
      node.view?.setNeedsDisplay()
      await settle(window)
      #expect(shown(node) == Self.green)
      #expect(probe.entries("draw paint").count == 3)
    }

    @Test func aMarkSupersedesTheDisplayInFlight() async throws {
      let probe = DrawProbe()
      let (node, window) = try await displayedNode(probe: probe)
      let blockers = ExecutorBlockers()
      await blockers.hold()
      await node.setColor(.green)  // Its draw waits in the executor's queue...
      await probe.waitFor("parameters paint", count: 2)
      await node.setColorWithoutDisplay(.blue)
      node.layer?.setNeedsDisplay()  // ...and is superseded by the mark, before the new display's snapshot.
      blockers.release()
      await settle(window)
      #expect(shown(node) == Self.blue)
      #expect(!probe.entries("drew paint").isEmpty)
      #expect(probe.entries("parameters paint").count == 3)
    }

    @Test func setNeedsDisplayAsksForOneDisplayOnly() async throws {
      let probe = DrawProbe()
      let (node, window) = try await displayedNode(probe: probe)
      // Off the main actor: the display starts at once, and its layer's mark arrives with the next turn.
      await Task.detached { await node.setColor(.blue) }.value
      await settle(window)
      await settle(window)
      #expect(shown(node) == Self.blue)
      #expect(probe.entries("parameters paint").count == 2, "the mark that setNeedsDisplay() writes asks for nothing")
      #expect(node.layer?.needsDisplay == false)
    }

    @Test func aMarkOnASuspendedNodeDrawsNothingUntilResumed() async throws {
      let log = EventLog()
      let probe = DrawProbe()
      let (node, window) = try await displayedNode(log: log, probe: probe)
      node.setDisplaySuspended(true)
      await node.setColorWithoutDisplay(.blue)
      node.layer?.setNeedsDisplay()
      await settle(window)
      #expect(shown(node) == Self.red, "a suspended node keeps what it shows when nothing was in flight")
      #expect(probe.entries("parameters paint").count == 1)
      // Round 24: so does an ensured display (Texture's `display` returns at once for a suspended layer).
      await node.recursivelyEnsureDisplay()
      #expect(shown(node) == Self.red)
      #expect(probe.entries("parameters paint").count == 1)
      node.setDisplaySuspended(false)
      await settle(window)
      #expect(shown(node) == Self.blue)
    }

    @Test func setNeedsDisplayWhileSuspendedWithADisplayInFlightStillClearsAndTellsTheSupernode() async throws {
      let log = EventLog()
      let probe = DrawProbe(holdingDraws: true)
      let parent = PaintNode("parent", color: .white, log: log, frame: Rect(x: 0, y: 0, width: 10, height: 10))
      let child = PaintNode("child", color: .red, log: log, probe: probe, frame: Self.square)
      try await parent.addSubnode(child)
      let window = Window(size: Size(width: 10, height: 10), turnMode: .manual)
      try await window.attach(parent)
      await probe.waitFor("draw child")
      probe.release()
      await settle(window)
      log.clear()
      await child.setColor(.green)
      await probe.waitFor("draw child", count: 2)  // Mid-draw, after its will-start hooks.
      child.setDisplaySuspended(true)
      await child.setNeedsDisplay()  // Supersedes the display in flight, but no newer one can start.
      probe.stopHolding()
      probe.release()
      await settle(window)
      #expect(child.layer?.contents == nil, "a suspended node never shows contents a cancelled display was to replace")
      #expect(child.layer?.needsDisplay == true)
      #expect(log.entries.suffix(2) == ["parent.subnodeDidFinish(child)", "parent.hierarchyDidFinish"])
    }

    @Test func displayImmediatelyIsNotCancelledByItsTask() async throws {
      let log = EventLog()
      let (node, window) = try await displayedNode(log: log)
      await node.setColorWithoutDisplay(.blue)
      log.clear()
      let task = Task { @MainActor in
        withUnsafeCurrentTask { $0?.cancel() }
        await node.displayImmediately()
      }
      await task.value
      #expect(shown(node) == Self.blue)
      #expect(log.entries == ["paint.willStart(sync)", "paint.didFinish", "paint.hierarchyDidFinish"])
      await settle(window)
      #expect(shown(node) == Self.blue)
    }

    @Test func displayImmediatelyDrawsWhenARequestArrivesAsItSnapshots() async throws {
      // Entering the window asks for a display, whose snapshot races the one `displayImmediately()` takes.
      var missing = 0
      for _ in 0..<100 {
        let node = PaintNode("paint", color: .blue, frame: Self.square)
        let window = Window(size: Size(width: 10, height: 10), turnMode: .manual)
        try await window.attach(node)
        await node.displayImmediately()
        if shown(node) != Self.blue { missing += 1 }
        await settle(window)
        #expect(shown(node) == Self.blue)
      }
      #expect(missing == 0, "\(missing) of 100 calls returned before the contents were set")
    }

    @Test(
      "A text node's view resized directly on the main actor redraws at its new size (Texture: ASTextNode sets needsDisplayOnBoundsChange, and a layer its bounds marked displays at the next commit)"
    )
    func aTextNodeResizedByADirectFrameWriteRedraws() async throws {
      let text = TextNode(text: AttributedText("Hello kittens"))
      await text.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 20) }
      let root = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 200, height: 200) }
      try await root.addSubnode(text)
      let window = Window(size: Size(width: 200, height: 200))
      try await window.attach(root)
      await root.recursivelyEnsureDisplay()
      #expect(text.layer?.contents?.pixelWidth == 100)

      text.view?.frame = Rect(x: 0, y: 0, width: 50, height: 40)
      await window.waitForPendingDisplays()
      await window.waitForQueuedWork()
      #expect(text.layer?.contents?.pixelWidth == 50)
      #expect(text.layer?.contents?.pixelHeight == 40)
      #expect(text.layer?.needsDisplay == false, "the mark is displayed, not left for ever")
    }

    @Test(
      "The custom nodes guide's form: a text subnode framed in its supernode's layout(_:) redraws at its new size"
    )
    func aTextNodeFramedInItsSupernodesLayoutRedraws() async throws {
      let text = TextNode(text: AttributedText("Hello kittens"))
      let placer = TextPlacer(text, frame: Rect(x: 0, y: 0, width: 100, height: 20))
      try await placer.addSubnode(text)
      let window = Window(size: Size(width: 200, height: 200))
      try await window.attach(placer)
      await placer.recursivelyEnsureDisplay()
      #expect(text.layer?.contents?.pixelWidth == 100)

      placer.textFrame.frame = Rect(x: 0, y: 0, width: 50, height: 40)
      await placer.setNeedsLayout()
      try await window.layoutIfNeeded()
      await window.waitForPendingDisplays()
      await window.waitForQueuedWork()
      #expect(text.view?.frame.size == Size(width: 50, height: 40))
      #expect(text.layer?.contents?.pixelWidth == 50)
      #expect(text.layer?.needsDisplay == false)
    }
  }
}

/// A frame that main-actor code reads and a test changes.
@MainActor
final class FrameBox {
  var frame: Rect
  init(_ frame: Rect) { self.frame = frame }
}

/// A node that sets its text subnode's frame in `layout(_:)`, as the custom nodes guide's nodes do
/// (`_textNode.frame = …` in `-layout`), without measuring it: the text node is laid out by no pass.
actor TextPlacer: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "textPlacer")
  nonisolated let text: TextNode
  nonisolated let textFrame: FrameBox

  @MainActor init(_ text: TextNode, frame: Rect) {
    self.text = text
    textFrame = FrameBox(frame)
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod { .size(range.max) }

  @MainActor func layout(_ context: borrowing LayoutContext) {
    text.view?.frame = textFrame.frame
  }
}
