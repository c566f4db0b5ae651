/// The one isolation domain that serializes every structural edit of every node tree.
///
/// Per-node actors cannot make an edit that spans several nodes atomic: a
/// move touches the old parent, the new parent and the child, and a cycle
/// check reads a whole chain of ancestors. Texture takes several node locks
/// for this, in an order that its tracker shows deadlocking. ActorNodes keeps
/// the tree links (``DisplayNode/supernode``, ``DisplayNode/subnodes``, layer
/// backing, load status) isolated to this global actor instead, so every
/// edit is one linearizable step: concurrent edits never lose a subnode,
/// duplicate one, or create a cycle.
///
/// The same actor orders the main-actor work that edits cause (see
/// ``Window``): each edit of a loaded node gets a version from here, and the
/// main actor applies only the newest state.
///
/// Edits are short (no user code runs on this actor), so one domain for all
/// trees costs little; `ActorNodesBench hierarchy` measures it.
@globalActor
public actor HierarchyActor {
  /// The shared instance.
  public static let shared = HierarchyActor()

  private init() {}
}
