// Rule: a color is finite wherever it goes; its components are checked once, by its initializers.
import ActorNodes

func tint(_ base: Color) -> Color {
  var color = base
  color.alpha = .nan  // expected-error {{cannot assign to property: 'alpha' setter is inaccessible}}
  return color
}
