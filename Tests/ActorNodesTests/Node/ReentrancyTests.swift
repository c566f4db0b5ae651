import ActorNodes
import Testing

/// Interleavings forced with a ``ManualExecutor``: the node's jobs run only when, and in the order, the test says.
@Suite("Reentrancy: suspension points, newest wins", .timeLimit(.minutes(5)), .tags(.reentrancy))
struct ReentrancyTests {
  @Test("A write racing the load snapshot is never lost, in either order", arguments: [true, false])
  @MainActor
  func writeRacingLoadSnapshot(writeRunsFirst: Bool) async throws {
    let executor = ManualExecutor()
    var jobs = executor.makeJobQueue()
    let node = ScheduledNode("node", executor: executor)
    let window = Window(turnMode: .manual)

    let attach = Task { try await window.attach(node) }
    let snapshotJob = await jobs.next()  // attach asks the node for its pending state
    let write = Task.detached { await node.configure { $0.alpha = 0.3 } }
    let writeJob = await jobs.next()  // a write arrives while the snapshot waits

    if writeRunsFirst {
      executor.run(writeJob)  // pending: the snapshot will carry it
      executor.run(snapshotJob)
    } else {
      executor.run(snapshotJob)  // loaded: the write must go to the main actor
      executor.run(writeJob)  // one job on the node: it records the write, the caller queues it
    }
    await write.value
    await jobs.runNext()  // the attach lays the root out (the window sizes it)
    try await attach.value

    #expect(node.view?.alpha == (writeRunsFirst ? 0.3 : 1), "a post-snapshot write waits for the turn")
    await window.flush()
    #expect(node.view?.alpha == 0.3, "either way, the write is applied exactly once and not overwritten")
  }

  @Test("Of two writes interleaved on the node, the one the node ran last wins")
  @MainActor
  func lastOnTheNodeWins() async throws {
    let executor = ManualExecutor()
    var jobs = executor.makeJobQueue()
    let node = ScheduledNode("node", executor: executor)
    let window = Window(turnMode: .manual)
    let attach = Task { try await window.attach(node) }
    await jobs.runNext()  // the snapshot
    await jobs.runNext()  // the attach lays the root out (the window sizes it)
    try await attach.value

    let first = Task.detached { await node.configure { $0.alpha = 0.3 } }
    let firstJob = await jobs.next()
    let second = Task.detached { await node.configure { $0.alpha = 0.7 } }
    let secondJob = await jobs.next()
    // The node runs the second write first: it takes the lower version; the first one is newer.
    executor.run(secondJob)
    executor.run(firstJob)
    await first.value
    await second.value
    await window.flush()
    #expect(node.view?.alpha == 0.3)
  }

  @Test("A frame keeps its place when the older anchor point written before it reaches the view after it")
  @MainActor
  func olderAnchorPointReachingTheViewLate() async throws {
    let executor = ManualExecutor()
    var jobs = executor.makeJobQueue()
    let node = ScheduledNode("node", executor: executor)
    let window = Window(turnMode: .manual)
    let attach = Task { try await window.attach(node) }
    await jobs.runNext()  // the snapshot
    await jobs.runNext()  // the attach lays the root out (the window sizes it)
    try await attach.value
    let taskExecutor = ManualTaskExecutor()
    var taskJobs = taskExecutor.makeJobs()

    // The anchor point is recorded first (the older version); its caller is then held before it queues it.
    let anchorWrite = Task(executorPreference: taskExecutor) {
      await node.configure { $0.anchorPoint = Point(x: 0, y: 0) }
      taskExecutor.finish()
    }
    taskExecutor.run(try #require(await taskJobs.next(isolation: nil)))  // the task starts: off to the node
    await jobs.runNext()  // the node records the anchor point
    let queueing = try #require(await taskJobs.next(isolation: nil))  // back from the node, about to queue
    // From here on the node runs freely (a frame of a new size asks for a pass, which measures on the node).
    let nodeRuns = Task { [jobs] in
      var jobs = jobs
      await jobs.runUntilCancelled()
    }
    defer { nodeRuns.cancel() }
    // The frame is written after it, split on the node against the new anchor point, and reaches the view first.
    let frame = Rect(x: 10, y: 20, width: 100, height: 50)
    await node.configure { $0.frame = frame }
    await window.flush()
    taskExecutor.run(queueing)
    while let job = await taskJobs.next(isolation: nil) { taskExecutor.run(job) }  // until the write is queued
    await anchorWrite.value
    await window.flush()

    #expect(node.layer?.anchorPoint == Point(x: 0, y: 0))
    #expect(node.view?.frame == frame, "Texture applies a node's pending anchor point before its frame")
    // Written after the frame, an anchor point moves the frame, as it does on a layer.
    await node.configure { $0.anchorPoint = Point(x: 1, y: 1) }
    await window.flush()
    #expect(node.view?.frame == Rect(x: -90, y: -30, width: 100, height: 50))
  }

  @Test("A subnode removed while its implicit load gathers state loads, but is not placed")
  @MainActor
  func removalDuringImplicitLoad() async throws {
    let executor = ManualExecutor()
    var jobs = executor.makeJobQueue()
    let parent = BasicNode(debugName: "parent")
    let child = ScheduledNode("child", executor: executor)
    let window = Window(turnMode: .manual)
    try await window.attach(parent)

    let add = Task { try await parent.addSubnode(child) }
    let snapshotJob = await jobs.next()  // the add is committed; its load waits for the child
    await child.removeFromSupernode()  // the hierarchy actor is free meanwhile
    executor.run(snapshotJob)
    try await add.value

    await window.flush()
    #expect(child.isNodeLoaded)
    #expect(child.layer?.superlayer == nil)
    #expect(parent.view?.subviews.isEmpty == true)
    #expect(!child.isInHierarchy)
    #expect(await parent.subnodes.isEmpty)
  }

  @Test("Edits made while attach gathers state reach the views in the next turn")
  @MainActor
  func editsDuringAttach() async throws {
    let executor = ManualExecutor()
    var jobs = executor.makeJobQueue()
    let root = BasicNode(debugName: "root")
    let slow = ScheduledNode("slow", executor: executor)
    let added = BasicNode(debugName: "added")
    try await root.addSubnode(slow)
    let window = Window(turnMode: .manual)

    let attach = Task { try await window.attach(root) }
    let snapshotJob = await jobs.next()
    try await root.addSubnode(added)  // root is already loading: `added` loads implicitly
    await slow.removeFromSupernode()
    executor.run(snapshotJob)
    try await attach.value

    #expect(slow.layer?.superlayer === root.layer, "the attach shows the tree as it was prepared")
    #expect(!added.isNodeLoaded)
    await window.flush()
    #expect(slow.layer?.superlayer == nil)
    #expect(added.layer?.superlayer === root.layer)
    #expect(added.isInHierarchy && !slow.isInHierarchy)
    #expect(await viewTreeMatchesNodeTree(root))
  }
}
