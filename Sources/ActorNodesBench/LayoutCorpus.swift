import ActorNodes

/// The FEED layout's content, the same in every engine and every run: sizes for the "trivial" variant, and a
/// deterministic corpus of posts (a ~60-character title, a ~600-character body) for the "text" variant.
enum LayoutCorpus {
  /// The width the FEED is laid out at.
  static let width = 375.0
  /// The title's font: 15 points, bold (lines 18 high).
  static let titleFont = Font(size: 15, weight: .bold)
  /// The body's font: 12 points (lines 14.4 high).
  static let bodyFont = Font(size: 12)
  /// One 40 × 40 image shared by every row (its pixels are not what is measured).
  static let image = Image(pixelWidth: 40, pixelHeight: 40, filledWith: .gray)
  /// The badge's size.
  static let badge = Size(width: 20, height: 20)

  /// Row `row`'s title size in the trivial variant (clamped to the offered range where it is measured).
  static func titleSize(_ row: Int) -> Size { Size(width: 100 + Double(row % 7) * 10, height: 18) }
  /// Row `row`'s body size in the trivial variant.
  static func bodySize(_ row: Int) -> Size { Size(width: 60 + Double(row % 5) * 12, height: 14) }

  /// Row `row`'s title: about 60 characters.
  static func title(_ row: Int) -> AttributedText {
    AttributedText(sentence(seed: UInt64(row) &* 2 &+ 1, length: 60), attributes: .init(font: titleFont))
  }

  /// Row `row`'s body: about 600 characters, a long post.
  static func body(_ row: Int) -> AttributedText {
    AttributedText(sentence(seed: UInt64(row) &* 2 &+ 2, length: 600), attributes: .init(font: bodyFont))
  }

  /// Words of the corpus, a few of them beyond ASCII (accents, an ideograph pair, emoji clusters).
  private static let words = [
    "the", "main", "thread", "layout", "measure", "node", "text", "cache", "frame", "scroll", "cell", "feed",
    "Texture", "actor", "render", "display", "async", "image", "badge", "title", "body", "post", "row", "view",
    "window", "layer", "pixel", "stack", "inset", "ratio", "smooth", "draw", "queue", "task", "cancel", "snapshot",
    "café", "naïve", "résumé", "東京", "👍🏽", "🙂", "well-known", "off-main", "AVAST", "Today", "Yours", "lovely.",
  ]

  /// Words drawn by a linear congruential generator from `seed`, joined by spaces, until about `length` characters.
  private static func sentence(seed: UInt64, length: Int) -> String {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    var result = ""
    while result.count < length {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      if !result.isEmpty { result += " " }
      result += words[Int((state >> 33) % UInt64(words.count))]
    }
    return result
  }
}
