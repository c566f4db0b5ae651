// The README's example ("A custom node"), verbatim: `ReadmeTests` checks that the two stay equal and runs it.
// Edit the README and this file together.

import ActorNodes

actor KittenNode: DisplayNode {
  nonisolated let nodeCore = NodeCore()  // identity, tree links, the loaded view
  let nodeState: NodeState  // the library's state, isolated to this actor

  let photo = BasicNode(debugName: "photo", isLayerBacked: true) {
    $0.frame = Rect(x: 8, y: 8, width: 40, height: 40)
  }
  let caption = BasicNode(debugName: "caption") {
    $0.frame = Rect(x: 56, y: 8, width: 136, height: 20)
  }
  private(set) var name: String

  init(name: String) async throws {
    self.name = name
    nodeState = NodeState(debugName: "kitten") {  // initial view properties: no hop
      $0.frame = Rect(x: 0, y: 0, width: 200, height: 56)
      $0.backgroundColor = .white
      $0.cornerRadius = 8
    }
    try await addSubnodes([photo, caption])
  }

  func rename(_ newName: String) async {
    name = newName
    await setNeedsDisplay()
  }

  /// Called once, on the main actor, after the view exists and the subnodes' views are in it.
  @MainActor func didLoad(_ context: borrowing LoadContext) {
    context.view?.isUserInteractionEnabled = false  // view-only work belongs here
  }
}

/// Shows a kitten card, fades it from a background task, and returns the window.
///
/// Keep the window: when the last reference to it goes away, its tree leaves the
/// hierarchy (`isInHierarchy` becomes `false`) and later writes land on views nobody sees.
@MainActor
func showKitten() async throws -> Window {
  let window = Window(size: Size(width: 320, height: 480))
  let kitten = try await KittenNode(name: "Tom")  // no view exists yet
  try await window.attach(kitten)  // one main-actor turn loads every view
  kitten.view?.alpha = 0.9  // after load, main-actor code owns the view

  let fade = Task.detached { await kitten.configure { $0.alpha = 0.5 } }
  await fade.value  // the write is queued for the window's next turn...
  await window.waitForQueuedWork()  // ...and has now reached the view
  return window
}
