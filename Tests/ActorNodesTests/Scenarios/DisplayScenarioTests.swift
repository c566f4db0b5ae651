import ActorNodes
import Testing

// Display as a Texture user meets it, with the public API only: no `@testable`, none of the suite's support
// helpers. The nodes and logs are the user scenarios' own (UserScenarioTests.swift, PublicAPIScenarioTests.swift).
// (Adversarial round 33, display.)

@Suite("A Texture user's display scenarios, public API only (adversarial round 33)", .timeLimit(.minutes(2)))
struct DisplayScenarioTests {
  @Test(
    "Parameters changed with setNeedsDisplay while two draws run: each superseded draw sees isCancelled, only the newest commits, once"
  ) @MainActor func newestParametersWin() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log)
    let first = UserSignalsBox()
    let second = UserSignalsBox()
    await node.setParameters(UserDrawParameters(color: .red, spin: true, signals: first))
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await first.signals.wait(for: "started")
    await node.setParameters(UserDrawParameters(color: .green, spin: true, signals: second))
    await node.setNeedsDisplay()
    await first.signals.wait(for: "sawCancel")
    await second.signals.wait(for: "started")
    await node.setParameters(UserDrawParameters(color: .blue, spin: false, signals: nil))
    await node.setNeedsDisplay()
    await second.signals.wait(for: "sawCancel")
    await node.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .blue)
    #expect(log.count("d.didFinish") == 1)
    #expect(log.count("d.willStart") == 3)
    #expect(await node.parameterCalls == 3)
  }

  @Test(
    "State changed during a draw without setNeedsDisplay is not drawn: the display draws the snapshot it took, and the next one draws the change"
  ) @MainActor func snapshotIsWhatIsDrawn() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log)
    let box = UserSignalsBox()
    await node.setParameters(UserDrawParameters(color: .red, spin: true, signals: box))
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await box.signals.wait(for: "started")
    await node.setColor(.green)
    box.release()
    await box.signals.wait(for: "timedOut")
    await node.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .red, "no display was asked for after the change")
    #expect(log.count("d.didFinish") == 1)
    await node.setParameters(UserDrawParameters(color: .blue, spin: false, signals: nil))
    await node.setNeedsDisplay()
    await node.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .blue)
    #expect(log.count("d.didFinish") == 2)
  }

  @Test(
    "A node that does not display asynchronously, asked again from the background, draws on the main actor: displayWillStart(false), its contents, displayDidFinish, with nothing left pending"
  ) @MainActor func synchronousRedisplay() async throws {
    let log = ScenarioLog()
    let node = ScenarioDrawingNode("d", log: log, color: .red)
    node.setDisplaysAsynchronously(false)
    #expect(!node.displaysAsynchronously)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await window.waitForPendingDisplays()
    #expect(scenarioColor(of: node.layer) == .red)
    log.entries.removeAll()
    await node.setParams(ScenarioDraw(color: .green, spinUntilCancelled: false, sink: nil))
    await Task.detached { await node.setNeedsDisplay() }.value
    await window.flush()
    await window.waitForPendingDisplays()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.entries == ["willStart(false)", "didFinish", "hierarchyDidFinish"])
  }

  @Test(
    "Suspending a drawn node keeps its contents; a request while suspended draws nothing; resuming draws the newest state once (Texture: displaySuspended)"
  ) @MainActor func suspendKeepsContentsAndResumeDraws() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log, color: .red)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .red)
    node.setDisplaySuspended(true)
    #expect(node.isDisplaySuspended)
    await node.setColor(.green)
    await node.setNeedsDisplay()
    await window.waitForPendingDisplays()
    await window.flush()
    await node.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .red, "a suspended layer keeps what it shows")
    #expect(log.count("d.willStart") == 1)
    node.setDisplaySuspended(false)
    await node.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.count("d.willStart") == 2)
    #expect(log.count("d.didFinish") == 2)
  }

  @Test(
    "Suspending a node mid-draw cancels the draw; its supernode still hears the display end; resuming draws it and ends with hierarchyDisplayDidFinish"
  ) @MainActor func suspendMidDraw() async throws {
    let log = ScenarioLog()
    let parent = UserNode("p", log: log, size: Size(width: 20, height: 20))
    let node = UserDrawingNode("d", log: log)
    let box = UserSignalsBox()
    await node.setParameters(UserDrawParameters(color: .red, spin: true, signals: box))
    try await parent.addSubnode(node)
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    await box.signals.wait(for: "started")
    node.setDisplaySuspended(true)
    await box.signals.wait(for: "sawCancel")
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(node.layer?.contents == nil)
    #expect(log.count("d.didFinish") == 0)
    #expect(log.count("p.subDidFinish") == 1)
    await node.setParameters(UserDrawParameters(color: .green, spin: false, signals: nil))
    node.setDisplaySuspended(false)
    await parent.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.count("d.didFinish") == 1)
    #expect(log.entries.last == "p.hierarchyDidFinish")
  }

  @Test(
    "A transaction container's subnodes commit together after the slowest draw, in one turn, with one hierarchyDisplayDidFinish per display of the subtree"
  ) @MainActor func transactionContainerCommitsTogether() async throws {
    let log = ScenarioLog()
    let cell = UserNode("cell", log: log, size: Size(width: 20, height: 20))
    cell.setTransactionContainer(true)
    #expect(cell.isTransactionContainer)
    let slow = UserDrawingNode("slow", log: log, color: .red)
    let fast = UserDrawingNode("fast", log: log, color: .green)
    let box = UserSignalsBox()
    await slow.setParameters(UserDrawParameters(color: .red, spin: true, signals: box))
    try await cell.addSubnodes([slow, fast])
    let window = Window(turnMode: .manual)
    try await window.attach(cell)
    await box.signals.wait(for: "started")
    await window.flush()
    #expect(fast.layer?.contents == nil, "the fast draw waits for the slow one")
    box.release()
    await box.signals.wait(for: "timedOut")
    await window.waitForPendingDisplays()
    #expect(fast.layer?.contents == nil && slow.layer?.contents == nil)
    await window.flush()
    #expect(scenarioColor(of: slow.layer) == .red)
    #expect(scenarioColor(of: fast.layer) == .green)
    #expect(log.count("cell.hierarchyDidFinish") == 1)
    #expect(log.count("cell.subDidFinish") == 2)
    // A later display of one subnode is another display of the subtree: hierarchyDisplayDidFinish again.
    await fast.setColor(.blue)
    await fast.setNeedsDisplay()
    await cell.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: fast.layer) == .blue)
    #expect(log.count("cell.hierarchyDidFinish") == 2)
    #expect(log.entries.last == "cell.hierarchyDidFinish")
  }

  @Test(
    "setNeedsDisplay on a loaded node in no window draws nothing and calls no hook; entering a window draws the newest state once"
  ) @MainActor func requestOutOfWindowThenAttach() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log, color: .red)
    await node.loadView()
    await node.setColor(.green)
    await node.setNeedsDisplay()
    await node.recursivelyEnsureDisplay()
    await Window(turnMode: .manual).waitForPendingDisplays()
    #expect(node.layer?.contents == nil)
    #expect(log.entries.isEmpty)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.entries == ["d.willStart", "d.didFinish"])
  }

  @Test(
    "A node removed from its window mid-draw and added back draws again and shows its newest state, with one displayDidFinish"
  ) @MainActor func removedMidDrawAndReadded() async throws {
    let log = ScenarioLog()
    let parent = UserNode("p", log: ScenarioLog(), size: Size(width: 20, height: 20))
    let node = UserDrawingNode("d", log: log)
    let box = UserSignalsBox()
    await node.setParameters(UserDrawParameters(color: .red, spin: true, signals: box))
    try await parent.addSubnode(node)
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    await box.signals.wait(for: "started")
    await node.removeFromSupernode()
    await window.flush()
    #expect(!node.isInHierarchy)
    await node.setParameters(UserDrawParameters(color: .green, spin: false, signals: nil))
    try await parent.addSubnode(node)
    await window.flush()
    #expect(node.isInHierarchy)
    await parent.recursivelyEnsureDisplay()
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.count("d.didFinish") == 1)
  }

  @Test(
    "recursivelyEnsureDisplay on a subtree waits for that subtree only: a slow draw elsewhere in the window does not hold it up"
  ) @MainActor func ensureDisplayOfASubtree() async throws {
    let log = ScenarioLog()
    let root = UserNode("root", log: log)
    let left = UserNode("left", log: log, size: Size(width: 10, height: 10))
    let right = UserNode("right", log: log, size: Size(width: 10, height: 10))
    let leftLeaf = UserDrawingNode("leftLeaf", log: log, color: .green)
    let rightLeaf = UserDrawingNode("rightLeaf", log: log, color: .red)
    let box = UserSignalsBox()
    // It draws until it is superseded below: still running when the subtree's wait returns, whatever the timing.
    await rightLeaf.setParameters(UserDrawParameters(color: .red, spin: true, signals: box, spinLimit: .max))
    try await left.addSubnode(leftLeaf)
    try await right.addSubnode(rightLeaf)
    try await root.addSubnodes([left, right])
    await root.setChildren([left, right])
    let window = Window(size: Size(width: 10, height: 20), turnMode: .manual)
    try await window.attach(root)
    await box.signals.wait(for: "started")
    await left.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: leftLeaf.layer) == .green)
    #expect(!(await box.signals.has("timedOut")), "the slow draw is still running")
    #expect(rightLeaf.layer?.contents == nil)
    await rightLeaf.setParameters(UserDrawParameters(color: .blue, spin: false, signals: nil))
    await rightLeaf.setNeedsDisplay()
    await root.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: rightLeaf.layer) == .blue)
    // The draw reports from a task of its own: waited for (the suite's time limit fails a draw never cancelled).
    await box.signals.wait(for: "sawCancel")
  }

  @Test(
    "A text node and an image node drawn at scale 2 have contents of twice their bounds in pixels and a contents scale of 2"
  ) @MainActor func textAndImageAtScale2() async throws {
    let text = TextNode(text: AttributedText("Hello"))
    let image = ImageNode(image: Image(pixelWidth: 16, pixelHeight: 12, scale: 2, filledWith: .red))
    let root = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, spacing: 0, alignItems: .start, children: [.node(text), .node(image)])
    }
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    await root.recursivelyEnsureDisplay()
    await root.recursivelySetNeedsDisplay(atScale: 2)
    await root.recursivelyEnsureDisplay()
    let textSize = try #require(text.view?.frame.size)
    let imageSize = try #require(image.view?.frame.size)
    #expect(imageSize == Size(width: 8, height: 6))
    #expect(text.layer?.contentsScale == 2)
    #expect(image.layer?.contentsScale == 2)
    #expect(text.layer?.contents?.pixelWidth == Int((textSize.width * 2).rounded(.up)))
    #expect(text.layer?.contents?.pixelHeight == Int((textSize.height * 2).rounded(.up)))
    #expect(image.layer?.contents?.pixelWidth == 16, "the image's own pixels: an image node does not upscale")
    #expect(image.layer?.contents?.pixelHeight == 12)
    #expect(scenarioColor(of: image.layer) == .red)
  }

  @Test("setNeedsDisplay(atScale:) at the scale the node already has asks for nothing (Texture: no-op if unchanged)")
  @MainActor func sameScaleIsNoOp() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    #expect(log.count("d.didFinish") == 1)
    await node.setNeedsDisplay(atScale: 1)
    await node.recursivelyEnsureDisplay()
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(log.count("d.willStart") == 1)
    await node.setNeedsDisplay(atScale: 3)
    await node.recursivelyEnsureDisplay()
    #expect(log.count("d.didFinish") == 2)
    #expect(node.layer?.contents?.pixelWidth == 24)
  }

  @Test(
    "An image node stretched by its supernode's layout redraws at its new size when the window resizes (needsDisplayOnBoundsChange)"
  ) @MainActor func layoutBoundsChangeRedrawsImage() async throws {
    let image = ImageNode(image: Image(pixelWidth: 100, pixelHeight: 100, filledWith: .blue))
    let root = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, spacing: 0, alignItems: .stretch, children: [.node(image)])
    }
    let window = Window(size: Size(width: 30, height: 10), turnMode: .manual)
    try await window.attach(root)
    await root.recursivelyEnsureDisplay()
    // The stack leaves the image its own height and stretches its width; the contents are the image cropped around
    // its middle to the bounds' aspect ratio, at its own resolution.
    #expect(image.view?.frame.size == Size(width: 30, height: 100))
    #expect(image.layer?.contents?.pixelWidth == 30)
    #expect(image.layer?.contents?.pixelHeight == 100)
    window.resize(to: Size(width: 50, height: 10))
    try await window.layoutIfNeeded()
    #expect(image.view?.frame.size == Size(width: 50, height: 100))
    await root.recursivelyEnsureDisplay()
    #expect(image.layer?.contents?.pixelWidth == 50)
    #expect(image.layer?.contents?.pixelHeight == 100)
    #expect(scenarioColor(of: image.layer) == .blue)
  }

  @Test("A drawing node with empty bounds gets no display at all: no displayWillStart, no contents")
  @MainActor func emptyBoundsNoHooks() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log, frame: .zero)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await node.setNeedsDisplay()
    await node.recursivelyEnsureDisplay()
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(node.layer?.contents == nil)
    #expect(log.entries.isEmpty)
  }

  @Test(
    "clearContents during a draw does not cancel it: the draw's contents land afterwards (Texture: clearContents is not a cancellation)"
  ) @MainActor func clearContentsDoesNotCancel() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log, color: .red)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    let box = UserSignalsBox()
    await node.setParameters(UserDrawParameters(color: .green, spin: true, signals: box))
    await node.setNeedsDisplay()
    await box.signals.wait(for: "started")
    node.clearContents()
    #expect(node.layer?.contents == nil)
    box.release()
    await box.signals.wait(for: "timedOut")
    await node.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.count("d.didFinish") == 2)
  }

  @Test(
    "A scale set before the node enters a window is the scale of its first display; a text node at scale 2 draws twice its bounds"
  ) @MainActor func scaleSetBeforeAttach() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log, color: .green)
    await node.setNeedsDisplay(atScale: 2)
    let text = TextNode(text: AttributedText("Hi"))
    await text.configure { $0.frame = Rect(x: 0, y: 8, width: 30, height: 20) }
    await text.setNeedsDisplay(atScale: 2)
    let root = UserNode("root", log: ScenarioLog(), size: Size(width: 40, height: 40))
    try await root.addSubnodes([node, text])
    let window = Window(size: Size(width: 40, height: 40), turnMode: .manual)
    try await window.attach(root)
    await root.recursivelyEnsureDisplay()
    #expect(node.layer?.contentsScale == 2)
    #expect(node.layer?.contents?.pixelWidth == 16)
    #expect(text.layer?.contents?.pixelWidth == 60)
    #expect(text.layer?.contents?.pixelHeight == 40)
    #expect(log.entries == ["d.willStart", "d.didFinish"])
  }

  @Test(
    "recursivelySetDisplaySuspended on a cell and back: nothing draws meanwhile, and on resume its subnodes draw their newest state and commit in one turn"
  ) @MainActor func recursiveSuspensionOfACell() async throws {
    let log = ScenarioLog()
    let cell = UserNode("cell", log: log, size: Size(width: 20, height: 20))
    cell.setTransactionContainer(true)
    let a = UserDrawingNode("a", log: log, color: .red)
    let b = UserDrawingNode("b", log: log, color: .red)
    try await cell.addSubnodes([a, b])
    let window = Window(turnMode: .manual)
    try await window.attach(cell)
    await cell.recursivelyEnsureDisplay()
    await cell.recursivelySetDisplaySuspended(true)
    #expect(a.isDisplaySuspended && b.isDisplaySuspended && cell.isDisplaySuspended)
    await a.setColor(.green)
    await b.setColor(.blue)
    await a.setNeedsDisplay()
    await b.setNeedsDisplay()
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(scenarioColor(of: a.layer) == .red && scenarioColor(of: b.layer) == .red)
    await cell.recursivelySetDisplaySuspended(false)
    await window.waitForPendingDisplays()
    #expect(scenarioColor(of: a.layer) == .red && scenarioColor(of: b.layer) == .red)
    await window.flush()
    #expect(scenarioColor(of: a.layer) == .green)
    #expect(scenarioColor(of: b.layer) == .blue)
    #expect(log.count("a.didFinish") == 2 && log.count("b.didFinish") == 2)
    #expect(log.count("cell.hierarchyDidFinish") == 2)
  }

  @Test(
    "A cell's subnode superseded while the cell's slow subnode draws: the cell ends showing every newest state, and its hierarchyDisplayDidFinish comes last"
  ) @MainActor func supersededInsideACell() async throws {
    let log = ScenarioLog()
    let cell = UserNode("cell", log: log, size: Size(width: 20, height: 20))
    cell.setTransactionContainer(true)
    let slow = UserDrawingNode("slow", log: log, color: .red)
    let fast = UserDrawingNode("fast", log: log, color: .red)
    let box = UserSignalsBox()
    await slow.setParameters(UserDrawParameters(color: .green, spin: true, signals: box))
    try await cell.addSubnodes([slow, fast])
    let window = Window(turnMode: .manual)
    try await window.attach(cell)
    await box.signals.wait(for: "started")
    await fast.setColor(.blue)
    await fast.setNeedsDisplay()
    await window.flush()
    box.release()
    await box.signals.wait(for: "timedOut")
    await cell.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: slow.layer) == .green)
    #expect(scenarioColor(of: fast.layer) == .blue)
    #expect(log.count("slow.didFinish") == 1)
    #expect(log.count("fast.didFinish") == 1)
    #expect(log.entries.last == "cell.hierarchyDidFinish")
  }

  @Test(
    "A root detached mid-draw and attached to another window draws there: the first window's draw commits nothing, the second shows the newest state"
  ) @MainActor func detachedMidDrawAttachedElsewhere() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log)
    let box = UserSignalsBox()
    await node.setParameters(UserDrawParameters(color: .red, spin: true, signals: box))
    let first = Window(turnMode: .manual)
    try await first.attach(node)
    await box.signals.wait(for: "started")
    await first.detach()
    await node.setParameters(UserDrawParameters(color: .green, spin: false, signals: nil))
    let second = Window(turnMode: .manual)
    try await second.attach(node)
    await node.recursivelyEnsureDisplay()
    await first.waitForPendingDisplays()
    await first.flush()
    await second.flush()
    #expect(node.view?.window === second)
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.count("d.didFinish") == 1)
    await box.signals.wait(for: "sawCancel")  // Reported from a task of its own: waited for, not read.
  }

  @Test(
    "displayImmediately while an asynchronous draw runs supersedes it: the contents are set on return, and the older draw never lands"
  ) @MainActor func displayImmediatelySupersedesADrawInFlight() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log)
    let box = UserSignalsBox()
    await node.setParameters(UserDrawParameters(color: .red, spin: true, signals: box))
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await box.signals.wait(for: "started")
    await node.setParameters(UserDrawParameters(color: .green, spin: false, signals: nil))
    await node.displayImmediately()
    #expect(scenarioColor(of: node.layer) == .green)
    await box.signals.wait(for: "sawCancel")
    await window.waitForPendingDisplays()
    await window.flush()
    await node.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.count("d.didFinish") == 1)
  }

  @Test(
    "Twenty background tasks each set a color and ask for a display at once: the node ends showing the color it holds last, drawn once more after the last request"
  ) @MainActor func concurrentRequestsEndOnTheNewestState() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log, color: .white)
    let window = Window(turnMode: .automatic)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    await withTaskGroup(of: Void.self) { group in
      for index in 1...20 {
        group.addTask {
          await node.setColor(Color(red: Double(index * 10) / 255, green: 0, blue: 0))
          await node.setNeedsDisplay()
        }
      }
    }
    await node.recursivelyEnsureDisplay()
    await window.waitForPendingDisplays()
    await window.waitForQueuedWork()
    let last = await node.parameters.color
    #expect(scenarioColor(of: node.layer) == last)
  }

  @Test(
    "setNeedsDisplay(atScale:) during a draw supersedes it: the contents are redrawn at the new scale, and the old draw never lands"
  ) @MainActor func scaleChangeDuringADraw() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log)
    let box = UserSignalsBox()
    await node.setParameters(UserDrawParameters(color: .red, spin: true, signals: box))
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await box.signals.wait(for: "started")
    await node.setParameters(UserDrawParameters(color: .green, spin: false, signals: nil))
    await node.setNeedsDisplay(atScale: 2)
    await box.signals.wait(for: "sawCancel")
    await node.recursivelyEnsureDisplay()
    #expect(node.layer?.contentsScale == 2)
    #expect(node.layer?.contents?.pixelWidth == 16)
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.count("d.didFinish") == 1)
  }

  @Test(
    "A node made synchronous while its asynchronous draw runs: its next display draws on the main actor and supersedes the one in flight"
  ) @MainActor func madeSynchronousMidDraw() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log)
    let box = UserSignalsBox()
    await node.setParameters(UserDrawParameters(color: .red, spin: true, signals: box))
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await box.signals.wait(for: "started")
    node.setDisplaysAsynchronously(false)
    await node.setParameters(UserDrawParameters(color: .green, spin: false, signals: nil))
    await node.setNeedsDisplay()
    await box.signals.wait(for: "sawCancel")
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.count("d.didFinish") == 1)
  }
}
