import Testing

@testable import ActorNodes

/// The main actor's bookkeeping for loaded views: which write version each property shows, and parent pointers.
@Suite("View bookkeeping", .timeLimit(.minutes(3)))
struct ViewBookkeepingTests {
  @Test(
    "Property versions: a write sets exactly the properties it holds at a newer version, in any arrival order",
    arguments: 0..<200)
  func propertyVersionsMatchAModel(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let snapshot = UInt64.random(in: 0...3, using: &random)
    var versions = PropertyVersions(snapshotVersion: snapshot)
    // The model: a plain table, one version per property.
    var model = Array(repeating: snapshot, count: ViewProperty.allCases.count)
    for _ in 0..<Int.random(in: 1...8, using: &random) {
      var written = ViewPropertyMask()
      for property in ViewProperty.allCases where Int.random(in: 0..<4, using: &random) == 0 {
        written.insert(property)
      }
      let version = UInt64.random(in: 0...10, using: &random)
      var expected = ViewPropertyMask()
      for property in written where version > model[property.rawValue] {
        expected.insert(property)
        model[property.rawValue] = version
      }
      #expect(versions.takeNewer(written, version: version) == expected, "seed \(seed)")
      for property in ViewProperty.allCases {
        #expect(versions.version(of: property) == model[property.rawValue], "seed \(seed), \(property)")
      }
    }
  }

  @Test("Adding a subview or sublayer again moves it to the top, as UIKit and Core Animation do")
  @MainActor
  func addingAChildAgainMovesItToTheTop() {
    let parent = View()
    let (first, second) = (View(), View())
    parent.addSubview(first)
    parent.addSubview(second)
    parent.addSubview(first)
    #expect(parent.subviews.map(ObjectIdentifier.init) == [second, first].map(ObjectIdentifier.init))
    #expect(parent.layer.sublayers.map(ObjectIdentifier.init) == [second, first].map { ObjectIdentifier($0.layer) })
    parent.addSubview(first)  // Already on top: nothing moves.
    #expect(parent.subviews.last === first && parent.subviews.count == 2)
    let layer = Layer()
    let (bottom, top) = (Layer(), Layer())
    layer.addSublayer(bottom)
    layer.addSublayer(top)
    layer.addSublayer(bottom)
    #expect(layer.sublayers.map(ObjectIdentifier.init) == [top, bottom].map(ObjectIdentifier.init))
    #expect(bottom.superlayer === layer)
  }

  @Test("A sublayer and a subview that outlive their parent are left without one")
  @MainActor
  func childOutlivesParent() {
    let sublayer = Layer()
    let subview = View()
    do {
      let layer = Layer()
      let view = View()
      layer.addSublayer(sublayer)
      view.addSubview(subview)
      #expect(sublayer.superlayer === layer)
      #expect(subview.superview === view)
    }
    #expect(sublayer.superlayer == nil)
    #expect(subview.superview == nil)
    #expect(subview.layer.superlayer == nil)
  }
}
