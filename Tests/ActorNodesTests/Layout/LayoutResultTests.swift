import Testing

@testable import ActorNodes

/// The layout result: flattening, descriptions and the sketch (Texture's `ASLayoutFlatteningTests`).
@Suite("Layout results")
struct LayoutResultTests {
  @Test(
    "frame(of:) is the frame of a node's layout among the direct sublayouts, nil for a node deeper down or absent (Texture: ASLayout frameForElement:)"
  )
  func frameOfANodeAmongTheSublayouts() async throws {
    let root = BasicNode(), a = BasicNode(), b = BasicNode(), deep = BasicNode()
    let layout = Layout(
      node: root, size: Size(width: 100, height: 100),
      sublayouts: [
        Layout(node: a, size: Size(width: 10, height: 20), position: Point(x: 5, y: 6)),
        Layout(
          node: b, size: Size(width: 30, height: 40), position: Point(x: 50, y: 0),
          sublayouts: [Layout(node: deep, size: Size(width: 1, height: 1), position: Point(x: 1, y: 1))]),
      ])
    #expect(layout.frame(of: a) == Rect(x: 5, y: 6, width: 10, height: 20))
    #expect(layout.frame(of: b) == Rect(x: 50, y: 0, width: 30, height: 40))
    #expect(layout.frame(of: deep) == nil)
    #expect(layout.frame(of: root) == nil)
    // A node's layout lists its subnodes: where its spec puts one, in the node's coordinates.
    let cell = BasicNode(automaticallyManagesSubnodes: true) { _, _ in
      .inset(EdgeInsets(top: 3, left: 4), .stack(children: [.node(a).preferredSize(Size(width: 7, height: 8))]))
    }
    let measured = try await cell.layout(thatFits: SizeRange(exactly: Size(width: 50, height: 50)))
    #expect(measured.frame(of: a) == Rect(x: 4, y: 3, width: 7, height: 8))
  }

