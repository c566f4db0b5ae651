// Rule: a drawing node's snapshot is taken in the node's isolation and its contents made off the main actor
// (Texture: drawParametersForAsyncLayer: and +displayWithParameters:isCancelled:), so neither can be @MainActor.
import ActorNodes

actor Badge: DrawingNode {  // expected-error {{conformance of 'Badge' to protocol 'DrawingNode' crosses into main actor-isolated code and can cause data races}} expected-note {{isolate this conformance to the main actor with '@MainActor'}} expected-note {{turn data races into runtime errors with '@preconcurrency'}}
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  func drawParameters() -> Color { .red }

  @MainActor static func display(_ color: Color, request: DisplayRequest) -> Image? {  // expected-note {{main actor-isolated static method 'display(_:request:)' cannot satisfy nonisolated requirement}}
    nil
  }
}

actor Dot: DrawingNode {  // expected-error {{conformance of 'Dot' to protocol 'DrawingNode' involves isolation mismatches and can cause data races}} expected-note {{turn data races into runtime errors with '@preconcurrency'}}
  nonisolated let nodeCore = NodeCore()
  let nodeState = NodeState()

  @MainActor func drawParameters() -> Color { .red }  // expected-note {{main actor-isolated instance method 'drawParameters()' cannot satisfy actor-isolated requirement}}
}
