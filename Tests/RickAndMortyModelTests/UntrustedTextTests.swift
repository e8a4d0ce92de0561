import RickAndMortyModel
import Testing

@Suite("Sanitizing untrusted text")
struct UntrustedTextTests {
    @Test(
        "Unsafe sequences are removed",
        arguments: [
            ("Evil\u{1B}[2J\u{1B}]0;pwned\u{07} Morty", "Evil Morty"),
            ("a\u{1B}[38;5;196mred\u{1B}[0m", "ared"),
            ("osc\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", "osclink"),
            ("dcs\u{1B}Pq#0;2;0;0;0\u{1B}\\end", "dcsend"),
            ("two\u{1B}cbyte", "twobyte"),
            ("c1\u{9B}2Jcsi", "c1csi"),
            ("bell\u{07}del\u{7F}nul\u{00}", "belldelnul"),
            ("tab\tcr\rlf\n", "tab cr lf "),
            ("\u{202E}evil\u{202C}\u{2066}iso\u{2069}", "evil" + "iso"),
            ("zero\u{200B}width\u{FEFF}", "zerowidth"),
            ("family 👨\u{200D}👩\u{200D}👧 end", "family 👨 end"),
            ("thumb 👍🏽 ok", "thumb 👍 ok"),
            ("heart ❤\u{FE0F}", "heart ❤"),
            ("Señor Earth (J19ζ7) ’quoted’ 日本", "Señor Earth (J19ζ7) ’quoted’ 日本"),
            ("trailing escape\u{1B}", "trailing escape"),
            ("unterminated\u{1B}]0;title", "unterminated"),
        ])
    func removesUnsafe(input: String, expected: String) {
        #expect(UntrustedText.sanitize(input) == expected)
    }

    /// Found by `FuzzAPIDecoding` (`regressions/unassigned-2065-survived.json`): U+2065 sits
    /// between the invisible operators and the isolates and was kept, as were the deprecated
    /// format characters U+206A–U+206F; every default-ignorable scalar of U+2060–U+206F goes.
    @Test("The whole invisible block U+2060–U+206F is removed, unassigned U+2065 included")
    func removesInvisibleBlock() {
        let block = (0x2060...0x206F).compactMap(Unicode.Scalar.init).map(String.init).joined()
        #expect(UntrustedText.sanitize("a" + block + "b") == "ab")
        #expect(UntrustedText.sanitize("bad \u{2065}x") == "bad x")
    }
}
