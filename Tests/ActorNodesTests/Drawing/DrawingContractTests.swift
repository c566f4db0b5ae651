import Testing

@testable import ActorNodes

/// Every precondition of the drawing code, as a case that breaks it.
enum DrawingViolation: String, Codable, Sendable, CaseIterable {
  case pixelOutsideImage, negativeTolerance, emptyPNG
  case contextSizeNegative, contextSizeInfinite, contextScaleZero, contextTooLarge, restoreWithoutSave,
    geometryNotFinite
  case lineEndNotFinite, lineWidthNegative, cornerRadiusNegative, alphaNotFinite, scaleFactorZero
  case translationNotFinite, textOriginNotFinite

  /// The words of the rule the failure message must name.
  var rule: String {
    switch self {
    case .pixelOutsideImage: "pixel (2, 0) must be inside the image's 2x1 pixels"
    case .negativeTolerance: "an image comparison's tolerance must not be negative"
    case .emptyPNG: "a PNG image must be at least 1 pixel wide and high: got 0x3"
    case .contextSizeNegative: "a graphics context's size must be finite and not negative: got -1x4"
    case .contextSizeInfinite: "a graphics context's size must be finite and not negative: got 4xinf"
    case .contextScaleZero: "a graphics context's scale must be finite and positive: got 0"
    case .contextTooLarge:
      "a graphics context's bitmap must be under 2^28 pixels on each side: got 10x1e+300 at scale 2"
    case .restoreWithoutSave: "restoreState() needs a saveState() that it has not yet restored"
    case .geometryNotFinite: "drawing geometry must be finite: got (nan, 0, 1x1)"
    case .lineEndNotFinite: "drawing geometry must be finite: got (0, 0), (inf, 1)"
    case .lineWidthNegative: "a line width must be finite and not negative: got -1"
    case .cornerRadiusNegative: "a corner radius must be finite and not negative: got -2"
    case .alphaNotFinite: "a context's alpha must be finite: got nan"
    case .scaleFactorZero: "a context's scale factors must be finite and not zero"
    case .translationNotFinite: "a context's translation must be finite"
    case .textOriginNotFinite: "drawing geometry must be finite: got (0, nan)"
    }
  }

  /// Breaks the rule; never returns.
  func commit() {
    let image = Image(pixelWidth: 2, pixelHeight: 1, filledWith: .red)
    switch self {
    case .pixelOutsideImage: _ = image.pixel(x: 2, y: 0)
    case .negativeTolerance: _ = image.isApproximatelyEqual(to: image, tolerance: -1)
    case .emptyPNG: _ = Image(pixelWidth: 0, pixelHeight: 3, rgba: []).pngData()
    case .contextSizeNegative: _ = GraphicsContext(size: Size(width: -1, height: 4), scale: 1)
    case .contextSizeInfinite: _ = GraphicsContext(size: Size(width: 4, height: .infinity), scale: 1)
    case .contextScaleZero: _ = GraphicsContext(size: Size(width: 4, height: 4), scale: 0)
    case .contextTooLarge: _ = GraphicsContext(size: Size(width: 10, height: 1e300), scale: 2)
    case .restoreWithoutSave:
      var context = GraphicsContext(size: Size(width: 4, height: 4), scale: 1)
      context.saveState()
      context.restoreState()
      context.restoreState()
    case .geometryNotFinite:
      var context = GraphicsContext(size: Size(width: 4, height: 4), scale: 1)
      context.fill(Rect(x: .nan, y: 0, width: 1, height: 1), with: .red)
    case .lineEndNotFinite:
      var context = GraphicsContext(size: Size(width: 4, height: 4), scale: 1)
      context.strokeLine(from: .zero, to: Point(x: .infinity, y: 1), with: .red)
    case .lineWidthNegative:
      var context = GraphicsContext(size: Size(width: 4, height: 4), scale: 1)
      context.stroke(Rect(x: 0, y: 0, width: 2, height: 2), with: .red, lineWidth: -1)
    case .cornerRadiusNegative:
      var context = GraphicsContext(size: Size(width: 4, height: 4), scale: 1)
      context.fillRoundedRect(Rect(x: 0, y: 0, width: 2, height: 2), cornerRadius: -2, with: .red)
    case .alphaNotFinite:
      var context = GraphicsContext(size: Size(width: 4, height: 4), scale: 1)
      context.setAlpha(.nan)
    case .scaleFactorZero:
      var context = GraphicsContext(size: Size(width: 4, height: 4), scale: 1)
      context.scaleBy(x: 0, y: 1)
    case .translationNotFinite:
      var context = GraphicsContext(size: Size(width: 4, height: 4), scale: 1)
      context.translateBy(x: 1, y: .nan)
    case .textOriginNotFinite:
      var context = GraphicsContext(size: Size(width: 4, height: 4), scale: 1)
      context.draw("text", at: Point(x: 0, y: .nan), fontSize: 10)
    }
  }
}

@Suite("Drawing: broken rules stop the program with a message that names the rule", .timeLimit(.minutes(5)))
struct DrawingContractTests {
  @Test("Each drawing precondition fails, naming its rule", arguments: DrawingViolation.allCases)
  func violation(_ violation: DrawingViolation) async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [violation] in
      violation.commit()
    }
    let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(output.contains("ActorNodes contract violation: \(violation.rule)"), "\(output.prefix(400))")
  }
}
