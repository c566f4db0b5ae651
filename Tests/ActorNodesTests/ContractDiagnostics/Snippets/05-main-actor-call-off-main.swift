// Rule: main-actor entry points are called on the main actor (Texture: testThatFlushingTheControllerInBackgroundThrows).
import ActorNodes

func flushFromBackground(_ window: Window) {
  Task.detached {
    window.flush()  // expected-error {{main actor-isolated instance method 'flush()' cannot be called from outside of the actor}}
  }
}
