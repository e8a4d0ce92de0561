import CTerminalSupport
import Testing

@testable import TerminalUI

@Suite("Display width")
struct DisplayWidthTests {
    @Test("ASCII letters, digits and punctuation take one column each")
    func ascii() {
        // GIVEN printable ASCII WHEN measured THEN one column per character
        #expect(DisplayWidth.of("Rick Sanchez (C-137)!") == 21)
        #expect(DisplayWidth.of("") == 0)
    }

    @Test("CJK ideographs, kana and fullwidth forms take two columns")
    func eastAsianWide() {
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("カタカナ") == 8)
        #expect(DisplayWidth.of("ＡＢ") == 4)
        #expect(DisplayWidth.of("a日b") == 4)
    }

    @Test("Emoji with emoji presentation take two columns; text-style symbols one")
    func emoji() {
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("🚀🛸") == 4)
        #expect(DisplayWidth.of("❤") == 1)
    }

    @Test("A ZWJ emoji sequence counts as its first emoji")
    func zwjSequences() {
        // GIVEN family, profession and rainbow-flag sequences
        // WHEN measured THEN each is as wide as its first emoji (as tmux shows them)
        #expect(DisplayWidth.of("👨‍👩‍👧‍👦") == 2)
        #expect(DisplayWidth.of("🧑‍🚀") == 2)
        #expect(DisplayWidth.of("🏳️‍🌈") == 1)
        #expect(DisplayWidth.of("a👨‍👩‍👧b") == 4)
        #expect(Glyph("👨‍👩‍👧")?.text == "👨")
    }

    @Test("Variation selectors and skin-tone modifiers are dropped")
    func variationAndSkinTone() {
        #expect(DisplayWidth.of("❤️") == 1)
        #expect(Glyph("❤️")?.text == "❤")
        #expect(DisplayWidth.of("👍🏽") == 2)
        #expect(Glyph("👍🏽")?.text == "👍")
    }

    @Test("Combining marks add no width and stay with their base")
    func combiningMarks() {
        let decomposed = "Sen\u{0303}or"
        #expect(DisplayWidth.of(decomposed) == 5)
        #expect(Array(Glyphs(decomposed)).map(\.text) == ["S", "e", "n\u{0303}", "o", "r"])
        #expect(DisplayWidth.of("Señor") == 5)
        #expect(DisplayWidth.of("\u{0301}abc") == 3)
    }

    @Test("A glyph keeps at most four marks, as an ncurses cell does")
    func markLimit() throws {
        let glyph = try #require(Glyph("a" + String(repeating: "\u{0301}", count: 6)))
        #expect(glyph.scalars.count == GlyphScalars.capacity)
        #expect(glyph.text == "a" + String(repeating: "\u{0301}", count: 4))
        #expect(glyph.width == 1)
        #expect(glyph.scalars == Glyph("a\u{0301}\u{0301}\u{0301}\u{0301}")?.scalars)
        #expect(glyph.scalars != Glyph("a\u{0301}")?.scalars)
    }

    @Test("Controls and ESC become one replacement column each, never raw")
    func controls() {
        let text = "a\u{1B}[2Jb\u{7}\u{7F}\u{85}\u{0}"
        let glyphs = Array(Glyphs(text))
        #expect(glyphs.map(\.text).joined() == "a\u{FFFD}[2Jb\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(
            glyphs.allSatisfy { glyph in
                glyph.text.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
            })
        #expect(DisplayWidth.of(text) == 10)
    }

    @Test("Zero-width format characters and the soft hyphen are dropped")
    func formatCharacters() {
        #expect(
            Array(Glyphs("a\u{200B}b\u{200E}c\u{202E}d\u{00AD}e\u{FEFF}")).map(\.text).joined() == "abcde")
    }

    @Test("Hangul conjoining jamo form one wide glyph")
    func hangulJamo() {
        let syllable = "\u{1100}\u{1161}\u{11A8}"
        #expect(DisplayWidth.of(syllable) == 2)
        #expect(Array(Glyphs(syllable)).count == 1)
    }

    @Test("Per-scalar widths are glibc's wcwidth")
    func scalarWidths() {
        let cases: [(Unicode.Scalar, Int)] = [
            ("a", 1), ("\u{0}", 0), ("\u{1B}", -1), ("\u{7F}", -1), ("\u{9B}", -1), ("\u{0301}", 0),
            ("\u{200D}", 0), ("日", 2), ("\u{1F600}", 2), ("\u{2026}", 1), ("\u{FFFD}", 1), ("\u{E0001}", 0),
        ]
        for (scalar, width) in cases {
            #expect(DisplayWidth.of(scalar) == width, "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test("The width table agrees with the C library for every code point")
    func agreesWithGlibc() throws {
        // GIVEN the C library's own wcwidth in C.UTF-8 (skip where that locale is missing)
        try #require(cts_glibc_wcwidth(0x61) != -2, "C.UTF-8 locale not installed")
        // WHEN every code point is compared THEN none differs (surrogates are -1 by definition)
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if DisplayWidth.of(scalar) != Int(cts_glibc_wcwidth(value)) { mismatches.append(value) }
        }
        #expect(
            mismatches.isEmpty, "first mismatches: \(mismatches.prefix(10).map { String($0, radix: 16) })")
    }
}
