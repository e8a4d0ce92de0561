import Foundation
import RepositoryCore
import Testing

/// A tier under test with a way to put entries into it through its own write path.
struct InspectionFixture: Sendable {
    /// The tier.
    let tier: any InspectableCacheTier
    /// The kinds this tier can hold (a memory LRU holds one kind; the file cache `avatar`).
    let kinds: [String]
    /// Whether the tier counts bytes.
    let countsBytes: Bool
    /// Stores an entry under `key` with `metadata` through the tier's own write path.
    let put: @Sendable (CacheEntryKey, EntryMetadata) async throws -> Void
    /// Releases what the fixture holds.
    var close: @Sendable () async -> Void = {}
}

/// The inspection contract of `InspectableCacheTier`'s doc comment, one body for every tier.
enum InspectionContract {
    static let base = Date(timeIntervalSinceReferenceDate: 800_000_000)

    static func keys(_ fixture: InspectionFixture, count: Int) -> [CacheEntryKey] {
        (0..<count).map { index in
            let kind = fixture.kinds[index % fixture.kinds.count]
            let key = kind == "avatar" ? "example.org/avatar/\(index).jpeg" : "id:\(index)"
            return CacheEntryKey(kind: kind, key: key)
        }
    }

    static func metadata(_ index: Int) -> EntryMetadata {
        EntryMetadata(storedAt: base.addingTimeInterval(Double(index) * 60), etag: "\"v\(index)\"")
    }

    static func verify(_ fixture: InspectionFixture) async throws {
        let tier = fixture.tier
        // An empty tier lists nothing and counts nothing.
        let empty = try await tier.entries(after: nil, limit: 10)
        #expect(empty.entries.isEmpty && empty.next == nil, "\(tier.tierName): empty")
        #expect(try await tier.totals().entries == 0)

        let keys = keys(fixture, count: 25)
        for (index, key) in keys.enumerated() { try await fixture.put(key, metadata(index)) }

        // Paging lists every entry once, in key order, at most `limit` per page.
        var listed: [CacheEntryInfo] = []
        var cursor: CacheEntryKey?
        var pages = 0
        repeat {
            let page = try await tier.entries(after: cursor, limit: 7)
            #expect(page.entries.count <= 7, "\(tier.tierName): a page holds at most its limit")
            #expect(page.next == nil || page.entries.count == 7)
            if let cursor { #expect(page.entries.allSatisfy { cursor < $0.key }) }
            listed += page.entries
            cursor = page.next
            pages += 1
        } while cursor != nil && pages < 100
        #expect(listed.map(\.key) == keys.sorted(), "\(tier.tierName): every key once, in order")
        #expect(pages == 4)

        // Metadata comes back as stored, without decoding anything.
        for (index, key) in keys.enumerated() {
            let info = try #require(listed.first { $0.key == key })
            #expect(info.storedAt == metadata(index).storedAt, "\(tier.tierName): stored-at of \(key)")
            #expect(info.etag == metadata(index).etag, "\(tier.tierName): etag of \(key)")
            #expect((info.bytes != nil) == fixture.countsBytes)
        }

        // Totals count what enumeration lists.
        let totals = try await tier.totals()
        #expect(totals.entries == 25)
        #expect(totals.oldest == base)
        #expect(totals.newest == base.addingTimeInterval(24 * 60))
        if fixture.countsBytes { #expect(totals.bytes == listed.reduce(0) { $0 + ($1.bytes ?? 0) }) }

        // One entry is described as enumeration describes it; an absent one is nil.
        let chosen = keys[3]
        #expect(try await tier.entry(chosen) == listed.first { $0.key == chosen })
        let absent = CacheEntryKey(kind: fixture.kinds[0], key: "id:999999")
        #expect(try await tier.entry(absent) == nil)

        // Evicting one key removes that key only, and says whether it was held.
        #expect(try await tier.evict(chosen))
        #expect(try await tier.entry(chosen) == nil)
        #expect(try await tier.evict(chosen) == false)
        #expect(try await tier.evict(absent) == false)
        #expect(try await tier.totals().entries == 24)
        #expect(try await tier.entry(keys[4]) != nil)

        // A purge removes everything and counts it.
        #expect(try await tier.purge() == 24)
        #expect(try await tier.totals().entries == 0)
        #expect(try await tier.entries(after: nil, limit: 10).entries.isEmpty)
    }
}
