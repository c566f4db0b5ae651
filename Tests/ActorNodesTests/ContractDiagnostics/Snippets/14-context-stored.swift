// Rule: a hook's context cannot be stored: it is lent to the call, never copied.
import ActorNodes

@MainActor final class ContextCache {
  var saved: LoadContext?

  func keep(_ node: BasicNode) async {
    await node.onDidLoad { context in self.saved = context }  // expected-error {{implicit conversion to 'LoadContext?' is consuming}} expected-note {{add 'consume' to make consumption explicit}}
  }
}
