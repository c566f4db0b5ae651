import Testing

@testable import ActorNodes

extension HeldDrawSuites {
  /// Cancellation: superseded, suspended and removed displays never commit, and leave no out-of-date contents.
  ///
  /// Serialized: tests hold every thread of the shared display executor.
  @Suite(.serialized, .timeLimit(.minutes(5)))
  @MainActor
  struct DisplayCancellationTests {
    /// A node in a manual window, displayed once and committed.
    private func displayedNode(
      _ name: String = "paint", color: Color = .red, log: EventLog? = nil, probe: DrawProbe
    ) async throws -> (PaintNode, Window) {
      let node = PaintNode(name, color: color, log: log, probe: probe, frame: Rect(x: 0, y: 0, width: 2, height: 2))
      let window = Window(size: Size(width: 10, height: 10), turnMode: .manual)
      try await window.attach(node)
      await window.waitForPendingDisplays()
      await window.flush()
      return (node, window)
    }

    /// Holds every display thread, then asks `node` for a green display, whose snapshot is taken and whose draw
    /// waits in the executor's queue until the returned blockers are released.
    private func greenDisplayWaitingInTheQueue(of node: PaintNode, probe: DrawProbe) async -> ExecutorBlockers {
      let blockers = ExecutorBlockers()
      await blockers.hold()
      await node.setColor(.green)
      await probe.waitFor("parameters paint", count: 2)
      return blockers
    }

    @Test func supersededBeforeItsDrawStartsNeverDraws() async throws {
      let probe = DrawProbe()
      let (node, window) = try await displayedNode(probe: probe)
      let blockers = await greenDisplayWaitingInTheQueue(of: node, probe: probe)  // Its draw waits there...
      await node.setColor(.blue)  // ...and is superseded before it runs.
      blockers.release()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(probe.entries("draw paint").count == 2, "the first display and the newest; never the superseded one")
      #expect(probe.entries("cancelled").isEmpty)
      #expect(node.layer?.contents?.rgbaBytes(x: 0, y: 0) == [0, 0, 255, 255])
    }

    @Test func suspendedBeforeItsDrawStartsNeverDrawsAndClearsTheContents() async throws {
      let log = EventLog()
      let probe = DrawProbe()
      let (node, window) = try await displayedNode(log: log, probe: probe)
      log.clear()
      let blockers = await greenDisplayWaitingInTheQueue(of: node, probe: probe)
      node.setDisplaySuspended(true)
      blockers.release()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(probe.entries("draw paint").count == 1, "only the first display drew")
      // Whether the suspension came before or after its will-start hook, a cancelled display finishes nothing.
      #expect(log.entries(containing: "didFinish").isEmpty, "\(log.entries)")
      // The red contents were to be replaced: a suspended node shows nothing rather than them.
      #expect(node.layer?.contents == nil)
      #expect(node.layer?.needsDisplay == true)

      node.setDisplaySuspended(false)  // Resuming displays again.
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(node.layer?.contents?.rgbaBytes(x: 0, y: 0) == [0, 255, 0, 255])
      #expect(log.entries.suffix(2) == ["paint.didFinish", "paint.hierarchyDidFinish"])
    }

    @Test(
      "A display cancelled while its draw waits in the queue never runs a node's display method: no contents, no didFinish (Texture: testCancelAsyncDisplay, whose delegate implements display)",
      .tags(.texturePort))
    func cancelledBeforeItStartsNeverRunsTheDisplayMethod() async throws {
      let probe = DrawProbe()
      let log = EventLog()
      let node = DisplayMethodNode(probe: probe, log: log)
      let blockers = ExecutorBlockers()
      await blockers.hold()
      let window = Window(size: Size(width: 10, height: 10), turnMode: .manual)
      try await window.attach(node)
      await probe.waitFor("parameters")  // Its display started; its draw waits behind the blockers.
      node.setDisplaySuspended(true)
      blockers.release()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(probe.log == ["parameters"], "the display method never ran")
      #expect(log.entries.isEmpty)
      #expect(node.layer?.contents == nil)
    }

    @Test func cancelledMidDrawSeesIsCancelledAndCommitsNothing() async throws {
      let probe = DrawProbe()
      let (node, window) = try await displayedNode(probe: probe)
      let held = DrawProbe(holdingDraws: true)
      let other = PaintNode("held", probe: held, frame: Rect(x: 0, y: 0, width: 2, height: 2))
      let otherWindow = Window(size: Size(width: 10, height: 10), turnMode: .manual)
      try await otherWindow.attach(other)
      await held.waitFor("draw held")  // Mid-draw: the draw waits for the test.
      other.setDisplaySuspended(true)
      held.release()
      await otherWindow.waitForPendingDisplays()
      await otherWindow.flush()
      #expect(held.log.contains("cancelled held"), "isCancelled was true at the next poll")
      #expect(other.layer?.contents == nil)
      _ = (node, window)
    }

    @Test func onlyTheNewestOfThreeQuickRequestsCommits() async throws {
      let log = EventLog()
      let probe = DrawProbe()
      let (node, window) = try await displayedNode(log: log, probe: probe)
      log.clear()
      let blockers = ExecutorBlockers()
      await blockers.hold()
      await node.setColor(.green)
      await node.setColor(.blue)
      await node.setColor(.white)
      blockers.release()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(node.layer?.contents?.rgbaBytes(x: 1, y: 1) == [255, 255, 255, 255])
      #expect(log.entries(containing: "didFinish").count == 1, "\(log.entries) \(probe.log)")
      // (A superseded draw may have finished drawing before the request that superseded it arrived: it ran,
      // but did not commit.)
    }

