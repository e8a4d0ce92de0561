import Foundation
import RepositoryCore
import Testing

/// `AlignedEntries`, from its documentation and through the public API only: places aligned with
/// queries, each value kept beside its part, read as entries, moved out without a copy.
@Suite("Aligned entries: values beside their metadata, place for place")
struct AlignedEntriesTests {
    static let older = EntryMetadata(storedAt: Date(timeIntervalSinceReferenceDate: 100), etag: "W/\"a\"")
    static let newer = EntryMetadata(storedAt: Date(timeIntervalSinceReferenceDate: 200))

    @Test("Empty places read nil; a value set with its part reads back as the whole entry")
    func setAndRead() {
        var aligned = AlignedEntries<String>(count: 3)
        #expect(aligned.count == 3)
        #expect(aligned.heldCount == 0)
        #expect(aligned.allSatisfy { $0 == nil })
        aligned.set("Rick", part: Entry(value: (), metadata: Self.older, origin: .disk), at: 2)
        aligned.set(Entry(value: "Morty", metadata: Self.newer, origin: .memory), at: 0)
        #expect(aligned.heldCount == 2)
        #expect(aligned.isHeld(at: 0) && !aligned.isHeld(at: 1) && aligned.isHeld(at: 2))
        #expect(aligned[2] == Entry(value: "Rick", metadata: Self.older, origin: .disk))
        #expect(aligned[0] == Entry(value: "Morty", metadata: Self.newer, origin: .memory))
        #expect(aligned.map { $0?.value } == ["Morty", nil, "Rick"])
    }

    @Test("Made from entries (or a literal), the places keep their order and their gaps")
    func fromEntries() {
        let entries: [Entry<Int>?] = [nil, Entry(value: 7, metadata: Self.newer, origin: .network), nil]
        let aligned = AlignedEntries(entries)
        #expect(Array(aligned) == entries)
        #expect(aligned.values == [nil, 7, nil])
        #expect(aligned.parts.map { $0?.origin } == [nil, .network, nil])
        let literal: AlignedEntries<Int> = [Entry(value: 1, metadata: Self.older, origin: .disk), nil]
        #expect(literal.map { $0?.value } == [1, nil])
        let none: AlignedEntries<Int> = []
        #expect(none.isEmpty)
    }

    @Test("Taking a place moves its value and part out and leaves it empty; an empty place gives nil")
    func take() throws {
        var aligned = AlignedEntries([Entry(value: "Summer", metadata: Self.older, origin: .disk), nil])
        let took = aligned.take(at: 0)
        let taken = try #require(took)
        #expect(taken.value == "Summer")
        #expect(taken.part.metadata == Self.older)
        #expect(taken.part.origin == .disk)
        #expect(aligned.take(at: 0) == nil)
        #expect(aligned.take(at: 1) == nil)
        #expect(aligned.heldCount == 0)
    }
}
