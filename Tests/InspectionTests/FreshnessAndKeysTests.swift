import Foundation
import RepositoryCore
import Testing

@Suite("Inspection: entry states at their boundaries, keys and cursors")
struct FreshnessAndKeysTests {
    static let stored = Date(timeIntervalSinceReferenceDate: 800_000_000)

    func entry(expiresAt: Date? = nil) -> CacheEntryInfo {
        CacheEntryInfo(
            key: CacheEntryKey(kind: "character", key: "id:1"), storedAt: Self.stored, expiresAt: expiresAt)
    }

    @Test("fresh before the TTL, stale from it for the stale window, expired from the window's end")
    func boundaries() {
        let rule = CacheFreshnessRule(timeToLive: 60, staleWindow: 30)
        let at = { (seconds: Double) in Self.stored.addingTimeInterval(seconds) }
        #expect(rule.state(of: entry(), at: at(59.999)) == .fresh)
        #expect(rule.state(of: entry(), at: at(60)) == .stale)
        #expect(rule.state(of: entry(), at: at(89.999)) == .stale)
        #expect(rule.state(of: entry(), at: at(90)) == .expired)
        #expect(rule.timeToLiveLeft(of: entry(), at: at(45)) == 15)
        #expect(rule.timeToLiveLeft(of: entry(), at: at(75)) == -15)
    }

    @Test(
        "An explicit expiry replaces the TTL, shorter or longer, and the stale window follows it; no TTL and no expiry is fresh forever"
    )
    func explicitExpiry() {
        let rule = CacheFreshnessRule(timeToLive: 60, staleWindow: 30)
        let shorter = entry(expiresAt: Self.stored.addingTimeInterval(10))
        #expect(rule.state(of: shorter, at: Self.stored.addingTimeInterval(9)) == .fresh)
        #expect(rule.state(of: shorter, at: Self.stored.addingTimeInterval(10)) == .stale)
        #expect(rule.state(of: shorter, at: Self.stored.addingTimeInterval(39)) == .stale)
        #expect(rule.state(of: shorter, at: Self.stored.addingTimeInterval(40)) == .expired)
        #expect(rule.timeToLiveLeft(of: shorter, at: Self.stored) == 10)
        // The server's day outlives the repository's minute
        let longer = entry(expiresAt: Self.stored.addingTimeInterval(86_400))
        #expect(rule.state(of: longer, at: Self.stored.addingTimeInterval(3_600)) == .fresh)
        #expect(rule.timeToLiveLeft(of: longer, at: Self.stored) == 86_400)
        let forever = CacheFreshnessRule(timeToLive: nil)
        #expect(forever.state(of: entry(), at: .distantFuture) == .fresh)
        #expect(forever.timeToLiveLeft(of: entry(), at: Self.stored) == nil)
        #expect(CacheFreshnessRule(timeToLive: 0).state(of: entry(), at: Self.stored) == .expired)
    }

    @Test("Keys order by kind, then length, then bytes (ids as numbers), and parse from kind/key")
    func keys() {
        let keys = ["b/id:1", "a/id:2", "a/id:10", "a/Z", "a/page:1", "a/id:9", "a/id:100", "a/é"]
            .compactMap(CacheEntryKey.init(text:))
        #expect(
            keys.sorted().map(\.description)
                == ["a/Z", "a/é", "a/id:2", "a/id:9", "a/id:10", "a/id:100", "a/page:1", "b/id:1"])
        #expect(CacheEntryKey(text: "avatar/host/api/1.jpeg")?.key == "host/api/1.jpeg")
        #expect(CacheEntryKey(text: "no-slash") == nil && CacheEntryKey(text: "/x") == nil)
        #expect(CacheEntryKey(kind: "character", key: "id:7").id == "7")
        #expect(CacheEntryKey(kind: "page", key: "page:1").id == nil)
        let queries: [Query] = [
            .id("42"), .ids(["1", "2"]), .all,
            .page(PageQuery(number: 3, filters: ["status": "alive", "name": "rick"])),
        ]
        for query in queries { #expect(Query(cacheKey: query.cacheKey) == query) }
        #expect(Query(cacheKey: "page:x") == nil && Query(cacheKey: "bogus") == nil)
    }

    @Test("Merging pages: each key once with its holders in tier order; the cursor continues exactly")
    func merge() {
        func info(_ kind: String, _ key: String) -> CacheEntryInfo {
            CacheEntryInfo(key: CacheEntryKey(kind: kind, key: key), storedAt: Self.stored)
        }
        let upper = CacheEntryPage(entries: [info("c", "id:1"), info("c", "id:3")], next: nil)
        let lower = CacheEntryPage(
            entries: [info("c", "id:1"), info("c", "id:2")], next: CacheEntryKey(kind: "c", key: "id:2"))
        let merged = CacheTierMerge.merge([("memory", upper), ("disk", lower)], limit: 2)
        #expect(merged.entries.map(\.key.key) == ["id:1", "id:2"])
        #expect(merged.entries[0].tiers == ["memory", "disk"])
        #expect(merged.entries[1].tiers == ["disk"])
        #expect(merged.next == CacheEntryKey(kind: "c", key: "id:2"))
    }
}
