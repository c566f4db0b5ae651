@testable import ActorNodes

/// The rules a settled set of windows and nodes must satisfy, once every turn has run.
///
/// Returns one line per broken rule, naming the node; empty when all hold:
/// - each window's view tree mirrors its node tree, and `isInHierarchy` is
///   true exactly for the nodes of a window's tree;
/// - every loaded node's layer is in its supernode's layer (or in no layer
///   when it has no supernode and is no window's root);
/// - `didLoad` ran exactly once for every loaded node, never for an unloaded
///   one, and never before a subnode's (nodes log "VIOLATION" otherwise);
/// - every `willEnterHierarchy` has its `didExitHierarchy`, but for nodes in a window;
/// - every write reached the view: the view shows the node's newest values.
@MainActor
func brokenInvariants(windows: [Window], nodes: [any HookRecording], log: EventLog) async -> [String] {
  var problems: [String] = log.entries(containing: "VIOLATION")
  var inWindow = Set<ObjectIdentifier>()
  for window in windows {
    guard let root = window.rootNode else { continue }
    if !(await viewTreeMatchesNodeTree(root)) { problems.append("window \(window.id): views do not mirror the nodes") }
    if root.view?.superview !== window.view { problems.append("window \(window.id): the root's view is not in it") }
    var stack: [any DisplayNode] = [root]
    while let node = stack.popLast() {
      inWindow.insert(ObjectIdentifier(node))
      stack.append(contentsOf: await node.subnodes)
    }
  }
  for node in nodes {
    let name = node.name
    let loads = log.entries.filter { $0 == "\(name).didLoad" }.count
    let entered = log.entries.filter { $0.hasPrefix("\(name).willEnter") }.count
    let exited = log.entries.filter { $0.hasPrefix("\(name).didExit") }.count
    if node.isInHierarchy != inWindow.contains(ObjectIdentifier(node)) {
      problems.append(
        "\(name): isInHierarchy is \(node.isInHierarchy) but the node is\(node.isInHierarchy ? " not" : "") in a window's tree"
      )
    }
    if entered - exited != (node.isInHierarchy ? 1 : 0) {
      problems.append("\(name): \(entered) willEnterHierarchy, \(exited) didExitHierarchy")
    }
    guard let layer = node.layer else {
      if loads != 0 { problems.append("\(name): didLoad ran \(loads) times, but the node has no view") }
      continue
    }
    if loads != 1 { problems.append("\(name): didLoad ran \(loads) times") }
    if let parent = await node.supernode {
      if let parentLayer = parent.layer, layer.superlayer !== parentLayer {
        problems.append("\(name): its layer is not in its supernode's layer")
      }
    } else if node.view?.superview.map({ $0.hostingWindow == nil }) ?? (layer.superlayer != nil) {
      problems.append("\(name): it has no supernode, but its view is in another view")
    }
    let recorded = await node.recordedProperties()
    if layer.opacity != recorded.alpha {
      problems.append("\(name): the view's alpha \(layer.opacity) is not \(recorded.alpha)")
    }
  }
  return problems
}

/// The broken rules of the node links among `nodes` (and `root`): a node listed twice, links that
/// disagree, a cycle. Empty when the links form a forest.
func brokenLinks(root: any DisplayNode, nodes: [any DisplayNode]) async -> [String] {
  var problems: [String] = []
  var seen = Set<ObjectIdentifier>()
  for parent in [root] + nodes {
    for child in await parent.subnodes {
      if !seen.insert(ObjectIdentifier(child)).inserted { problems.append("a node is a subnode twice") }
      if await child.supernode !== parent { problems.append("a subnode's supernode is not its parent") }
    }
  }
  for node in nodes {
    var ancestor = await node.supernode
    var steps = 0
    while let current = ancestor, steps <= nodes.count {
      ancestor = await current.supernode
      steps += 1
    }
    if steps > nodes.count { problems.append("a cycle above a node") }
    if let parent = await node.supernode, !(await parent.subnodes.contains { $0 === node }) {
      problems.append("a supernode does not list its subnode")
    }
  }
  return problems
}
