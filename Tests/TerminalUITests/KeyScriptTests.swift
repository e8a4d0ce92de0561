import Testing

@testable import TerminalUI

@Suite("Key scripts and sizes")
struct KeyScriptTests {
    @Test(
        "Every named key parses to its key",
        arguments: [
            ("up", Key.up), ("down", .down), ("left", .left), ("right", .right), ("pgup", .pageUp),
            ("pgdn", .pageDown), ("home", .home), ("end", .end), ("enter", .enter), ("esc", .escape),
            ("tab", .tab), ("btab", .backTab), ("space", .character(" ")), ("backspace", .backspace),
            ("del", .delete), ("f1", .function(1)), ("F12", .function(12)), ("ctrl-r", .control("r")),
            ("PgDn", .pageDown),
        ])
    func namedKey(token: String, key: Key) throws {
        #expect(try KeyScript.parse(token) == [.key(key)])
    }

    @Test("Single characters are themselves, case kept")
    func singleCharacters() throws {
        #expect(
            try KeyScript.parse("j k G / ? é 日")
                == ["j", "k", "G", "/", "?", "é", "日"].map {
                    .key(.character(Character($0)))
                })
    }

    @Test("text: types each character; resize: resizes; whitespace runs separate tokens")
    func textAndResize() throws {
        let events = try KeyScript.parse("  /  text:rick\tspace text:C-137 enter resize:80x24 ")
        #expect(
            events == [.key(.character("/"))] + "rick".map { .key(.character($0)) } + [.key(.character(" "))]
                + "C-137".map { .key(.character($0)) } + [
                    .key(.enter), .resize(TerminalSize(width: 80, height: 24)),
                ])
        #expect(try KeyScript.parse("") == [])
    }

    @Test("Unknown tokens are rejected with their position and a hint")
    func unknownToken() {
        let error = #expect(throws: KeyScriptError.self) { try KeyScript.parse("j down jump") }
        #expect(error?.token == "jump")
        #expect(error?.position == 3)
        #expect(error?.description.contains("named key") == true)
        #expect(throws: KeyScriptError.self) { try KeyScript.parse("f13") }
        #expect(throws: KeyScriptError.self) { try KeyScript.parse("ctrl-1") }
    }

    @Test(
        "text: without text and resize: with a bad size are rejected",
        arguments: [
            "text:", "resize:", "resize:80", "resize:0x24", "resize:80x-1", "resize:axb", "resize:99999x10",
        ])
    func badArguments(token: String) {
        let error = #expect(throws: KeyScriptError.self) { try KeyScript.parse("j \(token)") }
        #expect(error?.position == 2)
        #expect(error?.token == token)
    }

    @Test("Sizes parse from WIDTHxHEIGHT")
    func sizes() throws {
        #expect(try TerminalSize.parse("100x30") == TerminalSize(width: 100, height: 30))
        #expect(try TerminalSize.parse("80X24") == TerminalSize(width: 80, height: 24))
        #expect(try TerminalSize.parse("80×24") == TerminalSize(width: 80, height: 24))
    }

    @Test(
        "Bad sizes get an error naming the input and the expected form",
        arguments: [
            ("100", TerminalSizeError.malformed("100")), ("100x", .malformed("100x")),
            ("x30", .malformed("x30")),
            ("100x30x2", .malformed("100x30x2")), ("-5x30", .malformed("-5x30")),
            ("1 0x30", .malformed("1 0x30")),
            ("0x30", .outOfRange("0x30")), ("100x0", .outOfRange("100x0")),
            ("10001x30", .outOfRange("10001x30")),
            ("99999999999999999999x1", .outOfRange("99999999999999999999x1")),
        ])
    func badSizes(text: String, expected: TerminalSizeError) {
        let error = #expect(throws: TerminalSizeError.self) { try TerminalSize.parse(text) }
        #expect(error == expected)
        #expect(error?.description.contains("'\(text)'") == true)
    }
}
