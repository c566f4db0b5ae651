// Rule: views are created on the main actor only (Texture: never create UIKit objects in init).
import ActorNodes

func makeViewEarly() -> View {  // expected-note {{add '@MainActor' to make global function 'makeViewEarly()' part of global actor 'MainActor'}}
  View()  // expected-error {{call to main actor-isolated initializer 'init(frame:)' in a synchronous nonisolated context}}
}