  @Test(
    "Flattening keeps the node layouts under specs, at positions relative to the root, without their own sublayouts")
  func flatteningKeepsDirectNodes() {
    let root = BasicNode()
    let a = BasicNode(), b = BasicNode(), c = BasicNode(), inner = BasicNode()
    let nested = Layout(node: inner, size: Size(width: 1, height: 1), position: Point(x: 1, y: 1))
    let layout = Layout(
      node: root, size: Size(width: 100, height: 100),
      sublayouts: [
        Layout(node: a, size: Size(width: 10, height: 10), position: Point(x: 5, y: 5)),
        Layout(
          element: .spec("Inset"), size: Size(width: 50, height: 50), position: Point(x: 10, y: 20),
          sublayouts: [
            Layout(
              element: .spec("Stack"), size: Size(width: 40, height: 40), position: Point(x: 2, y: 3),
              sublayouts: [
                Layout(node: b, size: Size(width: 10, height: 10), position: Point(x: 0, y: 0), sublayouts: [nested]),
                Layout(node: c, size: Size(width: 10, height: 10), position: Point(x: 10.4, y: 0)),
              ])
          ]),
      ])
    let flat = layout.flattened()
    #expect(flat.node === root)
    let order = flat.sublayouts.compactMap { $0.node?.nodeCore.id }
    #expect(order == [a.nodeCore.id, b.nodeCore.id, c.nodeCore.id])
    #expect(
      flat.sublayouts.map(\.frame) == [
        Rect(x: 5, y: 5, width: 10, height: 10),
        Rect(x: 12, y: 23, width: 10, height: 10),
        Rect(x: 23, y: 23, width: 10, height: 10),  // 22.4 rounded up to the pixel grid
      ])
    #expect(flat.sublayouts.allSatisfy { $0.sublayouts.isEmpty })
    #expect(layout.flattened(scale: 2).sublayouts[2].position.x == 22.5)
  }

  @Test(
    "A flattened layout is not placed, whatever its root's position; its sublayouts stay relative to it (Texture: ASLayoutFlatteningTests testThatLayoutWithNonNullPositionIsNotReused)",
    .tags(.texturePort)
  )
  func flattenedRootIsUnplaced() {
    let root = BasicNode(), leaf = BasicNode()
    let placed = Layout(node: root, size: Size(width: 100, height: 100), position: Point(x: 10, y: 10))
    let flat = placed.flattened()
    #expect(flat.node === root)
    #expect(flat.position == .zero, "the position of a root layout is null in Texture")
    #expect(flat.size == placed.size)
    let holding = Layout(
      node: root, size: Size(width: 100, height: 100), position: Point(x: 10, y: 10),
      sublayouts: [
        Layout(
          element: .spec("Inset"), size: Size(width: 50, height: 50), position: Point(x: 5, y: 5),
          sublayouts: [Layout(node: leaf, size: Size(width: 10, height: 10), position: Point(x: 2, y: 3))])
      ])
    #expect(holding.flattened(scale: 2).position == .zero)
    #expect(holding.flattened(scale: 2).sublayouts.map(\.frame) == [Rect(x: 7, y: 8, width: 10, height: 10)])
  }

  /// A 100 × 100 layout of `element` at `position`, as Texture's flattening tests make them.
  private func layout(_ element: Layout.Element, at position: Point = .zero, _ sublayouts: [Layout] = []) -> Layout {
    Layout(element: element, size: Size(width: 100, height: 100), position: position, sublayouts: sublayouts)
  }

  @Test(
    "A flattened layout holds only the direct subnodes, in depth-first order, without sublayouts (Texture: testThatFlattenedLayoutContainsOnlyDirectSubnodesInValidOrder)",
    .tags(.texturePort))
  func flattenedHoldsDirectSubnodesInOrder() {
    var subnodes: [BasicNode] = []
    func subnode() -> Layout.Element {
      subnodes.append(BasicNode())
      return .node(subnodes[subnodes.count - 1])
    }
    let indirect = (0..<4).map { _ in BasicNode() }
    let spec = Layout.Element.spec("Spec")
    let sublayouts = [
      layout(subnode(), [layout(.node(indirect[0]))]),
      layout(
        spec, [layout(subnode()), layout(spec, [layout(spec), layout(subnode())]), layout(spec)]),
      layout(
        spec,
        [
          layout(
            subnode(), [layout(.node(indirect[1])), layout(.node(indirect[2]), [layout(.node(indirect[3]))])])
        ]),
      layout(subnode()),
    ]
    let root = BasicNode()
    let flat = Layout(node: root, size: Size(width: 1000, height: 1000), sublayouts: sublayouts).flattened()
    #expect(flat.node === root, "the root is kept")
    #expect(flat.position == .zero)
    #expect(flat.sublayouts.map { $0.node?.nodeCore.id } == subnodes.map { $0.nodeCore.id })
    #expect(flat.sublayouts.allSatisfy { $0.sublayouts.isEmpty })
  }

  @Test(
    "Flattening keeps the positions of node sublayouts and adds those of the specs above them (Texture: testThatLayoutWithNullPositionAnd{Flattened,Unflattened}…Sublayouts…)",
    .tags(.texturePort))
  func flattenedPositions() {
    let root = BasicNode()
    let direct = (0..<3).map { _ in BasicNode() }
    let flat = layout(
      .node(root),
      direct.enumerated().map { layout(.node($1), at: Point(x: Double($0 + 1) * 10, y: Double($0 + 1) * 10)) }
    ).flattened()
    #expect(flat.sublayouts.map(\.position) == [Point(x: 10, y: 10), Point(x: 20, y: 20), Point(x: 30, y: 30)])

    // Texture's mixed fixture: nodes in a spec at the origin, nodes with spec or node sublayouts, a spec at (20, 20).
    let nodes = (0..<8).map { _ in BasicNode() }
    let spec = Layout.Element.spec("Spec")
    let mixed = layout(
      .node(root),
      [
        layout(.node(nodes[0])),
        layout(spec, [layout(.node(nodes[1])), layout(.node(nodes[2]))]),
        layout(.node(nodes[3]), [layout(spec)]),
        layout(.node(nodes[4]), [layout(.node(BasicNode()))]),
        layout(.node(nodes[5]), at: Point(x: 10, y: 10)),
        layout(spec, at: Point(x: 20, y: 20), [layout(.node(nodes[6])), layout(.node(nodes[7]))]),
      ]
    ).flattened()
    #expect(mixed.sublayouts.map { $0.node?.nodeCore.id } == nodes.map { $0.nodeCore.id })
    #expect(mixed.sublayouts.allSatisfy { $0.sublayouts.isEmpty })
    #expect(
      mixed.sublayouts.map(\.position) == [
        .zero, .zero, .zero, .zero, .zero, Point(x: 10, y: 10), Point(x: 20, y: 20), Point(x: 20, y: 20),
      ])
  }

  @Test(
    "Layouts compare as values, their nodes by identity: two passes that place the same nodes alike give equal layouts"
  )
  func layoutsCompareByValueAndNodeIdentity() async throws {
    let fixture = try await SpecFixture(2) { nodes in
      .stack(.horizontal, spacing: 4, children: nodes.map { .node($0).preferredSize(Size(width: 10, height: 10)) })
    }
    let range = SizeRange(min: .zero, max: Size(width: 100, height: 100))
    let first = try await fixture.layout(range)
    await fixture.host.setNeedsLayout()
    #expect(try await fixture.layout(range) == first)
    #expect(try await fixture.layout(range, scale: 2) == first)
    #expect(try await fixture.layout(SizeRange(exactly: Size(width: 50, height: 10))) != first)

    let a = BasicNode(), b = BasicNode()
    let size = Size(width: 10, height: 10)
    #expect(Layout(node: a, size: size) == Layout(node: a, size: size))
    #expect(Layout(node: a, size: size) != Layout(node: b, size: size))  // another node, though alike
    #expect(Layout(node: a, size: size) != Layout(node: a, size: size, position: Point(x: 1, y: 0)))
    #expect(Layout(element: .spec("Stack"), size: size) != Layout(element: .spec("Inset"), size: size))
    #expect(
      Layout(node: a, size: size, sublayouts: [Layout(node: b, size: size)])
        != Layout(node: a, size: size, sublayouts: [Layout(node: b, size: .zero)]))
    #expect(Set<Layout.Element>([.node(a), .node(a), .node(b), .spec("Stack"), .spec("Stack")]).count == 3)
    #expect(Layout.Element.spec("Stack").description == "Stack")
    #expect(Layout(node: a, size: size).description == "\(Layout.Element.node(a)) frame: (0, 0, 10x10)")

    // A deep layout compares in constant stack.
    var deep = Layout(node: a, size: size)
    for _ in 0..<5_000 { deep = Layout(element: .spec("Inset"), size: size, sublayouts: [deep]) }
    #expect(deep == deep)
  }

  @Test("A layout describes itself one line per element, and a deep one in constant stack")
  func description() {
    let root = BasicNode(), leaf = BasicNode()
    let layout = Layout(
      node: root, size: Size(width: 375, height: 40),
      sublayouts: [
        Layout(
          element: .spec("Stack"), size: Size(width: 375, height: 40),
          sublayouts: [
            Layout(node: leaf, size: Size(width: 40, height: 40), position: Point(x: 8, y: 0))
          ])
      ])
    #expect(
      layout.description == """
        <BasicNode #\(root.nodeCore.id)> frame: (0, 0, 375x40)
        | Stack frame: (0, 0, 375x40)
        | | <BasicNode #\(leaf.nodeCore.id)> frame: (8, 0, 40x40)
        """)

    var deep = Layout(element: .spec("Wrapper"), size: .zero)
    for _ in 0..<5_000 { deep = Layout(element: .spec("Wrapper"), size: .zero, sublayouts: [deep]) }
    let lines = deep.description.split(separator: "\n")
    #expect(lines.count == 5_001)
    #expect(lines.last?.contains("[depth 5000] Wrapper") == true)
  }

  @Test("A spec describes its elements one line each, a node by its label and a spec by its kind, not its internals")
  func specDescription() {
    let a = BasicNode(), b = BasicNode()
    let spec = LayoutSpec.inset(
      EdgeInsets(all: 8), .stack(.horizontal, children: [.node(a).flexGrow(1), .spacer, .node(b)]))
    #expect(
      spec.description == """
        Inset
        | Stack
        | | <BasicNode #\(a.nodeCore.id)>
        | | Spacer
        | | <BasicNode #\(b.nodeCore.id)>
        """)
    var deep = LayoutSpec.node(a)
    for _ in 0..<5_000 { deep = .wrapper(deep) }
    #expect(deep.description.split(separator: "\n").last?.contains("[depth 5000] <BasicNode") == true)
  }

  @Test(
    "Specs compare by kind, every option, style and children, nodes by identity: built alike they are equal")
  func specsCompareByOptionsStyleAndNodeIdentity() {
    let a = BasicNode(), b = BasicNode()
    let n = LayoutSpec.node(a), m = LayoutSpec.node(b)
    func same(_ make: () -> LayoutSpec, sourceLocation: SourceLocation = #_sourceLocation) {
      let x = make(), y = make()
      #expect(x == y, sourceLocation: sourceLocation)
      #expect(x.hashValue == y.hashValue, sourceLocation: sourceLocation)
    }
    func differ(_ x: LayoutSpec, _ y: LayoutSpec, sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(x != y, sourceLocation: sourceLocation)
      #expect(Set([x, y]).count == 2, sourceLocation: sourceLocation)
    }

    // Nodes: by identity, and by the style fields the element sets (a field set to its default still overrides).
    same { .node(a) }
    differ(.node(a), .node(b))
    same { .node(a).flexGrow(1).preferredSize(Size(width: 10, height: 20)) }
    differ(.node(a).flexGrow(1), .node(a).flexGrow(2))
    differ(.node(a).flexGrow(0), .node(a))
    differ(.node(a).width(10), .node(a).height(10))
    differ(.node(a).style(LayoutStyle()), .node(a))
    #expect(.node(a).flexGrow(1).flexShrink(1) == LayoutSpec.node(a).flexShrink(1).flexGrow(1), "order of setting")
    differ(.node(a), .spacer)

    // Every kind and every option.
    same { .spacer }
    differ(.spacer, .spacer.flexGrow(1))
    same { .stack(.vertical, spacing: 4, justifyContent: .center, alignItems: .end, children: [n, .spacer, m]) }
    let stack = LayoutSpec.stack(.vertical, spacing: 4, justifyContent: .center, alignItems: .end, children: [n, m])
    differ(stack, .stack(.horizontal, spacing: 4, justifyContent: .center, alignItems: .end, children: [n, m]))
    differ(stack, .stack(.vertical, spacing: 5, justifyContent: .center, alignItems: .end, children: [n, m]))
    differ(stack, .stack(.vertical, spacing: 4, justifyContent: .end, alignItems: .end, children: [n, m]))
    differ(stack, .stack(.vertical, spacing: 4, justifyContent: .center, alignItems: .start, children: [n, m]))
    differ(stack, .stack(.vertical, spacing: 4, justifyContent: .center, alignItems: .end, children: [m, n]))
    differ(stack, .stack(.vertical, spacing: 4, justifyContent: .center, alignItems: .end, children: [n]))
    differ(stack, stack.flexGrow(1))
    same { .inset(EdgeInsets(top: 1, left: .infinity), n) }
    differ(.inset(EdgeInsets(top: 1), n), .inset(EdgeInsets(left: 1), n))
    differ(.inset(.zero, n), .inset(.zero, m))
    same { .overlay(n, overlay: m) }
    differ(.overlay(n, overlay: m), .overlay(m, overlay: n))
    differ(.overlay(n, overlay: m), .background(n, background: m))
    same { .background(n, background: m) }
    differ(.background(n, background: m), .background(m, background: n))
    same { .ratio(0.5, n) }
    differ(.ratio(0.5, n), .ratio(2, n))
    same { .relative(horizontal: .start, vertical: .end, sizing: .minimumWidth, n) }
    let relative = LayoutSpec.relative(horizontal: .start, vertical: .end, sizing: .minimumWidth, n)
    differ(relative, .relative(horizontal: .center, vertical: .end, sizing: .minimumWidth, n))
    differ(relative, .relative(horizontal: .start, vertical: .center, sizing: .minimumWidth, n))
    differ(relative, .relative(horizontal: .start, vertical: .end, sizing: .minimumHeight, n))
    same { .center(.x, sizing: .minimumSize, n) }
    differ(.center(.x, n), .center(.y, n))
    differ(.center(n), .center(sizing: .minimumHeight, n))
    // A center spec is a relative spec of another kind: its layouts and its description name it `Center`.
    differ(.center(.xy, n), .relative(horizontal: .center, vertical: .center, n))
    same { .corner(n, corner: m, location: .topRight, offset: Point(x: 1, y: 2), wrapsCorner: true) }
    let corner = LayoutSpec.corner(n, corner: m, location: .topRight, offset: Point(x: 1, y: 2), wrapsCorner: true)
    differ(corner, .corner(n, corner: m, location: .bottomRight, offset: Point(x: 1, y: 2), wrapsCorner: true))
    differ(corner, .corner(n, corner: m, location: .topRight, offset: Point(x: 2, y: 1), wrapsCorner: true))
    differ(corner, .corner(n, corner: m, location: .topRight, offset: Point(x: 1, y: 2), wrapsCorner: false))
    differ(corner, .corner(m, corner: n, location: .topRight, offset: Point(x: 1, y: 2), wrapsCorner: true))
    same { .absolute(sizing: .sizeToFit, children: [n.layoutPosition(Point(x: 1, y: 1)), m]) }
    differ(.absolute(children: [n]), .absolute(sizing: .sizeToFit, children: [n]))
    differ(.absolute(children: [n.layoutPosition(Point(x: 1, y: 1))]), .absolute(children: [n]))
    #expect(LayoutSpec.wrapper(n) == .wrapper([n]))
    differ(.wrapper([n, m]), .wrapper([m, n]))
    differ(.wrapper(n), .inset(.zero, n))

    // A spec's style is its whole style: setting a field to its default changes nothing in how it lays out.
    #expect(LayoutSpec.wrapper(n).flexGrow(0) == .wrapper(n))
    differ(.wrapper(n).minWidth(10), .wrapper(n))

    // Nested: equal all the way down, and a difference deep inside is found.
    same { .inset(EdgeInsets(all: 8), .stack(children: [.node(a).flexGrow(1), .ratio(1, m)])) }
    differ(
      .inset(EdgeInsets(all: 8), .stack(children: [.node(a).flexGrow(1), .ratio(1, m)])),
      .inset(EdgeInsets(all: 8), .stack(children: [.node(a).flexGrow(1), .ratio(1, m.flexShrink(1))])))

    // The layout methods compare by case and value.
    #expect(LayoutMethod.spec(stack) == .spec(stack))
    #expect(LayoutMethod.spec(.node(a)) != .spec(.node(b)))
    #expect(LayoutMethod.size(Size(width: 1, height: 2)) == .size(Size(width: 1, height: 2)))
    #expect(LayoutMethod.size(.zero) != .layout(Layout(node: a, size: .zero)))
    #expect(LayoutMethod.layout(Layout(node: a, size: .zero)) == .layout(Layout(node: a, size: .zero)))
    #expect(Set<LayoutMethod>([.spec(n), .spec(n), .size(.zero), .layout(Layout(node: a, size: .zero))]).count == 3)
    #expect(Set([Layout(node: a, size: .zero), Layout(node: a, size: .zero), Layout(node: b, size: .zero)]).count == 2)
  }

  @Test("Deep specs compare and hash in constant stack")
  func deepSpecsCompareInConstantStack() {
    let a = BasicNode()
    // 20,000 levels: within what releasing a spec takes (AN-0004, "Depth"), far past what a recursive `==` takes.
    func chain(_ leaf: LayoutSpec) -> LayoutSpec {
      var spec = leaf
      for level in 0..<20_000 { spec = level.isMultiple(of: 2) ? .inset(.zero, spec) : .wrapper(spec) }
      return spec
    }
    let deep = chain(.node(a)), alike = chain(.node(a)), other = chain(.node(a).flexGrow(1))
    #expect(deep == alike)
    #expect(deep != other)
    #expect(deep.hashValue == alike.hashValue)
    #expect(LayoutMethod.spec(deep) == .spec(alike))
    var layout = Layout(node: a, size: .zero)
    for _ in 0..<20_000 { layout = Layout(element: .spec("Inset"), size: .zero, sublayouts: [layout]) }
    #expect(Set([layout, layout]).count == 1)
  }

  @Test("The sketch draws every frame, marked and explained in a legend")
  func sketch() {
    let root = BasicNode(), icon = BasicNode(), title = BasicNode()
    let layout = Layout(
      node: root, size: Size(width: 200, height: 40),
      sublayouts: [
        Layout(node: icon, size: Size(width: 40, height: 40)),
        Layout(node: title, size: Size(width: 100, height: 20), position: Point(x: 60, y: 10)),
      ])
    let sketch = layout.sketch(columns: 21)
    #expect(
      sketch == """
        <BasicNode #\(root.nodeCore.id)> 200x40
        1---+---------------+
        |   | 2---------+   |
        +---+-+---------+---+
        1 <BasicNode #\(icon.nodeCore.id)> frame: (0, 0, 40x40)
        2 <BasicNode #\(title.nodeCore.id)> frame: (60, 10, 100x20)
        """)
  }

  @Test("A sublayout far outside the bounds is cut off from the sketch: a corner offset by 1e19 points draws nothing")
  func sketchOfFarAwaySublayout() async throws {
    let fixture = try await SpecFixture(2) { n in
      .corner(box(n[0], 20, 10), corner: box(n[1], 5, 5), location: .topLeft, offset: Point(x: 1e19, y: 0))
    }
    let layout = try await fixture.layout(range(0, 0, 100, 100))
    // 21 columns: one column per point, so the corner's left edge, scaled, is past `Int.max`.
    let lines = layout.sketch(columns: 21).split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropFirst().prefix(6)) == [
        "1-------------------+",
        "|                   |",
        "|                   |",
        "|                   |",
        "|                   |",
        "+-------------------+",
      ])
    #expect(lines.count == 9, "the title, six rows, two legend lines")
    #expect(lines.last?.hasPrefix("2 <BasicNode #\(fixture.subnodes[1].nodeCore.id)> frame: (") == true)
  }

  @Test("A sublayout many times its bounds' size is sketched as far as it shows, its hidden edges cut off")
  func sketchOfHugeSublayout() {
    // Scaled to the 8 columns, the leaf spans 3,500,000 columns from column -3,500: only its top edge shows, over
    // the bounds' top edge.
    let root = BasicNode(), leaf = BasicNode()
    let layout = Layout(
      node: root, size: Size(width: 2, height: 1),
      sublayouts: [
        Layout(node: leaf, size: Size(width: 1_000_000, height: 1_000_000), position: Point(x: -1_000, y: 0))
      ])
    #expect(
      layout.sketch(columns: 8) == """
        <BasicNode #\(root.nodeCore.id)> 2x1
        --------
        |      |
        +------+
        1 <BasicNode #\(leaf.nodeCore.id)> frame: (-1000, 0, 1000000x1000000)
        """)
  }

  @Test("A sketch is at most 1,000 columns wide, whatever count it is asked for (Int.max overflowed)")
  func sketchWidthIsBounded() {
    // Adversarial round 28: `sketch(columns: .max)` trapped on an overflow with no message, and a count of a
    // million asked for a grid of 5 * 10^11 characters.
    let layout = Layout(element: .spec("Stack"), size: Size(width: 10, height: 0.01))
    for columns in [Int.max, 1_000_000] {
      let lines = layout.sketch(columns: columns).split(separator: "\n")
      #expect(lines.dropFirst().map(\.count).max() == 1_000, "\(columns)")
    }
  }

  @Test("A very tall layout's sketch is squeezed to at most twice as many rows as columns")
  func tallSketchIsSqueezed() {
    let root = BasicNode(), leaf = BasicNode()
    let layout = Layout(
      node: root, size: Size(width: 1, height: 100_000),
      sublayouts: [Layout(node: leaf, size: Size(width: 1, height: 50_000))])
    let lines = layout.sketch(columns: 10).split(separator: "\n")
    #expect(lines.count == 1 + 20 + 1, "the title, 20 rows, the legend")
    #expect(lines[1].hasPrefix("1"), "the leaf's box starts at the top")
  }
}
