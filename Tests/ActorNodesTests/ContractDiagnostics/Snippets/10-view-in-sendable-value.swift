// Rule: View is not Sendable: no value that crosses isolation domains can hold one.
import ActorNodes

struct Snapshot: Sendable {
  let view: View  // expected-error {{stored property 'view' of 'Sendable'-conforming struct 'Snapshot' has non-Sendable type 'View'}}
}
