import Foundation

/// Where an entry stands by its age: `fresh` (served as is), `stale` (past its time to live: read
/// again or revalidated by the next read, served only when the main source fails) or `expired`
/// (past the stale window too, or past its own `expiresAt`: fetched again whole).
public enum CacheEntryState: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Within its time to live.
    case fresh
    /// Past its time to live, within the stale window.
    case stale
    /// Past the stale window, or past its explicit expiry.
    case expired

    public var description: String { rawValue }
}

/// How an entry's state follows from its stored-at, its expiry and a clock: a time to live (the
/// repository's TTL validator) and a stale window after it. A `Sendable` value.
///
/// With no time to live an entry is fresh until its `expiresAt` (forever when it has none).
public struct CacheFreshnessRule: Hashable, Sendable {
    /// How long after stored-at an entry stays fresh; nil for no limit.
    public var timeToLive: TimeInterval?
    /// How long after its time to live an entry is stale before it counts as expired.
    public var staleWindow: TimeInterval

    /// Creates a rule; a negative duration counts as 0.
    public init(timeToLive: TimeInterval?, staleWindow: TimeInterval = 0) {
        self.timeToLive = timeToLive.map { max(0, $0) }
        self.staleWindow = max(0, staleWindow)
    }

    /// The seconds of freshness left at `now` (negative once past the time to live); nil when neither
    /// a time to live nor an explicit expiry bounds the entry.
    public func timeToLiveLeft(of entry: CacheEntryInfo, at now: Date) -> TimeInterval? {
        let byTTL = timeToLive.map { entry.storedAt.addingTimeInterval($0).timeIntervalSince(now) }
        let byExpiry = entry.expiresAt.map { $0.timeIntervalSince(now) }
        switch (byTTL, byExpiry) {
        case (let ttl?, let expiry?): return min(ttl, expiry)
        case (let left?, nil), (nil, let left?): return left
        case (nil, nil): return nil
        }
    }

    /// The entry's state at `now`: fresh while freshness is left (exactly at the boundary it is
    /// stale), stale for `staleWindow` after, expired after that or past `expiresAt`.
    public func state(of entry: CacheEntryInfo, at now: Date) -> CacheEntryState {
        if let expiresAt = entry.expiresAt, now >= expiresAt { return .expired }
        guard let timeToLive else { return .fresh }
        let age = now.timeIntervalSince(entry.storedAt)
        if age < timeToLive { return .fresh }
        return age < timeToLive + staleWindow ? .stale : .expired
    }
}
