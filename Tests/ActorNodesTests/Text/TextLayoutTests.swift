import Testing

@testable import ActorNodes

/// 10-point text: one font unit is 0.01 pt, a line is 12 pt high with its baseline at 9.
private let font = Font(size: 10)

private func text(_ string: String, _ font: Font = font) -> AttributedText {
  AttributedText(string, attributes: .init(font: font))
}

/// What each line shows, the truncation token included.
private func shown(_ layout: TextLayout) -> [String] {
  layout.lines.map { layout.text.string(in: $0.range) + ($0.isTruncated ? layout.truncationToken : "") }
}

private func isClose(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

private func lay(
  _ string: String, width: Double = .infinity, height: Double = .infinity, lines: Int = 0
) -> TextLayout {
  TextLayout(text(string), constrainedTo: Size(width: width, height: height), maximumNumberOfLines: lines)
}

@Suite("Text layout: grapheme-aware word wrapping against the built-in metrics")
struct TextLayoutTests {
  @Test("unconstrained text is one line: the advances' sum wide, one line high, the baseline at the ascent")
  func oneLine() {
    let layout = lay("Hello world")
    #expect(shown(layout) == ["Hello world"])
    // H e l l o = 720+560+220+220+560, space 280, w o r l d = 720+560+330+220+560 units.
    #expect(isClose(layout.size.width, 49.5))
    #expect(layout.size.height == 12)
    #expect(layout.lines[0].baseline == 9)
    #expect(!layout.isTruncated)
  }

  @Test("lines break at spaces; the space at a break hangs and does not count to the width")
  func wrapsAtSpaces() {
    let layout = lay("Hello world", width: 40)
    #expect(shown(layout) == ["Hello", "world"])
    #expect(isClose(layout.lines[0].frame.size.width, 22.8))
    #expect(isClose(layout.lines[1].frame.size.width, 23.9))
    #expect(layout.lines[1].frame.minY == 12)
    #expect(layout.lines[1].baseline == 21)
    #expect(isClose(layout.size.width, 23.9))
    #expect(layout.size.height == 24)
  }

  @Test("text exactly as wide as the room stays on one line")
  func exactFit() {
    #expect(shown(lay("Hello world", width: 49.5)) == ["Hello world"])
    #expect(shown(lay("Hello world", width: 49.4)) == ["Hello", "world"])
  }

  @Test("kerning pairs tighten adjacent characters of one run, not across runs")
  func kerning() {
    #expect(isClose(font.width(of: "AV"), 12.7))  // 680 + 660 − 70
    #expect(isClose(font.width(of: "To"), 10.8))  // 610 + 560 − 90
    #expect(isClose(font.kerning(between: "y", and: "."), -0.7))
    #expect(font.kerning(between: "a", and: "b") == 0)
    #expect(isClose(lay("AV").size.width, 12.7))
    let twoRuns = text("A") + AttributedText("V", attributes: .init(font: font, color: .red))
    #expect(twoRuns.runs.count == 2)
    #expect(isClose(TextLayout(twoRuns, constrainedTo: Size(width: 100, height: 100)).size.width, 13.4))
  }

  @Test("a bold font's advances are 7% wider")
  func bold() {
    #expect(isClose(Font(size: 10, weight: .bold).width(of: "Hello"), 22.8 * 1.07))
  }

  @Test("a word wider than the room breaks between grapheme clusters, at least one per line")
  func overlongWord() {
    // a b c = 16.2; d e f g = 19.6; h.
    #expect(shown(lay("abcdefgh", width: 20)) == ["abc", "defg", "h"])
    #expect(shown(lay("abc", width: 1)) == ["a", "b", "c"])
  }

  @Test("clusters are never split: an emoji with its skin tone, a letter with its combining accent")
  func clusters() {
    let thumbs = "👍🏽👍🏽👍🏽"
    #expect(thumbs.count == 3)
    let layout = lay(thumbs, width: 25)
    #expect(shown(layout) == ["👍🏽👍🏽", "👍🏽"])
    #expect(isClose(layout.size.width, 23))  // 1.15 em each
    #expect(shown(lay("👨‍👩‍👧👨‍👩‍👧", width: 5)) == ["👨‍👩‍👧", "👨‍👩‍👧"])
    #expect(isClose(font.width(of: "e\u{301}"), font.width(of: "é")))
    #expect(isClose(font.width(of: "e\u{301}"), 5.6))
    #expect(shown(lay("e\u{301}e\u{301}", width: 6)) == ["e\u{301}", "e\u{301}"])
  }

  @Test(
    "a cluster whose characters were given different attributes is one cluster, in its first character's: it measures and wraps as the plain string does"
  )
  func clustersAcrossRuns() {
    // Adversarial round 20: each run was read on its own, so the skin tone was measured as a cluster of its own.
    let red = AttributedText.Attributes(font: font, color: .red)
    var thumbs = text("Hi 👍")
    thumbs.append("🏽", attributes: red)
    #expect(thumbs.runs == [AttributedText.Run("Hi 👍🏽", attributes: .init(font: font))])
    #expect(thumbs == text("Hi 👍🏽"))
    let unbounded = Size(width: .infinity, height: .infinity)
    #expect(
      TextLayout(thumbs, constrainedTo: unbounded).size == TextLayout(text("Hi 👍🏽"), constrainedTo: unbounded).size)
    #expect(shown(TextLayout(thumbs, constrainedTo: Size(width: 13, height: .infinity))) == ["Hi", "👍🏽"])
    // What follows the joining characters starts a run of its own; a family joined by a ZWJ in another run too.
    var accent = text("e")
    accent.append("\u{301}x", attributes: red)
    #expect(accent.runs.map(\.string) == ["e\u{301}", "x"])
    #expect(accent.runs.map(\.attributes.color) == [.black, .red])
    var family = text("👩\u{200D}👩")
    family.append("\u{200D}👧 ok", attributes: red)
    #expect(family.runs.map(\.string) == ["👩\u{200D}👩\u{200D}👧", " ok"])
    // A line feed after a carriage return joins it; other ASCII starts a cluster.
    var crlf = text("a\r")
    crlf.append("\nb", attributes: red)
    #expect(crlf.runs.map(\.string) == ["a\r\n", "b"])
    var plain = text("a")
    plain.append("b", attributes: red)
    #expect(plain.runs.map(\.string) == ["a", "b"])
    // A whole appended string can join: no empty run is left.
    var tone = text("👍")
    tone.append("🏽", attributes: red)
    #expect(tone.runs.count == 1)
  }

  @Test("newlines always break; an empty paragraph is an empty line; so is what follows a final newline")
  func hardBreaks() {
    let layout = lay("a\n\nb", width: 100)
    #expect(shown(layout) == ["a", "", "b"])
    #expect(layout.size.height == 36)
    #expect(shown(lay("a\r\nb")) == ["a", "b"])
  }

  @Test(
    "A final newline ends the text with an empty line in the newline's font, which counts to the height, as TextKit's extra line fragment counts in ASTextNode's used rectangle; where no line is left for it, it is left out and nothing is truncated (adversarial round 29: it added no line)"
  )
  func finalNewlineEndsWithAnEmptyLine() {
    let layout = lay("a\n\nb\n", width: 100)
    #expect(shown(layout) == ["a", "", "b", ""])
    #expect(layout.size.height == 48)
    #expect(layout.lines.last?.frame == Rect(x: 0, y: 36, width: 0, height: 12))
    #expect(!layout.isTruncated)
    #expect(lay("a\r\n").size.height == 24)
    let big = Font(size: 20)
    var mixed = text("a")
    mixed.append("\n", attributes: .init(font: big))
    #expect(TextLayout(mixed, constrainedTo: Size(width: 100, height: 100)).lines.last?.frame.height == big.lineHeight)
    for limited in [lay("a\n", lines: 1), lay("a\n", height: 20)] {
      #expect(shown(limited) == ["a"])
      #expect(!limited.isTruncated)
    }
  }

  @Test("spaces after a newline are content: they count to the line's width")
  func leadingSpaces() {
    let layout = lay("a\n  b")
    #expect(isClose(layout.lines[1].frame.size.width, 11.2))
    #expect(shown(layout) == ["a", "  b"])
  }

  @Test("a line may break after a hyphen or a dash")
  func hyphens() {
    #expect(shown(lay("well-known", width: 30)) == ["well-", "known"])
    #expect(shown(lay("well-known", width: 60)) == ["well-known"])
    #expect(shown(lay("now\u{2014}then", width: 30)) == ["now\u{2014}", "then"])
  }

  @Test("East Asian ideographs break between any two; Latin text before them is a word of its own")
  func ideographs() {
    #expect(shown(lay("日本語", width: 25)) == ["日本", "語"])
    #expect(shown(lay("ab日本", width: 20)) == ["ab", "日本"])
    #expect(isClose(font.width(of: "日"), 10))
  }

  @Test("a no-break space joins its neighbours into one word")
  func noBreakSpace() {
    #expect(shown(lay("aa bb cc", width: 20)) == ["aa", "bb", "cc"])
    #expect(shown(lay("aa\u{A0}bb cc", width: 20)) == ["aa\u{A0}b", "b cc"])
  }

  @Test("more lines than allowed: the last line shown is cut at its tail and ends with the token")
  func maximumLines() {
    let one = lay("Hello world", width: 40, lines: 1)
    #expect(shown(one) == ["Hello…"])  // "Hello w" + "…" would be 42.8
    #expect(isClose(one.size.width, 32.8))
    #expect(one.isTruncated)
    let two = lay("Hello world again", width: 40, lines: 2)
    #expect(shown(two) == ["Hello", "world…"])
    #expect(isClose(two.lines[1].frame.size.width, 33.9))
    #expect(!lay("Hello world", width: 40, lines: 2).isTruncated)
    #expect(shown(lay("one\ntwo\nthree", lines: 2)) == ["one", "two…"])
    let custom = TextLayout(
      text("Hello world"), constrainedTo: Size(width: 42, height: 100), maximumNumberOfLines: 1,
      truncationToken: "...")
    // "Hello" + "..." is 32.8 + 3 × 2.8 = 41.2: the token follows the line; nothing of the hidden "world" is shown.
    #expect(shown(custom) == ["Hello..."])
  }

  @Test("a truncated line never shows part of a word when it can end at a space or a punctuation mark (ASTextNode)")
  func truncationKeepsWholeWords() {
    func width(_ string: String) -> Double { lay(string).size.width }
    let ellipsis = width("…")
    // The token, at the line's end, would cover the tail of "wonderful": the whole word goes.
    let cut = lay("Hello wonderful world", width: width("Hello wonderful") + 1, lines: 1)
    #expect(shown(cut) == ["Hello…"])
    #expect(isClose(cut.lines[0].frame.size.width, width("Hello") + ellipsis))
    // Room for the token after the line: Texture's truncater still takes the line's last glyph (the space it broke
    // at, TextKit's nearest glyph to the token's left edge) as the first to go, and backs up to the space before
    // it, so the last word goes too (its own test keeps "wayfarers" only with an empty set of marks to back up to).
    let kept = lay("Hello wonderful world", width: width("Hello wonderful") + ellipsis + 0.5, lines: 1)
    #expect(shown(kept) == ["Hello…"])
    #expect(isClose(kept.lines[0].frame.size.width, width("Hello") + ellipsis))
    // A first line cut to nothing keeps its text and takes no token (Texture's truncater returns then).
    let nothing = lay("Hello world", width: width("Hel") + 0.5, lines: 1)
    #expect(shown(nothing) == ["Hel"])
    #expect(nothing.lines[0].isTruncated == false)
    // Punctuation is a place to cut too, and goes with the cut.
    #expect(shown(lay("Hello,wonderful world", width: width("Hello,wonderful") + 1, lines: 1)) == ["Hello…"])
    #expect(shown(lay("Yes. Wonderful world", width: width("Yes. Wonderful") + 1, lines: 1)) == ["Yes.…"])
    // A line that is one word is cut inside it, between clusters, as far as the token allows.
    let word = "Supercalifragilistic"
    let inside = lay(word + " words", width: width(word) + 1, lines: 1)
    let line = shown(inside)[0]
    #expect(line.hasSuffix("…") && word.hasPrefix(line.dropLast()) && line.count < word.count + 1)
    #expect(inside.lines[0].frame.size.width <= width(word) + 1)
    #expect(width(String(word.prefix(line.count))) + ellipsis > width(word) + 1, "one more cluster would not fit")
  }

  @Test("the height limits the lines too: text cut by it is truncated; no room for a line shows nothing")
  func heightLimit() {
    let layout = lay("Hello world", width: 40, height: 20)
    #expect(shown(layout) == ["Hello…"])
    #expect(layout.size.height == 12)
    let none = lay("Hello world", width: 40, height: 11)
    #expect(none.lines.isEmpty)
    #expect(none.size == .zero)
    #expect(none.isTruncated)
  }

  @Test("a line is as tall as its tallest font, its baseline at that font's ascent")
  func mixedFonts() {
    let mixed = text("Big", Font(size: 20)) + text(" small")
    let layout = TextLayout(mixed, constrainedTo: Size(width: 1000, height: 1000))
    #expect(layout.lines.count == 1)
    #expect(layout.size.height == 24)
    #expect(layout.lines[0].baseline == 18)
  }

  @Test(
    "A word broken across lines makes each line as tall as the fonts of the clusters it holds, as TextKit sets each line fragment's height from its own glyphs (adversarial round 29: every line took the tallest font of the whole word)"
  )
  func brokenWordLinesAreAsTallAsTheirOwnFonts() {
    // Ten 10-point letters and two 40-point ones, one word in 30 points: "aaaaa" (28), "aaaaa", "b", "b".
    var word = text("aaaaaaaaaa")
    word.append("bb", attributes: .init(font: Font(size: 40)))
    let layout = TextLayout(word, constrainedTo: Size(width: 30, height: .infinity))
    #expect(shown(layout) == ["aaaaa", "aaaaa", "b", "b"])
    #expect(layout.lines.map(\.frame.height) == [12, 12, 48, 48])
    #expect(layout.lines.map(\.baseline) == [9, 21, 60, 108])
    #expect(layout.size.height == 120)
    // The line where the fonts meet is as tall as the larger.
    let meeting = TextLayout(word, constrainedTo: Size(width: 80, height: .infinity))
    #expect(shown(meeting) == ["aaaaaaaaaab", "b"])
    #expect(meeting.lines.map(\.frame.height) == [48, 48])
  }

  @Test(
    "An empty text is one empty line in the default font, zero wide, as TextKit lays out an empty text's extra line fragment, which ASTextNode measures; where no line fits, it has none and truncates nothing (adversarial round 29: it had no line and no height)"
  )
  func emptyTextIsOneEmptyLineInTheDefaultFont() {
    let layout = lay("", width: 10)
    #expect(shown(layout) == [""])
    #expect(layout.size == Size(width: 0, height: Font.default.lineHeight))
    #expect(layout.lines[0].baseline == Font.default.ascent)
    #expect(!layout.isTruncated)
    #expect(AttributedText("").isEmpty)
    // Empty runs are dropped: a text of them has no attributes, so its line is in the default font too.
    let emptyRuns = AttributedText(runs: [.init("", attributes: .init(font: Font(size: 40)))])
    #expect(TextLayout(emptyRuns, constrainedTo: Size(width: 10, height: 100)).size.height == Font.default.lineHeight)
    for noRoom in [lay("", width: 10, height: 10), lay("", width: 0, height: 0)] {
      #expect(noRoom.lines.isEmpty && noRoom.size == .zero && !noRoom.isTruncated)
    }
  }

  @Test("attributed text merges neighbouring runs with equal attributes and drops empty ones")
  func attributedText() {
    let merged = text("ab") + text("") + text("cd")
    #expect(merged.runs.count == 1)
    #expect(merged == text("abcd"))
    #expect(merged.string == "abcd")
    let literal: AttributedText = "plain"
    #expect(literal.runs == [AttributedText.Run("plain")])
    let mixed = text("ab") + text("cd", Font(size: 12))
    #expect(mixed.string(in: AttributedText.Position(run: 0, utf8Offset: 1)..<mixed.endPosition) == "bcd")
  }

  @Test("a paragraph lays out to the same lines everywhere (the metrics are constants)")
  func reproducible() {
    let paragraph = """
      Texture keeps the main thread free: nodes measure their text off it, cache the result, and hand the \
      main thread nothing but frames. Voilà — naïve café prose, 東京 and emoji 🙂 wrap like the rest.
      """
    let layout = TextLayout(text(paragraph, Font(size: 12)), constrainedTo: Size(width: 180, height: .infinity))
    #expect(
      shown(layout) == [
        // 162.36 wide: " free:" would make it 189.84.
        "Texture keeps the main thread", "free: nodes measure their text off", "it, cache the result, and hand the",
        "main thread nothing but frames.", "Voilà — naïve café prose, 東京", "and emoji 🙂 wrap like the rest.",
      ])
    #expect(isClose(layout.lines[0].frame.size.width, 162.36))
    #expect(layout.size.height == 86.4)
  }

  // Adversarial round 23 (2026-11-28): each failed before its fix.

  @Test("a truncated line fits its room when the token and the text it follows are in different fonts")
  func truncationTokenInTheFontItFollows() {
    var mixed = AttributedText("WW", attributes: .init(font: Font(size: 24)))
    mixed.append(" iiiii zzzzzz", attributes: .init(font: Font(size: 10)))
    let layout = TextLayout(mixed, constrainedTo: Size(width: 60, height: .infinity), maximumNumberOfLines: 1)
    #expect(layout.isTruncated)
    #expect(layout.size.width <= 60)
    // The token is in the text's last font (10-point) since round 25, so both W's stay.
    #expect(shown(layout) == ["WW…"])
    // A 24-point token after 10-point text: measured in its own font, it must still fit.
    var reversed = AttributedText("iiiii zzzzzz", attributes: .init(font: Font(size: 10)))
    reversed.append(" WW", attributes: .init(font: Font(size: 24)))
    let large = TextLayout(reversed, constrainedTo: Size(width: 60, height: .infinity), maximumNumberOfLines: 1)
    #expect(shown(large) == ["iiiii…"])
    #expect(isClose(large.size.width, Font(size: 10).width(of: "iiiii") + Font(size: 24).width(of: "…")))
  }

  @Test("a width the pixel grid rounds up fits the text measured at it")
  func widthRoundedToTheGridFits() {
    // "ii" measures 10.00000011 points: above a pixel edge by less than the grid's tolerance, so rounded to 10.
    let nearlyTen = TextLayout(
      text("ii", Font(size: (10 + 1.1e-7) / 0.44)), constrainedTo: Size(width: .infinity, height: .infinity))
    let width = PixelGrid(scale: 1).ceil(nearlyTen.size.width)
    #expect(width == 10)
    let again = TextLayout(nearlyTen.text, constrainedTo: Size(width: width, height: .infinity))
    #expect(!again.isTruncated && shown(again) == ["ii"])
  }

  @Test("a prepended mark and the character after it are one cluster, in one run, measured as that character")
  func prependedMarkJoinsTheNextCharacter() {
    var split = AttributedText("\u{0600}", attributes: .init(font: font, color: .red))
    split.append("1", attributes: .init(font: font, color: .blue))
    #expect(split.runs.count == 1, "a run starts on a cluster boundary of the whole text")
    let whole = lay("\u{0600}1")
    #expect(isClose(whole.size.width, lay("1").size.width))
    #expect(isClose(TextLayout(split, constrainedTo: Size(width: 100, height: .infinity)).size.width, whole.size.width))
  }

  @Test("a space with a combining mark is visible: it is measured, and starts the next line when the line breaks")
  func spaceWithACombiningMarkIsAVisibleCluster() {
    #expect(isClose(lay(" \u{301}").size.width, 2.8), "a space's advance; a bare trailing space hangs")
    // The break comes before it, not after: it does not hang at the end of the first line, where it would vanish.
    let broken = shown(lay("ab \u{301}cd", width: 13))
    #expect(broken.first == "ab")
    #expect(broken.dropFirst().first?.hasPrefix(" \u{301}") == true, "\(broken)")
  }

  // Adversarial round 25 (2026-11-28): each failed before its fix.

  @Test("the token is set in the attributes of the text's last character, not of the text it follows (ASTextNode)")
  func truncationTokenInTheTextsLastAttributes() {
    let headline = Font(size: 20, weight: .bold)
    var story = AttributedText("Breaking news a", attributes: .init(font: headline))
    story.append("\nThe body, in small grey type.", attributes: .init(font: font, color: .gray))
    // Room for the headline and 2 points more: a 10-point token covers only its last word; a 20-point one, "news".
    let room = headline.width(of: "Breaking news a") + 2
    let layout = TextLayout(story, constrainedTo: Size(width: room, height: .infinity), maximumNumberOfLines: 1)
    #expect(shown(layout) == ["Breaking news…"])
    #expect(isClose(layout.lines[0].frame.size.width, headline.width(of: "Breaking news") + font.width(of: "…")))
  }

  @Test(
    "A truncated line is as tall as the fonts of the text it keeps and of the token, as TextKit lays it out again with the token in place of the cut; a token taller than the height left is cut at the room's bottom (adversarial round 29: it kept the height of the text it lost and ignored the token's)"
  )
  func truncatedLineIsAsTallAsItsKeptTextAndToken() {
    let big = Font(size: 40)
    // The text's last character, and so the token, is 40-point: "aaa bbb…" is as tall as the token, its baseline at
    // the token's ascent.
    var shout = text("aaa bbb ccc ddd eee fff ggg")
    shout.append("!", attributes: .init(font: big))
    let tall = TextLayout(shout, constrainedTo: Size(width: 80, height: .infinity), maximumNumberOfLines: 1)
    #expect(shown(tall) == ["aaa bbb…"])
    #expect(tall.lines[0].frame.height == big.lineHeight && tall.lines[0].baseline == big.ascent)
    #expect(tall.size.height == 48)
    let low = TextLayout(shout, constrainedTo: Size(width: 80, height: 20), maximumNumberOfLines: 1)
    #expect(shown(low) == ["aaa bbb…"])
    #expect(low.size.height == 20)
    // The 20-point word the cut takes goes with its height: "aaa bbb…" in 10 points is 12 high, not 24.
    var lost = text("aaa bbb ")
    lost.append("cc", attributes: .init(font: Font(size: 20)))
    lost.append(" ddd eee", attributes: .init(font: font))
    let uncut = TextLayout(lost, constrainedTo: Size(width: 62, height: .infinity))
    #expect(shown(uncut).first == "aaa bbb cc" && uncut.lines[0].frame.height == 24)
    let cut = TextLayout(lost, constrainedTo: Size(width: 62, height: .infinity), maximumNumberOfLines: 1)
    #expect(shown(cut) == ["aaa bbb…"])
    #expect(cut.lines[0].frame.height == 12 && cut.lines[0].baseline == 9)
  }

  @Test(
    "The cut takes the one space or mark it backs up to, and the spaces before it stay, before the token, as ASTextKitTailTruncater cuts at the character its backward search finds (adversarial round 29: the spaces before it went too)"
  )
  func truncationCutTakesOnlyTheMarkItBacksUpTo() {
    // "aaa  bbb" fills 39.2 of 45; the token's left edge (35) falls on the last "b", the cut backs up to the
    // second space: "aaa " stays, the token after its space.
    let layout = lay("aaa  bbb ccc", width: 45, lines: 1)
    #expect(shown(layout) == ["aaa \u{2026}"])
    #expect(isClose(layout.size.width, font.width(of: "aaa \u{2026}")))
    // One space: nothing of it stays.
    #expect(shown(lay("aaa bbb ccc", width: 40, lines: 1)) == ["aaa\u{2026}"])
  }

  @Test(
    "A truncated line keeps the whitespace it ends with, but for the one space its cut takes, a line of whitespace only too: ASTextKitTailTruncater finds the first glyph to go in TextKit's line fragment, which holds that whitespace and the line break (adversarial round 30: the whitespace went, and with it the last word)"
  )
  func truncatedLineKeepsTheWhitespaceItEndsWith() {
    // Before a line break, the break is the line's last glyph: the cut backs up to the space before it.
    let blank = lay("abc\n   \nxyz", lines: 2)
    #expect(shown(blank) == ["abc", "  \u{2026}"])
    #expect(isClose(blank.lines[1].frame.size.width, font.width(of: "  \u{2026}")))
    #expect(shown(lay("   \nxyz", lines: 1)) == ["  \u{2026}"])
    #expect(shown(lay("x ab   \nxyz", lines: 1)) == ["x ab  \u{2026}"])
    #expect(shown(lay("x ab \nxyz", lines: 1)) == ["x ab\u{2026}"])
    #expect(shown(lay("x ab\nxyz", lines: 1)) == ["x\u{2026}"], "no whitespace: the last word goes, as before")
    // Wrapped at its spaces, the last one is the line's last glyph: the cut takes the one before it.
    let wrapped = lay("x ab   cdefghij", width: font.width(of: "x ab   \u{2026}") + 0.5, lines: 1)
    #expect(shown(wrapped) == ["x ab \u{2026}"])
  }

  @Test("an empty token cuts nothing: the lines stop at the limit, and the text is reported truncated")
  func emptyTruncationToken() {
    func lay(_ string: String, width: Double, height: Double = .infinity, lines: Int = 0) -> TextLayout {
      TextLayout(
        text(string), constrainedTo: Size(width: width, height: height), maximumNumberOfLines: lines,
        truncationToken: "")
    }
    let limited = lay("aaa bbb ccc ddd", width: 40, lines: 1)
    #expect(shown(limited) == ["aaa bbb"])
    #expect(limited.isTruncated)
    #expect(!limited.lines[0].isTruncated, "no token follows the line")
    #expect(isClose(limited.size.width, font.width(of: "aaa bbb")))
    // Cut by the height (two 12-point lines in 30 points) the same way.
    let short = lay("aaa bbb ccc ddd eee fff", width: 40, height: 30)
    #expect(shown(short) == ["aaa bbb", "ccc ddd"])
    #expect(short.isTruncated)
  }

  @Test("a token or a cluster wider than the room runs past its line, whose box, like the layout, stays in the room")
  func nothingWiderThanTheRoom() {
    let layout = TextLayout(
      text("aaa bbb ccc ddd"), constrainedTo: Size(width: 20, height: .infinity), maximumNumberOfLines: 2,
      truncationToken: " (read more)")
    #expect(layout.isTruncated)
    #expect(shown(layout) == ["aaa", " (read more)"])
    #expect(layout.size.width <= 20, "the token alone is \(font.width(of: " (read more)")) wide")
    #expect(layout.lines.allSatisfy { $0.frame.maxX <= 20 })
    let wide = TextLayout(text("W", Font(size: 100)), constrainedTo: Size(width: 5, height: .infinity))
    #expect(wide.lines.count == 1)
    #expect(wide.size.width == 5)
  }

  @Test("closing punctuation never starts a line and opening punctuation never ends one (UAX #14 LB13, LB14)")
  func punctuationStaysWithItsWord() {
    // CJK: the character before a closing mark goes down with it; an opening bracket goes down with what follows.
    #expect(shown(lay("日本語です。", width: 50)) == ["日本語で", "す。"])
    #expect(shown(lay("日本語です、", width: 50)) == ["日本語で", "す、"])
    #expect(shown(lay("日本語です」", width: 50)) == ["日本語で", "す」"])
    #expect(shown(lay("日本語です！", width: 50)) == ["日本語で", "す！"])
    #expect(shown(lay("日本語で」。", width: 50)) == ["日本語", "で」。"], "a run of closing marks goes as one")
    #expect(shown(lay("ああああ「日本", width: 50)) == ["ああああ", "「日本"])
    // Non-starters: a small kana and the prolonged sound mark stay with the character before them.
    #expect(shown(lay("あちょっと", width: 30)) == ["あ", "ちょっ", "と"])
    #expect(shown(lay("ああコー", width: 30)) == ["ああ", "コー"])
    // ASCII punctuation after an ideograph, and around a dash.
    for mark in [".", ",", "!", "?", ":", ";", ")", "]", "}", "\u{2019}", "\u{201D}"] {
      #expect(shown(lay("日本語です" + mark, width: 50)) == ["日本語で", "す" + mark], "\(mark)")
    }
    #expect(shown(lay("ああああ(日本", width: 50)) == ["ああああ", "(日本"])
    #expect(shown(lay("ああああ\u{201C}日本", width: 50)) == ["ああああ", "\u{201C}日本"])
    let dash = "I said wait\u{2014}"
    #expect(shown(lay(dash + "! Go", width: font.width(of: dash) + 1)) == ["I said", "wait\u{2014}! Go"])
    // An opening mark may start a line.
    #expect(shown(lay("now\u{2014}(then)", width: 30)) == ["now\u{2014}", "(then)"])
    // A run of marks wider than the line is still broken between clusters.
    #expect(shown(lay("。。。。", width: 25)) == ["。。", "。。"])
  }

  @Test(
    "an empty first line cut by the line limit keeps its text and takes no token, as any first line cut to nothing"
  )
  func emptyFirstLineCutToNothingTakesNoToken() {
    // Adversarial round 27: the empty line of a text starting with a newline took a token ("…"), as its range starts
    // after the newline, not at the text's start. Texture's tail truncater finds the newline, character 0, as the
    // first to replace, and truncates nothing (ASTextKitTailTruncater.mm).
    let layout = lay("\nabc def", width: 100, lines: 1)
    #expect(shown(layout) == [""])
    #expect(layout.lines[0].isTruncated == false && layout.size == Size(width: 0, height: 12))
    #expect(layout.isTruncated, "the rest of the text is not shown")
    // An empty line after the first still ends with the token (Texture replaces from its newline on).
    #expect(shown(lay("a\n\nb", width: 100, lines: 2)) == ["a", "\u{2026}"])
  }

  /// `ASTextKitTruncationTests`' sentence, in the default 12-point font (Texture's: the system font of 12 points).
  private static let sentence = AttributedText(
    "90's cray photo booth tote bag bespoke Carles. Plaid wayfarers Odd Future master cleanse tattooed four dollar toast small batch kale chips leggings meh photo booth occupy irony."
  )

  @Test(
    "An empty token shows the lines that fit, as they are set without a height (Texture: ASTextKitTruncationTests testEmptyTruncationStringSameAsStraightTextKitTailTruncation)",
    .tags(.texturePort))
  func textureEmptyTokenIsAStraightCut() {
    let cut = TextLayout(Self.sentence, constrainedTo: Size(width: 100, height: 50), truncationToken: "")
    let whole = TextLayout(Self.sentence, constrainedTo: Size(width: 100, height: .infinity))
    #expect(cut.lines.count == 3, "three lines of 14.4 points fit in 50")
    #expect(cut.lines == Array(whole.lines.prefix(3)))
    #expect(cut.isTruncated)
  }

  @Test(
    "The token replaces the end of the last line shown, back to the last space or punctuation mark (Texture: ASTextKitTruncationTests testSimpleTailTruncation, testAvoidedCharTailWordBoundaryTruncation)",
    .tags(.texturePort))
  func textureTailTruncation() {
    // Texture's second test avoids cutting after "." only: the "." after "Carles" goes with the cut, as here.
    let threeLines = TextLayout(Self.sentence, constrainedTo: Size(width: 100, height: 50), truncationToken: "...")
    #expect(shown(threeLines) == ["90's cray photo", "booth tote bag", "bespoke Carles..."])
    // Texture's first test avoids no character, so its cut may fall inside a word; here the default set of
    // ASTextNode (whitespace and .,!?:;) always applies: "Plaid wayfarers" loses its last word to the token.
    let fourLines = TextLayout(Self.sentence, constrainedTo: Size(width: 100, height: 60), truncationToken: "...")
    #expect(shown(fourLines) == ["90's cray photo", "booth tote bag", "bespoke Carles.", "Plaid..."])
    // A space is a mark to go back to as well: the "." before it stays, and the token follows it.
    let twoLines = TextLayout(Self.sentence, constrainedTo: Size(width: 150, height: 30), truncationToken: "...")
    #expect(shown(twoLines) == ["90's cray photo booth tote", "bag bespoke Carles...."])
  }

  @Test(
    "A room of no size or no height shows no line, truncates and traps nothing (Texture: ASTextKitTruncationTests testHandleZeroSizeConstrainedSize, testHandleZeroHeightConstrainedSize)",
    .tags(.texturePort))
  func textureZeroRooms() {
    for room in [Size.zero, Size(width: 50, height: 0)] {
      let layout = TextLayout(Self.sentence, constrainedTo: room, truncationToken: "...")
      #expect(layout.lines.isEmpty)
      #expect(layout.size == .zero)
      #expect(layout.isTruncated)
    }
  }
}
