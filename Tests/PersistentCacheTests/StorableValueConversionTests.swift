import Foundation
import PersistentCache
import Testing

@Suite("Reading a stored value as another type")
struct StorableValueConversionTests {
    @Test("Numbers, Booleans and strings convert per the documented table")
    func scalarConversions() {
        #expect(String(storableValue: .double(3.14159265359)) == "3.14159265359")
        #expect(Double(storableValue: .int(3)) == 3.0)
        #expect(Int(storableValue: .string("42")) == 42)
        #expect(Int(storableValue: .double(3.0)) == 3)
        #expect(Int(storableValue: .double(3.5)) == nil)
        #expect(Int(storableValue: .string("forty-two")) == nil)
        #expect(Double(storableValue: .string("2.5")) == 2.5)
        #expect(String(storableValue: .int(-7)) == "-7")
        #expect(String(storableValue: .bool(true)) == "true")
        #expect(Bool(storableValue: .int(1)) == true)
        #expect(Bool(storableValue: .int(2)) == nil)
        #expect(Bool(storableValue: .string("false")) == false)
        #expect(Bool(storableValue: .string("yes")) == nil)
        #expect(Int(storableValue: .bool(true)) == 1)
        #expect(Double(storableValue: .date(Date())) == nil)
    }

    @Test("URLs, dates and bytes convert through strings only")
    func textualConversions() throws {
        let url = try #require(URL(string: "https://example.org/a?b=c"))
        #expect(String(storableValue: .url(url)) == "https://example.org/a?b=c")
        #expect(URL(storableValue: .string("https://example.org/a?b=c")) == url)
        #expect(URL(storableValue: .string("42")) == nil)
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        #expect(String(storableValue: .date(date)) == "2023-11-14T22:13:20.250Z")
        #expect(Date(storableValue: .string("2023-11-14T22:13:20.250Z")) == date)
        #expect(
            Date(storableValue: .string("2023-11-14T22:13:20Z")) == Date(timeIntervalSince1970: 1_700_000_000)
        )
        #expect(Date(storableValue: .string("yesterday")) == nil)
        #expect(String(storableValue: .data(Data("abc".utf8))) == "abc")
        #expect(String(storableValue: .data(Data([0xFF, 0xFE]))) == nil)
        #expect(Data(storableValue: .string("abc")) == Data("abc".utf8))
        #expect(Data(storableValue: .int(1)) == nil)
    }

    @Test("Collections convert element by element and never from scalars")
    func collectionConversions() {
        #expect([String](storableValue: .array([.int(1), .double(2.5)])) == ["1", "2.5"])
        #expect([Int](storableValue: .array([.int(1), .string("x")])) == nil)
        #expect([Int](storableValue: .int(1)) == nil)
        #expect([String: Int](storableValue: .dictionary(["a": .string("1")])) == ["a": 1])
        #expect([String: Int](storableValue: .array([])) == nil)
        #expect(String(storableValue: .array([])) == nil)
    }
}
