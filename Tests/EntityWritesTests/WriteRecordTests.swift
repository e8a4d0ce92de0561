import EntityWrites
import Foundation
import Testing

/// An outbox keeps each write as `EntityWrite.record()`: written by hand, it must read back as the
/// same write with `JSONDecoder`, and be the bytes `JSONEncoder` writes for it.
@Suite("A write's record, written by hand, is its Codable form")
struct WriteRecordTests {
    static let tricky = "quote \" backslash \\ slash / newline \n tab \t bell \u{07} é € 😀"

    static func writes() -> [EntityWrite] {
        var full = EntityWrite(
            sequence: 42, entity: "/api/character/\(tricky.count)", method: .patch,
            base: ["name": .string(tricky), "age": .number(33), "ratio": .number(0.1), "tags": .array([.null, .bool(true)])],
            baseTag: "\"abc\"", changes: ["name": .string("Rick \"Mine\""), "nested": .object(["z": .number(-7), "a": .string("")])],
            createdAt: Date(timeIntervalSinceReferenceDate: 812_345_678.125))
        full.state = .conflict
        full.request = WriteRequest(idempotencyKey: "k-1", ifMatch: "W/\"x\"", fields: ["name": .string("Rick")])
        full.attempts = 3
        full.notBefore = Date(timeIntervalSinceReferenceDate: 812_345_999.5)
        full.lastError = "HTTP 503: Writes are failing"
        full.conflict = WriteConflict(theirs: ServerCopy(value: ["name": .string("Theirs")], tag: "\"t2\""), fields: ["name", "species"])
        full.merged = true
        let bare = EntityWrite(
            sequence: 1, entity: "/books/1", method: .delete, base: nil, baseTag: nil, changes: [:],
            createdAt: Date(timeIntervalSinceReferenceDate: 0))
        var untagged = full
        untagged.request = WriteRequest(idempotencyKey: "k-2", ifMatch: nil, fields: [:])
        untagged.conflict = WriteConflict(theirs: ServerCopy(value: [:], tag: nil), fields: [])
        return [full, bare, untagged]
    }

    @Test("The record is JSONEncoder's bytes (sorted keys, no escaped slashes) and reads back as the write")
    func sameAsCodable() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for write in Self.writes() {
            let record = try #require(write.record())
            #expect(String(decoding: record, as: UTF8.self) == String(decoding: try encoder.encode(write), as: UTF8.self))
            #expect(try JSONDecoder().decode(EntityWrite.self, from: record) == write)
        }
    }

    @Test("Numbers out of the integers' exact range read back; one that is not finite has no record")
    func numbers() throws {
        var write = Self.writes()[1]
        write.changes = ["big": .number(1e20), "tiny": .number(1e-7), "negative": .number(-2.5e300)]
        let record = try #require(write.record())
        #expect(try JSONDecoder().decode(EntityWrite.self, from: record) == write)
        write.changes = ["bad": .number(.infinity)]
        #expect(write.record() == nil)
    }
}