    @Test func leavingTheWindowCancelsAndTheNodeRedrawsWhenBack() async throws {
      let log = EventLog()
      let probe = DrawProbe()
      let (node, window) = try await displayedNode(log: log, probe: probe)
      let blockers = await greenDisplayWaitingInTheQueue(of: node, probe: probe)
      // The turn that takes the node out cancels its display (if it started; else the start finds the node out
      // of the window): either way nothing commits, and the contents it was to replace are gone.
      await window.detach()
      blockers.release()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(node.layer?.contents == nil)
      #expect(log.entries(containing: "didFinish").count == 1)

      try await window.attach(node)
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(node.layer?.contents?.rgbaBytes(x: 0, y: 0) == [0, 255, 0, 255])
      #expect(log.entries(containing: "didFinish").count == 2)
    }

    /// Round 24: Texture's node that leaves every window leaves the display state, which clears its contents on
    /// the next main-queue turn if it is still out; it draws again when it comes back.
    @Test func leavingTheWindowClearsShownContents() async throws {
      let log = EventLog()
      let probe = DrawProbe()
      let (node, window) = try await displayedNode(log: log, probe: probe)
      #expect(node.layer?.contents != nil)
      await window.detach()
      await window.flush()
      #expect(node.layer?.contents == nil, "out of every window, nothing in flight: cleared after the turn")
      try await window.attach(node)
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(node.layer?.contents?.rgbaBytes(x: 0, y: 0) == [255, 0, 0, 255])
      #expect(probe.entries("parameters paint").count == 2, "drawn again on re-entry")
      #expect(log.entries(containing: "didFinish").count == 2)
      // A suspended node keeps what it shows: nothing would draw it again until it is resumed.
      node.setDisplaySuspended(true)
      await window.detach()
      await window.flush()
      #expect(node.layer?.contents != nil)
      try await window.attach(node)
      await window.flush()
      node.setDisplaySuspended(false)  // Resuming draws again, as Texture's does.
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(probe.entries("parameters paint").count == 3)

      // A move into another window in one turn keeps what it shows, as Texture's does (it is back in the display
      // state before the next main-queue turn).
      let (first, second) = (BasicNode(debugName: "first"), BasicNode(debugName: "second"))
      await window.detach()
      try await first.addSubnode(node)
      try await window.attach(first)
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(probe.entries("parameters paint").count == 4)
      let other = Window(size: Size(width: 10, height: 10), turnMode: .manual)
      try await other.attach(second)
      try await second.addSubnode(node)
      await other.flush()  // Out of the first window and into the second in this one turn.
      #expect(node.isInHierarchy)
      #expect(node.layer?.contents?.rgbaBytes(x: 0, y: 0) == [255, 0, 0, 255])
      await other.waitForPendingDisplays()
      #expect(probe.entries("parameters paint").count == 4, "nothing to draw again")
    }

    @Test func releasingTheNodeCancelsItsDraw() async throws {
      let held = DrawProbe(holdingDraws: true)
      let lifetime = LifetimeCounter()
      var node: TrackedPaintNode? = TrackedPaintNode(probe: held, lifetime: lifetime)
      let window = Window(size: Size(width: 10, height: 10), turnMode: .manual)
      try await window.attach(node!)
      await held.waitFor("draw tracked")
      await window.detach()
      node = nil
      #expect(lifetime.count == 1, "nothing but the node's owner kept it: not its display")
      held.release()
      await window.waitForPendingDisplays()
      #expect(held.log.contains("cancelled tracked"))
    }

    @Test(
      "A draw that ends while the other display threads draw leaves the HierarchyActor free: an unrelated edit completes while every display thread is still in a draw"
    )
    @MainActor
    func aFinishedDrawLeavesTheHierarchyActorFree() async throws {
      let threads = DisplayExecutor.shared.threadCount
      let quick = DrawProbe(holdingDraws: true)
      let slow = DrawProbe(holdingDraws: true)
      let root = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 20, height: 20) }
      let window = Window(size: Size(width: 20, height: 20))
      try await window.attach(root)
      let square = Rect(x: 0, y: 0, width: 2, height: 2)
      let slowNodes = (0..<threads).map { PaintNode("slow\($0)", probe: slow, frame: square) }
      // The quick draw and all but one slow draw take every display thread; the last slow draw waits in the queue.
      try await root.addSubnodes([PaintNode("quick", probe: quick, frame: square)] + slowNodes.dropLast())
      await quick.waitFor("draw quick")
      await slow.waitFor("draw slow", count: threads - 1)
      try await root.addSubnode(slowNodes[threads - 1])
      await Task { @HierarchyActor in }.value
      // The quick draw ends and reports to the HierarchyActor; its thread takes the last slow draw.
      quick.stopHolding()
      quick.release()
      await slow.waitFor("draw slow", count: threads)
      // Every display thread is in user draw code: an edit must not wait for it.
      let parent = BasicNode()
      try await parent.addSubnode(BasicNode())
      #expect(await parent.subnodes.count == 1)
      slow.stopHolding()
      slow.release(threads)
      await window.waitForPendingDisplays()
    }
  }
}

/// A drawing node that counts its deinitialization.
actor TrackedPaintNode: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState { $0.frame = Rect(x: 0, y: 0, width: 2, height: 2) }
  let probe: DrawProbe
  let lifetime: LifetimeCounter

  init(probe: DrawProbe, lifetime: LifetimeCounter) {
    self.probe = probe
    self.lifetime = lifetime
  }

  func drawParameters() -> DrawProbe { probe }

  static func draw(_ probe: DrawProbe, in context: inout GraphicsContext, request: DisplayRequest) {
    probe.drawStarted("tracked")
    if request.isCancelled { probe.record("cancelled tracked") }
  }

  deinit { lifetime.recordDeinit() }
}
