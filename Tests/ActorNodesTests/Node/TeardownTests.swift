import Synchronization
import Testing

@testable import ActorNodes

/// Records, for each view, whether it died inside a main-actor release job and which one.
final class ViewReleaseLog: Sendable {
  private let jobs = Mutex<[UInt64?]>([])

  var releases: [UInt64?] { jobs.withLock { $0 } }

  /// Makes `view` report its deinitialization here.
  @MainActor
  func watch(_ view: View) {
    view.onDeinit = { [self] in
      let job = MainRelease.currentJob
      jobs.withLock { $0.append(job) }
    }
  }
}

@Suite("Releasing nodes and views", .timeLimit(.minutes(3)))
struct TeardownTests {
  @Test(
    "A window keeps its tree alive; detaching lets it go (Texture: testAddingNodeToHierarchyRetainsNode)",
    .tags(.texturePort))
  @MainActor
  func windowRetainsTree() async throws {
    let lifetime = LifetimeCounter()
    let window = Window(turnMode: .manual)
    weak var weakChild: RecordingNode?
    do {
      let root = RecordingNode("root", lifetime: lifetime)
      let child = RecordingNode("child", lifetime: lifetime)
      weakChild = child
      try await root.addSubnode(child)
      try await window.attach(root)
    }
    #expect(weakChild != nil)
    #expect(lifetime.count == 0)
    await window.detach()
    #expect(lifetime.count == 2)
    #expect(weakChild == nil)
  }

  @Test(
    "A loaded tree released off the main actor frees every node at once and every view on the main actor, in one job (Texture: testThatUIKitDeallocationTrampoliningWorks)",
    .tags(.texturePort))
  func releaseOffMain() async throws {
    let lifetime = LifetimeCounter()
    let releases = ViewReleaseLog()
    var root: RecordingNode? = RecordingNode("root", lifetime: lifetime)
    var nodes: [RecordingNode] = [root!]
    for row in 0..<50 {
      let container = RecordingNode("row\(row)", lifetime: lifetime)
      for leaf in 0..<19 {
        let node = RecordingNode("leaf\(row).\(leaf)", lifetime: lifetime)
        nodes.append(node)
        try await container.addSubnode(node)
      }
      nodes.append(container)
      try await root!.addSubnode(container)
    }
    await root!.loadView()
    let watched = nodes
    nodes = []
    await MainActor.run {
      for node in watched { releases.watch(node.view!) }
    }
    _ = consume watched
    #expect(releases.releases.isEmpty)
    root = nil  // the last reference, dropped off the main actor
    #expect(lifetime.count == 1_001, "every node is deinitialized right away")
    await ReleaseTracker.shared.waitUntilIdle()
    let jobs = releases.releases
    #expect(jobs.count == 1_001, "every view is released")
    #expect(jobs.allSatisfy { $0 != nil }, "views are released inside a main-actor release job")
    #expect(Set(jobs).count == 1, "all views go in one main-actor job, not one per view")
  }

  @Test("A 100,000-deep chain can be built, described and released (on a 256 KiB stack) without overflowing it")
  func deepChain() async throws {
    let depth = 100_000
    let lifetime = LifetimeCounter()
    var root: RecordingNode? = RecordingNode("n0", lifetime: lifetime)
    var deepest = root!
    for index in 1..<depth {
      let next = RecordingNode("n\(index)", lifetime: lifetime)
      try await deepest.addSubnode(next)
      deepest = next
    }
    let description = await root!.recursiveDescription()
    let lines = description.split(separator: "\n")
    #expect(lines.count == depth)
    #expect(
      lines.last?.hasPrefix(String(repeating: "| ", count: maximumDescriptionIndent) + "[depth \(depth - 1)] ") == true)
    #expect(description.utf8.count < depth * 120, "the description grows linearly with depth")
    deepest = RecordingNode("unrelated")
    let holder = Releasable(root!)
    root = nil
    #expect(lifetime.count == 0)
    await releaseOnSmallStack(holder)
    #expect(lifetime.count == depth)
  }

  @Test("A 20,000-deep loaded chain can be attached, detached and released")
  @MainActor
  func deepLoadedChain() async throws {
    let depth = 20_000
    let lifetime = LifetimeCounter()
    let window = Window(turnMode: .manual)
    do {
      let root = RecordingNode("n0", lifetime: lifetime, isLayerBacked: true)
      var deepest = root
      for index in 1..<depth {
        let next = RecordingNode("n\(index)", lifetime: lifetime, isLayerBacked: true)
        try await deepest.addSubnode(next)
        deepest = next
      }
      try await window.attach(root)
      #expect(deepest.isInHierarchy)
      #expect(window.statistics.viewsLoaded == depth)
      await window.detach()
      #expect(!deepest.isInHierarchy)
    }
    #expect(lifetime.count == depth)
    await ReleaseTracker.shared.waitUntilIdle()
  }
}
