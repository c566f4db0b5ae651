import Synchronization
import Testing

@testable import ActorNodes

extension HeldDrawSuites {
  /// Transactions, synchronous display, suspension, the two drawing styles, sizes and scales.
  ///
  /// Serialized: some tests hold every thread of the shared display executor.
  @Suite(.serialized, .timeLimit(.minutes(5)))
  @MainActor
  struct DisplayBehaviorTests {
    private func window() -> Window { Window(size: Size(width: 20, height: 20), turnMode: .manual) }

    /// A parent and a child whose first draw `probe` holds, attached to a new 20 × 20 window, once that draw began.
    @MainActor
    private struct HeldChild {
      let log = EventLog()
      let probe = DrawProbe(holdingDraws: true)
      let parent: PaintNode
      let child: PaintNode
      let window: Window

      /// - Parameters:
      ///   - parentSuspended: Whether the parent's display is suspended before the attach, so that only the
      ///     child's starts.
      init(parentSuspended: Bool, turnLog: EventLog? = nil, mode: TurnMode = .manual) async throws {
        parent = PaintNode("parent", log: log, frame: Rect(x: 0, y: 0, width: 10, height: 10), turnLog: turnLog)
        if parentSuspended { parent.setDisplaySuspended(true) }
        child = PaintNode("child", log: log, probe: probe, frame: DisplayBehaviorTests.square)
        try await parent.addSubnode(child)
        window = Window(size: Size(width: 20, height: 20), turnMode: mode)
        try await window.attach(parent)
        await probe.waitFor("draw child")
      }
    }

