import Testing

@testable import ActorNodes

/// Every precondition of the drawing code, as a case that breaks it.
enum DrawingViolation: String, Codable, Sendable, CaseIterable {
  case pixelOutsideImage, negativeTolerance, emptyPNG

  /// The words of the rule the failure message must name.
  var rule: String {
    switch self {
    case .pixelOutsideImage: "pixel (2, 0) must be inside the image's 2x1 pixels"
    case .negativeTolerance: "an image comparison's tolerance must not be negative"
    case .emptyPNG: "a PNG image must be at least 1 pixel wide and high: got 0x3"
    }
  }

  /// Breaks the rule; never returns.
  func commit() {
    let image = Image(pixelWidth: 2, pixelHeight: 1, filledWith: .red)
    switch self {
    case .pixelOutsideImage: _ = image.pixel(x: 2, y: 0)
    case .negativeTolerance: _ = image.isApproximatelyEqual(to: image, tolerance: -1)
    case .emptyPNG: _ = Image(pixelWidth: 0, pixelHeight: 3, rgba: []).pngData()
    }
  }
}

@Suite("Drawing: broken rules stop the program with a message that names the rule", .timeLimit(.minutes(2)))
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
