// Fixed: make a new color; its initializer checks every component.
import ActorNodes

func tint(_ base: Color, alpha: Double) -> Color {
  Color(red: base.red, green: base.green, blue: base.blue, alpha: alpha)
}