    /// `node` under a 20 × 20 holder that a new manual window shows, with its first displays committed.
    private func displayedUnderAHolder(_ node: PaintNode) async throws -> Window {
      let holder = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 20, height: 20) }
      try await holder.addSubnode(node)
      let window = window()
      try await window.attach(holder)
      await window.waitForPendingDisplays()
      await window.flush()
      return window
    }

    private static let square = Rect(x: 0, y: 0, width: 2, height: 2)

    /// Round 24: a size no bitmap can hold stopped the program on a display thread, far from the write that set it.
    @Test func boundsTooLargeForABitmapDrawNothingAndTheDisplayFinishes() async throws {
      let log = EventLog()
      let probe = DrawProbe()
      let huge = PaintNode("huge", log: log, probe: probe, frame: Rect(x: 0, y: 0, width: 17_000, height: 17_000))
      let window = window()
      try await window.attach(huge)
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(huge.layer?.contents == nil)
      #expect(log.entries(containing: "didFinish").count == 1, "the display ends as one that drew nothing")
      #expect(!GraphicsContext.canHoldBitmap(of: Size(width: 2, height: 2), scale: 10_000))
      #expect(GraphicsContext.canHoldBitmap(of: Size(width: 16_000, height: 16_000), scale: 1))
      // Back to a size a bitmap holds: it draws.
      let square = Self.square
      await huge.configure { $0.frame = square }
      await huge.setNeedsDisplay()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(huge.layer?.contents?.pixelWidth == 2)
    }

    @Test func aTransactionCommitsInOneTurnInStartOrderAfterItsSlowestDraw() async throws {
      let log = EventLog()
      let fast = DrawProbe()
      let slow = DrawProbe(holdingDraws: true)
      let cell = PaintNode("cell", color: .white, log: log, probe: fast, frame: Rect(x: 0, y: 0, width: 8, height: 4))
      cell.setTransactionContainer(true)
      let first = PaintNode("first", color: .blue, log: log, probe: slow, frame: Self.square)
      let second = PaintNode(
        "second", color: .green, log: log, probe: fast, frame: Rect(x: 4, y: 0, width: 2, height: 2))
      try await cell.addSubnodes([first, second])
      let window = window()
      try await window.attach(cell)
      await fast.waitFor("drew second")
      await slow.waitFor("draw first")
      await window.flush()  // The cell and `second` are drawn, but `first` is not: nothing of the cell commits.
      #expect(cell.layer?.contents == nil && second.layer?.contents == nil)
      #expect(log.entries(containing: "didFinish").isEmpty)

      slow.release()
      await window.waitForPendingDisplays()
      let turns = window.statistics.turns
      await window.flush()
      #expect(window.statistics.turns == turns + 1)
      #expect(cell.layer?.contents != nil && first.layer?.contents != nil && second.layer?.contents != nil)
      #expect(
        log.entries == [
          "cell.willStart(async)", "first.willStart(async)", "cell.subnodeWillStart(first)",
          "second.willStart(async)", "cell.subnodeWillStart(second)",
          "cell.didFinish",
          "first.didFinish", "first.hierarchyDidFinish", "cell.subnodeDidFinish(first)",
          "second.didFinish", "second.hierarchyDidFinish", "cell.subnodeDidFinish(second)", "cell.hierarchyDidFinish",
        ])
    }

    @Test(
      "Displays asked for one after the other while the first one's snapshot is taken start together: a cell's subnodes updated in turn commit together"
    )
    func requestsArrivingDuringASnapshotJoinItsBatch() async throws {
      // Adversarial round 25: a cell's update (`await a.setColor(…)`, then `await b.setColor(…)`) started two batches,
      // and the first subnode's new contents could show a turn before the second's (Texture gathers both into the
      // container's transaction of that run-loop pass).
      let executor = HoldingExecutor()
      let cell = BasicNode(debugName: "cell") { $0.frame = Rect(x: 0, y: 0, width: 4, height: 2) }
      cell.setTransactionContainer(true)
      let first = HeldPaintNode(executor: executor, frame: Self.square)
      let second = PaintNode("second", color: .green, frame: Rect(x: 2, y: 0, width: 2, height: 2))
      try await cell.addSubnodes([first, second])
      let window = window()
      try await window.attach(cell)
      await cell.recursivelyEnsureDisplay()
      let turns = window.statistics.turns
      executor.hold()
      first.requestDisplay()  // a batch starts, and waits for the first node's snapshot
      await executor.waitForAHeldJob()
      second.requestDisplay()
      await DisplayScheduler.shared.waitForRequestsToArrive()
      executor.release()
      await window.waitForPendingDisplays()
      #expect(window.statistics.turns == turns + 1, "one start hop for both")
      await window.flush()
      #expect(first.layer?.contents?.rgbaBytes(x: 0, y: 0) == [0, 0, 255, 255])
      #expect(second.layer?.contents?.rgbaBytes(x: 0, y: 0) == [0, 255, 0, 255])
    }

    @Test(
      "recursivelySetNeedsDisplay(atScale:) starts the displays together: a transaction container's new contents commit together"
    )
    func recursiveScaleChangeCommitsATransactionTogether() async throws {
      let fast = DrawProbe()
      let slow = DrawProbe(holdingDraws: true)
      let cell = PaintNode("cell", color: .white, probe: fast, frame: Rect(x: 0, y: 0, width: 8, height: 4))
      cell.setTransactionContainer(true)
      let first = PaintNode("first", color: .blue, probe: slow, frame: Self.square)
      let second = PaintNode(
        "second", color: .green, probe: fast, frame: Rect(x: 4, y: 0, width: 2, height: 2))
      try await cell.addSubnodes([first, second])
      let window = window()
      try await window.attach(cell)
      await slow.waitFor("draw first")
      slow.release()
      await window.waitForPendingDisplays()
      await window.flush()
      func widths() -> [Int?] { [cell, first, second].map { $0.layer?.contents?.pixelWidth } }
      #expect(widths() == [8, 2, 2])
      // Adversarial round 20: each node's display was a batch of its own, so the cell and `second` showed their
      // new contents while `first` was still drawing.
      await cell.recursivelySetNeedsDisplay(atScale: 2)
      await fast.waitFor("drew cell", count: 2)
      await fast.waitFor("drew second", count: 2)
      await slow.waitFor("draw first", count: 2)
      await window.flush()
      #expect(widths() == [8, 2, 2], "nothing of the cell's new contents shows before all of it is drawn")
      slow.release()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(widths() == [16, 4, 4])
    }

    @Test(
      "recursivelySetNeedsDisplay(atScale:) calls each node's setNeedsDisplay(atScale:): a node that keeps its scale keeps it, and the display it asks for starts with the others"
    )
    func recursiveScaleChangeCallsEachNodesOwnSetNeedsDisplayAtScale() async throws {
      let log = EventLog()
      let fast = DrawProbe()
      let slow = DrawProbe(holdingDraws: true)
      let cell = PaintNode("cell", color: .white, probe: slow, frame: Rect(x: 0, y: 0, width: 8, height: 4))
      cell.setTransactionContainer(true)
      let executor = HoldingExecutor()
      let fixed = FixedScaleNode("fixed", log: log, probe: fast, executor: executor, frame: Self.square)
      try await cell.addSubnode(fixed)
      let window = window()
      try await window.attach(cell)
      await slow.waitFor("draw cell")
      slow.release()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(log.entries == ["fixed.didFinish"])
      // Round 26: the walk set every node's scale itself, so an implementation (Texture's override point "if they
      // don't want their contentsScale changed") compiled and was never called.
      executor.hold()
      let walk = Task { await cell.recursivelySetNeedsDisplay(atScale: 2) }
      await executor.waitForAHeldJob()  // The walk has called the cell and reached `fixed`.
      #expect(cell.contentsScaleForDisplay == 2)
      #expect(!cell.nodeCore.hasOutstandingDisplays, "the cell's display is asked for when the walk ends")
      executor.release()
      await walk.value
      #expect(await fixed.scalesAskedFor == [2])
      #expect(fixed.contentsScaleForDisplay == 1)
      // The display `fixed` asks for, at its own scale, commits with the cell's.
      await slow.waitFor("draw cell", count: 2)
      await fast.waitFor("drew fixed", count: 2)
      await window.flush()
      #expect(log.entries == ["fixed.didFinish"], "nothing commits before the cell's draw is done")
      slow.release()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(log.entries == ["fixed.didFinish", "fixed.didFinish"])
      #expect(cell.layer?.contents?.pixelWidth == 16 && fixed.layer?.contents?.pixelWidth == 2)
    }

    @Test(
      "A layer that redraws on a bounds change redraws at its new size after passing through an empty one"
    )
    func redrawsAfterAnEmptySize() async throws {
      let node = PaintNode("p", frame: Rect(x: 0, y: 0, width: 40, height: 19))
      await node.configure { $0.needsDisplayOnBoundsChange = true }
      let window = window()
      try await window.attach(node)
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(node.layer?.contents?.pixelWidth == 40)
      // Display convergence, seeds 1274 and 1999 (round 20): a text node moved into a stack went 40 → 0 → 24
      // points wide, and showed its 40-point contents for good (neither change counted as a resize).
      for width in [0.0, 24] {
        await node.configure { $0.frame = Rect(x: 0, y: 0, width: width, height: 19) }
        await window.flush()
        await window.waitForPendingDisplays()
        await window.flush()
      }
      #expect(node.layer?.contents?.pixelWidth == 24)
    }

    @Test func aRemovedSubnodeNoLongerHoldsUpItsFormerSupernodesHierarchyDisplay() async throws {
      // Texture keeps the pending nodes in a weak set: a released one no longer counts.
      let log = EventLog()
      let held = DrawProbe(holdingDraws: true)
      let parent = PaintNode("parent", color: .white, log: log, frame: Rect(x: 0, y: 0, width: 8, height: 4))
      let gone = PaintNode("gone", color: .blue, log: log, probe: held, frame: Self.square)
      let kept = PaintNode("kept", color: .green, log: log, frame: .zero)  // Displays once it has a size.
      try await parent.addSubnodes([gone, kept])
      let window = window()
      try await window.attach(parent)
      await held.waitFor("draw gone")  // Pending on the parent, and held there.
      await gone.removeFromSupernode()
      await window.flush()
      held.release()  // Its display was cancelled when it left the window: it commits nothing.
      await kept.configure { $0.frame = Rect(x: 4, y: 0, width: 2, height: 2) }
      await window.flush()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(log.entries.contains("parent.subnodeDidFinish(kept)"))
      #expect(log.entries.last == "parent.hierarchyDidFinish", "\(log.entries)")
    }

    @Test(
      "A subnode moved to a supernode in another window while it draws no longer holds up its former supernode's hierarchy display, whichever window's turn comes first",
      arguments: [false, true])
    func aSubnodeMovedToAnotherWindowNoLongerHoldsUpItsFormerSupernode(newWindowFirst: Bool) async throws {
      // Adversarial round 31 (the display convergence probe): a supernode forgot a subnode that left it, in its
      // pending set, only if its own turn took the subnode out before the new supernode's window's turn placed it;
      // the other way round, it waited for the moved node for good, and none of its displays ended with
      // `hierarchyDisplayDidFinish` again.
      let log = EventLog()
      let held = DrawProbe(holdingDraws: true)
      let former = PaintNode("former", color: .white, log: log, frame: Rect(x: 0, y: 0, width: 8, height: 4))
      let next = PaintNode("next", color: .white, log: log, frame: Rect(x: 0, y: 0, width: 8, height: 4))
      let moved = PaintNode("moved", color: .blue, log: log, probe: held, frame: Self.square)
      try await former.addSubnode(moved)
      let (formerWindow, nextWindow) = (window(), window())
      try await formerWindow.attach(former)
      try await nextWindow.attach(next)
      await held.waitFor("draw moved")  // Pending on `former`, and held there.
      try await next.addSubnode(moved)
      for window in newWindowFirst ? [nextWindow, formerWindow] : [formerWindow, nextWindow] { await window.flush() }
      held.stopHolding()
      held.release()
      await formerWindow.waitForPendingDisplays()
      await formerWindow.flush()
      await nextWindow.flush()
      log.clear()
      await former.setColor(.red)
      await formerWindow.waitForPendingDisplays()
      await formerWindow.flush()
      #expect(log.entries == ["former.willStart(async)", "former.didFinish", "former.hierarchyDidFinish"])
    }

    /// A transaction container shown in `window` whose first display, of `first`, is held mid-draw by the probe
    /// returned, and whose second, of `second`, has drawn.
    private func transactionUnderWay(
      in window: Window, log: EventLog
    ) async throws -> (first: PaintNode, second: PaintNode, slow: DrawProbe) {
      let fast = DrawProbe()
      let slow = DrawProbe(holdingDraws: true)
      let cell = BasicNode(debugName: "cell") { $0.frame = Rect(x: 0, y: 0, width: 8, height: 4) }
      cell.setTransactionContainer(true)
      let first = PaintNode("first", color: .blue, log: log, probe: slow, frame: Self.square)
      let second = PaintNode(
        "second", color: .green, log: log, probe: fast, frame: Rect(x: 4, y: 0, width: 2, height: 2))
      try await cell.addSubnodes([first, second])
      try await window.attach(cell)
      await slow.waitFor("draw first")
      await fast.waitFor("drew second")
      return (first, second, slow)
    }

    @Test(
      "A transaction's commit goes to each node's own window: a subnode still in the container's window commits in that window's turn when the node that started first moved away while the draws ran",
      arguments: [false, true])
    func aTransactionCommitsInEachNodesOwnWindow(movedOutOfEveryWindow: Bool) async throws {
      // Adversarial round 26: the whole commit went to the window of the transaction's first node, looked up when
      // the last draw finished, so `second`, which never left the cell's manual window, took its contents and hooks
      // in the other window's turn (the shared automatic queue's, without a flush), or never if nobody flushed it.
      let log = EventLog()
      let window = window()
      let other = self.window()
      let elsewhere = BasicNode(debugName: "elsewhere") { $0.frame = Rect(x: 0, y: 0, width: 20, height: 20) }
      if !movedOutOfEveryWindow { try await other.attach(elsewhere) }
      let (first, second, slow) = try await transactionUnderWay(in: window, log: log)
      try await elsewhere.addSubnode(first)  // Its work goes to the other window's queue (or the shared one) now.
      slow.stopHolding()
      slow.release()
      await window.waitForPendingDisplays()
      if movedOutOfEveryWindow {
        // A write of `first`: the wait covers the shared queue's next turn, which takes what was queued before it.
        await first.configure { $0.alpha = 0.5 }
        await first.waitForQueuedWork()
      } else {
        await other.flush()
      }
      #expect(second.layer?.contents == nil, "the cell's window has had no turn since the draws")
      #expect(log.entries(containing: "second.didFinish").isEmpty)
      await window.flush()
      #expect(second.layer?.contents?.rgbaBytes(x: 0, y: 0) == [0, 255, 0, 255])
      #expect(
        log.entries.filter { $0.hasPrefix("second.") } == [
          "second.willStart(async)", "second.didFinish", "second.hierarchyDidFinish",
        ])
      guard !movedOutOfEveryWindow else { return }
      // `first` left the cell's window mid-draw: that display was cancelled, and it displays in its new window.
      await window.waitForPendingDisplays()
      await other.flush()
      #expect(first.layer?.superlayer === elsewhere.layer)
      #expect(first.layer?.contents?.rgbaBytes(x: 0, y: 0) == [0, 0, 255, 255])
    }

    @Test(
      "recursivelyEnsureDisplay() in an automatic window commits a subnode whose transaction's first node moved to a manual window mid-draw"
    )
    func recursivelyEnsureDisplayCommitsASiblingOfANodeThatMovedAway() async throws {
      // Adversarial round 26: the commit went to the manual window that `first` had moved to, which nobody flushed:
      // the call returned without `second`'s contents, and its `displayWillStart` never had a `displayDidFinish`.
      let log = EventLog()
      let window = Window(size: Size(width: 20, height: 20), turnMode: .automatic)
      let other = self.window()
      let elsewhere = BasicNode(debugName: "elsewhere") { $0.frame = Rect(x: 0, y: 0, width: 20, height: 20) }
      try await other.attach(elsewhere)
      let (first, second, slow) = try await transactionUnderWay(in: window, log: log)
      try await elsewhere.addSubnode(first)
      slow.stopHolding()
      slow.release()
      await window.rootNode?.recursivelyEnsureDisplay()  // The cell.
      #expect(second.layer?.contents?.rgbaBytes(x: 0, y: 0) == [0, 255, 0, 255])
      #expect(
        log.entries.filter { $0.hasPrefix("second.") } == [
          "second.willStart(async)", "second.didFinish", "second.hierarchyDidFinish",
        ])
      await other.flush()
    }

    @Test func aSynchronousDisplayDrawsOnTheMainActorWithoutATurn() async throws {
      let log = EventLog()
      let probe = DrawProbe()
      let node = PaintNode("sync", color: .green, log: log, probe: probe, frame: Self.square)
      node.setDisplaysAsynchronously(false)
      #expect(!node.displaysAsynchronously)
      let window = window()
      try await window.attach(node)
      await window.waitForPendingDisplays()
      // No flush: a synchronous display commits in the hop that starts it.
      #expect(node.layer?.contents?.rgbaBytes(x: 1, y: 1) == [0, 255, 0, 255])
      #expect(log.entries == ["sync.willStart(sync)", "sync.didFinish", "sync.hierarchyDidFinish"])
      #expect(probe.entries("drew").first?.contains("on another thread") == true, "on the main actor, not the executor")
    }

    @Test(
      "A synchronous display asked for after a new frame, drawn before a manual window's flush applies the frame, draws again at it and leaves no mark"
    )
    func synchronousDisplayBeforeTheFlushOfItsFrame() async throws {
      // Adversarial round 25: the start hop drew at the old size and the flush then applied the frame and the
      // write's display mark, which stayed set: contents 2 pixels wide for 6-point bounds, for good.
      let log = EventLog()
      let node = PaintNode("sync", color: .red, log: log, frame: Self.square)
      node.setDisplaysAsynchronously(false)
      let window = window()
      try await window.attach(node)
      await node.recursivelyEnsureDisplay()
      await Task.detached {
        await node.configure { $0.frame = Rect(x: 0, y: 0, width: 6, height: 2) }
        await node.setColor(.blue)
      }.value
      await window.waitForPendingDisplays()  // drawn at 2 × 2 points: the frame waits for the flush
      #expect(node.layer?.contents?.pixelWidth == 2)
      await window.flush()
      await window.waitForPendingDisplays()
      #expect(node.layer?.contents?.pixelWidth == 6, "drawn again at the frame the flush applied")
      #expect(node.layer?.contents?.rgbaBytes(x: 5, y: 1) == [0, 0, 255, 255])
      #expect(node.layer?.needsDisplay == false, "the display the write asked for has run")
      let displays = log.entries(containing: "willStart").count
      await node.recursivelyEnsureDisplay()
      #expect(log.entries(containing: "willStart").count == displays, "nothing out of date to draw again")
    }

    @Test func factoryNodesAreSynchronous() async throws {
      let node = BasicNode(makeView: { View() })
      #expect(!node.displaysAsynchronously)
      node.setDisplaysAsynchronously(true)
      #expect(!node.displaysAsynchronously, "ignored for a view made by a factory")
      node.setDisplaySuspended(true)
      #expect(!node.isDisplaySuspended, "ignored too (Texture's setDisplaySuspended: returns for a synchronous node)")

      // A drawing node whose view a factory makes draws on the main actor, in the hop that starts it.
      let log = EventLog()
      let probe = DrawProbe()
      let wrapped = FactoryPaintNode(log: log, probe: probe)
      wrapped.setDisplaysAsynchronously(true)
      wrapped.setDisplaySuspended(true)
      let window = window()
      try await window.attach(wrapped)
      await window.waitForPendingDisplays()
      #expect(wrapped.layer?.contents != nil, "committed without a turn")
      #expect(log.entries.first == "factory.willStart(sync)")
      #expect(probe.entries("drew").first?.contains("on another thread") == true)
    }

    @Test func displayImmediatelyDrawsBeforeReturning() async throws {
      let log = EventLog()
      let probe = DrawProbe()
      let node = PaintNode("now", color: .red, log: log, probe: probe, frame: Self.square)
      let window = window()
      try await window.attach(node)
      await window.waitForPendingDisplays()
      await window.flush()
      log.clear()
      await node.setColorWithoutDisplay(.blue)
      await node.displayImmediately()
      #expect(node.layer?.contents?.rgbaBytes(x: 0, y: 0) == [0, 0, 255, 255])
      #expect(log.entries == ["now.willStart(sync)", "now.didFinish", "now.hierarchyDidFinish"])
    }

    @Test func displayImmediatelyDrawsALoadedNodeOutOfEveryWindow() async throws {
      let node = PaintNode("now", color: .red, frame: Self.square)
      let window = window()
      try await window.attach(node)
      await window.waitForPendingDisplays()
      await window.flush()
      await window.detach()
      #expect(node.isNodeLoaded && !node.isInHierarchy)
      await node.setColorWithoutDisplay(.blue)
      // Texture's displayImmediately is `display:NO` on the layer, which does not look at the hierarchy.
      await node.displayImmediately()
      #expect(node.layer?.contents?.rgbaBytes(x: 0, y: 0) == [0, 0, 255, 255])

      node.setDisplaySuspended(true)
      await node.setColorWithoutDisplay(.green)
      await node.displayImmediately()
      #expect(node.layer?.contents?.rgbaBytes(x: 0, y: 0) == [0, 0, 255, 255], "a suspended node keeps what it shows")
    }

    @Test func suspendingASubnodeMidDisplayTellsItsSupernode() async throws {
      let held = try await HeldChild(parentSuspended: true)
      let (log, probe, child, window) = (held.log, held.probe, held.child, held.window)
      #expect(log.entries == ["child.willStart(async)", "parent.subnodeWillStart(child)"])

      // Texture's setDisplaySuspended:YES tells the supernode the subnode's display is over: it no longer holds
      // up the supernode's hierarchyDisplayDidFinish.
      child.setDisplaySuspended(true)
      probe.stopHolding()
      probe.release(1)
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(log.entries.dropFirst(2) == ["parent.subnodeDidFinish(child)", "parent.hierarchyDidFinish"])
      #expect(child.layer?.contents == nil)
    }

    @Test(
      "Suspending a subnode whose display was cancelled as it left the window, before or after, tells its supernode, which no longer waits for it (Texture: setDisplaySuspended:YES)",
      arguments: [false, true]
    )
    func suspendingASubnodeWhoseDisplayLeftTheWindowTellsItsSupernode(suspendingFirst: Bool) async throws {
      // Adversarial round 27: the supernode was told only by the commit of the display in flight, which a display
      // cancelled as the tree left its window never reaches, so the supernode kept waiting for it: back in the
      // window, its own display finished without its hierarchyDisplayDidFinish, as long as the subnode stayed
      // suspended.
      let held = try await HeldChild(parentSuspended: false)
      let (log, probe, parent, child, window) = (held.log, held.probe, held.parent, held.child, held.window)
      if suspendingFirst { child.setDisplaySuspended(true) }
      await window.detach()  // Cancels the child's display; the parent still waits for it, as Texture's does.
      probe.stopHolding()
      probe.release()
      await window.waitForPendingDisplays()
      await window.flush()
      if !suspendingFirst {
        #expect(!log.entries.contains("parent.subnodeDidFinish(child)"))
        child.setDisplaySuspended(true)
        await window.flush()  // The supernode hears it in the window's next turn, as all queued work (round 28).
      }
      try await window.attach(parent)
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(log.entries.filter { $0.hasPrefix("parent.subnodeDidFinish") } == ["parent.subnodeDidFinish(child)"])
      #expect(log.entries.suffix(3) == ["parent.willStart(async)", "parent.didFinish", "parent.hierarchyDidFinish"])
      #expect(parent.layer?.contents != nil && child.layer?.contents == nil)
    }

    @Test(
      "Suspension tells the supernode in a turn of its window, after the work queued before it: a manual window's flush, which waitForQueuedWork() waits for (Texture: setDisplaySuspended:YES)",
      arguments: [TurnMode.manual, .automatic]
    )
    func suspensionTellsTheSupernodeInTheWindowsTurn(mode: TurnMode) async throws {
      // Adversarial round 28: the notice ran in a main-actor job of its own, so a manual window ran the supernode's
      // hooks outside flush(), and waitForQueuedWork() did not count them.
      let turnLog = EventLog()
      let held = try await HeldChild(parentSuspended: true, turnLog: turnLog, mode: mode)
      let (log, probe, parent, child, window) = (held.log, held.probe, held.parent, held.child, held.window)
      log.clear()
      // Written off the main actor before the suspension: queued, and applied in the same turn, first.
      await Task.detached { await parent.configure { $0.alpha = 0.5 } }.value
      if mode == .automatic { await window.waitForQueuedWork() }  // Applied: the wait below has the notice alone.
      child.setDisplaySuspended(true)
      if mode == .manual {
        probe.stopHolding()
        probe.release()
        await window.waitForPendingDisplays()
        #expect(log.entries.isEmpty, "nothing before the flush")
        #expect(parent.view?.alpha == 1)
        await window.flush()
      } else {
        await window.waitForQueuedWork()
      }
      #expect(parent.view?.alpha == 0.5)
      #expect(log.entries == ["parent.subnodeDidFinish(child)", "parent.hierarchyDidFinish"])
      #expect(turnLog.entries == ["parent.subnodeDidFinish in a turn", "parent.hierarchyDidFinish in a turn"])
      probe.stopHolding()
      probe.release()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(log.entries.count == 2, "the cancelled display calls nothing")
    }

    @Test func aSuspensionNoticeFollowsItsNodeIntoAnotherWindow() async throws {
      // Queued in the turns of the window the tree left, the notice would wait for a flush that never comes.
      let held = try await HeldChild(parentSuspended: true)
      let (log, probe, parent, child, first) = (held.log, held.probe, held.parent, held.child, held.window)
      log.clear()
      child.setDisplaySuspended(true)
      await first.detach()
      let second = window()
      try await second.attach(parent)
      probe.stopHolding()
      probe.release()
      await second.waitForPendingDisplays()
      await second.flush()
      #expect(log.entries == ["parent.subnodeDidFinish(child)", "parent.hierarchyDidFinish"])
      withExtendedLifetime(first) {}  // A window that went away would send its work to the shared automatic queue.
    }

    @Test(
      "setNeedsDisplay() on the main actor marks the layer during the call; a display clears the mark as it starts (Texture: -[_ASDisplayLayer display])"
    )
    func needsDisplayMarkFollowsTheDisplay() async throws {
      let probe = DrawProbe()
      let node = PaintNode("mark", probe: probe, frame: Self.square)
      let window = window()
      try await window.attach(node)
      await window.waitForPendingDisplays()
      await window.flush()
      node.setDisplaySuspended(true)
      await node.setNeedsDisplay()
      #expect(node.layer?.needsDisplay == true, "marked without a turn")
      node.setDisplaySuspended(false)
      await window.waitForPendingDisplays()  // Drawn, not committed yet.
      #expect(node.layer?.needsDisplay == false, "the display under way cleared it")
      await window.flush()
      #expect(node.layer?.needsDisplay == false)
    }

    @Test func aSuspendedNodeDrawsNothingUntilResumed() async throws {
      let probe = DrawProbe()
      let node = PaintNode("suspended", probe: probe, frame: Self.square)
      node.setDisplaySuspended(true)
      #expect(node.isDisplaySuspended)
      let window = window()
      try await window.attach(node)
      await node.setNeedsDisplay()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(probe.entries("draw").isEmpty)
      #expect(node.layer?.contents == nil)
      #expect(node.layer?.needsDisplay == true)

      node.setDisplaySuspended(false)
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(probe.entries("draw").count == 1)
      #expect(node.layer?.contents != nil)
    }

    @Test(
      "A suspended node's mark outlives displayIfNeeded() and resuming leaves it set, then one display draws once (Texture: testSuspendResumeAsync, testSuspendResumeSync)",
      .tags(.texturePort), arguments: [true, false])
    func aSuspendedNodesMarkStaysUntilResumedAndOneDisplayDrawsIt(asynchronously: Bool) async throws {
      // Adversarial round 28: displayIfNeeded() cleared a suspended node's mark, so that right after the resume
      // the layer read needsDisplay == false, where Texture's resume calls setNeedsDisplay and reads true.
      let log = EventLog()
      let probe = DrawProbe()
      let node = PaintNode("suspended", log: log, probe: probe, frame: Self.square)
      node.setDisplaysAsynchronously(asynchronously)
      node.setDisplaySuspended(true)
      let window = window()
      try await window.attach(node)
      node.layer?.setNeedsDisplay()
      node.layer?.displayIfNeeded()
      #expect(node.layer?.needsDisplay == true, "changed: the display a suspended node owes stays marked")
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(probe.log.isEmpty && log.entries.isEmpty, "no snapshot, no draw, no hooks")
      #expect(node.layer?.contents == nil)

      node.setDisplaySuspended(false)
      #expect(node.layer?.needsDisplay == true)
      await window.waitForPendingDisplays()
      if asynchronously { #expect(node.layer?.contents == nil, "drawn, committed in the next turn") }
      await window.flush()
      #expect(probe.entries("parameters").count == 1 && probe.entries("draw").count == 1)
      #expect(node.layer?.contents != nil)
      #expect(node.layer?.needsDisplay == false)
      #expect(
        log.entries == [
          "suspended.willStart(\(asynchronously ? "async" : "sync"))", "suspended.didFinish",
          "suspended.hierarchyDidFinish",
        ])
    }

    @Test(
      "A node that makes its contents in display(_:request:) snapshots once, displays once and commits once, asynchronously or not (Texture: testDelegateDisplayAsync, testDelegateDisplaySync)",
      .tags(.texturePort), arguments: [true, false])
    func aDisplayMethodRunsOnceAndCommitsOnce(asynchronously: Bool) async throws {
      let probe = DrawProbe()
      let log = EventLog()
      let node = DisplayMethodNode(probe: probe, log: log)
      node.setDisplaysAsynchronously(asynchronously)
      let window = window()
      try await window.attach(node)
      await window.waitForPendingDisplays()
      #expect(node.layer?.needsDisplay == false)
      if asynchronously {
        #expect(node.layer?.contents == nil, "no contents before the turn")
        #expect(log.entries.isEmpty)
      }
      await window.flush()
      #expect(probe.log == ["parameters", "display"], "the display method, never draw")
      #expect(await node.parameterCalls == 1)
      #expect(node.layer?.contents?.pixelWidth == 4)
      #expect(node.layer?.needsDisplay == false)
      #expect(log.entries == ["didFinish"])
    }

    @Test(
      "A drawing node snapshots once and draws once, asynchronously or not (Texture: testDelegateDrawInContextAsync, testDelegateDrawInContextSync)",
      .tags(.texturePort), arguments: [true, false])
    func aDrawSnapshotsOnceAndDrawsOnce(asynchronously: Bool) async throws {
      let probe = DrawProbe()
      let node = PaintNode("once", color: .green, probe: probe, frame: Self.square)
      node.setDisplaysAsynchronously(asynchronously)
      let window = window()
      try await window.attach(node)
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(probe.entries("parameters").count == 1 && probe.entries("draw").count == 1)
      #expect(await node.parameterCalls == 1)
      #expect(node.layer?.contents?.rgbaBytes(x: 1, y: 1) == [0, 255, 0, 255])
      #expect(node.layer?.needsDisplay == false)
    }

    @Test(
      "A node that implements both display and draw is displayed by display, asynchronously or not (Texture: testDelegateDisplayAndDrawInContextAsync, …Sync)",
      .tags(.texturePort), arguments: [true, false])
    func displayWinsOverDrawWhenANodeImplementsBoth(asynchronously: Bool) async throws {
      let probe = DrawProbe()
      let node = BothStylesNode(probe: probe)
      node.setDisplaysAsynchronously(asynchronously)
      let window = window()
      try await window.attach(node)
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(probe.log == ["display"])
      #expect(node.layer?.contents?.pixelWidth == 3)
    }

    @Test(
      "An image node in a window takes images set from many tasks at once: it shows the last one, at its size (AsyncDisplayKit #2813: a setter called off the main thread crashed)"
    )
    func imagesSetFromManyTasksInAWindow() async throws {
      let node = ImageNode(debugName: "photo", image: Image(pixelWidth: 2, pixelHeight: 2, filledWith: .red))
      let holder = ImageHolderNode(child: node)
      let window = window()
      try await window.attach(holder)
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(node.view?.frame.size == Size(width: 2, height: 2))
      #expect(node.layer?.contents?.rgbaBytes(x: 0, y: 0) == [255, 0, 0, 255])
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<8 {
          group.addTask {
            await node.setImage(Image(pixelWidth: 2 + index, pixelHeight: 2 + index, filledWith: .blue))
          }
        }
      }
      await Task.detached { await node.setImage(Image(pixelWidth: 6, pixelHeight: 4, filledWith: .green)) }.value
      try await window.layoutIfNeeded()
      await window.waitForPendingDisplays()
      await window.flush()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(node.view?.frame.size == Size(width: 6, height: 4))
      #expect(node.layer?.contents?.pixelWidth == 6)
      #expect(node.layer?.contents?.rgbaBytes(x: 5, y: 3) == [0, 255, 0, 255])
    }

    @Test func drawRunsInAContextOfTheBoundsAtTheContentsScale() async throws {
      let node = PaintNode("scaled", color: .red, frame: Rect(x: 0, y: 0, width: 3, height: 2))
      await node.setNeedsDisplay(atScale: 2)
      #expect(node.contentsScaleForDisplay == 2)
      let window = window()
      try await window.attach(node)
      await window.waitForPendingDisplays()
      await window.flush()
      let contents = try #require(node.layer?.contents)
      #expect(contents.pixelWidth == 6 && contents.pixelHeight == 4 && contents.scale == 2)
      #expect(node.layer?.contentsScale == 2)
    }

    @Test func aZeroSizedNodeDisplaysWhenItFirstGetsASizeAndOnlyThen() async throws {
      // Texture's testThatNodeGetsRenderedIfItGoesFromZeroSizeToRealSizeButOnlyOnce.
      let probe = DrawProbe()
      let node = PaintNode("zero", probe: probe, frame: .zero)
      let window = try await displayedUnderAHolder(node)
      #expect(node.layer?.contents == nil)
      #expect(probe.entries("draw").isEmpty)

      await node.configure { $0.frame = Rect(x: 0, y: 0, width: 4, height: 4) }
      await window.flush()
      await window.waitForPendingDisplays()
      await window.flush()
      let first = try #require(node.layer?.contents)
      #expect(probe.entries("draw").count == 1)

      await node.configure { $0.frame = Rect(x: 0, y: 0, width: 6, height: 6) }
      await window.flush()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(node.layer?.contents == first, "a new size alone does not redraw")
      #expect(probe.entries("draw").count == 1)
    }

    @Test func needsDisplayOnBoundsChangeRedrawsOnANewSizeOnly() async throws {
      let probe = DrawProbe()
      let node = PaintNode("resizes", probe: probe, frame: Rect(x: 0, y: 0, width: 4, height: 4))
      await node.configure { $0.needsDisplayOnBoundsChange = true }
      let window = try await displayedUnderAHolder(node)
      #expect(node.layer?.needsDisplayOnBoundsChange == true)
      #expect(probe.entries("draw").count == 1)

      await node.configure { $0.frame = Rect(x: 3, y: 3, width: 4, height: 4) }
      await window.flush()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(probe.entries("draw").count == 1, "a move keeps the contents")

      await node.configure { $0.frame = Rect(x: 3, y: 3, width: 6, height: 5) }
      await window.flush()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(probe.entries("draw").count == 2, "a new size redraws")
      #expect(node.layer?.contents?.pixelWidth == 6)
      #expect(node.layer?.contents?.pixelHeight == 5)
    }

    @Test(arguments: [TurnMode.manual, .automatic])
    func aDisplayAskedForWithARelayoutDrawsAtTheSizeTheRelayoutGives(_ mode: TurnMode) async throws {
      let probe = DrawProbe()
      let paint = PaintNode("paint", probe: probe)
      await paint.setStyle { $0.preferredSize = Size(width: 4, height: 4) }
      let host = SpecHost(.stack(alignItems: .start, children: [.node(paint)]))
      try await host.addSubnode(paint)
      let window = Window(size: Size(width: 20, height: 20), turnMode: mode)
      /// Waits until the displays asked for have committed.
      func settle() async {
        await window.waitForPendingDisplays()
        if mode == .manual { await window.flush() } else { await window.waitForQueuedWork() }
      }
      try await window.attach(host)
      await settle()
      #expect(paint.layer?.contents?.pixelWidth == 4)

      // Texture: a relayout and a display asked for in one run loop meet in one Core Animation commit, which
      // lays out before it displays: the display reads the new bounds. Here the display may start before the
      // pass's frames are applied (in an automatic window, either may come first); one that did is done again.
      await paint.setStyle { $0.preferredSize = Size(width: 8, height: 6) }
      await paint.setNeedsDisplay()
      try await window.layoutIfNeeded()
      await settle()
      #expect(paint.layer?.frame.size == Size(width: 8, height: 6))
      #expect(paint.layer?.contents?.pixelWidth == 8)
      #expect(paint.layer?.contents?.pixelHeight == 6)

      // A display that started before the layout was asked for keeps its contents (Texture redraws on a bounds
      // change only with needsDisplayOnBoundsChange).
      let draws = probe.entries("draw").count
      await paint.setStyle { $0.preferredSize = Size(width: 10, height: 10) }
      try await window.layoutIfNeeded()
      await settle()
      #expect(paint.layer?.frame.size == Size(width: 10, height: 10))
      #expect(probe.entries("draw").count == draws)
      #expect(paint.layer?.contents?.pixelWidth == 8)
    }

    @Test func aTextNodeRedrawsAtTheSizeItsNewTextIsLaidOutAt() async throws {
      // Texture's text nodes set needsDisplayOnBoundsChange: text wraps to the width it is drawn at.
      let text = TextNode(text: AttributedText("Hi"))
      let host = SpecHost(.stack(alignItems: .start, children: [.node(text)]))
      try await host.addSubnode(text)
      let window = Window(size: Size(width: 200, height: 200), turnMode: .manual)
      try await window.attach(host)
      await window.waitForPendingDisplays()
      await window.flush()
      let before = try #require(text.layer?.frame.size)
      #expect(text.layer?.contents?.pixelWidth == Int(before.width.rounded(.up)))

      await text.setText(AttributedText("Hello there, a longer line"))
      try await window.layoutIfNeeded()
      await window.waitForPendingDisplays()
      await window.flush()
      let after = try #require(text.layer?.frame.size)
      #expect(after.width > before.width)
      #expect(text.layer?.contents?.pixelWidth == Int(after.width.rounded(.up)), "drawn at its new bounds")
      #expect(text.layer?.contents?.pixelHeight == Int(after.height.rounded(.up)))
    }

    @Test(
      "recursivelyEnsureDisplay() lays out first: right after a text change, it returns with the text drawn at the size its pass gives (Texture lays out a layer that needs layout before it displays it)",
      arguments: [TurnMode.manual, .automatic])
    func recursivelyEnsureDisplayLaysOutFirst(_ mode: TurnMode) async throws {
      let text = TextNode(text: AttributedText("Hi"))
      let host = SpecHost(.stack(alignItems: .start, children: [.node(text)]))
      try await host.addSubnode(text)
      let window = Window(size: Size(width: 200, height: 200), turnMode: mode)
      try await window.attach(host)
      await host.recursivelyEnsureDisplay()
      let before = try #require(text.layer?.frame.size)

      await text.setText(AttributedText("Hello there, a longer line"))
      await host.recursivelyEnsureDisplay()
      let after = try #require(text.layer?.frame.size)
      #expect(after.width > before.width)
      #expect(text.layer?.contents?.pixelWidth == Int(after.width.rounded(.up)), "drawn at its new bounds")
      #expect(text.layer?.contents?.pixelHeight == Int(after.height.rounded(.up)))
    }

    @Test func aNewBackgroundColorRedraws() async throws {
      let probe = DrawProbe()
      let node = PaintNode("bg", probe: probe, frame: Self.square)
      let window = window()
      try await window.attach(node)
      await window.waitForPendingDisplays()
      await window.flush()
      await node.configure { $0.backgroundColor = .blue }
      await window.flush()
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(probe.entries("draw").count == 2)
    }

    @Test(
      "recursivelyEnsureDisplay() of a transaction costs two main-actor turns in a manual window (the start hop and the commit), and no empty turn when no layout is waiting"
    )
    func recursivelyEnsureDisplayTakesTwoTurns() async throws {
      let probe = DrawProbe()
      let cell = PaintNode("cell", probe: probe, frame: Rect(x: 0, y: 0, width: 8, height: 8))
      cell.setTransactionContainer(true)
      try await cell.addSubnodes((0..<3).map { PaintNode("child\($0)", probe: probe, frame: Self.square) })
      let window = window()
      try await window.attach(cell)
      await cell.recursivelyEnsureDisplay()
      await cell.recursivelyClearContents()
      let turns = window.statistics.turns
      await cell.recursivelyEnsureDisplay()
      #expect(window.statistics.turns == turns + 2)
      #expect(cell.layer?.contents != nil)
    }

    @Test(
      "recursivelyEnsureDisplay() right after a write that asked for a redraw waits for that display instead of asking again: one displayWillStart and one snapshot per display (Texture's displayIfNeeded), over 50 rounds",
      arguments: [TurnMode.manual, .automatic])
    @MainActor
    func recursivelyEnsureDisplayWaitsForTheDisplayAskedFor(mode: TurnMode) async throws {
      let log = EventLog()
      let node = PaintNode("node", log: log, frame: Self.square)
      let window = Window(size: Size(width: 20, height: 20), turnMode: mode)
      try await window.attach(node)
      await node.recursivelyEnsureDisplay()
      for round in 1...50 {
        log.clear()
        let snapshots = await node.parameterCalls
        // Applied to the view during the call (the main actor's write), which asks for a redraw.
        await node.configure { $0.backgroundColor = Color(white: Double(round) / 50) }
        await node.recursivelyEnsureDisplay()
        #expect(log.entries(containing: "willStart").count == 1, "round \(round)")
        #expect(log.entries(containing: "didFinish").count == 1, "round \(round)")
        #expect(await node.parameterCalls == snapshots + 1, "round \(round)")
      }
    }

    @Test(
      "recursivelyEnsureDisplay() waits for the displays of its own subtree only: a draw held in another window does not hold it up",
      .timeLimit(.minutes(5)))
    @MainActor
    func recursivelyEnsureDisplayWaitsForItsSubtreeOnly() async throws {
      let held = DrawProbe(holdingDraws: true)
      let other = PaintNode("other", probe: held, frame: Self.square)
      let otherWindow = window()
      try await otherWindow.attach(other)
      await held.waitFor("draw other")  // Held in its draw until released.
      let node = PaintNode("node", frame: Self.square)
      let window = window()
      try await window.attach(node)
      await node.recursivelyEnsureDisplay()
      #expect(node.layer?.contents != nil)
      #expect(other.layer?.contents == nil)
      held.stopHolding()
      held.release()
      await other.recursivelyEnsureDisplay()
      #expect(other.layer?.contents != nil)
    }

    @Test(
      "A frame written off the main actor, then setNeedsDisplay(), both applied at a manual window's flush: the display that started before the flush read the old bounds, so the node draws again at the new ones"
    )
    @MainActor
    func aQueuedFrameThenSetNeedsDisplayEndsDrawnAtTheNewBounds() async throws {
      let node = PaintNode("node", frame: Rect(x: 0, y: 0, width: 10, height: 10))
      let root = BasicNode { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
      try await root.addSubnode(node)
      let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
      try await window.attach(root)
      await window.waitForPendingDisplays()
      await window.flush()
      #expect(node.layer?.contents?.pixelWidth == 10)
      await Task.detached {
        await node.configure { $0.frame = Rect(x: 0, y: 0, width: 30, height: 20) }
        await node.setNeedsDisplay()
      }.value
      for _ in 0..<2 {
        await window.waitForPendingDisplays()
        await window.flush()
      }
      #expect(node.layer?.bounds.size == Size(width: 30, height: 20))
      #expect(node.layer?.contents?.pixelWidth == 30)
      #expect(node.layer?.contents?.pixelHeight == 20)
      #expect(node.layer?.needsDisplay == false)
    }

    @Test func recursivelyEnsureDisplayCommitsEveryPendingDisplay() async throws {
      let probe = DrawProbe()
      let root = PaintNode("root", probe: probe, frame: Rect(x: 0, y: 0, width: 8, height: 8))
      let children = (0..<3).map { PaintNode("child\($0)", probe: probe, frame: Self.square) }
      try await root.addSubnodes(children)
      let window = window()
      try await window.attach(root)
      await root.recursivelyEnsureDisplay()  // In manual mode too: it runs the turn that commits.
      #expect(root.layer?.contents != nil)
      for child in children { #expect(child.layer?.contents != nil) }

      for child in children { await child.setColor(.green) }
      await root.recursivelyEnsureDisplay()
      for child in children { #expect(child.layer?.contents?.rgbaBytes(x: 0, y: 0) == [0, 255, 0, 255]) }
    }

    @Test(
      "recursivelyEnsureDisplay() waits for a display in flight instead of starting it again (Texture: waitUntilComplete)"
    )
    func recursivelyEnsureDisplayWaitsForADisplayInFlight() async throws {
      let log = EventLog()
      let probe = DrawProbe(holdingDraws: true)
      let node = PaintNode("flight", log: log, probe: probe, frame: Self.square)
      let window = window()
      try await window.attach(node)
      await probe.waitFor("draw flight")  // The display that entering the window started is under way.
      probe.stopHolding()
      let ensured = Task { await node.recursivelyEnsureDisplay() }
      probe.release()
      await ensured.value
      #expect(node.layer?.contents != nil)
      #expect(log.entries == ["flight.willStart(async)", "flight.didFinish", "flight.hierarchyDidFinish"])
      #expect(probe.entries("parameters").count == 1, "the display under way was not started again")
    }

    @Test(
      "recursivelyEnsureDisplay() and waitForPendingDisplays() wait for the displays asked for before the call, not for those an animation asks for meanwhile (Texture's recursivelyEnsureDisplaySynchronously displays what is needed now and returns)",
      arguments: [TurnMode.manual, .automatic], ["recursivelyEnsureDisplay()", "waitForPendingDisplays()"])
    func waitsDoNotFollowAnAnimation(mode: TurnMode, wait: String) async throws {
      // Adversarial round 26: a node that asks for its next display as it takes its snapshot (a spinner) kept both
      // waits from returning until its animation ended: they waited for the node (or the scheduler) to have no
      // display outstanding, which a request made during each display kept from holding.
      let node = AnimatedNode()
      let window = Window(size: Size(width: 10, height: 10), turnMode: mode)
      try await window.attach(node)
      await node.recursivelyEnsureDisplay()
      let frames = 2_000
      let before = await node.frames
      await node.animate(frames: frames)
      node.requestDisplay()
      switch wait {
      case "recursivelyEnsureDisplay()": await node.recursivelyEnsureDisplay()
      default: await window.waitForPendingDisplays()
      }
      #expect(await node.frames - before < frames / 2, "the wait followed the animation")
      await node.animate(frames: 0)
      await window.waitForPendingDisplays()
    }

    /// A drawn node whose contents were cleared, attached to a new window, and a `recursivelyEnsureDisplay()`
    /// begun on it whose display waits, held, for its snapshot (the wait reads what it waits for as it asks). Returns
    /// the node's frame count and `willStart` count before the wait, and the wait, which returns whether the node
    /// showed contents after it.
    private func waitWithItsSnapshotHeld() async throws -> (
      node: AnimatedNode, window: Window, frames: Int, starts: Int, ensured: Task<Bool, Never>
    ) {
      let node = AnimatedNode()
      let window = window()
      try await window.attach(node)
      await node.recursivelyEnsureDisplay()
      await node.recursivelyClearContents()
      let (frames, starts) = (await node.frames, node.probe.entries("willStart").count)
      node.executor.hold()
      let ensured = Task { @MainActor in
        await node.recursivelyEnsureDisplay()
        return node.layer?.contents != nil
      }
      await node.executor.waitForAHeldJob()
      return (node, window, frames, starts, ensured)
    }

    @Test(
      "A request made after recursivelyEnsureDisplay() began, which joins the batch of the display it waits for while that display takes its snapshot, supersedes it: the wait waits for the newer display and returns with its contents"
    )
    func aWaitFollowsADisplaySupersededInItsBatch() async throws {
      let (node, window, frames, starts, ensured) = try await waitWithItsSnapshotHeld()
      defer { withExtendedLifetime(window) {} }
      let waitedFor = node.nodeCore.displayRequests.load(ordering: .acquiring)
      node.requestDisplay()
      // Listed while the snapshot is taken: it joins the batch.
      await DisplayScheduler.shared.waitForRequestsToArrive()
      let blockers = ExecutorBlockers()
      await blockers.hold()  // The draw waits for a display thread.
      node.executor.release()
      await node.probe.waitFor("willStart", count: starts + 1)
      #expect(
        node.nodeCore.displayRequestsAnswered.load(ordering: .acquiring) < waitedFor,
        "the request was answered when its display was replaced, before the display that replaced it drew")
      blockers.release()
      #expect(await ensured.value, "the wait returned before the display that replaced its own committed")
      #expect(await node.frames == frames + 2)
      #expect(node.probe.entries("willStart").count == starts + 1, "the replaced display never started")
    }

    @Test(
      "A request made after the display that recursivelyEnsureDisplay() waits for started supersedes it: that display is cancelled and commits nothing, and the wait returns with the newer display's contents (adversarial round 29: the cancelled display answered the wait, which returned with no contents)"
    )
    func aWaitFollowsADisplaySupersededAfterItStarted() async throws {
      let (node, window, frames, starts, ensured) = try await waitWithItsSnapshotHeld()
      defer { withExtendedLifetime(window) {} }
      let blockers = ExecutorBlockers()
      await blockers.hold()  // Its draw will wait for a display thread.
      node.executor.release()
      await node.probe.waitFor("willStart", count: starts + 1)
      // Started: a newer request now cancels it, and is left to a display of its own.
      node.requestDisplay()
      await DisplayScheduler.shared.waitForRequestsToArrive()
      blockers.release()
      #expect(await ensured.value, "the wait returned with the contents of neither display")
      #expect(await node.frames == frames + 2)
      #expect(node.probe.entries("willStart").count == starts + 2)
    }

    @Test func clearingContents() async throws {
      let root = PaintNode("root", frame: Rect(x: 0, y: 0, width: 8, height: 8))
      let child = PaintNode("child", frame: Self.square)
      try await root.addSubnode(child)
      let window = window()
      try await window.attach(root)
      await root.recursivelyEnsureDisplay()
      child.clearContents()
      #expect(child.layer?.contents == nil && root.layer?.contents != nil)
      await root.recursivelyClearContents()
      #expect(root.layer?.contents == nil)
      await root.recursivelyEnsureDisplay()  // Cleared contents are displayed again when asked.
      #expect(root.layer?.contents != nil && child.layer?.contents != nil)
    }

    @Test(
      "recursivelyClearContents() clears every layer of the subtree, then calls each loaded node's clearContents() (Texture's override point)"
    )
    func recursivelyClearContentsCallsEachNodesClearContents() async throws {
      let log = EventLog()
      let root = CachingNode("root", log: log, clearsLayer: true, frame: Rect(x: 0, y: 0, width: 8, height: 8))
      let child = CachingNode("child", log: log, clearsLayer: false, frame: Self.square)
      let plain = PaintNode("plain", frame: Self.square)
      try await root.addSubnodes([child, plain])
      let window = window()
      try await window.attach(root)
      await root.recursivelyEnsureDisplay()
      #expect([root.layer, child.layer, plain.layer].allSatisfy { $0?.contents != nil })
      // Round 26: the walk cleared the layers itself, and a node's own clearContents() compiled and was never called.
      await root.recursivelyClearContents()
      #expect(log.entries == ["root.clearContents", "child.clearContents"])
      #expect(
        [root.layer, child.layer, plain.layer].allSatisfy { $0?.contents == nil },
        "cleared, also under a clearContents() that leaves the layer alone")
      // Called directly, through the protocol too, a node's own runs: it replaces the default, which clears.
      await root.recursivelyEnsureDisplay()
      log.clear()
      let nodes: [any DisplayNode] = [child, plain]
      for node in nodes { node.clearContents() }
      #expect(log.entries == ["child.clearContents"])
      #expect(child.layer?.contents != nil && plain.layer?.contents == nil)
    }

    @Test func displayingNeverStarvesLayout() async throws {
      let blockers = ExecutorBlockers()
      await blockers.hold()  // Every draw thread is taken...
      let leaf = PassNode("leaf", size: Size(width: 5, height: 7))
      let layout = try await leaf.layout(thatFits: SizeRange(min: .zero, max: Size(width: 100, height: 100)))
      #expect(layout.size == Size(width: 5, height: 7), "...and layout still runs")
      blockers.release()
    }
  }
}

