import Foundation
import RepositoryCore
import Testing

@Suite("Stale use: the server's windows after freshness (RFC 5861, RFC 9111 must-revalidate)")
struct StaleUseTests {
    static let stored = Date(timeIntervalSinceReferenceDate: 1_000)
    static func at(_ seconds: TimeInterval) -> Date { stored.addingTimeInterval(seconds) }
    static func freshness(_ cacheControl: String) -> ResponseFreshness {
        ResponseFreshness(
            headers: { $0 == "Cache-Control" ? [cacheControl] : [] }, requestedAt: stored, receivedAt: stored)
    }

    @Test("Read from a response: the windows and must-revalidate; none said, nil; no-cache leaves no window to serve in")
    func fromResponse() {
        let use = StaleUse(Self.freshness("max-age=60, stale-while-revalidate=600, stale-if-error=300"))
        #expect(use == StaleUse(whileRevalidating: 600, ifError: 300))
        #expect(StaleUse(Self.freshness("max-age=60")) == nil)
        #expect(StaleUse(Self.freshness("no-cache, stale-while-revalidate=600")) == nil)
        #expect(StaleUse(Self.freshness("must-revalidate, stale-if-error=300")) == StaleUse(mustRevalidate: true))
        #expect(StaleUse(Self.freshness("stale-while-revalidate=-1, stale-if-error=soon")) == nil)
    }

    @Test("Stored as Cache-Control text and read back exactly; junk around it is ignored, nothing is nil")
    func directives() {
        let use = StaleUse(whileRevalidating: 86_400, ifError: 300, mustRevalidate: true)
        #expect(use.directives == "stale-while-revalidate=86400, stale-if-error=300, must-revalidate")
        #expect(StaleUse(directives: use.directives) == use)
        #expect(StaleUse(directives: "X-Junk=\"a,b\", STALE-WHILE-REVALIDATE=\"5\"") == StaleUse(whileRevalidating: 5))
        #expect(StaleUse(directives: "") == nil)
        #expect(StaleUse(directives: "max-age=5") == nil)
        #expect(StaleUse(whileRevalidating: .infinity).directives == "stale-while-revalidate=2147483648")
    }

    @Test("Freshness at a time: fresh before the expiry, stale-while-revalidate inside the window, stale after")
    func freshness() {
        let metadata = EntryMetadata(
            storedAt: Self.stored, expiresAt: Self.at(60), staleUse: StaleUse(whileRevalidating: 600))
        #expect(metadata.freshness(at: Self.at(59), timeToLive: 5) == .fresh)
        #expect(metadata.freshness(at: Self.at(60), timeToLive: 5) == .staleWhileRevalidate)
        #expect(metadata.freshness(at: Self.at(659), timeToLive: 5) == .staleWhileRevalidate)
        #expect(metadata.freshness(at: Self.at(660), timeToLive: 5) == .stale)
        // Without an explicit expiry the window follows the time to live
        let byTTL = EntryMetadata(storedAt: Self.stored, staleUse: StaleUse(whileRevalidating: 10))
        #expect(byTTL.freshness(at: Self.at(35), timeToLive: 30) == .staleWhileRevalidate)
        #expect(byTTL.freshness(at: Self.at(40), timeToLive: 30) == .stale)
        #expect(byTTL.freshness(at: .distantFuture, timeToLive: nil) == .fresh)
    }

    @Test("After a failure: only under the caller's serveStale, bounded by stale-if-error's window and must-revalidate")
    func afterFailure() {
        func may(_ use: StaleUse?, at seconds: TimeInterval, serveStale: Bool) -> Bool {
            EntryMetadata(storedAt: Self.stored, expiresAt: Self.at(60), staleUse: use)
                .mayAnswerAfterFailure(at: Self.at(seconds), timeToLive: nil, callerServesStale: serveStale)
        }
        // Nothing said: the caller's rule alone
        #expect(may(nil, at: 1_000, serveStale: true) && !may(nil, at: 1_000, serveStale: false))
        // stale-if-error=300: inside, when the caller serves stale values; past it, never
        #expect(may(StaleUse(ifError: 300), at: 359, serveStale: true))
        #expect(!may(StaleUse(ifError: 300), at: 359, serveStale: false))
        #expect(!may(StaleUse(ifError: 300), at: 360, serveStale: true))
        // must-revalidate: never once expired; still fresh, the caller's rule
        #expect(!may(StaleUse(mustRevalidate: true), at: 60, serveStale: true))
        #expect(may(StaleUse(mustRevalidate: true), at: 59, serveStale: true))
        // Only a stale-while-revalidate window: the caller's rule
        #expect(!may(StaleUse(whileRevalidating: 600), at: 100, serveStale: false))
    }

    @Test("A window too long for the header is clamped alike by the metadata and by the directives' text")
    func clampedAlike() throws {
        let huge = StaleUse(whileRevalidating: 1e12, ifError: .infinity)
        let kept = try #require(EntryMetadata(storedAt: Date(), staleUse: huge).staleUse)
        #expect(kept.whileRevalidating == TimeInterval(CacheControl.maximumSeconds))
        #expect(kept.ifError == TimeInterval(CacheControl.maximumSeconds))
        #expect(StaleUse(directives: huge.directives) == kept)
        #expect(huge.directives == "stale-while-revalidate=2147483648, stale-if-error=2147483648")
    }
}
