import Testing

@testable import TerminalUI

@Suite("Fitting and wrapping text")
struct TextFittingTests {
    @Test("Fit pads or cuts to exactly the width, aligned as asked")
    func fit() {
        #expect(TextFitting.fit("Rick", width: 6) == "Rick  ")
        #expect(TextFitting.fit("Rick", width: 6, alignment: .trailing) == "  Rick")
        #expect(TextFitting.fit("Rick", width: 7, alignment: .center) == " Rick  ")
        #expect(TextFitting.fit("Rick Sanchez", width: 6) == "Rick …")
        #expect(TextFitting.fit("日本語", width: 4) == "日… ")
        #expect(DisplayWidth.of(TextFitting.fit("日本語", width: 4)) == 4)
        #expect(TextFitting.truncate("abc", width: 0) == "")
    }

    @Test("Wrapping breaks at spaces within the width")
    func wrapsAtSpaces() {
        let lines = TextWrapper.wrap("Wubba lubba dub dub, Morty", width: 11)
        #expect(lines == ["Wubba lubba", "dub dub,", "Morty"])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 11 })
    }

    @Test("Words wider than the line are cut between glyphs")
    func cutsLongWords() {
        #expect(TextWrapper.wrap("abcdefgh", width: 3) == ["abc", "def", "gh"])
        #expect(TextWrapper.wrap("日本語です", width: 3) == ["日", "本", "語", "で", "す"])
    }

    @Test(
        "A line that needs no wrapping is returned as is; spaces at the ends or in runs are still dropped",
        arguments: [
            ("Rick Sanchez", 12, ["Rick Sanchez"]), ("", 5, [""]), (" Rick", 10, ["Rick"]),
            ("Rick ", 10, ["Rick"]), ("Rick  Sanchez", 20, ["Rick Sanchez"]),
            ("Rick Sanchez", 11, ["Rick", "Sanchez"]),
            ("café au lait", 20, ["café au lait"]), ("Loading…", 10, ["Loading…"]),
            ("Loading…", 8, ["Loading…"]),
            ("Loading…", 7, ["Loading", "…"]), ("日本", 6, ["日本"]), ("日本", 4, ["日本"]), ("日本", 3, ["日", "本"]),
            ("a \u{301}b", 10, ["a \u{301}b"]), ("— ", 10, ["—"]),
        ])
    func unwrapped(text: String, width: Int, lines: [String]) {
        #expect(TextWrapper.wrap(text, width: width) == lines)
        #expect(TextWrapper.lineCount(text, width: width) == lines.count)
    }

    @Test("The line count agrees with the wrapping for long words, wide glyphs, newlines and spaces")
    func lineCountAgrees() {
        let texts = [
            "http://127.0.0.1:8080/api/character/avatar/1.jpeg", "Earth (Replacement Dimension)",
            "日本語です and more 日本語です", "a\n\nb  c   d", "  leading and trailing  ", "abcdefgh ij",
            "e\u{301}e\u{301}e\u{301}", "",
        ]
        for text in texts {
            for width in 1...12 {
                #expect(
                    TextWrapper.lineCount(text, width: width) == TextWrapper.wrap(text, width: width).count,
                    "\(text) at \(width)")
            }
        }
    }

    @Test("A long ASCII word is cut into pieces of exactly the width, the rest last")
    func cutsLongASCIIWords() {
        let url = "http://127.0.0.1:8080/api/character/avatar/1.jpeg"
        for width in 1...(url.count + 1) {
            let lines = TextWrapper.wrap("Image: " + url, width: width)
            let pieces = width >= 6 ? Array(lines.drop { $0 != "Image:" }.dropFirst()) : []
            if width >= 6, width < url.count {
                #expect(pieces.joined() == url, "at \(width)")
                #expect(pieces.dropLast().allSatisfy { $0.count == width }, "at \(width)")
                #expect((1...width).contains(pieces.last?.count ?? 0), "at \(width)")
            }
            #expect(lines.allSatisfy { $0.count <= width }, "at \(width)")
            #expect(lines.joined().filter { $0 != " " } == ("Image: " + url).filter { $0 != " " })
            #expect(TextWrapper.lineCount("Image: " + url, width: width) == lines.count, "at \(width)")
        }
        #expect(TextWrapper.wrap("ab abcdefg", width: 3) == ["ab", "abc", "def", "g"])
        #expect(TextWrapper.wrap("ab abcdef", width: 3) == ["ab", "abc", "def"])
        #expect(TextWrapper.lineCount("ab abcdef x", width: 3) == 4)
    }

    @Test("No glyph takes more columns than its UTF-8 bytes (what the one-line shortcut counts on)")
    func widthWithinBytes() {
        let scalars = (0x20...0x10_FFFF).lazy.filter { $0 < 0xD800 || $0 > 0xDFFF }.compactMap(
            Unicode.Scalar.init)
        let wider = scalars.first { DisplayWidth.of(String($0)) > String($0).utf8.count }
        #expect(wider == nil)
    }

    @Test("Newlines always start a new line")
    func newlines() {
        #expect(TextWrapper.wrap("a\n\nb", width: 5) == ["a", "", "b"])
        #expect(TextWrapper.wrap("anything", width: 0) == [])
    }
}
