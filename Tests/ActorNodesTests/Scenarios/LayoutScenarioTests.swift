import ActorNodes
import Testing

// Layout as a Texture user writes it, with the public API only: specs returned from a `layoutSpecBlock`, frames
// computed by hand from Texture's stack and spec rules, nodes that manage their subnodes, text that wraps, and
// measurements racing passes. (Adversarial round 33; the helpers are UserScenarioTests.swift's.)

@Suite("Layout as a Texture user writes it, public API only (adversarial round 33)", .timeLimit(.minutes(2)))
struct LayoutScenarioTests {

  @Test(
    "Growth in a row is floored per child and the remainder goes to the first that grows: 200 + 34 + 66 in 300"
  ) func growRemainderToFirst() async throws {
    let fixed = BasicNode(debugName: "fixed")
    let one = BasicNode(debugName: "one")
    let two = BasicNode(debugName: "two")
    let row = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(
        children: [
          .node(fixed).width(200), .node(one).width(0).flexGrow(1), .node(two).width(0).flexGrow(2),
        ])
    }
    let layout = try await row.layout(thatFits: SizeRange(exactly: Size(width: 300, height: 10)))
    #expect(layout.frame(of: fixed) == Rect(x: 0, y: 0, width: 200, height: 10))
    #expect(layout.frame(of: one) == Rect(x: 200, y: 0, width: 34, height: 10))
    #expect(layout.frame(of: two) == Rect(x: 234, y: 0, width: 66, height: 10))
  }

  @Test(
    "spacingBefore, spacing and a trailing spacingAfter count as used length: justify end places the row from 41"
  ) func spacingBeforeAfterWithJustifyEnd() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let row = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(
        spacing: 4, justifyContent: .end, alignItems: .start,
        children: [
          .node(a).preferredSize(Size(width: 20, height: 10)).spacingBefore(5),
          .node(b).preferredSize(Size(width: 20, height: 10)).spacingAfter(10),
        ])
    }
    let layout = try await row.layout(thatFits: SizeRange(exactly: Size(width: 100, height: 30)))
    #expect(layout.frame(of: a) == Rect(x: 46, y: 0, width: 20, height: 10))
    #expect(layout.frame(of: b) == Rect(x: 70, y: 0, width: 20, height: 10))
  }

  @Test(
    "A single child: spaceBetween puts it at the start, spaceAround centres it; on overflow spaceAround centres too"
  ) func justifyWithOneChildAndOverflow() async throws {
    let only = BasicNode(debugName: "only")
    let first = BasicNode(debugName: "first")
    let second = BasicNode(debugName: "second")
    let range = SizeRange(exactly: Size(width: 100, height: 10))
    let between = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(justifyContent: .spaceBetween, children: [.node(only).width(20)])
    }
    #expect(try await between.layout(thatFits: range).frame(of: only) == Rect(x: 0, y: 0, width: 20, height: 10))

    let around = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(justifyContent: .spaceAround, children: [.node(only).width(20)])
    }
    #expect(try await around.layout(thatFits: range).frame(of: only) == Rect(x: 40, y: 0, width: 20, height: 10))

    let overflowing = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(justifyContent: .spaceAround, children: [.node(first).width(80), .node(second).width(80)])
    }
    let layout = try await overflowing.layout(thatFits: range)
    #expect(layout.frame(of: first) == Rect(x: -30, y: 0, width: 80, height: 10))
    #expect(layout.frame(of: second) == Rect(x: 50, y: 0, width: 80, height: 10))
  }

  @Test(
    "alignSelf overrides a row's stretch: auto stretches to 50, end sits at 40, center floors to 19"
  ) func alignSelfOverridesAlignItems() async throws {
    let stretched = BasicNode(debugName: "stretched")
    let atEnd = BasicNode(debugName: "end")
    let centred = BasicNode(debugName: "centred")
    let row = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(
        alignItems: .stretch,
        children: [
          .node(stretched).width(10),
          .node(atEnd).preferredSize(Size(width: 10, height: 10)).alignSelf(.end),
          .node(centred).preferredSize(Size(width: 10, height: 11)).alignSelf(.center),
        ])
    }
    let layout = try await row.layout(thatFits: SizeRange(exactly: Size(width: 100, height: 50)))
    #expect(layout.frame(of: stretched) == Rect(x: 0, y: 0, width: 10, height: 50))
    #expect(layout.frame(of: atEnd) == Rect(x: 10, y: 40, width: 10, height: 10))
    #expect(layout.frame(of: centred) == Rect(x: 20, y: 19, width: 10, height: 11))
  }

  @Test(
    "Texture's one flex pass: a grown child's own max loses to the exact size offered (200 and 100), and shrinking ignores a min (50 and 50)"
  ) func flexIgnoresChildMinAndMax() async throws {
    let capped = BasicNode(debugName: "capped")
    let free = BasicNode(debugName: "free")
    let growing = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(children: [.node(capped).maxWidth(100).flexGrow(1), .node(free).flexGrow(1)])
    }
    let grown = try await growing.layout(thatFits: SizeRange(exactly: Size(width: 300, height: 50)))
    #expect(grown.frame(of: capped) == Rect(x: 0, y: 0, width: 200, height: 50))
    #expect(grown.frame(of: free) == Rect(x: 200, y: 0, width: 100, height: 50))

    let floored = BasicNode(debugName: "floored")
    let other = BasicNode(debugName: "other")
    let shrinking = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(
        children: [
          .node(floored).width(100).minWidth(80).flexShrink(1), .node(other).width(100).flexShrink(1),
        ])
    }
    let shrunk = try await shrinking.layout(thatFits: SizeRange(exactly: Size(width: 100, height: 50)))
    #expect(shrunk.frame(of: floored) == Rect(x: 0, y: 0, width: 50, height: 50))
    #expect(shrunk.frame(of: other) == Rect(x: 50, y: 0, width: 50, height: 50))
  }

  @Test(
    "Nested stacks under a window resized smaller than their content: the column's children shrink, the row inside grows, at each size"
  ) @MainActor func nestedStacksShrinkWithWindow() async throws {
    let top = BasicNode(debugName: "top")
    let left = BasicNode(debugName: "left")
    let right = BasicNode(debugName: "right")
    let bottom = BasicNode(debugName: "bottom")
    let row = BasicNode(debugName: "row", automaticallyManagesSubnodes: true) { _, _ in
      .stack(children: [.node(left).width(10).flexGrow(1), .node(right).width(30)])
    }
    let column = BasicNode(debugName: "column", automaticallyManagesSubnodes: true) { _, _ in
      .stack(
        .vertical,
        children: [
          .node(top).height(40).flexShrink(1), .node(row).height(40).flexShrink(1),
          .node(bottom).height(40).flexShrink(1),
        ])
    }
    let window = Window(size: Size(width: 100, height: 120), turnMode: .manual)
    try await window.attach(column)
    #expect(row.view?.frame == Rect(x: 0, y: 40, width: 100, height: 40))
    #expect(left.view?.frame == Rect(x: 0, y: 0, width: 70, height: 40))
    #expect(right.view?.frame == Rect(x: 70, y: 0, width: 30, height: 40))

    window.resize(to: Size(width: 80, height: 90))
    try await window.layoutIfNeeded()
    #expect(top.view?.frame == Rect(x: 0, y: 0, width: 80, height: 30))
    #expect(row.view?.frame == Rect(x: 0, y: 30, width: 80, height: 30))
    #expect(bottom.view?.frame == Rect(x: 0, y: 60, width: 80, height: 30))
    #expect(left.view?.frame == Rect(x: 0, y: 0, width: 50, height: 30))
    #expect(right.view?.frame == Rect(x: 50, y: 0, width: 30, height: 30))

    window.resize(to: Size(width: 20, height: 60))
    try await window.layoutIfNeeded()
    #expect(row.view?.frame == Rect(x: 0, y: 20, width: 20, height: 20))
    #expect(left.view?.frame == Rect(x: 0, y: 0, width: 10, height: 20))
    #expect(right.view?.frame == Rect(x: 10, y: 0, width: 30, height: 20))
    #expect(await row.calculatedLayout?.size == Size(width: 20, height: 20))
  }

  @Test(
    "A composed card: background, inset and centre, with an overlay on top; frames computed by hand, back to front"
  ) func composedBackgroundInsetCenterOverlay() async throws {
    let backdrop = BasicNode(debugName: "backdrop")
    let icon = BasicNode(debugName: "icon")
    let glass = BasicNode(debugName: "glass")
    let card = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .overlay(
        .background(
          .inset(
            EdgeInsets(top: 10, left: 20, bottom: 10, right: 0),
            .center(.node(icon).preferredSize(Size(width: 20, height: 20)))),
          background: .node(backdrop)),
        overlay: .node(glass))
    }
    let layout = try await card.layout(thatFits: SizeRange(exactly: Size(width: 100, height: 60)))
    #expect(layout.size == Size(width: 100, height: 60))
    #expect(
      layout.sublayouts.map { $0.node.map(ObjectIdentifier.init) }
        == [backdrop, icon, glass].map(ObjectIdentifier.init))
    #expect(layout.frame(of: backdrop) == Rect(x: 0, y: 0, width: 100, height: 60))
    // The inset's child is offered exactly 80 x 40 at (20, 10); the centred icon sits at (30, 10) in it.
    #expect(layout.frame(of: icon) == Rect(x: 50, y: 20, width: 20, height: 20))
    #expect(layout.frame(of: glass) == Rect(x: 0, y: 0, width: 100, height: 60))
  }

  @Test(
    "A ratio spec under a text in a column: the photo is half as high as the column is wide, the caption below it"
  ) func ratioPhotoAboveCaption() async throws {
    let photo = BasicNode(debugName: "photo")
    let caption = TextNode(text: AttributedText("Hi"))
    let column = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .stretch, children: [.ratio(0.5, .node(photo)), .node(caption)])
    }
    let layout = try await column.layout(thatFits: SizeRange(exactWidth: 120))
    let captionSize = try await caption.layout(thatFits: SizeRange(exactWidth: 120)).size
    #expect(layout.frame(of: photo) == Rect(x: 0, y: 0, width: 120, height: 60))
    #expect(layout.frame(of: caption) == Rect(x: 0, y: 60, width: 120, height: captionSize.height))
    #expect(layout.size == Size(width: 120, height: 60 + captionSize.height))
  }

  @Test(
    "A badge on an avatar's top-right corner that wraps the corner: the union starts at the origin; an absolute spec sized to fit"
  ) func cornerAndAbsolute() async throws {
    let avatar = BasicNode(debugName: "avatar")
    let badge = BasicNode(debugName: "badge")
    let wrapped = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .corner(
        .node(avatar).preferredSize(Size(width: 40, height: 40)),
        corner: .node(badge).preferredSize(Size(width: 10, height: 10)), location: .topRight, wrapsCorner: true)
    }
    let cornered = try await wrapped.layout(thatFits: .unconstrained)
    #expect(cornered.size == Size(width: 45, height: 45))
    #expect(cornered.frame(of: avatar) == Rect(x: 0, y: 5, width: 40, height: 40))
    #expect(cornered.frame(of: badge) == Rect(x: 35, y: 0, width: 10, height: 10))

    let first = BasicNode(debugName: "first")
    let second = BasicNode(debugName: "second")
    let placed = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .absolute(
        sizing: .sizeToFit,
        children: [
          .node(first).preferredSize(Size(width: 20, height: 20)).layoutPosition(Point(x: 10, y: 10)),
          .node(second).preferredSize(Size(width: 10, height: 10)).layoutPosition(Point(x: 50, y: 5)),
        ])
    }
    let absolute = try await placed.layout(thatFits: SizeRange(min: .zero, max: Size(width: 200, height: 200)))
    #expect(absolute.size == Size(width: 60, height: 30))
    #expect(absolute.frame(of: first) == Rect(x: 10, y: 10, width: 20, height: 20))
    #expect(absolute.frame(of: second) == Rect(x: 50, y: 5, width: 10, height: 10))
  }

  @Test(
    "A node that manages its subnodes: a node the spec drops exits, one it adds loads and enters once, a reorder moves views without hooks"
  ) @MainActor func managedSubnodesInsertRemoveReorder() async throws {
    let log = ScenarioLog()
    let a = UserNode("a", log: log, size: Size(width: 10, height: 10))
    let b = UserNode("b", log: log, size: Size(width: 10, height: 20))
    let c = UserNode("c", log: log, size: Size(width: 10, height: 30))
    let list = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, children: [.node(a), .node(b)])
    }
    let window = Window(size: Size(width: 50, height: 100), turnMode: .manual)
    try await window.attach(list)
    #expect(b.view?.frame == Rect(x: 0, y: 10, width: 50, height: 20))
    log.entries.removeAll()

    await list.setLayoutSpecBlock { _, _ in .stack(.vertical, children: [.node(c), .node(b)]) }
    await list.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(await list.subnodes.map(\.nodeCore.id) == [c.nodeCore.id, b.nodeCore.id])
    #expect(log.count("a.didExit") == 1)
    #expect(log.count("c.didLoad") == 1)
    #expect(log.count("c.didEnter") == 1)
    #expect(!log.entries.contains { $0.hasPrefix("b.did") })
    #expect(!a.isInHierarchy)
    #expect(c.view?.frame == Rect(x: 0, y: 0, width: 50, height: 30))
    #expect(b.view?.frame == Rect(x: 0, y: 30, width: 50, height: 20))
    log.entries.removeAll()

    await list.setLayoutSpecBlock { _, _ in .stack(.vertical, children: [.node(b), .node(c)]) }
    await list.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(await list.subnodes.map(\.nodeCore.id) == [b.nodeCore.id, c.nodeCore.id])
    #expect(
      list.view?.subviews.map(ObjectIdentifier.init) == [b.view, c.view].compactMap { $0 }.map(ObjectIdentifier.init))
    #expect(b.view?.frame == Rect(x: 0, y: 0, width: 50, height: 20))
    #expect(c.view?.frame == Rect(x: 0, y: 20, width: 50, height: 30))
    #expect(!log.entries.contains { $0.contains("Enter") || $0.contains("Exit") || $0.contains("didLoad") })
  }

  @Test(
    "A managed node moved from one manager to another in one pass ends under the second, framed by its spec, still in the hierarchy"
  ) @MainActor func managedNodeMovesBetweenManagers() async throws {
    let log = ScenarioLog()
    let item = UserNode("item", log: log, size: Size(width: 10, height: 10))
    let filler = BasicNode(debugName: "filler")
    let from = BasicNode(debugName: "from", automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, children: [.node(item)])
    }
    let to = BasicNode(debugName: "to", automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, children: [.node(filler).height(5)])
    }
    let root = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, children: [.node(from).height(40), .node(to).height(40)])
    }
    let window = Window(size: Size(width: 50, height: 100), turnMode: .manual)
    try await window.attach(root)
    #expect(await item.supernode?.nodeCore.id == from.nodeCore.id)
    log.entries.removeAll()

    await from.setLayoutSpecBlock { _, _ in .stack(.vertical, children: []) }
    await to.setLayoutSpecBlock { _, _ in .stack(.vertical, children: [.node(filler).height(5), .node(item)]) }
    await from.setNeedsLayout()
    await to.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(await item.supernode?.nodeCore.id == to.nodeCore.id)
    #expect(await from.subnodes.isEmpty)
    #expect(await to.subnodes.map(\.nodeCore.id) == [filler.nodeCore.id, item.nodeCore.id])
    #expect(item.view?.superview === to.view)
    #expect(item.view?.frame == Rect(x: 0, y: 5, width: 50, height: 10))
    #expect(item.isInHierarchy)
    #expect(log.count("item.didLoad") == 0)
  }

  @Test(
    "A caption whose new text wraps onto more lines pushes the nodes below it down, and back up when it shortens"
  ) @MainActor func wrappingTextMovesFramesBelow() async throws {
    let caption = TextNode(text: AttributedText("Hi"))
    let footer = BasicNode(debugName: "footer")
    let column = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .stretch, children: [.node(caption), .node(footer).height(10)])
    }
    let window = Window(size: Size(width: 80, height: 300), turnMode: .manual)
    try await window.attach(column)
    let oneLine = try await caption.layout(thatFits: SizeRange(exactWidth: 80)).size.height
    #expect(footer.view?.frame == Rect(x: 0, y: oneLine, width: 80, height: 10))

    await Task.detached {
      await caption.setText(AttributedText("A kitten asleep in a basket of yarn, one paw over its nose"))
    }.value
    try await window.layoutIfNeeded()
    #expect(await caption.lineCount > 1)
    let wrapped = try await caption.layout(thatFits: SizeRange(exactWidth: 80)).size.height
    #expect(wrapped > oneLine)
    #expect(caption.view?.frame == Rect(x: 0, y: 0, width: 80, height: wrapped))
    #expect(footer.view?.frame == Rect(x: 0, y: wrapped, width: 80, height: 10))
    #expect(await caption.calculatedSize == Size(width: 80, height: wrapped))

    await caption.setText(AttributedText("Hi"))
    try await window.layoutIfNeeded()
    #expect(footer.view?.frame == Rect(x: 0, y: oneLine, width: 80, height: 10))
    #expect(await caption.lineCount == 1)
  }

  @Test(
    "Measuring a window's root in another range from a background task while its pass runs leaves the applied and calculated layouts at the window's size"
  ) @MainActor func measurementRacingAPass() async throws {
    let log = ScenarioLog()
    let leaf = UserNode("leaf", log: log)
    let root = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .stretch, children: [.node(leaf).height(10)])
    }
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(root)
    for width in [60.0, 70, 80] {
      window.resize(to: Size(width: width, height: 100))
      let measuring = Task.detached { try await root.layout(thatFits: SizeRange(exactWidth: 30)) }
      try await window.layoutIfNeeded()
      let measured = try await measuring.value
      #expect(measured.frame(of: leaf) == Rect(x: 0, y: 0, width: 30, height: 10))
      #expect(root.appliedLayout?.size == Size(width: width, height: 100))
      #expect(await root.calculatedLayout?.size == Size(width: width, height: 100))
      #expect(await leaf.calculatedLayout?.size == Size(width: width, height: 10))
      #expect(leaf.appliedLayout?.size == Size(width: width, height: 10))
      #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: width, height: 10))
    }
  }

  @Test(
    "A storm of setNeedsLayout from many tasks, each after changing a row's height, ends in one layout that a fresh measurement agrees with"
  ) @MainActor func invalidationStormConverges() async throws {
    let log = ScenarioLog()
    let rows = (0..<8).map { UserNode("row\($0)", log: log, size: Size(width: 10, height: 5)) }
    let list = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, spacing: 1, alignItems: .stretch, children: rows.map { .node($0) })
    }
    let window = Window(size: Size(width: 60, height: 400), turnMode: .manual)
    try await window.attach(list)
    await withTaskGroup(of: Void.self) { group in
      for round in 0..<5 {
        for (index, row) in rows.enumerated() {
          group.addTask {
            await row.setFixedSize(Size(width: 10, height: Double(5 + index + round)))
            await row.setNeedsLayout()
          }
        }
      }
    }
    for (index, row) in rows.enumerated() {
      await row.setFixedSize(Size(width: 10, height: Double(10 + index)))
      await row.setNeedsLayout()
    }
    try await window.layoutIfNeeded()
    var y = 0.0
    for (index, row) in rows.enumerated() {
      #expect(row.view?.frame == Rect(x: 0, y: y, width: 60, height: Double(10 + index)))
      y += Double(10 + index) + 1
    }
    let fresh = try await list.layout(thatFits: SizeRange(exactly: Size(width: 60, height: 400)))
    #expect(list.appliedLayout?.sublayouts.map(\.frame) == fresh.sublayouts.map(\.frame))
  }

  @Test(
    "A spacer that grows, a relative spec at the bottom-right and an inset free at the top: each child where Texture puts it"
  ) func spacerRelativeAndInfiniteInset() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let row = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(children: [.node(a).width(20), LayoutSpec.spacer.flexGrow(1), .node(b).width(30)])
    }
    let spaced = try await row.layout(thatFits: SizeRange(exactly: Size(width: 100, height: 10)))
    #expect(spaced.frame(of: a) == Rect(x: 0, y: 0, width: 20, height: 10))
    #expect(spaced.frame(of: b) == Rect(x: 70, y: 0, width: 30, height: 10))

    let corner = BasicNode(debugName: "corner")
    let anchored = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .relative(horizontal: .end, vertical: .end, .node(corner).preferredSize(Size(width: 20, height: 20)))
    }
    let relative = try await anchored.layout(thatFits: SizeRange(exactly: Size(width: 100, height: 60)))
    #expect(relative.frame(of: corner) == Rect(x: 80, y: 40, width: 20, height: 20))

    let footer = BasicNode(debugName: "footer")
    let pinned = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .inset(EdgeInsets(top: .infinity, left: 10, bottom: 10, right: 10), .node(footer).height(20))
    }
    let inset = try await pinned.layout(thatFits: SizeRange(exactly: Size(width: 100, height: 60)))
    #expect(inset.frame(of: footer) == Rect(x: 10, y: 30, width: 80, height: 20))
  }

  @Test(
    "A column filling the window: a header text that wraps onto more lines takes room from the spacer that grows, the footer stays at the bottom"
  ) @MainActor func growingTextTakesRoomFromFlexibleSibling() async throws {
    let header = TextNode(text: AttributedText("Hi"))
    let filler = BasicNode(debugName: "filler")
    let footer = BasicNode(debugName: "footer")
    let column = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(
        .vertical, alignItems: .stretch,
        children: [.node(header), .node(filler).flexGrow(1), .node(footer).height(10)])
    }
    let window = Window(size: Size(width: 80, height: 200), turnMode: .manual)
    try await window.attach(column)
    let short = try await header.layout(thatFits: SizeRange(exactWidth: 80)).size.height
    #expect(filler.view?.frame == Rect(x: 0, y: short, width: 80, height: 190 - short))
    #expect(footer.view?.frame == Rect(x: 0, y: 190, width: 80, height: 10))

    await header.setText(AttributedText("A kitten asleep in a basket of yarn, one paw over its nose"))
    try await window.layoutIfNeeded()
    let tall = try await header.layout(thatFits: SizeRange(exactWidth: 80)).size.height
    #expect(tall > short)
    #expect(header.view?.frame == Rect(x: 0, y: 0, width: 80, height: tall))
    #expect(filler.view?.frame == Rect(x: 0, y: tall, width: 80, height: 190 - tall))
    #expect(footer.view?.frame == Rect(x: 0, y: 190, width: 80, height: 10))

    await header.setMaximumNumberOfLines(1)
    try await window.layoutIfNeeded()
    #expect(header.view?.frame == Rect(x: 0, y: 0, width: 80, height: short))
    #expect(filler.view?.frame == Rect(x: 0, y: short, width: 80, height: 190 - short))
    #expect(await header.isTruncated)
  }

  @Test(
    "A caption that shrinks in a row wraps when the window narrows: the card grows taller and the node below it moves down"
  ) @MainActor func rowTextWrapsWhenWindowNarrows() async throws {
    let photo = BasicNode(debugName: "photo")
    let caption = TextNode(text: AttributedText("A kitten asleep in a basket"))
    let below = BasicNode(debugName: "below")
    let card = BasicNode(debugName: "card", automaticallyManagesSubnodes: true) { _, _ in
      .inset(
        EdgeInsets(all: 4),
        .stack(
          spacing: 4, alignItems: .start,
          children: [.node(photo).preferredSize(Size(width: 20, height: 20)), .node(caption).flexShrink(1)]))
    }
    let feed = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .stretch, children: [.node(card), .node(below).height(10)])
    }
    let window = Window(size: Size(width: 400, height: 300), turnMode: .manual)
    try await window.attach(feed)
    let wide = try await caption.layout(thatFits: SizeRange(min: .zero, max: Size(width: 368, height: .infinity))).size
    #expect(caption.view?.frame == Rect(x: 28, y: 4, width: wide.width, height: wide.height))
    let wideCard = max(20, wide.height) + 8
    #expect(card.view?.frame == Rect(x: 0, y: 0, width: 400, height: wideCard))
    #expect(below.view?.frame == Rect(x: 0, y: wideCard, width: 400, height: 10))

    window.resize(to: Size(width: 100, height: 300))
    try await window.layoutIfNeeded()
    // The caption is measured first at its content width, then shrunk to the 68 points left and measured there.
    let narrow = try await caption.layout(thatFits: SizeRange(exactWidth: 68)).size
    #expect(narrow.height > wide.height)
    #expect(caption.view?.frame == Rect(x: 28, y: 4, width: 68, height: narrow.height))
    let narrowCard = max(20, narrow.height) + 8
    #expect(card.view?.frame == Rect(x: 0, y: 0, width: 100, height: narrowCard))
    #expect(below.view?.frame == Rect(x: 0, y: narrowCard, width: 100, height: 10))
    #expect(await caption.lineCount > 1)
  }

  @Test(
    "A text measured in another room from a background task, then invalidated, is laid out again in the room its supernode gives it"
  ) @MainActor func measuredElsewhereThenInvalidated() async throws {
    let caption = TextNode(text: AttributedText("A kitten asleep in a basket of yarn"))
    let footer = BasicNode(debugName: "footer")
    let column = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .stretch, children: [.node(caption), .node(footer).height(10)])
    }
    let window = Window(size: Size(width: 120, height: 300), turnMode: .manual)
    try await window.attach(column)
    let shown = try #require(caption.view?.frame)
    let elsewhere = try await Task.detached {
      try await caption.layout(thatFits: SizeRange(exactWidth: 40)).size
    }.value
    #expect(elsewhere.height > shown.height)
    #expect(await caption.calculatedSize == elsewhere)
    #expect(await caption.calculatedLayout?.size == shown.size)

    await caption.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(caption.view?.frame == shown)
    #expect(footer.view?.frame == Rect(x: 0, y: shown.height, width: 120, height: 10))
    #expect(await caption.calculatedLayout?.size == shown.size)
    #expect(await caption.lineCount == 1 || shown.height < elsewhere.height)
  }

  @Test(
    "A managed node dropped by its manager's spec and named again later enters again without loading again, at its new frame"
  ) @MainActor func managedNodeRemovedThenReadded() async throws {
    let log = ScenarioLog()
    let item = UserNode("item", log: log, size: Size(width: 10, height: 10))
    let header = BasicNode(debugName: "header")
    let list = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, children: [.node(item)])
    }
    let window = Window(size: Size(width: 50, height: 100), turnMode: .manual)
    try await window.attach(list)
    await list.setLayoutSpecBlock { _, _ in .stack(.vertical, children: [.node(header).height(5)]) }
    await list.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(!item.isInHierarchy)
    #expect(item.view?.superview == nil)

    await list.setLayoutSpecBlock { _, _ in
      .stack(.vertical, children: [.node(header).height(5), .node(item).spacingBefore(3)])
    }
    await list.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(item.isInHierarchy)
    #expect(item.view?.superview === list.view)
    #expect(item.view?.frame == Rect(x: 0, y: 8, width: 50, height: 10))
    #expect(log.count("item.didLoad") == 1)
    #expect(log.count("item.didEnter") == 2)
    #expect(log.count("item.didExit") == 1)
    #expect(item.appliedLayout?.size == Size(width: 50, height: 10))
  }

  @Test(
    "Rounding as Texture rounds: a stack centres across the axis flooring (69), a centre spec rounds (70), a stack's main-axis centre is ceiled when flattened (70)"
  ) func centringRounds() async throws {
    let x = BasicNode(debugName: "x")
    let range = SizeRange(exactly: Size(width: 200, height: 200))
    let crossCentred = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .center, children: [.node(x).preferredSize(Size(width: 61, height: 10))])
    }
    #expect(try await crossCentred.layout(thatFits: range).frame(of: x) == Rect(x: 69, y: 0, width: 61, height: 10))
    let specCentred = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .center(.node(x).preferredSize(Size(width: 61, height: 61)))
    }
    #expect(try await specCentred.layout(thatFits: range).frame(of: x) == Rect(x: 70, y: 70, width: 61, height: 61))
    let mainCentred = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(
        justifyContent: .center, alignItems: .start, children: [.node(x).preferredSize(Size(width: 61, height: 10))])
    }
    #expect(try await mainCentred.layout(thatFits: range).frame(of: x) == Rect(x: 70, y: 0, width: 61, height: 10))
  }

  @Test(
    "Resizes and invalidations interleaved from many tasks end in the layout of the last size and the last values"
  ) @MainActor func resizeAndInvalidationStorm() async throws {
    let log = ScenarioLog()
    let rows = (0..<4).map { UserNode("row\($0)", log: log, size: Size(width: 10, height: 5)) }
    let list = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .stretch, children: rows.map { .node($0) })
    }
    let window = Window(size: Size(width: 60, height: 400), turnMode: .automatic)
    try await window.attach(list)
    for step in 0..<6 {
      let tasks = rows.enumerated().map { index, row in
        Task.detached {
          await row.setFixedSize(Size(width: 10, height: Double(5 + index + step)))
          await row.setNeedsLayout()
        }
      }
      window.resize(to: Size(width: Double(40 + step * 10), height: 400))
      for task in tasks { await task.value }
      if step.isMultiple(of: 2) { try await window.layoutIfNeeded() }
    }
    try await window.layoutIfNeeded()
    var y = 0.0
    for (index, row) in rows.enumerated() {
      #expect(row.view?.frame == Rect(x: 0, y: y, width: 90, height: Double(10 + index)))
      #expect(row.appliedLayout?.size == Size(width: 90, height: Double(10 + index)))
      y += Double(10 + index)
    }
    #expect(list.appliedLayout?.size == Size(width: 90, height: 400))
  }

  @Test(
    "A subnode's layoutIfNeeded from a background task, while the window's pass runs, returns with the subnode's new frame applied"
  ) @MainActor func subnodeLayoutIfNeededFromBackground() async throws {
    let log = ScenarioLog()
    let leaf = UserNode("leaf", log: log, size: Size(width: 10, height: 10))
    let column = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .start, children: [.node(leaf)])
    }
    let window = Window(size: Size(width: 100, height: 100), turnMode: .automatic)
    try await window.attach(column)
    for height in [20.0, 30, 40] {
      let waiting = Task.detached {
        await leaf.setFixedSize(Size(width: 10, height: height))
        await leaf.setNeedsLayout()
        try await leaf.layoutIfNeeded()
        return await MainActor.run { leaf.view?.frame }
      }
      #expect(try await waiting.value == Rect(x: 0, y: 0, width: 10, height: height))
    }
    #expect(await leaf.calculatedSize == Size(width: 10, height: 40))
  }

  @Test(
    "Fractions: a flexBasis of 25% and a width of 50% resolve against an exact stack, and count as auto in one that is not"
  ) func fractionsInStacks() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let row = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(
        alignItems: .start,
        children: [
          .node(a).flexBasis(.fraction(0.25)).height(10), .node(b).width(.fraction(0.5)).height(10),
        ])
    }
    let exact = try await row.layout(thatFits: SizeRange(exactly: Size(width: 200, height: 10)))
    #expect(exact.frame(of: a) == Rect(x: 0, y: 0, width: 50, height: 10))
    #expect(exact.frame(of: b) == Rect(x: 50, y: 0, width: 100, height: 10))
  }

  @Test(
    "A wrapper takes its largest child's size and places every child at the origin"
  ) func wrapperTakesLargestChild() async throws {
    let small = BasicNode(debugName: "small")
    let large = BasicNode(debugName: "large")
    let wrapper = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .wrapper([
        .node(small).preferredSize(Size(width: 10, height: 30)),
        .node(large).preferredSize(Size(width: 40, height: 20)),
      ])
    }
    let layout = try await wrapper.layout(thatFits: SizeRange(min: .zero, max: Size(width: 100, height: 100)))
    #expect(layout.size == Size(width: 40, height: 30))
    #expect(layout.frame(of: small) == Rect(x: 0, y: 0, width: 10, height: 30))
    #expect(layout.frame(of: large) == Rect(x: 0, y: 0, width: 40, height: 20))
  }

  @Test(
    "A node a managing node's new layout inserts loads, enters the hierarchy, then gets its layout hooks, once each"
  ) @MainActor func insertedManagedNodeHookOrder() async throws {
    let log = ScenarioLog()
    let first = UserNode("first", log: log, size: Size(width: 10, height: 10))
    let added = UserNode("added", log: log, size: Size(width: 10, height: 10))
    let list = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, children: [.node(first)])
    }
    let window = Window(size: Size(width: 50, height: 100), turnMode: .manual)
    try await window.attach(list)
    log.entries.removeAll()
    await list.setLayoutSpecBlock { _, _ in .stack(.vertical, children: [.node(first), .node(added)]) }
    await list.setNeedsLayout()
    try await window.layoutIfNeeded()
    let hooks = log.entries.filter { $0.hasPrefix("added.") && !$0.contains("calculated") }
    #expect(hooks == ["added.didLoad", "added.willEnter", "added.didEnter", "added.layout[]", "added.layoutDidFinish"])
    #expect(added.view?.frame == Rect(x: 0, y: 10, width: 50, height: 10))
    #expect(!log.entries.contains { $0.hasPrefix("first.did") || $0.hasPrefix("first.will") })
  }

  @Test(
    "A tree laid out before any view loads, changed and laid out again, then attached to a window of another size, shows the window's layout"
  ) @MainActor func laidOutUnloadedThenAttached() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let card = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .stretch, children: [.node(a).height(10)])
    }
    await Task.detached {
      await card.configure { $0.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
      try? await card.layoutIfNeeded()
    }.value
    #expect(await card.subnodes.count == 1)
    #expect(await a.calculatedLayout?.size == Size(width: 100, height: 10))

    await card.setLayoutSpecBlock { _, _ in
      .stack(.vertical, alignItems: .stretch, children: [.node(b).height(5), .node(a).height(10)])
    }
    await card.setNeedsLayout()
    try await card.layoutIfNeeded()
    #expect(await card.subnodes.map(\.nodeCore.id) == [b.nodeCore.id, a.nodeCore.id])
    #expect(await card.calculatedLayout?.frame(of: a) == Rect(x: 0, y: 5, width: 100, height: 10))

    let window = Window(size: Size(width: 60, height: 80), turnMode: .manual)
    try await window.attach(card)
    #expect(b.view?.frame == Rect(x: 0, y: 0, width: 60, height: 5))
    #expect(a.view?.frame == Rect(x: 0, y: 5, width: 60, height: 10))
    #expect(
      card.view?.subviews.map(ObjectIdentifier.init) == [b.view, a.view].compactMap { $0 }.map(ObjectIdentifier.init))
    #expect(await a.calculatedLayout?.size == Size(width: 60, height: 10))
  }

  @Test(
    "Managed nodes moved between nested stacks of one manager: the subviews follow the flattened order and the frames the new spec"
  ) @MainActor func managedReorderAcrossNestedStacks() async throws {
    let a = BasicNode(debugName: "a")
    let b = BasicNode(debugName: "b")
    let c = BasicNode(debugName: "c")
    let side = Size(width: 10, height: 10)
    let grid = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(
        .vertical, alignItems: .start,
        children: [
          .stack(children: [.node(a).preferredSize(side), .node(b).preferredSize(side)]), .node(c).preferredSize(side),
        ])
    }
    let window = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await window.attach(grid)
    #expect(b.view?.frame == Rect(x: 10, y: 0, width: 10, height: 10))
    #expect(c.view?.frame == Rect(x: 0, y: 10, width: 10, height: 10))

    await grid.setLayoutSpecBlock { _, _ in
      .stack(
        .vertical, alignItems: .start,
        children: [
          .node(c).preferredSize(side), .stack(children: [.node(b).preferredSize(side), .node(a).preferredSize(side)]),
        ])
    }
    await grid.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(await grid.subnodes.map(\.nodeCore.id) == [c, b, a].map(\.nodeCore.id))
    #expect(
      grid.view?.subviews.map(ObjectIdentifier.init)
        == [c.view, b.view, a.view].compactMap { $0 }.map(ObjectIdentifier.init))
    #expect(c.view?.frame == Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(b.view?.frame == Rect(x: 0, y: 10, width: 10, height: 10))
    #expect(a.view?.frame == Rect(x: 10, y: 10, width: 10, height: 10))
  }

  @Test(
    "Detaching a window takes a managing node's subnodes out of the hierarchy once each; attaching again brings them back with their frames"
  ) @MainActor func managedSubnodesLeaveWithTheirTree() async throws {
    let log = ScenarioLog()
    let item = UserNode("item", log: log, size: Size(width: 10, height: 10))
    let nested = BasicNode(automaticallyManagesSubnodes: true) { _, _ in .stack(children: [.node(item)]) }
    let list = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .inset(EdgeInsets(all: 5), .node(nested))
    }
    let window = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await window.attach(list)
    #expect(nested.view?.frame == Rect(x: 5, y: 5, width: 40, height: 40))
    #expect(item.view?.frame == Rect(x: 0, y: 0, width: 10, height: 40))
    await window.detach()
    #expect(log.count("item.didExit") == 1)
    #expect(!item.isInHierarchy)

    let other = Window(size: Size(width: 30, height: 30), turnMode: .manual)
    try await other.attach(list)
    #expect(log.count("item.didEnter") == 2)
    #expect(log.count("item.didLoad") == 1)
    #expect(nested.view?.frame == Rect(x: 5, y: 5, width: 20, height: 20))
    #expect(item.view?.frame == Rect(x: 0, y: 0, width: 10, height: 20))
  }

  @Test(
    "A responsive spec that names a compact badge only below 40 points: a measurement never inserts it, resizes insert and remove it each time, cached layouts too"
  ) @MainActor func responsiveSpecAcrossResizes() async throws {
    let log = ScenarioLog()
    let title = UserNode("title", log: log, size: Size(width: 10, height: 10))
    let badge = UserNode("badge", log: log, size: Size(width: 5, height: 5))
    let header = BasicNode(automaticallyManagesSubnodes: true) { _, range in
      range.max.width < 40
        ? .stack(alignItems: .start, children: [.node(badge), .node(title)])
        : .stack(alignItems: .start, children: [.node(title)])
    }
    let window = Window(size: Size(width: 50, height: 50), turnMode: .manual)
    try await window.attach(header)
    let compact = try await Task.detached {
      try await header.layout(thatFits: SizeRange(exactly: Size(width: 30, height: 50)))
    }.value
    #expect(compact.frame(of: title) == Rect(x: 5, y: 0, width: 10, height: 10))
    #expect(await header.subnodes.count == 1)
    #expect(!badge.isInHierarchy)

    for round in 1...2 {
      window.resize(to: Size(width: 30, height: 50))
      try await window.layoutIfNeeded()
      #expect(await header.subnodes.map(\.nodeCore.id) == [badge.nodeCore.id, title.nodeCore.id])
      #expect(badge.isInHierarchy)
      #expect(badge.view?.frame == Rect(x: 0, y: 0, width: 5, height: 5))
      #expect(title.view?.frame == Rect(x: 5, y: 0, width: 10, height: 10))
      #expect(log.count("badge.didEnter") == round)

      window.resize(to: Size(width: 50, height: 50))
      try await window.layoutIfNeeded()
      #expect(await header.subnodes.map(\.nodeCore.id) == [title.nodeCore.id])
      #expect(!badge.isInHierarchy)
      #expect(title.view?.frame == Rect(x: 0, y: 0, width: 10, height: 10))
      #expect(log.count("badge.didExit") == round)
    }
    #expect(log.count("badge.didLoad") == 1)
  }

  @Test(
    "A stack's own size: it grows its children only to the range's minimum, takes its largest child across, an empty one takes the minimum"
  ) func stackSizing() async throws {
    let log = ScenarioLog()
    let growing = BasicNode(debugName: "growing")
    let row = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(children: [.node(growing).preferredSize(Size(width: 50, height: 10)).flexGrow(1)])
    }
    let grown = try await row.layout(
      thatFits: SizeRange(min: Size(width: 100, height: 0), max: Size(width: 300, height: 50)))
    #expect(grown.size == Size(width: 100, height: 10))
    #expect(grown.frame(of: growing) == Rect(x: 0, y: 0, width: 100, height: 10))

    let short = UserNode("short", log: log, size: Size(width: 10, height: 10))
    let tall = UserNode("tall", log: log, size: Size(width: 10, height: 30))
    let mixed = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(alignItems: .start, children: [.node(short), .node(tall)])
    }
    let across = try await mixed.layout(thatFits: SizeRange(min: .zero, max: Size(width: 100, height: 100)))
    #expect(across.size == Size(width: 20, height: 30))

    let empty = BasicNode { _, _ in .stack(spacing: 10, children: []) }
    let none = try await empty.layout(
      thatFits: SizeRange(min: Size(width: 30, height: 20), max: Size(width: 100, height: 100)))
    #expect(none.size == Size(width: 30, height: 20))
  }

  @Test(
    "Stretch across a row: an explicit zero height is stretched, a minimum height stops the stretch, a fixed flexBasis beats the width"
  ) func stretchAndBasisRules() async throws {
    let log = ScenarioLog()
    let zero = UserNode("zero", log: log, size: Size(width: 10, height: 10))
    let floored = UserNode("floored", log: log, size: Size(width: 10, height: 10))
    let based = UserNode("based", log: log, size: Size(width: 10, height: 10))
    let row = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(
        alignItems: .stretch,
        children: [
          .node(zero).height(0), .node(floored).minHeight(20), .node(based).width(10).flexBasis(.points(40)),
        ])
    }
    let layout = try await row.layout(thatFits: SizeRange(exactly: Size(width: 100, height: 50)))
    #expect(layout.frame(of: zero) == Rect(x: 0, y: 0, width: 10, height: 50))
    #expect(layout.frame(of: floored) == Rect(x: 10, y: 0, width: 10, height: 20))
    #expect(layout.frame(of: based) == Rect(x: 20, y: 0, width: 40, height: 50))
  }

  @Test(
    "Texts set from background tasks while the window resizes: once settled, each caption's frame and lines are those of a fresh measurement at the last width"
  ) @MainActor func textAndResizeStormSettles() async throws {
    let texts = [
      "Hi", "A kitten asleep", "A kitten asleep in a basket of yarn, one paw over its nose",
      "Two kittens and a ball of wool, both of them tangled",
    ]
    let captions = (0..<3).map { TextNode(text: AttributedText(texts[$0])) }
    let footer = BasicNode(debugName: "footer")
    let column = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(
        .vertical, spacing: 2, alignItems: .stretch,
        children: captions.map { .node($0) } + [.node(footer).height(10)])
    }
    let window = Window(size: Size(width: 200, height: 400), turnMode: .automatic)
    try await window.attach(column)
    for step in 0..<6 {
      let writes = captions.enumerated().map { index, caption in
        Task.detached { await caption.setText(AttributedText(texts[(index + step) % texts.count])) }
      }
      window.resize(to: Size(width: Double(60 + 23 * step), height: 400))
      if step.isMultiple(of: 3) { try await window.layoutIfNeeded() }
      for write in writes { await write.value }
    }
    try await window.layoutIfNeeded()
    let width = window.size.width
    var y = 0.0
    for caption in captions {
      let fresh = TextNode(text: await caption.text)
      let size = try await fresh.layout(thatFits: SizeRange(exactWidth: width)).size
      #expect(caption.view?.frame == Rect(x: 0, y: y, width: width, height: size.height))
      #expect(await caption.lineCount == fresh.textLayout(in: size).lines.count)
      y += size.height + 2
    }
    #expect(footer.view?.frame == Rect(x: 0, y: y, width: width, height: 10))
  }

  @Test(
    "A caption that fills a fixed room keeps its frame when its text changes, and draws the new text as a fresh caption in that room does"
  ) @MainActor func stretchedTextRedrawsAtItsSize() async throws {
    func show(_ text: String) async throws -> (TextNode, Window) {
      let caption = TextNode(text: AttributedText(text))
      let column = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
        .inset(EdgeInsets(all: 4), .stack(.vertical, alignItems: .stretch, children: [.node(caption).flexGrow(1)]))
      }
      let window = Window(size: Size(width: 90, height: 60), turnMode: .manual)
      try await window.attach(column)
      await column.recursivelyEnsureDisplay()
      return (caption, window)
    }
    let (caption, window) = try await show("Hi")
    #expect(caption.view?.frame == Rect(x: 4, y: 4, width: 82, height: 52))
    let before = caption.layer?.contents

    await Task.detached { await caption.setText(AttributedText("A kitten asleep in a basket")) }.value
    try await window.layoutIfNeeded()
    await caption.recursivelyEnsureDisplay()
    #expect(caption.view?.frame == Rect(x: 4, y: 4, width: 82, height: 52))
    #expect(await caption.lineCount > 1)
    let (fresh, freshWindow) = try await show("A kitten asleep in a basket")
    #expect(caption.layer?.contents != before)
    #expect(caption.layer?.contents == fresh.layer?.contents)
    #expect(freshWindow.size == window.size)
  }

  @Test(
    "Style fields that leave a child's own size alone (flexGrow, alignSelf, spacingBefore), set from a background task, relayout its supernode"
  ) @MainActor func flexStyleChangesRelayoutSupernode() async throws {
    let log = ScenarioLog()
    let a = UserNode("a", log: log, size: Size(width: 10, height: 10))
    let b = UserNode("b", log: log, size: Size(width: 10, height: 10))
    let row = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(alignItems: .start, children: [.node(a), .node(b)])
    }
    let window = Window(size: Size(width: 100, height: 40), turnMode: .manual)
    try await window.attach(row)
    #expect(b.view?.frame == Rect(x: 10, y: 0, width: 10, height: 10))

    await Task.detached { await a.setStyle { $0.flexGrow = 1 } }.value
    try await window.layoutIfNeeded()
    #expect(a.view?.frame == Rect(x: 0, y: 0, width: 90, height: 10))
    #expect(b.view?.frame == Rect(x: 90, y: 0, width: 10, height: 10))

    await Task.detached { await b.setStyle { $0.alignSelf = .end } }.value
    try await window.layoutIfNeeded()
    #expect(b.view?.frame == Rect(x: 90, y: 30, width: 10, height: 10))

    await Task.detached { await b.setStyle { $0.spacingBefore = 6 } }.value
    try await window.layoutIfNeeded()
    #expect(a.view?.frame == Rect(x: 0, y: 0, width: 84, height: 10))
    #expect(b.view?.frame == Rect(x: 90, y: 30, width: 10, height: 10))

    await Task.detached { await a.setStyle { $0.flexGrow = 0 } }.value
    try await window.layoutIfNeeded()
    #expect(a.view?.frame == Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(b.view?.frame == Rect(x: 16, y: 30, width: 10, height: 10))
  }

  @Test(
    "Texture's idiom of setting subnodes' styles in the supernode's layout code: a state change and one setNeedsLayout lay the row out with the new styles"
  ) @MainActor func stylesSetInSupernodeLayoutCode() async throws {
    let log = ScenarioLog()
    let a = UserNode("a", log: log, size: Size(width: 10, height: 10))
    let b = UserNode("b", log: log, size: Size(width: 10, height: 10))
    let row = StylingRowNode(a: a, b: b)
    let window = Window(size: Size(width: 100, height: 40), turnMode: .manual)
    try await window.attach(row)
    #expect(a.view?.frame == Rect(x: 0, y: 0, width: 90, height: 10))
    #expect(b.view?.frame == Rect(x: 90, y: 0, width: 10, height: 10))

    await Task.detached { await row.setGrowsFirst(false) }.value
    try await window.layoutIfNeeded()
    #expect(a.view?.frame == Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(b.view?.frame == Rect(x: 10, y: 0, width: 90, height: 10))
    #expect(await a.style.flexGrow == 0)
    #expect(await b.style.flexGrow == 1)

    let measured = try await Task.detached {
      try await row.layout(thatFits: SizeRange(exactly: Size(width: 50, height: 40)))
    }.value
    #expect(measured.frame(of: b) == Rect(x: 10, y: 0, width: 40, height: 10))
    try await window.layoutIfNeeded()
    #expect(b.view?.frame == Rect(x: 10, y: 0, width: 90, height: 10))
  }

  @Test(
    "Edge cases of the simple specs: a fractional position ceiled, an outset, an overlay forced to its child's size, a ratio from the height, a centre that shrinks to its child"
  ) func simpleSpecEdges() async throws {
    let x = BasicNode(debugName: "x")
    let decoration = BasicNode(debugName: "decoration")
    func measure(_ range: SizeRange, _ spec: @escaping @Sendable () -> LayoutSpec) async throws -> Layout {
      try await BasicNode(automaticallyManagesSubnodes: true) { _, _ in spec() }.layout(thatFits: range)
    }
    let fractional = try await measure(SizeRange(exactly: Size(width: 100, height: 100))) {
      .absolute(children: [.node(x).preferredSize(Size(width: 10, height: 10)).layoutPosition(Point(x: 10.2, y: 3.5))])
    }
    #expect(fractional.frame(of: x) == Rect(x: 11, y: 4, width: 10, height: 10))

    let outset = try await measure(SizeRange(exactly: Size(width: 50, height: 50))) {
      .inset(EdgeInsets(all: -5), .node(x))
    }
    #expect(outset.frame(of: x) == Rect(x: -5, y: -5, width: 60, height: 60))

    let overlaid = try await measure(SizeRange(min: .zero, max: Size(width: 100, height: 100))) {
      .overlay(
        .node(x).preferredSize(Size(width: 30, height: 20)),
        overlay: .node(decoration).preferredSize(Size(width: 5, height: 5)))
    }
    #expect(overlaid.size == Size(width: 30, height: 20))
    #expect(overlaid.frame(of: decoration) == Rect(x: 0, y: 0, width: 30, height: 20))

    let ratio = try await measure(SizeRange(exactHeight: 30)) { .ratio(2, .node(x)) }
    #expect(ratio.size == Size(width: 15, height: 30))
    #expect(ratio.frame(of: x) == Rect(x: 0, y: 0, width: 15, height: 30))

    let shrunk = try await measure(SizeRange(min: .zero, max: Size(width: 100, height: 100))) {
      .center(sizing: .minimumXY, .node(x).preferredSize(Size(width: 20, height: 10)))
    }
    #expect(shrunk.size == Size(width: 20, height: 10))
    #expect(shrunk.frame(of: x) == Rect(x: 0, y: 0, width: 20, height: 10))
  }

  @Test(
    "A cell measured ahead of time in the background, then named by a loaded feed, shows the frames measured; its caption's new text grows it and moves the cell below"
  ) @MainActor func cellMeasuredAheadThenShown() async throws {
    func makeCell(_ text: String) -> (BasicNode, TextNode, BasicNode) {
      let photo = BasicNode(debugName: "photo")
      let caption = TextNode(text: AttributedText(text))
      let cell = BasicNode(debugName: "cell", automaticallyManagesSubnodes: true) { _, _ in
        .inset(
          EdgeInsets(all: 8),
          .stack(
            spacing: 8, alignItems: .start,
            children: [.node(photo).preferredSize(Size(width: 40, height: 40)), .node(caption).flexShrink(1)]))
      }
      return (cell, caption, photo)
    }
    let (first, _, _) = makeCell("A kitten")
    let (second, caption, photo) = makeCell("Two kittens")
    let (third, _, _) = makeCell("A cat")
    let feed = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .stretch, children: [.node(first), .node(third)])
    }
    let window = Window(size: Size(width: 240, height: 400), turnMode: .manual)
    try await window.attach(feed)

    let ahead = try await Task.detached { try await second.layout(thatFits: SizeRange(exactWidth: 240)) }.value
    #expect(ahead.frame(of: photo) == Rect(x: 8, y: 8, width: 40, height: 40))
    await feed.setLayoutSpecBlock { _, _ in
      .stack(.vertical, alignItems: .stretch, children: [.node(first), .node(second), .node(third)])
    }
    await feed.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(second.view?.frame == Rect(x: 0, y: 56, width: 240, height: ahead.size.height))
    #expect(caption.view?.frame == ahead.frame(of: caption))
    #expect(third.view?.frame.origin == Point(x: 0, y: 56 + ahead.size.height))

    await Task.detached {
      await caption.setText(AttributedText("Two kittens and a ball of wool, both of them tangled, asleep at last"))
    }.value
    try await window.layoutIfNeeded()
    // Measured unwrapped first, the caption overflows the row and shrinks to the 176 points left: exactly that wide.
    let grown = try await caption.layout(thatFits: SizeRange(exactWidth: 176))
    #expect(grown.size.height > 40)
    #expect(caption.view?.frame == Rect(x: 56, y: 8, width: 176, height: grown.size.height))
    #expect(second.view?.frame == Rect(x: 0, y: 56, width: 240, height: grown.size.height + 16))
    #expect(third.view?.frame.origin == Point(x: 0, y: 56 + grown.size.height + 16))
  }

  @Test(
    "A window resized to nothing and back, and a tree detached while its pass is pending and attached again, end with the frames of the last size"
  ) @MainActor func zeroSizeAndDetachDuringPass() async throws {
    let log = ScenarioLog()
    let leaf = UserNode("leaf", log: log, size: Size(width: 10, height: 10))
    let column = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .stretch, children: [.node(leaf)])
    }
    let window = Window(size: Size(width: 100, height: 100), turnMode: .manual)
    try await window.attach(column)
    window.resize(to: .zero)
    try await window.layoutIfNeeded()
    window.resize(to: Size(width: 70, height: 50))
    try await window.layoutIfNeeded()
    #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: 70, height: 10))

    await leaf.setFixedSize(Size(width: 10, height: 25))
    await leaf.setNeedsLayout()
    window.resize(to: Size(width: 60, height: 50))
    await window.detach()
    try await window.layoutIfNeeded()
    try await window.attach(column)
    try await window.layoutIfNeeded()
    #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: 60, height: 25))
    #expect(column.appliedLayout?.size == Size(width: 60, height: 50))
  }

  @Test(
    "At scale 2 growth still floors to whole points (34 and 66, Texture's std::floor), cross centring floors to the half-point grid (69.5), sizes ceil to it"
  ) func halfPointGrid() async throws {
    let fixed = BasicNode(debugName: "fixed")
    let one = BasicNode(debugName: "one")
    let two = BasicNode(debugName: "two")
    let row = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(
        children: [
          .node(fixed).width(200), .node(one).width(0).flexGrow(1), .node(two).width(0).flexGrow(2),
        ])
    }
    let grown = try await row.layout(thatFits: SizeRange(exactly: Size(width: 300, height: 10)), scale: 2)
    #expect(grown.frame(of: one) == Rect(x: 200, y: 0, width: 34, height: 10))
    #expect(grown.frame(of: two) == Rect(x: 234, y: 0, width: 66, height: 10))

    let x = BasicNode(debugName: "x")
    let column = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .center, children: [.node(x).preferredSize(Size(width: 61, height: 10.2))])
    }
    let centred = try await column.layout(thatFits: SizeRange(exactly: Size(width: 200, height: 200)), scale: 2)
    #expect(centred.frame(of: x) == Rect(x: 69.5, y: 0, width: 61, height: 10.5))
  }

  @Test(
    "A leaf three managing nodes down grows: every ancestor that changes size is laid out again and the nodes after each move, in one layoutIfNeeded"
  ) @MainActor func deepSizeChangeEscalates() async throws {
    let log = ScenarioLog()
    let leaf = UserNode("leaf", log: log, size: Size(width: 10, height: 10))
    let after1 = BasicNode(debugName: "after1")
    let after2 = BasicNode(debugName: "after2")
    let after3 = BasicNode(debugName: "after3")
    let inner = BasicNode(debugName: "inner", automaticallyManagesSubnodes: true) { _, _ in
      .stack(
        .vertical, alignItems: .start, children: [.node(leaf), .node(after1).preferredSize(Size(width: 5, height: 5))])
    }
    let middle = BasicNode(debugName: "middle", automaticallyManagesSubnodes: true) { _, _ in
      .inset(
        EdgeInsets(all: 2),
        .stack(alignItems: .start, children: [.node(inner), .node(after2).preferredSize(Size(width: 5, height: 5))]))
    }
    let outer = BasicNode(debugName: "outer", automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .start, children: [.node(middle), .node(after3).height(5)])
    }
    let window = Window(size: Size(width: 200, height: 200), turnMode: .manual)
    try await window.attach(outer)
    #expect(middle.view?.frame == Rect(x: 0, y: 0, width: 19, height: 19))
    #expect(after3.view?.frame == Rect(x: 0, y: 19, width: 200, height: 5))

    await Task.detached {
      await leaf.setFixedSize(Size(width: 30, height: 40))
      await leaf.setNeedsLayout()
    }.value
    try await window.layoutIfNeeded()
    #expect(leaf.view?.frame == Rect(x: 0, y: 0, width: 30, height: 40))
    #expect(after1.view?.frame == Rect(x: 0, y: 40, width: 5, height: 5))
    #expect(inner.view?.frame == Rect(x: 2, y: 2, width: 30, height: 45))
    #expect(after2.view?.frame == Rect(x: 32, y: 2, width: 5, height: 5))
    #expect(middle.view?.frame == Rect(x: 0, y: 0, width: 39, height: 49))
    #expect(after3.view?.frame == Rect(x: 0, y: 49, width: 200, height: 5))
  }

  @Test(
    "A text's container inset set from a background task grows it in its column and moves the node below"
  ) @MainActor func textContainerInsetMovesSiblings() async throws {
    let caption = TextNode(text: AttributedText("Hi"))
    let footer = BasicNode(debugName: "footer")
    let column = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .stack(.vertical, alignItems: .stretch, children: [.node(caption), .node(footer).height(10)])
    }
    let window = Window(size: Size(width: 100, height: 200), turnMode: .manual)
    try await window.attach(column)
    let plain = try #require(caption.view?.frame)
    await Task.detached { await caption.setTextContainerInset(EdgeInsets(top: 6, left: 4, bottom: 6, right: 4)) }.value
    try await window.layoutIfNeeded()
    #expect(caption.view?.frame == Rect(x: 0, y: 0, width: 100, height: plain.height + 12))
    #expect(footer.view?.frame == Rect(x: 0, y: plain.height + 12, width: 100, height: 10))
  }

  @Test(
    "A managing node's background, content and overlay views stack back to front, and swapping background and overlay in a new spec swaps the views"
  ) @MainActor func managedDecorationsStackBackToFront() async throws {
    let backdrop = BasicNode(debugName: "backdrop")
    let content = BasicNode(debugName: "content")
    let glass = BasicNode(debugName: "glass")
    let card = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .overlay(
        .background(.inset(EdgeInsets(all: 4), .node(content)), background: .node(backdrop)), overlay: .node(glass))
    }
    let window = Window(size: Size(width: 40, height: 30), turnMode: .manual)
    try await window.attach(card)
    #expect(
      card.view?.subviews.map(ObjectIdentifier.init)
        == [backdrop.view, content.view, glass.view].compactMap { $0 }.map(ObjectIdentifier.init))
    #expect(content.view?.frame == Rect(x: 4, y: 4, width: 32, height: 22))
    let measured = try await card.layout(thatFits: SizeRange(exactly: window.size))
    #expect(measured.sublayouts.map(\.frame) == card.appliedLayout?.sublayouts.map(\.frame))

    await card.setLayoutSpecBlock { _, _ in
      .overlay(
        .background(.inset(EdgeInsets(all: 4), .node(content)), background: .node(glass)), overlay: .node(backdrop))
    }
    await card.setNeedsLayout()
    try await window.layoutIfNeeded()
    #expect(
      card.view?.subviews.map(ObjectIdentifier.init)
        == [glass.view, content.view, backdrop.view].compactMap { $0 }.map(ObjectIdentifier.init))
    #expect(backdrop.view?.frame == Rect(x: 0, y: 0, width: 40, height: 30))
  }

  @Test(
    "A text node as a window's root is laid out at the window's size and sets its lines there: a narrower window wraps it onto more lines"
  ) @MainActor func textAsWindowRoot() async throws {
    let text = TextNode(text: AttributedText("A kitten asleep in a basket of yarn"))
    let window = Window(size: Size(width: 300, height: 100), turnMode: .manual)
    await text.configure { $0.frame = Rect(x: 0, y: 0, width: 300, height: 100) }
    try await window.attach(text)
    #expect(text.appliedLayout?.size == Size(width: 300, height: 100))
    let wide = await text.lineCount
    window.resize(to: Size(width: 60, height: 100))
    await text.configure { $0.frame = Rect(x: 0, y: 0, width: 60, height: 100) }
    try await window.layoutIfNeeded()
    #expect(text.appliedLayout?.size == Size(width: 60, height: 100))
    #expect(await text.lineCount > wide)
    #expect(await text.lineCount == text.textLayout(in: Size(width: 60, height: 100)).lines.count)
  }
}

/// A row that sets its subnodes' `flexGrow` in its own layout code, as Texture's users set `style.flexGrow` in
/// `layoutSpecThatFits:`.
actor StylingRowNode: DisplayNode {
  nonisolated let nodeCore = NodeCore(automaticallyManagesSubnodes: true)
  let nodeState = NodeState(debugName: "styling row")
  nonisolated let a: UserNode
  nonisolated let b: UserNode
  private var growsFirst = true

  init(a: UserNode, b: UserNode) {
    self.a = a
    self.b = b
  }

  func setGrowsFirst(_ growsFirst: Bool) async {
    self.growsFirst = growsFirst
    await setNeedsLayout()
  }

  func layoutMethod(thatFits range: SizeRange) async throws -> LayoutMethod {
    let growsFirst = growsFirst
    await a.setStyle { $0.flexGrow = growsFirst ? 1 : 0 }
    await b.setStyle { $0.flexGrow = growsFirst ? 0 : 1 }
    return .spec(.stack(alignItems: .start, children: [.node(a), .node(b)]))
  }
}
