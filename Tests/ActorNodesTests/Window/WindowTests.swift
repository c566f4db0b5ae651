import ActorNodes
import Testing

@Suite("Attaching and detaching a window's root", .timeLimit(.minutes(5)), .tags(.reentrancy))
struct WindowTests {
  @Test("detach() called while attach() is still gathering waits for it, then detaches: the later call wins")
  @MainActor
  func detachDuringAttach() async throws {
    let log = EventLog()
    let executor = ManualExecutor()
    var jobs = executor.makeJobQueue()
    let root = ScheduledNode("root", executor: executor, log: log)
    let window = Window(turnMode: .manual)

    let attach = Task { try await window.attach(root) }
    let snapshot = await jobs.next()  // the attach is gathering
    let detach = Task { await window.detach() }
    await Task.yield()
    executor.run(snapshot)
    await jobs.runNext()  // the attach lays the root out (the window sizes it)
    try await attach.value
    await detach.value
    #expect(window.rootNode == nil)
    #expect(!root.isInHierarchy)
    #expect(root.view?.superview == nil)
    #expect(log.entries == ["root.didLoad", "root.willEnter(true)", "root.didEnter", "root.didExit(false)"])
    let again = Task { try await window.attach(root) }
    await jobs.runNext()  // the attach lays the root out (the window sizes it)
    try await again.value
    #expect(root.isInHierarchy, "the root can be attached again")
  }

  @Test("attach() called while another attach() is in progress waits for it, then finds the window taken")
  @MainActor
  func attachDuringAttach() async throws {
    let executor = ManualExecutor()
    var jobs = executor.makeJobQueue()
    let first = ScheduledNode("first", executor: executor)
    let second = BasicNode(debugName: "second")
    let window = Window(turnMode: .manual)
    let attachFirst = Task { try await window.attach(first) }
    let snapshot = await jobs.next()
    let attachSecond = Task { () -> HierarchyError? in
      do {
        try await window.attach(second)
        return nil
      } catch let error as HierarchyError {
        return error
      } catch {
        return nil
      }
    }
    await Task.yield()
    executor.run(snapshot)
    await jobs.runNext()  // the attach lays the root out (the window sizes it)
    try await attachFirst.value
    #expect(await attachSecond.value == HierarchyError.windowHasRoot)
    #expect(window.rootNode === first)
    #expect(!second.isInHierarchy)
  }

  @Test(
    "A loaded tree given a subnode while in no window is whole when attach returns: the subnode's view is under its supernode's, in the hierarchy (round 24)"
  )
  @MainActor
  func attachOfATreeWithQueuedEditsIsWhole() async throws {
    let log = EventLog()
    let root = RecordingNode("root", log: log)
    let child = RecordingNode("child", log: log)
    let (first, second) = (Window(turnMode: .manual), Window(turnMode: .manual))
    try await first.attach(root)
    await first.detach()
    try await root.addSubnode(child)  // Its load and its place wait for a turn.
    try await second.attach(root)
    #expect(child.view?.superview === root.view)
    #expect(child.isInHierarchy)
    await first.flush()
    await second.flush()
    #expect(log.entries(containing: "child.didLoad").count == 1)
    #expect(log.entries(containing: "child.willEnter").count == 1)
  }

  @Test(
    "A loaded tree whose subnodes changed while their turn waited (a loaded node added, a subnode removed) is as edited when attach returns: the removed subnode never enters, the added one is in (Texture: edits apply at once)",
    arguments: [false, true])
  @MainActor
  func attachAppliesTheTreesWaitingChangesOfSubnodes(inAnotherWindow: Bool) async throws {
    let log = EventLog()
    let root = RecordingNode("root", log: log)
    let (removed, added) = (RecordingNode("removed", log: log), RecordingNode("added", log: log))
    try await root.addSubnode(removed)
    await added.loadView()
    let first = Window(turnMode: .manual)
    try await first.attach(root)
    log.clear()
    await removed.removeFromSupernode()  // Both wait for a turn of the first window...
    try await root.addSubnode(added)
    await first.detach()  // ...which detaches first.
    #expect(log.entries(containing: "removed.didExit").count == 1)
    log.clear()
    let second = inAnotherWindow ? Window(turnMode: .manual) : first
    try await second.attach(root)
    #expect(added.isInHierarchy && added.view?.superview === root.view)
    #expect(!removed.isInHierarchy && removed.view?.superview == nil)
    await first.flush()
    await second.flush()
    #expect(log.entries == ["root.willEnter(true)", "added.willEnter(true)", "added.didEnter", "root.didEnter"])
  }
}
