import Foundation

/// Where an entry stands at a given time, by its explicit expiry (else a time to live) and what
/// its producer allows once it is stale. A plain value.
public enum EntryFreshness: String, Sendable, Hashable {
    /// Usable as it is.
    case fresh
    /// Stale, inside the `stale-while-revalidate` window its producer gave: answered at once,
    /// marked stale, while it is read again in the background.
    case staleWhileRevalidate
    /// Stale: read again before it is answered.
    case stale
}

extension EntryMetadata {
    /// When the entry's freshness ends: its explicit expiry, else stored-at plus `timeToLive`;
    /// nil: never.
    @inlinable
    public func freshUntil(timeToLive: TimeInterval?) -> Date? {
        Self.freshUntil(storedAt: storedAt, expiresAt: expiresAt, timeToLive: timeToLive)
    }

    /// When freshness ends for an entry stored at `storedAt` with the explicit expiry `expiresAt`
    /// (which wins) and `timeToLive` (else); nil: never. The one rule every reader of freshness
    /// (repositories, inspection) follows.
    @inlinable
    public static func freshUntil(storedAt: Date, expiresAt: Date?, timeToLive: TimeInterval?) -> Date? {
        expiresAt ?? timeToLive.map { storedAt.addingTimeInterval($0) }
    }

    /// Where the entry stands at `now`; `timeToLive` decides when it has no explicit expiry.
    @inlinable
    public func freshness(at now: Date, timeToLive: TimeInterval?) -> EntryFreshness {
        guard let end = freshUntil(timeToLive: timeToLive), now >= end else { return .fresh }
        if let window = staleUse?.whileRevalidating, now.timeIntervalSince(end) < window {
            return .staleWhileRevalidate
        }
        return .stale
    }

    /// Whether the entry may be answered, with the error, after reading it again failed at `now`:
    /// only when the caller's rule serves stale values (`callerServesStale`:
    /// `FallbackRule.serveStale`; the seeds' other rules throw main's error, whatever the server
    /// said), and then bounded by the producer's word: once stale, never under `must-revalidate`,
    /// and only inside the `stale-if-error` window when it gave one.
    public func mayAnswerAfterFailure(at now: Date, timeToLive: TimeInterval?, callerServesStale: Bool) -> Bool {
        guard callerServesStale else { return false }
        guard let staleUse, let end = freshUntil(timeToLive: timeToLive), now >= end else { return true }
        if staleUse.mustRevalidate { return false }
        guard let window = staleUse.ifError else { return true }
        return now.timeIntervalSince(end) < window
    }
}
