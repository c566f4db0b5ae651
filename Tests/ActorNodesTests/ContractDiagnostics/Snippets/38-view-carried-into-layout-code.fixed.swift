// Fixed: carry the Sendable values layout needs, not the view.
import ActorNodes

struct Header: Sendable {
  let height: Double
}

func makeCell(_ header: Header, _ title: TextNode) -> BasicNode {
  BasicNode { _, _ in
    .inset(EdgeInsets(top: header.height, left: 0, bottom: 0, right: 0), .node(title))
  }
}
