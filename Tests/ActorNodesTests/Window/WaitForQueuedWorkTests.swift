import ActorNodes
import Synchronization
import Testing

@Suite("Waiting for queued work", .timeLimit(.minutes(5)))
@MainActor
struct WaitForQueuedWorkTests {
  @Test("An automatic window: an off-main write has reached the view when waitForQueuedWork() returns")
  func automaticWindow() async throws {
    let node = BasicNode()
    let window = Window()
    try await window.attach(node)
    await window.waitForQueuedWork()  // Nothing queued: returns at once.
    for round in 1...20 {
      let alpha = Double(round) / 20
      await Task.detached { await node.configure { $0.alpha = alpha } }.value
      await window.waitForQueuedWork()
      #expect(node.view?.alpha == alpha)
    }
  }

  @Test("A loaded node in no window: its queued work is applied by the shared queue's turn")
  func nodeInNoWindow() async throws {
    let parent = BasicNode()
    await parent.loadView()
    let child = BasicNode()
    try await Task.detached {
      try await parent.addSubnode(child)
      await parent.configure { $0.alpha = 0.25 }
    }.value
    await parent.waitForQueuedWork()
    #expect(parent.view?.alpha == 0.25)
    await child.waitForQueuedWork()
    #expect(child.layer?.superlayer === parent.layer)
  }

  @Test("A node of a manual window: the wait ends with the window's next flush")
  func manualWindow() async throws {
    let node = BasicNode()
    let window = Window(turnMode: .manual)
    try await window.attach(node)
    await Task.detached { await node.configure { $0.alpha = 0.5 } }.value
    let waiter = Task { @MainActor in
      await node.waitForQueuedWork()
      return node.view?.alpha
    }
    await window.flush()
    #expect(await waiter.value == 0.5)
    await node.waitForQueuedWork()  // Nothing queued any more: returns at once.
  }

  @Test(
    "A node's removal is its queued work too: in a manual window, the wait ends with the flush that takes its view out")
  func removalIsTheNodesWork() async throws {
    // Adversarial round 25: the removal was queued on the supernode only, and the node's wait returned at once.
    let window = Window(turnMode: .manual)
    let (root, node) = (BasicNode(), BasicNode())
    try await root.addSubnode(node)
    try await window.attach(root)
    await node.removeFromSupernode()
    let returned = Atomic<Bool>(false)
    let waiter = Task { @MainActor in
      await node.waitForQueuedWork()
      returned.store(true, ordering: .sequentiallyConsistent)
      return node.isInHierarchy
    }
    for _ in 0..<3 { await Task { @HierarchyActor in }.value }  // The waiter's wait has begun by now, or soon will.
    let returnedEarly = returned.load(ordering: .sequentiallyConsistent)
    #expect(!returnedEarly, "nothing was flushed yet")
    await window.flush()
    #expect(await waiter.value == false)
    #expect(node.view?.superview == nil)
  }

  @Test(
    "A node moved from a manual window into an automatic one takes its queued work, and the wait, along (adversarial round 14)"
  )
  @MainActor
  func waitFollowsTheNodeToAnotherWindow() async throws {
    let (manual, automatic) = (Window(turnMode: .manual), Window())
    let (manualRoot, automaticRoot, node) = (BasicNode(), BasicNode(), BasicNode())
    try await manual.attach(manualRoot)
    try await automatic.attach(automaticRoot)
    try await manualRoot.addSubnode(node)
    await manual.flush()
    await Task.detached { await node.configure { $0.alpha = 0.5 } }.value
    // Started on the HierarchyActor before the move is: the wait begins in the manual window's queue.
    let waiter = Task { @HierarchyActor in await node.waitForQueuedWork() }
    try await automaticRoot.addSubnode(node)
    await waiter.value  // Waited for a flush of the manual window, which never comes.
    #expect(node.view?.alpha == 0.5)
    #expect(node.view?.superview === automaticRoot.view)
  }

  @Test("An unloaded node has no queued work: the wait returns at once")
  func unloadedNode() async {
    let node = BasicNode()
    await node.configure { $0.alpha = 0.5 }
    await node.waitForQueuedWork()
    #expect(node.view == nil)
  }

  @Test("A node with nothing queued returns at once, though another node of its manual window has work waiting")
  @MainActor
  func nodeWithNothingQueuedInABusyManualWindow() async throws {
    let (root, idle, busy) = (BasicNode(), BasicNode(), BasicNode())
    try await root.addSubnodes([idle, busy])
    let window = Window(turnMode: .manual)
    try await window.attach(root)
    await Task.detached { await busy.configure { $0.alpha = 0.5 } }.value
    // It waited for the next flush, which code awaiting it on the main actor would never reach (polled,
    // boundedly, so that a wait that does not end fails instead of hanging).
    let ended = EndFlag()
    let waiter = Task.detached {
      await idle.waitForQueuedWork()
      ended.set()
    }
    for _ in 0..<100_000 where !ended.isSet { await Task.yield() }
    #expect(ended.isSet)
    #expect(busy.view?.alpha == 1, "nothing was applied")
    await window.flush()
    await waiter.value
    #expect(busy.view?.alpha == 0.5)
  }
}
