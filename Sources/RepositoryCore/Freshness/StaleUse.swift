import Foundation

/// How an entry may be used once its freshness has ended, as its server said: RFC 5861's
/// `stale-while-revalidate` and `stale-if-error` windows (seconds after the end of freshness) and
/// RFC 9111's `must-revalidate`. Kept with the entry (``EntryMetadata/staleUse``) and stored by
/// every tier as the directives' own text (`directives`). A plain value; thread-safe.
public struct StaleUse: Sendable, Hashable, Codable {
    /// Seconds after the end of freshness during which the entry may be answered at once (marked
    /// stale) while it is revalidated in the background.
    public var whileRevalidating: TimeInterval?
    /// Seconds after the end of freshness during which the entry may be answered, with the error,
    /// when reading it again fails.
    public var ifError: TimeInterval?
    /// Once its freshness has ended the entry is never answered stale, not even by
    /// `FallbackRule.serveStale`.
    public var mustRevalidate: Bool

    /// A use with the given windows.
    public init(whileRevalidating: TimeInterval? = nil, ifError: TimeInterval? = nil, mustRevalidate: Bool = false) {
        self.whileRevalidating = whileRevalidating
        self.ifError = ifError
        self.mustRevalidate = mustRevalidate
    }

    /// What a response's freshness allows once stale; nil when it said none of the three
    /// (`no-cache` leaves no stale-while-revalidate window: it is revalidated before every use).
    public init?(_ freshness: ResponseFreshness) {
        self.init(
            whileRevalidating: freshness.noCache ? nil : freshness.staleWhileRevalidate,
            ifError: freshness.mustRevalidate ? nil : freshness.staleIfError,
            mustRevalidate: freshness.mustRevalidate)
        if self == StaleUse() { return nil }
    }

    /// Reads what `directives` wrote (any `Cache-Control` text does: other directives are
    /// ignored, invalid numbers give no window); nil when it names none of the three.
    public init?(directives: String) {
        let control = CacheControl(fields: [directives])
        func seconds(_ value: CacheControl.Seconds?) -> TimeInterval? {
            if case .seconds(let seconds) = value { return TimeInterval(seconds) }
            return nil
        }
        self.init(
            whileRevalidating: seconds(control.staleWhileRevalidate), ifError: seconds(control.staleIfError),
            mustRevalidate: control.mustRevalidate)
        if self == StaleUse() { return nil }
    }

    /// The directives in `Cache-Control` syntax (`stale-while-revalidate=86400, stale-if-error=300,
    /// must-revalidate`), whole seconds: what tiers store.
    public var directives: String {
        var parts: [String] = []
        if let whileRevalidating { parts.append("stale-while-revalidate=\(Self.wholeSeconds(whileRevalidating))") }
        if let ifError { parts.append("stale-if-error=\(Self.wholeSeconds(ifError))") }
        if mustRevalidate { parts.append("must-revalidate") }
        return parts.joined(separator: ", ")
    }

    /// A window as whole seconds, 0 to `CacheControl.maximumSeconds` (an infinite one is the
    /// maximum, as RFC 9111 reads an overflowing delta-seconds): what the directives' text and
    /// the packed metadata both keep, so either round trip gives the same window.
    @usableFromInline
    static func wholeSeconds(_ seconds: TimeInterval) -> Int {
        guard !seconds.isNaN else { return 0 }
        return seconds.isFinite
            ? Int(max(0, min(seconds, TimeInterval(CacheControl.maximumSeconds))).rounded(.down))
            : (seconds > 0 ? CacheControl.maximumSeconds : 0)
    }
}
