import Testing
@testable import ActorNodes

@MainActor final class Log { var events: [String] = [] }

actor Probe: DisplayNode {
  nonisolated let nodeCore = NodeCore()
  var nodeState: NodeState
  let log: Log
  init(_ name: String, log: Log) { nodeState = NodeState(debugName: name); self.log = log }
  @MainActor func didLoad(_ context: LoadContext) { log.events.append("didLoad \(context.node is Probe)") }
  @MainActor func willEnterHierarchy(_ context: HierarchyContext) { log.events.append("will") }
  @MainActor func didEnterHierarchy(_ context: HierarchyContext) { log.events.append("did") }
  @MainActor func didExitHierarchy(_ context: HierarchyContext) { log.events.append("exit") }
}

@Suite(.timeLimit(.minutes(1))) struct Smoke {
  @Test @MainActor func pipeline() async throws {
    let log = Log()
    let root = Probe("root", log: log)
    let child = Probe("child", log: log)
    try await root.addSubnode(child)
    await child.configure { $0.alpha = 0.5; $0.frame = Rect(x: 0, y: 0, width: 10, height: 20) }
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    #expect(root.view != nil)
    #expect(child.view?.alpha == 0.5)
    #expect(child.view?.superview === root.view)
    #expect(root.view?.superview === window.view)
    #expect(log.events == ["didLoad true", "didLoad true", "will", "will", "did", "did"])
    await child.configure { $0.alpha = 0.25 }
    #expect(child.view?.alpha == 0.5)
    await window.flush()
    #expect(child.view?.alpha == 0.25)
    let other = Probe("other", log: log)
    try await root.addSubnode(other)
    #expect(other.view == nil)
    await window.flush()
    #expect(other.view?.superview === root.view)
    #expect(other.isInHierarchy)
    print(await root.recursiveDescription())
    await window.detach()
    #expect(!root.isInHierarchy)
    #expect(log.events.suffix(3) == ["exit", "exit", "exit"])
  }
}
