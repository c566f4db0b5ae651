// Fixed: carry the Sendable properties instead of the view.
import ActorNodes

struct Snapshot: Sendable {
  let properties: ViewProperties
}
