import Foundation
import RepositoryCore
import Testing

/// RFC 9111's and RFC 5861's cases for a private cache: the lifetime from `max-age` or `Expires`,
/// the age from `Age` and `Date`, and what `no-cache`, `no-store`, `must-revalidate`,
/// `stale-while-revalidate` and `stale-if-error` allow, through the public API.
@Suite("Freshness from the server's Cache-Control, Expires, Age and Date")
struct ResponseFreshnessTests {
    static let received = Date(timeIntervalSince1970: 1_800_000_000)

    /// The freshness of a response with `fields` (name → values), asked `delay` seconds before it arrived.
    static func freshness(_ fields: [String: [String]], delay: Double = 0) -> ResponseFreshness {
        ResponseFreshness(
            headers: { name in fields.first { $0.key.lowercased() == name.lowercased() }?.value ?? [] },
            requestedAt: received.addingTimeInterval(-delay), receivedAt: received)
    }

    static func state(_ freshness: ResponseFreshness, after seconds: Double, fallback: Double? = nil)
        -> ResponseFreshness.State
    {
        freshness.state(at: received.addingTimeInterval(seconds), fallbackLifetime: fallback)
    }

    /// The HTTP date of `seconds` after `received`.
    static func httpDate(_ seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: received.addingTimeInterval(seconds))
    }

    @Test("max-age counts from the age the response arrived with: Age plus the round trip")
    func maxAgeWithAge() {
        let freshness = Self.freshness(["Cache-Control": ["max-age=60"], "Age": ["10"]], delay: 2)
        #expect(freshness.initialAge == 12)
        #expect(Self.state(freshness, after: 47) == .fresh)
        #expect(Self.state(freshness, after: 48) == .stale)
        #expect(freshness.expiry(fallbackLifetime: nil) == Self.received.addingTimeInterval(48))
    }

    @Test("A server clock far ahead does not shorten max-age; far behind, the Date makes it older (§4.2.3)")
    func serverClock() {
        let ahead = Self.freshness(["Cache-Control": ["max-age=60"], "Date": [Self.httpDate(3_600)]])
        #expect(ahead.initialAge == 0 && Self.state(ahead, after: 59) == .fresh)
        let behind = Self.freshness(["Cache-Control": ["max-age=60"], "Date": [Self.httpDate(-30)]])
        #expect(behind.initialAge == 30 && Self.state(behind, after: 31) == .stale)
    }

    @Test("Expires minus Date is the lifetime, whatever this clock says; an invalid Expires (0) is past")
    func expires() {
        let skewed = Self.freshness(["Expires": [Self.httpDate(-3_480)], "Date": [Self.httpDate(-3_600)]])
        #expect(skewed.lifetime == 120)
        let zero = Self.freshness(["Expires": ["0"], "Date": [Self.httpDate(0)]])
        #expect(zero.lifetime == 0 && Self.state(zero, after: 0) == .stale)
        let both = Self.freshness(["Expires": [Self.httpDate(10)], "Cache-Control": ["max-age=100"]])
        #expect(both.lifetime == 100, "max-age wins over Expires")
    }

    @Test("Without Cache-Control or Expires the caller's rule applies")
    func noDirectives() {
        let plain = Self.freshness([:])
        #expect(!plain.isExplicit && plain.lifetime == nil)
        #expect(Self.state(plain, after: 99, fallback: 100) == .fresh)
        #expect(Self.state(plain, after: 101, fallback: 100) == .stale)
        #expect(Self.state(plain, after: 1e9, fallback: nil) == .fresh)
    }

    @Test("no-cache is stored and revalidated before every use; no-store is never stored")
    func noCacheNoStore() {
        let noCache = Self.freshness(["Cache-Control": ["no-cache, max-age=600"]])
        #expect(noCache.noCache && noCache.isExplicit && Self.state(noCache, after: 0) == .stale)
        let noStore = Self.freshness(["Cache-Control": ["no-store"]])
        #expect(noStore.noStore && !noStore.noCache)
    }

    @Test("stale-while-revalidate: usable at once inside its window, stale after")
    func staleWhileRevalidate() {
        let freshness = Self.freshness(["Cache-Control": ["max-age=1, stale-while-revalidate=600"]])
        #expect(Self.state(freshness, after: 0.5) == .fresh)
        #expect(Self.state(freshness, after: 2) == .staleWhileRevalidate)
        #expect(Self.state(freshness, after: 600.5) == .staleWhileRevalidate)
        #expect(Self.state(freshness, after: 602) == .stale)
    }

    @Test("stale-if-error: usable on an error inside its window, never with must-revalidate")
    func staleIfError() {
        let freshness = Self.freshness(["Cache-Control": ["max-age=10, stale-if-error=60"]])
        #expect(Self.state(freshness, after: 30) == .staleIfError)
        #expect(Self.state(freshness, after: 71) == .stale)
        let strict = Self.freshness(["Cache-Control": ["max-age=10, stale-if-error=60, must-revalidate"]])
        #expect(Self.state(strict, after: 30) == .stale)
    }

    @Test("Malformed, repeated, negative, huge, quoted and unknown directives, and a nonsense Age or Date")
    func badInput() {
        #expect(CacheControl(fields: ["max-age=-1"]).maxAge == .invalid)
        #expect(Self.state(Self.freshness(["Cache-Control": ["max-age=-1"]]), after: 0) == .stale)
        #expect(CacheControl(fields: ["max-age=soon"]).maxAge == .invalid)
        #expect(CacheControl(fields: ["max-age"]).maxAge == .invalid)
        #expect(CacheControl(fields: ["max-age=5, max-age=100"]).maxAge == .seconds(5))
        #expect(CacheControl(fields: ["max-age=5", "max-age=100"]).maxAge == .seconds(5))
        #expect(CacheControl(fields: ["max-age=99999999999999999999999"]).maxAge == .seconds(CacheControl.maximumSeconds))
        #expect(CacheControl(fields: [#"max-age="30""#]).maxAge == .seconds(30))
        #expect(CacheControl(fields: [#"foo="a, max-age=1", MAX-AGE=7"#]).maxAge == .seconds(7))
        #expect(CacheControl(fields: ["private, community=\"UCI\", Max-Age = 9"]).maxAge == .seconds(9))
        #expect(CacheControl(fields: [",,, ,"]) == CacheControl())
        let nonsense = Self.freshness(["Cache-Control": ["max-age=60"], "Age": ["-5"], "Date": ["yesterday"]])
        #expect(nonsense.initialAge == 0 && Self.state(nonsense, after: 59) == .fresh)
    }

    @Test("HTTP dates: IMF-fixdate, RFC 850 and asctime; anything else is none")
    func dates() {
        let expected = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == expected)
        for bad in ["0", "", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Xyz 1994 08:49:37 GMT"] {
            #expect(HTTPDate.parse(bad) == nil, "\(bad)")
        }
    }
}