/// A drawing node whose view a factory makes.
actor FactoryPaintNode: DrawingNode {
  nonisolated let nodeCore = NodeCore(makeView: { View(frame: Rect(x: 0, y: 0, width: 2, height: 2)) })
  let nodeState = NodeState()
  nonisolated let log: EventLog
  let probe: DrawProbe

  init(log: EventLog, probe: DrawProbe) {
    self.log = log
    self.probe = probe
  }

  func drawParameters() -> DrawProbe { probe }

  static func draw(_ probe: DrawProbe, in context: inout GraphicsContext, request: DisplayRequest) {
    let thread = DisplayExecutor.shared.isCurrentThreadAWorker ? "the display executor" : "another thread"
    probe.record("drew factory on \(thread)")
  }

  @MainActor func displayWillStart(_ context: borrowing DisplayContext) {
    log.record("factory.willStart(\(context.isAsynchronous ? "async" : "sync"))")
  }
}

/// A node that implements both drawing styles: its `display` must be the one used.
/// A node that makes its contents in `display` only (Texture's delegate with `+displayWithParameters:isCancelled:`).
actor DisplayMethodNode: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState { $0.frame = Rect(x: 0, y: 0, width: 4, height: 4) }
  let probe: DrawProbe
  let log: EventLog
  private(set) var parameterCalls = 0

  init(probe: DrawProbe, log: EventLog) {
    self.probe = probe
    self.log = log
  }

  func drawParameters() -> DrawProbe {
    parameterCalls += 1
    probe.record("parameters")
    return probe
  }

  static func display(_ probe: DrawProbe, request: DisplayRequest) -> Image? {
    probe.record("display")
    return Image(pixelWidth: 4, pixelHeight: 4, filledWith: .red)
  }

  @MainActor func displayDidFinish(_ context: borrowing DisplayContext) { log.record("didFinish") }
}

