import ExplorerModel
import Foundation
import Testing

@Suite("JSONParser reads a document as written: members in order, numbers as text, clear errors")
struct JSONParserTests {
    @Test("Members keep their order, keys written twice are both kept, numbers keep their text")
    func orderAndNumbers() throws {
        let node = try JSONParser.parse(#"{"zeta": 1.50, "alpha": -0, "mid": 2e10, "alpha": true, "list": [null, false, "x"]}"#)
        let object = try #require(node.object)
        #expect(object.keys == ["zeta", "alpha", "mid", "alpha", "list"])
        #expect(object["zeta"] == .number("1.50"))
        #expect(object["alpha"] == .number("-0"))
        #expect(object["mid"] == .number("2e10"))
        #expect(object["list"] == .array([.null, .bool(false), .string("x")]))
        #expect(try JSONParser.parse(" 42 ").integer == 42)
    }

    @Test("Written back, a document reads as it was: members in order, numbers as written, escapes")
    func writtenBack() throws {
        let compact = #"{"zeta":1.50,"alpha":[null,true,{"k":"a\"b\\c\n\u0001é"}],"alpha":-0,"e":{}}"#
        let node = try JSONParser.parse(compact)
        #expect(JSONText.text(of: node) == compact)
        #expect(try JSONParser.parse(JSONText.text(of: node)) == node)
    }

    @Test("Escapes, surrogate pairs and a lone surrogate (U+FFFD)")
    func escapes() throws {
        let node = try JSONParser.parse(#"["a\"b\\c\/d\n\t", "\u00e9\u20AC", "\ud83d\ude00", "\ud800x", "plain é"]"#)
        #expect(node.array == [.string("a\"b\\c/d\n\t"), .string("é€"), .string("😀"), .string("\u{FFFD}x"), .string("plain é")])
    }

    @Test(
        "Bad documents get the place and what was expected",
        arguments: [
            ("", "a value", 1, 1),
            ("{\"a\": 1,}", "a member's name", 1, 9),
            ("[1, 2", "\",\" or \"]\"", 1, 6),
            ("{\"a\" 1}", "\":\"", 1, 6),
            ("[01]", "\",\" or \"]\"", 1, 3),
            ("[1.]", "a digit after \".\"", 1, 4),
            ("{}\n  x", "the end of the text", 2, 3),
            ("\"tab\there\"", "no control character inside a string", 1, 5),
            ("\"\\x\"", "an escape (one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)", 1, 3),
            ("[tru]", "a value", 1, 2),
            ("\"open", "the string's closing quote", 1, 6),
        ])
    func errors(text: String, expected: String, line: Int, column: Int) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.expected == expected, "\(text)")
            #expect(error.line == line && error.column == column, "\(text): \(error)")
            #expect(error.description.hasPrefix("not JSON: expected "))
        }
    }

    @Test("Nesting deeper than the limit is an error, not a crash; at the limit it reads")
    func depth() throws {
        let limit = JSONParser.maximumDepth
        let deep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
        let fits = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(try JSONParser.parse(fits).array?.count == 1)
    }

    @Test("Every file of the shared data reads, as Foundation reads it")
    func sharedData() throws {
        for file in try ExplorerData.allJSONFiles() {
            let bytes = try Data(contentsOf: file)
            let node = try JSONParser.parse(Array(bytes))
            let foundation = try JSONSerialization.jsonObject(with: bytes)
            #expect(ExplorerData.same(node, foundation), "\(file.path)")
        }
    }
}
