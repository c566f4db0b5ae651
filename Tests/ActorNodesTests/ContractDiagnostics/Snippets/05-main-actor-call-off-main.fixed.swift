// Fixed: await it; the call hops to the main actor.
import ActorNodes

func flushFromBackground(_ window: Window) {
  Task.detached {
    await window.flush()
  }
}