/// A node whose spec stacks one image node at the start: the image node's size is its image's.
actor ImageHolderNode: DisplayNode {
  nonisolated let nodeCore = NodeCore(automaticallyManagesSubnodes: true)
  let nodeState = NodeState()
  let child: ImageNode

  init(child: ImageNode) { self.child = child }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    .spec(.stack(.vertical, alignItems: .start, children: [.node(child)]))
  }
}

actor BothStylesNode: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState { $0.frame = Rect(x: 0, y: 0, width: 2, height: 2) }
  let probe: DrawProbe

  init(probe: DrawProbe) { self.probe = probe }

  func drawParameters() -> DrawProbe { probe }

  static func draw(_ probe: DrawProbe, in context: inout GraphicsContext, request: DisplayRequest) {
    probe.record("draw")
  }

  static func display(_ probe: DrawProbe, request: DisplayRequest) -> Image? {
    probe.record("display")
    return Image(pixelWidth: 3, pixelHeight: 3, filledWith: .red)
  }
}

/// A drawing node whose actor runs on a ``HoldingExecutor``: the test can hold its snapshot.
actor HeldPaintNode: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let executor: HoldingExecutor

  init(executor: HoldingExecutor, frame: Rect) {
    self.executor = executor
    nodeState = NodeState(debugName: "held") { $0.frame = frame }
  }

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  func drawParameters() -> Color { .blue }

  static func draw(_ color: Color, in context: inout GraphicsContext, request: DisplayRequest) {
    context.fill(request.bounds, with: color)
  }
}

