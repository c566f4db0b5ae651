extension LayoutSpec {
  /// `child` at the size in the range whose height ÷ width is nearest to `ratio`: Texture's `ASRatioLayoutSpec`.
  ///
  /// The spec tries the range's maximum width (with the height it implies)
  /// and the range's maximum height (with the width it implies), each
  /// clamped into the range, and keeps the one nearer the ratio. With no
  /// finite maximum at all (or none that gives a finite size at this
  /// ratio), the child is laid out in the range as it is.
  ///
  /// - Precondition: `ratio` is finite and positive.
  public static func ratio(_ ratio: Double, _ child: LayoutSpec) -> LayoutSpec {
    contractPrecondition(
      ratio.isFinite && ratio > 0, "a ratio spec's ratio (height ÷ width) must be finite and positive: got \(ratio)")
    return LayoutSpec(.spec(RatioSpec(ratio: ratio, child: child)))
  }
}

/// Texture's `ASRatioLayoutSpec`.
struct RatioSpec: SpecComputation {
  let ratio: Double
  let child: LayoutSpec

  var name: String { "Ratio" }
  var children: [LayoutSpec] { [child] }

  func hasSameOptions(as other: RatioSpec) -> Bool { ratio == other.ratio }
  func hashOptions(into hasher: inout Hasher) { hasher.combine(ratio) }

  func layout(in range: SizeRange, parentSize _: Size, environment: LayoutEnvironment) async throws -> Layout {
    var options: [Size] = []
    if range.max.width.boundsLayout {
      options.append(
        range.clamp(Size(width: range.max.width, height: environment.grid.floor(ratio * range.max.width))))
    }
    if range.max.height.boundsLayout {
      options.append(
        range.clamp(Size(width: environment.grid.floor(range.max.height / ratio), height: range.max.height)))
    }
    // The nearest to the ratio; on a tie, the first (the one from the width). An extreme ratio can make an
    // option's other side unbounded: that option sizes nothing.
    var best: Size?
    for option in options where option.isValidLayoutSize {
      if best.map({ distance(option) < distance($0) }) ?? true { best = option }
    }
    let childRange = best.map { range.intersection(SizeRange(exactly: $0)) } ?? range
    let childParent = best ?? Size(width: .nan, height: .nan)
    let sublayout = try await child.layout(in: childRange, parentSize: childParent, environment: environment)
    return try environment.layout(of: .spec(name), size: sublayout.size, sublayouts: [sublayout])
  }

  private func distance(_ size: Size) -> Double {
    abs(size.height / size.width - ratio)
  }
}
