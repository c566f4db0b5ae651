// Fixed: hand the node a main-actor factory; the library calls it on the main actor at load.
import ActorNodes

func makeWrapper() -> BasicNode {
  BasicNode(makeView: { View() })
}
