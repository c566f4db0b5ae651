import ActorNodes
import Testing

// The display pipeline, text and image nodes as a Texture user meets them, with the public API only, walked row by
// row against Texture's display rules: hooks, counts and order, supersession, transactions and containers, moves,
// text and image nodes. The nodes and logs are the user scenarios' own (UserScenarioTests.swift,
// PublicAPIScenarioTests.swift). (Adversarial round 34, display.)

@Suite("A Texture user's draw scenarios, public API only (adversarial round 34)", .timeLimit(.minutes(2)))
struct DrawScenarioTests {
  @Test(
    "A node moved to another parent in its window while it draws is not cancelled: its draw commits once, and its new supernode hears it finish"
  ) @MainActor func movedWithinTheWindowMidDraw() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("root", log: log)
    let first = ScenarioHookNode("first", log: log, size: Size(width: 10, height: 10))
    let second = ScenarioHookNode("second", log: log, size: Size(width: 10, height: 10))
    let node = UserDrawingNode("d", log: log)
    let box = UserSignalsBox()
    await node.setParameters(UserDrawParameters(color: .red, spin: true, signals: box, spinLimit: .max))
    try await first.addSubnode(node)
    try await root.addSubnodes([first, second])
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    await box.signals.wait(for: "started")
    try await second.addSubnode(node)
    await window.flush()
    #expect(node.isInHierarchy)
    box.release()
    await box.signals.wait(for: "timedOut")
    await root.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .red)
    #expect(log.count("d.willStart") == 1, "a move in one window does not cancel or restart the display")
    #expect(log.count("d.didFinish") == 1)
    #expect(log.count("first.subWillStart") == 1)
    #expect(log.count("second.subDidFinish") == 1)
    #expect(log.count("first.subDidFinish") == 0)
  }

  @Test(
    "A transaction container's displays start in order and commit in the order they started, each displayDidFinish followed by the container's subnodeDisplayDidFinish, then one hierarchyDisplayDidFinish"
  ) @MainActor func containerCommitsInStartOrder() async throws {
    let log = ScenarioLog()
    let cell = ScenarioHookNode("cell", log: log, size: Size(width: 20, height: 30))
    cell.setTransactionContainer(true)
    let a = UserDrawingNode("a", log: log, color: .red)
    let b = UserDrawingNode("b", log: log, color: .green)
    let c = UserDrawingNode("c", log: log, color: .blue)
    let box = UserSignalsBox()
    await b.setParameters(UserDrawParameters(color: .green, spin: true, signals: box, spinLimit: .max))
    try await cell.addSubnodes([a, b, c])
    let window = Window(turnMode: .manual)
    try await window.attach(cell)
    await box.signals.wait(for: "started")
    let started = log.entries.filter { !$0.hasPrefix("cell.did") && !$0.hasPrefix("cell.will") && $0 != "cell.layout" }
    #expect(
      started.filter { $0.hasSuffix("willStart") || $0.hasSuffix("subWillStart") } == [
        "a.willStart", "cell.subWillStart", "b.willStart", "cell.subWillStart", "c.willStart", "cell.subWillStart",
      ])
    await window.flush()
    #expect(a.layer?.contents == nil && c.layer?.contents == nil, "nothing commits before the slowest draw")
    box.release()
    await box.signals.wait(for: "timedOut")
    await window.waitForPendingDisplays()
    log.entries.removeAll()
    await window.flush()
    #expect(
      log.entries == [
        "a.didFinish", "cell.subDidFinish", "b.didFinish", "cell.subDidFinish", "c.didFinish", "cell.subDidFinish",
        "cell.hierarchyDidFinish",
      ])
    #expect(scenarioColor(of: a.layer) == .red && scenarioColor(of: b.layer) == .green)
    #expect(scenarioColor(of: c.layer) == .blue)
  }

  @Test(
    "Nested transaction containers: a display commits with its nearest container's, so the outer cell's own subnode does not wait for a slow draw in the inner cell"
  ) @MainActor func nearestContainerCommits() async throws {
    let log = ScenarioLog()
    let outer = ScenarioHookNode("outer", log: log, size: Size(width: 20, height: 40))
    let inner = ScenarioHookNode("inner", log: log, size: Size(width: 20, height: 20))
    outer.setTransactionContainer(true)
    inner.setTransactionContainer(true)
    let slow = UserDrawingNode("slow", log: log, color: .red)
    let innerFast = UserDrawingNode("innerFast", log: log, color: .blue)
    let fast = UserDrawingNode("fast", log: log, color: .green)
    let box = UserSignalsBox()
    await slow.setParameters(UserDrawParameters(color: .red, spin: true, signals: box, spinLimit: .max))
    try await inner.addSubnodes([slow, innerFast])
    try await outer.addSubnodes([inner, fast])
    let window = Window(turnMode: .manual)
    try await window.attach(outer)
    await box.signals.wait(for: "started")
    // The outer cell's own display waits for the fast draw only: wait for it to queue its commit by ensuring it.
    await fast.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: fast.layer) == .green, "the outer container's transaction does not hold the inner one's")
    #expect(innerFast.layer?.contents == nil, "the inner container waits for its slowest draw")
    #expect(log.count("outer.hierarchyDidFinish") == 1, "the outer cell's subnode display finished")
    box.release()
    await box.signals.wait(for: "timedOut")
    await outer.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: slow.layer) == .red && scenarioColor(of: innerFast.layer) == .blue)
    #expect(log.count("inner.hierarchyDidFinish") == 1)
  }

  @Test(
    "A transaction container that draws itself commits its own contents with its subnodes', after the slowest of them"
  ) @MainActor func drawingContainerWaitsForItsSubnode() async throws {
    let log = ScenarioLog()
    let cell = UserDrawingNode("cell", log: log, color: .blue, frame: Rect(x: 0, y: 0, width: 20, height: 20))
    cell.setTransactionContainer(true)
    let slow = UserDrawingNode("slow", log: log, color: .red)
    let box = UserSignalsBox()
    await slow.setParameters(UserDrawParameters(color: .red, spin: true, signals: box, spinLimit: .max))
    try await cell.addSubnode(slow)
    let window = Window(turnMode: .manual)
    try await window.attach(cell)
    await box.signals.wait(for: "started")
    await window.flush()
    #expect(cell.layer?.contents == nil, "the container's own contents wait for its subnode's")
    box.release()
    await box.signals.wait(for: "timedOut")
    await window.waitForPendingDisplays()
    #expect(cell.layer?.contents == nil)
    await window.flush()
    #expect(scenarioColor(of: cell.layer) == .blue)
    #expect(scenarioColor(of: slow.layer) == .red)
    #expect(log.entries.filter { $0.hasSuffix("didFinish") } == ["cell.didFinish", "slow.didFinish"])
  }

  @Test(
    "A node that displays synchronously under a transaction container commits at once, without waiting for its siblings' slow draw (Texture: a synchronous display has no transaction)"
  ) @MainActor func synchronousNodeInAContainer() async throws {
    let log = ScenarioLog()
    let cell = ScenarioHookNode("cell", log: log, size: Size(width: 20, height: 20))
    cell.setTransactionContainer(true)
    let slow = UserDrawingNode("slow", log: log, color: .red)
    let sync = UserDrawingNode("sync", log: log, color: .green)
    sync.setDisplaysAsynchronously(false)
    let box = UserSignalsBox()
    await slow.setParameters(UserDrawParameters(color: .red, spin: true, signals: box, spinLimit: .max))
    try await cell.addSubnodes([slow, sync])
    let window = Window(turnMode: .manual)
    try await window.attach(cell)
    // The batch's start hop, which ran before the slow draw started, drew and committed the synchronous display.
    await box.signals.wait(for: "started")
    #expect(scenarioColor(of: sync.layer) == .green)
    await window.flush()
    #expect(log.count("sync.didFinish") == 1)
    #expect(slow.layer?.contents == nil)
    box.release()
    await box.signals.wait(for: "timedOut")
    await cell.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: slow.layer) == .red)
    #expect(log.count("cell.hierarchyDidFinish") == 1)
    #expect(log.entries.last == "cell.hierarchyDidFinish")
  }

  @Test(
    "Outside a container, a parent's hierarchyDisplayDidFinish waits for a subnode whose display was superseded: subnodeDisplayWillStart per start, subnodeDisplayDidFinish per commit, then one hierarchyDisplayDidFinish"
  ) @MainActor func supersededSubnodeHoldsTheParent() async throws {
    let log = ScenarioLog()
    let parent = ScenarioHookNode("p", log: log, size: Size(width: 20, height: 20))
    let slow = UserDrawingNode("slow", log: log, color: .red)
    let fast = UserDrawingNode("fast", log: log, color: .green)
    let box = UserSignalsBox()
    await slow.setParameters(UserDrawParameters(color: .red, spin: true, signals: box, spinLimit: .max))
    try await parent.addSubnodes([slow, fast])
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    await box.signals.wait(for: "started")
    await fast.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: fast.layer) == .green, "no container: the fast node commits alone")
    #expect(log.count("p.subDidFinish") == 1)
    #expect(log.count("p.hierarchyDidFinish") == 0, "the slow subnode's display is still pending")
    await slow.setParameters(UserDrawParameters(color: .blue, spin: false, signals: nil))
    await slow.setNeedsDisplay()
    await box.signals.wait(for: "sawCancel")
    await parent.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: slow.layer) == .blue)
    #expect(log.count("slow.willStart") == 2 && log.count("slow.didFinish") == 1)
    #expect(log.count("p.subWillStart") == 3)
    #expect(log.count("p.subDidFinish") == 2)
    #expect(log.count("p.hierarchyDidFinish") == 1)
    #expect(log.entries.last == "p.hierarchyDidFinish")
  }

  @Test(
    "A text node given an equal text neither measures nor draws again; a new text of the same size draws again with new contents, and its supernode keeps its layout"
  ) @MainActor func textRedrawsOnANewTextOnly() async throws {
    let log = ScenarioLog()
    let parent = ScenarioHookNode("p", log: log)
    let text = TextNode(text: AttributedText("ab"))
    await parent.setChildren([text])
    try await parent.addSubnode(text)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    let before = try #require(text.layer?.contents)
    let frame = text.view?.frame
    #expect(log.count("p.subDidFinish") == 1)
    let specCalls = await parent.specCalls
    await text.setText(AttributedText("ab"))
    await parent.recursivelyEnsureDisplay()
    try await window.layoutIfNeeded()
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(log.count("p.subWillStart") == 1, "an equal text asks for nothing")
    #expect(await parent.specCalls == specCalls)
    await text.setText(AttributedText("ba"))
    try await window.layoutIfNeeded()
    await parent.recursivelyEnsureDisplay()
    #expect(text.view?.frame == frame)
    #expect(log.count("p.subDidFinish") == 2)
    let after = try #require(text.layer?.contents)
    #expect(after.pixelWidth == before.pixelWidth && after.pixelHeight == before.pixelHeight)
    #expect(after != before, "the new text is drawn")
  }

  @Test(
    "An image node given an equal image draws nothing again; a new image of the same size draws again without a relayout; one of another size relayouts and draws at its new size"
  ) @MainActor func imageRedrawsOnANewImageOnly() async throws {
    let log = ScenarioLog()
    let parent = ScenarioHookNode("p", log: log)
    let image = ImageNode(image: Image(pixelWidth: 10, pixelHeight: 6, filledWith: .red))
    await parent.setChildren([image])
    try await parent.addSubnode(image)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    // The supernode's column stretches it to its width (Texture's default alignItems), at its image's height.
    #expect(image.view?.frame == Rect(x: 0, y: 0, width: 100, height: 6))
    #expect(scenarioColor(of: image.layer) == .red)
    let specCalls = await parent.specCalls
    await image.setImage(Image(pixelWidth: 10, pixelHeight: 6, filledWith: .red))
    await parent.recursivelyEnsureDisplay()
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(log.count("p.subWillStart") == 1, "an equal image asks for nothing")
    await image.setImage(Image(pixelWidth: 10, pixelHeight: 6, filledWith: .green))
    try await window.layoutIfNeeded()
    await parent.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: image.layer) == .green)
    #expect(log.count("p.subDidFinish") == 2)
    #expect(await parent.specCalls == specCalls, "an image of the same size lays nothing out again")
    await image.setImage(Image(pixelWidth: 20, pixelHeight: 8, filledWith: .blue))
    try await window.layoutIfNeeded()
    await parent.recursivelyEnsureDisplay()
    #expect(image.view?.frame == Rect(x: 0, y: 0, width: 100, height: 8))
    #expect(
      image.layer?.contents?.pixelWidth == 20, "aspect fill: the image's full width, cropped to the bounds' ratio")
    #expect(image.layer?.contents?.pixelHeight == 2)
    #expect(scenarioColor(of: image.layer) == .blue)
    // A display that started before the pass applied the new size is followed by one at that size (Proposal 0005,
    // the pipeline's fifth trigger): one or two displays, depending on which ran first.
    #expect(log.count("p.subDidFinish") >= 3)
  }

  @Test(
    "An image node's intrinsic size is its pixels over its scale, at scales 1, 2 and 3, measured and laid out in a window; a new scale relayouts it"
  ) @MainActor func imageSizeInPointsAtScales() async throws {
    for scale in [1.0, 2.0, 3.0] {
      let node = ImageNode(image: Image(pixelWidth: 30, pixelHeight: 18, scale: scale, filledWith: .red))
      let layout = try await node.layout(thatFits: SizeRange(min: .zero, max: Size(width: 100, height: 100)))
      #expect(layout.size == Size(width: 30 / scale, height: 18 / scale))
    }
    let image = ImageNode(image: Image(pixelWidth: 30, pixelHeight: 18, scale: 3, filledWith: .red))
    let below = UserDrawingNode("below", log: ScenarioLog())
    let parent = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, spacing: 0, alignItems: .start, children: [.node(image), .node(below)])
    }
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    #expect(image.view?.frame == Rect(x: 0, y: 0, width: 10, height: 6))
    #expect(below.view?.frame.origin == Point(x: 0, y: 6))
    #expect(image.layer?.contents?.pixelWidth == 30 && image.layer?.contents?.pixelHeight == 18)
    await image.setImage(Image(pixelWidth: 30, pixelHeight: 18, scale: 1, filledWith: .green))
    try await window.layoutIfNeeded()
    await parent.recursivelyEnsureDisplay()
    #expect(image.view?.frame == Rect(x: 0, y: 0, width: 30, height: 18))
    #expect(below.view?.frame.origin == Point(x: 0, y: 18))
    #expect(scenarioColor(of: image.layer) == .green)
  }

  @Test(
    "A text node with a line limit shows that many lines and is truncated; lifting the limit shows every line, grows the node and moves the node below"
  ) @MainActor func textLineLimitInAWindow() async throws {
    let text = TextNode(
      text: AttributedText("one two three four five six seven eight nine ten"), maximumNumberOfLines: 2)
    let below = UserDrawingNode("below", log: ScenarioLog())
    let parent = UserNode("p", log: ScenarioLog())
    await parent.setChildren([text, below])
    try await parent.addSubnodes([text, below])
    let window = Window(size: Size(width: 60, height: 400), turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    #expect(await text.lineCount == 2)
    #expect(await text.isTruncated)
    let limited = try #require(text.view?.frame)
    #expect(below.view?.frame.origin.y == limited.maxY)
    await text.setMaximumNumberOfLines(0)
    try await window.layoutIfNeeded()
    await parent.recursivelyEnsureDisplay()
    let full = try #require(text.view?.frame)
    let lines = await text.lineCount
    #expect(lines > 2)
    #expect(!(await text.isTruncated))
    #expect(full.height > limited.height)
    #expect(below.view?.frame.origin.y == full.maxY)
    #expect(text.layer?.contents?.pixelHeight == Int(full.height.rounded(.up)))
    let layout = await text.textLayout(in: full.size)
    #expect(layout.lines.count == lines)
    #expect(!layout.isTruncated)
  }

  @Test(
    "A text node's container inset adds to its size in a window and redraws it at its new bounds; the lines wrap in the room inside the inset"
  ) @MainActor func textInsetInAWindow() async throws {
    let text = TextNode(text: AttributedText("Hello"))
    let parent = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, spacing: 0, alignItems: .start, children: [.node(text)])
    }
    let window = Window(size: Size(width: 200, height: 200), turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    let plain = try #require(text.view?.frame.size)
    await text.setTextContainerInset(EdgeInsets(top: 3, left: 5, bottom: 7, right: 11))
    try await window.layoutIfNeeded()
    await parent.recursivelyEnsureDisplay()
    let inset = try #require(text.view?.frame.size)
    #expect(inset == Size(width: plain.width + 16, height: plain.height + 10))
    #expect(text.layer?.contents?.pixelWidth == Int(inset.width.rounded(.up)))
    #expect(text.layer?.contents?.pixelHeight == Int(inset.height.rounded(.up)))
    #expect(await text.lineCount == 1)
    // In a room just wide enough for the text without the inset, the inset makes it wrap.
    let narrow = await text.textLayout(in: Size(width: plain.width + 15, height: 1000))
    #expect(narrow.lines.count > 1 || narrow.isTruncated)
  }

  @Test(
    "An empty text node shows no line and is not truncated; given a text in a window, it measures, is laid out and draws once"
  ) @MainActor func emptyTextThenText() async throws {
    let log = ScenarioLog()
    let text = TextNode()
    let parent = ScenarioHookNode("p", log: log)
    await parent.setChildren([text])
    try await parent.addSubnode(text)
    let window = Window(size: Size(width: 200, height: 200), turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    #expect(await text.lineCount == 0)
    #expect(!(await text.isTruncated))
    await text.setText(AttributedText("Hi"))
    try await window.layoutIfNeeded()
    await parent.recursivelyEnsureDisplay()
    let frame = try #require(text.view?.frame)
    #expect(frame.width > 0 && frame.height > 0)
    #expect(await text.lineCount == 1)
    #expect(text.layer?.contents?.pixelWidth == Int(frame.width.rounded(.up)))
    #expect(log.count("p.subDidFinish") >= 1)
    #expect(log.entries.last == "p.hierarchyDidFinish")
  }

  @Test(
    "A loaded node drawn with displayImmediately outside any window keeps those contents when it enters one: no second display (Texture marks only a layer without contents)"
  ) @MainActor func drawnBeforeEnteringAWindow() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log, color: .green)
    await node.loadView()
    await node.displayImmediately()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.entries == ["d.willStart", "d.didFinish"])
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.entries == ["d.willStart", "d.didFinish"])
  }

  @Test(
    "A container's subnode removed mid-draw does not hold up its siblings: they commit, and the container hears hierarchyDisplayDidFinish once"
  ) @MainActor func containerSubnodeRemovedMidDraw() async throws {
    let log = ScenarioLog()
    let cell = ScenarioHookNode("cell", log: log, size: Size(width: 20, height: 20))
    cell.setTransactionContainer(true)
    let slow = UserDrawingNode("slow", log: log, color: .red)
    let fast = UserDrawingNode("fast", log: log, color: .green)
    let box = UserSignalsBox()
    await slow.setParameters(UserDrawParameters(color: .red, spin: true, signals: box, spinLimit: .max))
    try await cell.addSubnodes([slow, fast])
    let window = Window(turnMode: .manual)
    try await window.attach(cell)
    await box.signals.wait(for: "started")
    await slow.removeFromSupernode()
    await window.flush()
    await box.signals.wait(for: "sawCancel")
    await cell.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: fast.layer) == .green)
    #expect(slow.layer?.contents == nil)
    #expect(log.count("fast.didFinish") == 1 && log.count("slow.didFinish") == 0)
    #expect(log.count("cell.hierarchyDidFinish") == 1)
    #expect(log.entries.last == "cell.hierarchyDidFinish")
  }

  @Test(
    "A display's hooks tell it is asynchronous, and a parent's subnode hooks name the subnode; displayImmediately's tell it is not"
  ) @MainActor func displayContextsTellTheTruth() async throws {
    let log = ScenarioLog()
    let parent = UserNode("p", log: log, size: Size(width: 20, height: 20))
    let node = ScenarioDrawingNode("d", log: log, color: .red)
    try await parent.addSubnode(node)
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    #expect(log.entries.filter { $0.hasPrefix("willStart") } == ["willStart(true)"])
    await node.setParams(ScenarioDraw(color: .green, spinUntilCancelled: false, sink: nil))
    await node.displayImmediately()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.entries.filter { $0.hasPrefix("willStart") } == ["willStart(true)", "willStart(false)"])
    #expect(log.count("didFinish") == 2)
    #expect(log.count("p.subDidFinish") == 2)
  }

  @Test(
    "A text node and an image node redrawn at scale 3 by recursivelySetNeedsDisplay(atScale:) under a cell commit together, at three times their bounds"
  ) @MainActor func cellRedrawnAtScale3() async throws {
    let log = ScenarioLog()
    let text = TextNode(text: AttributedText("Hey"))
    let image = ImageNode(image: Image(pixelWidth: 12, pixelHeight: 12, scale: 3, filledWith: .red))
    let cell = ScenarioHookNode("cell", log: log)
    cell.setTransactionContainer(true)
    await cell.setChildren([text, image])
    try await cell.addSubnodes([text, image])
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(cell)
    await cell.recursivelyEnsureDisplay()
    #expect(
      image.view?.frame.size == Size(width: 100, height: 4), "12 pixels at scale 3 are 4 points high, stretched across")
    log.entries.removeAll()
    await cell.recursivelySetNeedsDisplay(atScale: 3)
    await window.waitForPendingDisplays()
    #expect(text.layer?.contentsScale == 1 && image.layer?.contentsScale == 1, "not committed before the turn")
    await window.flush()
    let textSize = try #require(text.view?.frame.size)
    #expect(text.layer?.contentsScale == 3 && image.layer?.contentsScale == 3)
    #expect(text.layer?.contents?.pixelWidth == Int((textSize.width * 3).rounded(.up)))
    #expect(image.layer?.contents?.pixelWidth == 12)
    #expect(
      log.entries == [
        "cell.subWillStart", "cell.subWillStart", "cell.subDidFinish", "cell.subDidFinish", "cell.hierarchyDidFinish",
      ])
  }

  @Test(
    "A node suspended before it loads draws nothing in a window, and recursivelyEnsureDisplay returns; resuming draws it once and its supernode hears the display start and finish"
  ) @MainActor func suspendedBeforeLoad() async throws {
    let log = ScenarioLog()
    let parent = ScenarioHookNode("p", log: log, size: Size(width: 20, height: 20))
    let node = UserDrawingNode("d", log: log, color: .green)
    node.setDisplaySuspended(true)
    try await parent.addSubnode(node)
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(node.isDisplaySuspended)
    #expect(node.layer?.contents == nil)
    #expect(log.count("d.willStart") == 0 && log.count("p.subWillStart") == 0)
    #expect(log.count("p.hierarchyDidFinish") == 0)
    node.setDisplaySuspended(false)
    await parent.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.count("d.willStart") == 1 && log.count("d.didFinish") == 1)
    #expect(log.count("p.subWillStart") == 1 && log.count("p.subDidFinish") == 1)
    #expect(log.entries.last == "p.hierarchyDidFinish")
  }

  @Test(
    "A node that redraws on a bounds change, resized while it draws: the draw at the old size never lands, and the node shows contents drawn at its new size"
  ) @MainActor func resizedMidDrawRedraws() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log)
    await node.configure { $0.needsDisplayOnBoundsChange = true }
    let box = UserSignalsBox()
    await node.setParameters(UserDrawParameters(color: .red, spin: true, signals: box, spinLimit: .max))
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await box.signals.wait(for: "started")
    await node.setParameters(UserDrawParameters(color: .red, spin: false, signals: nil))
    await node.configure { $0.frame = Rect(x: 0, y: 0, width: 16, height: 12) }
    await window.flush()
    await box.signals.wait(for: "sawCancel")
    await node.recursivelyEnsureDisplay()
    #expect(node.layer?.contents?.pixelWidth == 16 && node.layer?.contents?.pixelHeight == 12)
    #expect(log.count("d.willStart") == 2 && log.count("d.didFinish") == 1)
  }

  @Test(
    "A node that does not redraw on a bounds change, resized while it draws: its draw commits as drawn, at the old size, and nothing draws again (Texture: needsDisplayOnBoundsChange is off)"
  ) @MainActor func resizedMidDrawKeepsItsDraw() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log)
    let box = UserSignalsBox()
    await node.setParameters(UserDrawParameters(color: .red, spin: true, signals: box, spinLimit: .max))
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await box.signals.wait(for: "started")
    await node.configure { $0.frame = Rect(x: 0, y: 0, width: 16, height: 12) }
    await window.flush()
    box.release()
    await box.signals.wait(for: "timedOut")
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(node.layer?.contents?.pixelWidth == 8 && node.layer?.contents?.pixelHeight == 8)
    #expect(node.view?.frame.size == Size(width: 16, height: 12))
    #expect(log.entries == ["d.willStart", "d.didFinish"])
  }

  @Test(
    "Writes of the background color or opacity redraw a drawing node once at the turn; an equal background, an alpha or a corner radius redraw nothing (Texture redraws for opaque, backgroundColor and tintColor changes)"
  ) @MainActor func writesThatRedraw() async throws {
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log)
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await node.recursivelyEnsureDisplay()
    #expect(log.count("d.didFinish") == 1)
    await Task.detached {
      await node.configure {
        $0.alpha = 0.5; $0.cornerRadius = 2
      }
    }.value
    await window.flush()
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(log.count("d.willStart") == 1, "alpha and corner radius do not change the contents")
    await Task.detached { await node.configure { $0.backgroundColor = .blue } }.value
    await window.flush()
    await node.recursivelyEnsureDisplay()
    #expect(log.count("d.willStart") == 2 && log.count("d.didFinish") == 2)
    await Task.detached { await node.configure { $0.backgroundColor = .blue } }.value
    await window.flush()
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(log.count("d.willStart") == 2, "an equal background changes nothing")
    await Task.detached { await node.configure { $0.isOpaque = false } }.value
    await window.flush()
    await node.recursivelyEnsureDisplay()
    #expect(log.count("d.willStart") == 3 && log.count("d.didFinish") == 3)
  }

  @Test(
    "Two cells redrawn in one batch commit each on their own: the first cell's displays do not wait for a slow draw in the second"
  ) @MainActor func twoCellsOfOneBatchCommitApart() async throws {
    let log = ScenarioLog()
    let root = ScenarioHookNode("root", log: log)
    let first = ScenarioHookNode("first", log: log, size: Size(width: 20, height: 20))
    let second = ScenarioHookNode("second", log: log, size: Size(width: 20, height: 20))
    first.setTransactionContainer(true)
    second.setTransactionContainer(true)
    let a = UserDrawingNode("a", log: log, color: .red)
    let b = UserDrawingNode("b", log: log, color: .green)
    let c = UserDrawingNode("c", log: log, color: .blue)
    try await first.addSubnodes([a, b])
    try await second.addSubnode(c)
    await root.setChildren([first, second])
    try await root.addSubnodes([first, second])
    let window = Window(size: Size(width: 20, height: 40), turnMode: .manual)
    try await window.attach(root)
    await root.recursivelyEnsureDisplay()
    let box = UserSignalsBox()
    await c.setParameters(UserDrawParameters(color: .blue, spin: true, signals: box, spinLimit: .max))
    await root.recursivelySetNeedsDisplay(atScale: 2)
    await box.signals.wait(for: "started")
    await first.recursivelyEnsureDisplay()
    #expect(a.layer?.contentsScale == 2 && b.layer?.contentsScale == 2, "the first cell committed")
    #expect(c.layer?.contentsScale == 1, "the second cell still waits for its draw")
    box.release()
    await box.signals.wait(for: "timedOut")
    await root.recursivelyEnsureDisplay()
    #expect(c.layer?.contentsScale == 2)
    #expect(scenarioColor(of: c.layer) == .blue)
  }

  @Test(
    "A cell's subnode asked to display after its sibling's slow draw started commits without waiting for it (Texture opens a transaction per run-loop turn)"
  ) @MainActor func laterBatchInACellCommitsApart() async throws {
    let log = ScenarioLog()
    let cell = ScenarioHookNode("cell", log: log, size: Size(width: 20, height: 20))
    cell.setTransactionContainer(true)
    let slow = UserDrawingNode("slow", log: log, color: .red)
    let later = UserDrawingNode("later", log: log, color: .green)
    try await cell.addSubnodes([slow, later])
    let window = Window(turnMode: .manual)
    try await window.attach(cell)
    await cell.recursivelyEnsureDisplay()
    let box = UserSignalsBox()
    await slow.setParameters(UserDrawParameters(color: .red, spin: true, signals: box, spinLimit: .max))
    await slow.setNeedsDisplay()
    await box.signals.wait(for: "started")
    await later.setColor(.blue)
    await later.setNeedsDisplay()
    await later.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: later.layer) == .blue)
    #expect(!(await box.signals.has("timedOut")), "the slow draw still runs")
    box.release()
    await box.signals.wait(for: "timedOut")
    await cell.recursivelyEnsureDisplay()
    #expect(log.count("slow.didFinish") == 2 && log.count("later.didFinish") == 2)
    #expect(log.entries.last == "cell.hierarchyDidFinish")
  }

  @Test(
    "A cell's subnode suspended mid-draw: its sibling's contents commit, the cell hears both subnodes end, then one hierarchyDisplayDidFinish"
  ) @MainActor func suspendedInsideACell() async throws {
    let log = ScenarioLog()
    let cell = ScenarioHookNode("cell", log: log, size: Size(width: 20, height: 20))
    cell.setTransactionContainer(true)
    let slow = UserDrawingNode("slow", log: log, color: .red)
    let fast = UserDrawingNode("fast", log: log, color: .green)
    let box = UserSignalsBox()
    await slow.setParameters(UserDrawParameters(color: .red, spin: true, signals: box, spinLimit: .max))
    try await cell.addSubnodes([slow, fast])
    let window = Window(turnMode: .manual)
    try await window.attach(cell)
    await box.signals.wait(for: "started")
    slow.setDisplaySuspended(true)
    await box.signals.wait(for: "sawCancel")
    await cell.recursivelyEnsureDisplay()
    await window.flush()
    #expect(scenarioColor(of: fast.layer) == .green)
    #expect(slow.layer?.contents == nil)
    #expect(log.count("cell.subDidFinish") == 2)
    #expect(log.count("cell.hierarchyDidFinish") == 1)
    #expect(log.entries.last == "cell.hierarchyDidFinish")
  }

  @Test(
    "recursivelyEnsureDisplay right after a background text change lays out first: the text node's contents are drawn at its new size"
  ) @MainActor func ensureDisplayLaysOutFirst() async throws {
    let text = TextNode(text: AttributedText("Hi"))
    let parent = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, spacing: 0, alignItems: .start, children: [.node(text)])
    }
    let window = Window(size: Size(width: 300, height: 300), turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    let small = try #require(text.view?.frame.size)
    await Task.detached { await text.setText(AttributedText("Hello there, a longer line")) }.value
    await parent.recursivelyEnsureDisplay()
    let large = try #require(text.view?.frame.size)
    #expect(large.width > small.width)
    #expect(text.layer?.contents?.pixelWidth == Int(large.width.rounded(.up)))
    #expect(text.layer?.contents?.pixelHeight == Int(large.height.rounded(.up)))
  }

  @Test(
    "A layer-backed text node draws into its layer, with no view, and counts its lines from its layer's bounds"
  ) @MainActor func layerBackedText() async throws {
    let text = TextNode(text: AttributedText("one two three"), isLayerBacked: true)
    let parent = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, spacing: 0, alignItems: .start, children: [.node(text)])
    }
    let window = Window(size: Size(width: 300, height: 300), turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    #expect(text.view == nil)
    let frame = try #require(text.layer?.frame)
    #expect(text.layer?.contents?.pixelWidth == Int(frame.width.rounded(.up)))
    #expect(await text.lineCount == 1)
    #expect(!(await text.isTruncated))
  }

  @Test(
    "A text cut at one line by a newline is truncated, and a new truncation token redraws it at the same size with new contents"
  ) @MainActor func truncationTokenRedraws() async throws {
    let log = ScenarioLog()
    let parent = ScenarioHookNode("p", log: log)
    let text = TextNode(text: AttributedText("first line\nsecond line"), maximumNumberOfLines: 1)
    await parent.setChildren([text])
    try await parent.addSubnode(text)
    let window = Window(size: Size(width: 300, height: 300), turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    #expect(await text.lineCount == 1)
    #expect(await text.isTruncated)
    let before = try #require(text.layer?.contents)
    let frame = text.view?.frame
    await text.setTruncationToken("~~~")
    try await window.layoutIfNeeded()
    await parent.recursivelyEnsureDisplay()
    #expect(text.view?.frame.size.height == frame?.size.height)
    #expect(await text.isTruncated)
    #expect(log.count("p.subDidFinish") == 2)
    #expect(text.layer?.contents != before, "the new token is drawn")
  }

  @Test(
    "An image node emptied to nothing and given an image again measures and draws that image; a drawing node framed to zero mid-draw and back draws at its new size once"
  ) @MainActor func emptiedAndFilledAgain() async throws {
    let image = ImageNode(image: Image(pixelWidth: 10, pixelHeight: 10, filledWith: .red))
    let column = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, spacing: 0, alignItems: .start, children: [.node(image)])
    }
    let log = ScenarioLog()
    let node = UserDrawingNode("d", log: log)
    let root = UserNode("root", log: ScenarioLog(), size: Size(width: 100, height: 100))
    await column.configure { $0.frame = Rect(x: 0, y: 20, width: 50, height: 50) }
    try await root.addSubnodes([node, column])
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    await root.recursivelyEnsureDisplay()
    await image.setImage(nil)
    try await window.layoutIfNeeded()
    await root.recursivelyEnsureDisplay()
    await image.setImage(Image(pixelWidth: 6, pixelHeight: 4, filledWith: .green))
    try await window.layoutIfNeeded()
    await root.recursivelyEnsureDisplay()
    #expect(image.view?.frame.size == Size(width: 6, height: 4))
    #expect(scenarioColor(of: image.layer) == .green)
    #expect(image.layer?.contents?.pixelWidth == 6)

    let box = UserSignalsBox()
    await node.setParameters(UserDrawParameters(color: .blue, spin: true, signals: box, spinLimit: .max))
    await node.setNeedsDisplay()
    await box.signals.wait(for: "started")
    await node.setParameters(UserDrawParameters(color: .green, spin: false, signals: nil))
    await node.configure { $0.frame = .zero }
    await node.setNeedsDisplay()
    await box.signals.wait(for: "sawCancel")
    await window.waitForPendingDisplays()
    await window.flush()
    #expect(log.count("d.didFinish") == 1, "the superseded draw commits nothing, and none starts at zero size")
    await node.configure { $0.frame = Rect(x: 0, y: 0, width: 12, height: 10) }
    await window.flush()
    await node.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(node.layer?.contents?.pixelWidth == 12 && node.layer?.contents?.pixelHeight == 10)
    #expect(log.count("d.didFinish") == 2)
  }

  @Test(
    "A text node framed by hand counts the lines set in its bounds: more lines when narrow, truncated when too short, and redrawn at each new frame (Texture's lineCount and isTruncated read the bounds)"
  ) @MainActor func handFramedTextLines() async throws {
    let text = TextNode(text: AttributedText("one two three four five"))
    await text.configure { $0.frame = Rect(x: 0, y: 0, width: 300, height: 100) }
    let root = UserNode("root", log: ScenarioLog(), size: Size(width: 300, height: 300))
    try await root.addSubnode(text)
    let window = Window(size: Size(width: 300, height: 300), turnMode: .manual)
    try await window.attach(root)
    await root.recursivelyEnsureDisplay()
    #expect(await text.lineCount == 1)
    #expect(!(await text.isTruncated))
    let wide = await text.textLayout(in: Size(width: 300, height: 100))
    await text.configure { $0.frame = Rect(x: 0, y: 0, width: 40, height: 300) }
    await window.flush()
    await root.recursivelyEnsureDisplay()
    let narrowLines = await text.lineCount
    #expect(narrowLines > 1)
    #expect(narrowLines == (await text.textLayout(in: Size(width: 40, height: 300))).lines.count)
    #expect(!(await text.isTruncated))
    #expect(text.layer?.contents?.pixelWidth == 40 && text.layer?.contents?.pixelHeight == 300)
    let lineHeight = wide.size.height
    await text.configure { $0.frame = Rect(x: 0, y: 0, width: 40, height: lineHeight) }
    await window.flush()
    await root.recursivelyEnsureDisplay()
    #expect(await text.lineCount == 1)
    #expect(await text.isTruncated)
    #expect(text.layer?.contents?.pixelWidth == 40)
  }

  @Test(
    "Twenty background tasks set images of different sizes on an image node in a window at once: it ends laid out at the size of the image it holds last, showing that image"
  ) @MainActor func concurrentImagesOfManySizes() async throws {
    let image = ImageNode(image: Image(pixelWidth: 5, pixelHeight: 5, filledWith: .white))
    let below = UserDrawingNode("below", log: ScenarioLog())
    let column = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, spacing: 0, alignItems: .start, children: [.node(image), .node(below)])
    }
    let window = Window(size: Size(width: 100, height: 100), turnMode: .automatic)
    try await window.attach(column)
    await column.recursivelyEnsureDisplay()
    await withTaskGroup(of: Void.self) { group in
      for index in 1...20 {
        group.addTask {
          let color = Color(red: Double(index * 10) / 255, green: 0, blue: 0)
          await image.setImage(Image(pixelWidth: index + 2, pixelHeight: 22 - index, filledWith: color))
        }
      }
    }
    try await window.layoutIfNeeded()
    await column.recursivelyEnsureDisplay()
    await window.waitForPendingDisplays()
    await window.waitForQueuedWork()
    let last = try #require(await image.image)
    #expect(image.view?.frame.size == last.size)
    #expect(below.view?.frame.origin.y == last.size.height)
    #expect(image.layer?.contents == last, "the whole image: the bounds have its ratio")
  }

  @Test(
    "Twenty background tasks set texts of different lengths on a text node in a window at once: it ends at the size of the text it holds last, with the contents a fresh node draws for that text"
  ) @MainActor func concurrentTextsOfManyLengths() async throws {
    let text = TextNode(text: AttributedText("start"))
    let column = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, spacing: 0, alignItems: .start, children: [.node(text)])
    }
    let window = Window(size: Size(width: 120, height: 400), turnMode: .automatic)
    try await window.attach(column)
    await column.recursivelyEnsureDisplay()
    await withTaskGroup(of: Void.self) { group in
      for index in 1...20 {
        group.addTask { await text.setText(AttributedText(String(repeating: "word ", count: index) + "end")) }
      }
    }
    try await window.layoutIfNeeded()
    await column.recursivelyEnsureDisplay()
    await window.waitForPendingDisplays()
    await window.waitForQueuedWork()
    let last = await text.text
    let fresh = TextNode(text: last)
    let freshColumn = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, spacing: 0, alignItems: .start, children: [.node(fresh)])
    }
    let other = Window(size: Size(width: 120, height: 400), turnMode: .manual)
    try await other.attach(freshColumn)
    await freshColumn.recursivelyEnsureDisplay()
    #expect(text.view?.frame == fresh.view?.frame)
    #expect(text.layer?.contents == fresh.layer?.contents)
  }

  @Test(
    "A tree detached while its subnode's drawn contents wait for a manual window's turn, then attached again: the subnode shows its contents once more, and its supernode hears one subnodeDisplayDidFinish and one hierarchyDisplayDidFinish"
  ) @MainActor func detachedWithACommitWaiting() async throws {
    let log = ScenarioLog()
    let parent = ScenarioHookNode("p", log: log, size: Size(width: 20, height: 20))
    let node = UserDrawingNode("d", log: log, color: .green)
    try await parent.addSubnode(node)
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    await window.waitForPendingDisplays()
    #expect(node.layer?.contents == nil, "drawn, waiting for the turn")
    await window.detach()
    await window.flush()
    #expect(node.layer?.contents == nil, "a commit for a view out of its window sets nothing")
    #expect(log.count("d.didFinish") == 0)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.count("d.didFinish") == 1)
    #expect(log.count("p.subDidFinish") == 1)
    #expect(log.count("p.hierarchyDidFinish") == 1)
    #expect(log.entries.last == "p.hierarchyDidFinish")
  }

  @Test(
    "A root drawing node suspended mid-draw and resumed: its own hierarchyDisplayDidFinish comes once, after the display that commits"
  ) @MainActor func rootSuspendedMidDrawFinishesOnce() async throws {
    let log = ScenarioLog()
    let node = ScenarioDrawingNode("d", log: log)
    let sink = ScenarioSink()
    await node.setParams(ScenarioDraw(color: .red, spinUntilCancelled: true, sink: sink))
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await sink.counter.wait(for: "started-\(Color.red)")
    node.setDisplaySuspended(true)
    // The cancelled draw ends (whether it saw the cancellation or ran out of rounds first, it commits nothing).
    await window.waitForPendingDisplays()
    await node.setParams(ScenarioDraw(color: .green, spinUntilCancelled: false, sink: nil))
    await window.flush()
    #expect(node.layer?.contents == nil)
    node.setDisplaySuspended(false)
    await node.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: node.layer) == .green)
    #expect(log.entries == ["willStart(true)", "willStart(true)", "didFinish", "hierarchyDidFinish"])
  }

  @Test(
    "recursivelySetNeedsDisplay(atScale:) over a suspended subnode sets its scale but draws nothing; resuming draws it at that scale"
  ) @MainActor func scaleWhileSuspended() async throws {
    let log = ScenarioLog()
    let parent = UserNode("p", log: log, size: Size(width: 20, height: 20))
    let node = UserDrawingNode("d", log: log, color: .green)
    try await parent.addSubnode(node)
    let window = Window(turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    node.setDisplaySuspended(true)
    await parent.recursivelySetNeedsDisplay(atScale: 2)
    await parent.recursivelyEnsureDisplay()
    #expect(node.contentsScaleForDisplay == 2)
    #expect(log.count("d.willStart") == 1)
    node.setDisplaySuspended(false)
    await parent.recursivelyEnsureDisplay()
    #expect(node.layer?.contentsScale == 2)
    #expect(node.layer?.contents?.pixelWidth == 16)
    #expect(log.count("d.willStart") == 2 && log.count("d.didFinish") == 2)
  }

  @Test(
    "displayImmediately on a cell's subnode while its sibling draws commits at once, and the cell's hierarchyDisplayDidFinish waits for the sibling"
  ) @MainActor func displayImmediatelyInsideACell() async throws {
    let log = ScenarioLog()
    let cell = ScenarioHookNode("cell", log: log, size: Size(width: 20, height: 20))
    cell.setTransactionContainer(true)
    let slow = UserDrawingNode("slow", log: log, color: .red)
    let fast = UserDrawingNode("fast", log: log, color: .green)
    let box = UserSignalsBox()
    await slow.setParameters(UserDrawParameters(color: .red, spin: true, signals: box, spinLimit: .max))
    try await cell.addSubnodes([slow, fast])
    let window = Window(turnMode: .manual)
    try await window.attach(cell)
    await box.signals.wait(for: "started")
    await fast.setColor(.blue)
    await fast.displayImmediately()
    #expect(scenarioColor(of: fast.layer) == .blue)
    #expect(log.count("fast.didFinish") == 1)
    #expect(log.count("cell.hierarchyDidFinish") == 0, "the slow subnode's display is pending")
    box.release()
    await box.signals.wait(for: "timedOut")
    await cell.recursivelyEnsureDisplay()
    #expect(scenarioColor(of: slow.layer) == .red)
    #expect(scenarioColor(of: fast.layer) == .blue, "the superseded display of the batch never lands")
    #expect(log.count("fast.didFinish") == 1 && log.count("slow.didFinish") == 1)
    #expect(log.count("cell.hierarchyDidFinish") == 1)
    #expect(log.entries.last == "cell.hierarchyDidFinish")
  }

  @Test(
    "A text node given the same words in another color redraws once, at the same frame, with new contents of the same size"
  ) @MainActor func textColorChangeRedraws() async throws {
    let log = ScenarioLog()
    let parent = ScenarioHookNode("p", log: log)
    let text = TextNode(text: AttributedText("Hello", attributes: .init(color: .black)))
    await parent.setChildren([text])
    try await parent.addSubnode(text)
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(parent)
    await parent.recursivelyEnsureDisplay()
    let before = try #require(text.layer?.contents)
    let frame = text.view?.frame
    await text.setText(AttributedText("Hello", attributes: .init(color: .red)))
    try await window.layoutIfNeeded()
    await parent.recursivelyEnsureDisplay()
    let after = try #require(text.layer?.contents)
    #expect(text.view?.frame == frame)
    #expect(after.pixelWidth == before.pixelWidth && after.pixelHeight == before.pixelHeight)
    #expect(after != before)
    #expect(log.count("p.subDidFinish") == 2)
  }
}
