// Fixed: keep what you need from the context (the view stays on the main actor), not the context.
import ActorNodes

@MainActor final class ViewCache {
  var saved: View?

  func keep(_ node: BasicNode) async {
    await node.onDidLoad { context in self.saved = context.view }
  }
}
