import ActorNodes
import Testing

@Suite("Describing view trees and view properties", .timeLimit(.minutes(5)))
@MainActor
struct ViewTreeDescriptionTests {
  @Test("A window's view tree: one line per view or bare layer, its node, its frame and what differs from a fresh view")
  func windowTree() async throws {
    let photo = BasicNode(debugName: "photo", isLayerBacked: true) {
      $0.frame = Rect(x: 8, y: 8, width: 40, height: 40)
      $0.contents = Image(pixelWidth: 80, pixelHeight: 80, scale: 2, filledWith: .gray)
      $0.contentsScale = 2
    }
    let caption = BasicNode(debugName: "caption") { $0.frame = Rect(x: 56, y: 8, width: 100, height: 20) }
    let card = BasicNode(debugName: "card") {
      $0.frame = Rect(x: 0, y: 0, width: 200, height: 56)
      $0.backgroundColor = .white
      $0.cornerRadius = 8
    }
    try await card.addSubnodes([photo, caption])
    let window = Window(size: Size(width: 320, height: 480))
    try await window.attach(card)
    await Task.detached { await card.configure { $0.alpha = 0.5 } }.value
    await window.waitForQueuedWork()

    let id = { (node: BasicNode) in node.nodeCore.id }
    #expect(
      window.recursiveDescription() == """
        View frame: (0, 0, 320x480)
        | View <BasicNode #\(id(card)) 'card'> frame: (0, 0, 200x56) alpha: 0.5 \
        backgroundColor: rgba(1, 1, 1, 1) cornerRadius: 8
        | | Layer <BasicNode #\(id(photo)) 'photo'> frame: (8, 8, 40x40) contents: Image(80x80 @2x) contentsScale: 2
        | | View <BasicNode #\(id(caption)) 'caption'> frame: (56, 8, 100x20)
        """)
    // The node's own dump is the same subtree, one level up.
    let windowLines = window.recursiveDescription().split(separator: "\n").dropFirst()
    #expect(card.viewTreeDescription() == windowLines.map { String($0.dropFirst(2)) }.joined(separator: "\n"))
  }

  @Test("A node's view tree is nil before load; views added directly show without a node")
  func nodeTree() async throws {
    let node = BasicNode(debugName: "host")
    #expect(node.viewTreeDescription() == nil)
    await node.loadView()
    let foreign = View(frame: Rect(x: 1, y: 2, width: 3, height: 4))
    foreign.isUserInteractionEnabled = false
    foreign.isHidden = true
    node.view?.addSubview(foreign)
    #expect(
      node.viewTreeDescription() == """
        View <BasicNode #\(node.nodeCore.id) 'host'> frame: (0, 0, 0x0)
        | View frame: (1, 2, 3x4) isHidden: true isUserInteractionEnabled: false
        """)
  }

  @Test("ViewProperties describe themselves one field per line, frame first")
  func viewProperties() {
    var properties = ViewProperties()
    properties.frame = Rect(x: 0, y: 0, width: 40, height: 20)
    properties.alpha = 0.25
    let lines = properties.description.split(separator: "\n")
    #expect(lines.count == ViewProperty.allCases.count + 1)
    #expect(lines.first == "frame: (0, 0, 40x20)")
    #expect(lines.contains("alpha: 0.25"))
    #expect(lines.contains("position: (20, 10)"))
    #expect(lines.contains("backgroundColor: nil"))
    #expect(lines.contains("isUserInteractionEnabled: true"))
  }

  @Test("A deep chain is described without recursion, its indent capped")
  func deepChain() async throws {
    let root = BasicNode()
    await root.loadView()
    var tip = try #require(root.view)
    for _ in 0..<200 {
      let next = View()
      tip.addSubview(next)
      tip = next
    }
    let lines = try #require(root.viewTreeDescription()).split(separator: "\n")
    #expect(lines.count == 201)
    #expect(lines.last?.contains("[depth 200] View frame") == true)
  }
}
