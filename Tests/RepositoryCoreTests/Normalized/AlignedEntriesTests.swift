import Foundation
import RepositoryCore
import Testing

/// `AlignedEntries`, from its documentation and through the public API only: places aligned with
/// queries; the values held kept dense, in place order, each beside its part and its place; read
/// as entries place by place; taken out whole.
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
        #expect(aligned.values == ["Morty", "Rick"], "dense, in place order, whatever order they came in")
        #expect(aligned.places == [0, 2])
        #expect(aligned.parts.map(\.origin) == [.memory, .disk])
    }

    @Test("Setting a held place again replaces its entry; places stay in order")
    func replace() {
        var aligned = AlignedEntries<String>(count: 4)
        aligned.set(Entry(value: "c", metadata: Self.newer, origin: .disk), at: 3)
        aligned.set(Entry(value: "a", metadata: Self.newer, origin: .disk), at: 1)
        aligned.set(Entry(value: "b", metadata: Self.older, origin: .network), at: 3)
        #expect(aligned.values == ["a", "b"])
        #expect(aligned.places == [1, 3])
        #expect(aligned[3] == Entry(value: "b", metadata: Self.older, origin: .network))
    }

    @Test("Made from entries (or a literal), the places keep their order and their gaps")
    func fromEntries() {
        let entries: [Entry<Int>?] = [nil, Entry(value: 7, metadata: Self.newer, origin: .network), nil]
        let aligned = AlignedEntries(entries)
        #expect(Array(aligned) == entries)
        #expect(aligned.values == [7])
        #expect(aligned.places == [1])
        #expect(aligned.parts.map(\.origin) == [.network])
        let literal: AlignedEntries<Int> = [Entry(value: 1, metadata: Self.older, origin: .disk), nil]
        #expect(literal.map { $0?.value } == [1, nil])
        let none: AlignedEntries<Int> = []
        #expect(none.isEmpty)
    }

    @Test("Taking everything moves the values, parts and places out and leaves no entry held")
    func takeAll() {
        var aligned = AlignedEntries([nil, Entry(value: "Summer", metadata: Self.older, origin: .disk)])
        let taken = aligned.takeAll()
        #expect(taken.values == ["Summer"])
        #expect(taken.parts.map(\.metadata) == [Self.older])
        #expect(taken.places == [1])
        #expect(aligned.heldCount == 0)
        #expect(aligned.count == 2)
        #expect(aligned.allSatisfy { $0 == nil })
    }
}