/// A drawing node that keeps its own contents scale, as a Texture subclass overriding `setNeedsDisplayAtScale:`
/// does: it records the scales asked for and redraws at its own. Its actor runs on a ``HoldingExecutor``.
actor FixedScaleNode: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let log: EventLog
  let probe: DrawProbe
  nonisolated let executor: HoldingExecutor
  private(set) var scalesAskedFor: [Double] = []

  init(_ name: String, log: EventLog, probe: DrawProbe, executor: HoldingExecutor, frame: Rect) {
    nodeState = NodeState(debugName: name) { $0.frame = frame }
    self.name = name
    self.log = log
    self.probe = probe
    self.executor = executor
  }

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  func setNeedsDisplay(atScale scale: Double) async {
    scalesAskedFor.append(scale)
    await setNeedsDisplay()
  }

  func drawParameters() -> PaintNode.Parameters { PaintNode.Parameters(name: name, color: .blue, probe: probe) }

  static func draw(_ parameters: PaintNode.Parameters, in context: inout GraphicsContext, request: DisplayRequest) {
    PaintNode.draw(parameters, in: &context, request: request)
  }

  @MainActor func displayDidFinish(_ context: borrowing DisplayContext) {
    log.record("\(name).didFinish")
  }
}

/// A drawing node with a `clearContents()` of its own, as Texture's `ASImageNode` drops its cache in its override;
/// it clears its layer only if told to (an implementation replaces the default, which does).
actor CachingNode: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState: NodeState
  nonisolated let name: String
  nonisolated let log: EventLog
  nonisolated let clearsLayer: Bool

  init(_ name: String, log: EventLog, clearsLayer: Bool, frame: Rect) {
    nodeState = NodeState(debugName: name) { $0.frame = frame }
    self.name = name
    self.log = log
    self.clearsLayer = clearsLayer
  }

  func drawParameters() -> Color { .red }

  static func draw(_ color: Color, in context: inout GraphicsContext, request: DisplayRequest) {
    context.fill(request.bounds, with: color)
  }

  @MainActor func clearContents() {
    log.record("\(name).clearContents")
    if clearsLayer { layer?.contents = nil }
  }
}

/// A drawing node that asks for its next display as it takes its snapshot, a given number of times (a spinner); its
/// actor runs on a ``HoldingExecutor``, so that a test can hold a snapshot.
actor AnimatedNode: DrawingNode {
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState(debugName: "animated") { $0.frame = Rect(x: 0, y: 0, width: 2, height: 2) }
  nonisolated let executor = HoldingExecutor()
  /// Records each `displayWillStart` as `willStart`.
  nonisolated let probe = DrawProbe()
  /// How many snapshots it took.
  private(set) var frames = 0
  /// How many more displays its snapshots ask for.
  private var framesToAsk = 0

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Makes each of the next `frames` snapshots ask for the next display (0 stops the animation).
  func animate(frames: Int) { framesToAsk = frames }

  func drawParameters() -> Int {
    frames += 1
    if framesToAsk > 0 {
      framesToAsk -= 1
      requestDisplay()
    }
    return frames
  }

  static func draw(_ frame: Int, in context: inout GraphicsContext, request: DisplayRequest) {
    context.fill(request.bounds, with: .green)
  }

  @MainActor func displayWillStart(_ context: borrowing DisplayContext) {
    probe.record("willStart")
  }
}
