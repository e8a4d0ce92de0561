import Foundation

/// How long a response stays fresh and what may be done with it afterwards, worked out once from
/// its header fields when it arrives (RFC 9111 §4.2, RFC 5861), then kept with the entry: its
/// freshness lifetime, its age when it arrived, and its directives. A plain value; thread-safe.
///
/// - The lifetime is `max-age`, else `Expires` − `Date` (a missing `Date` counts as the time the
///   response arrived; an `Expires` that is not a date, `0` included, is in the past), else nil:
///   the server said nothing and the caller's own rule applies. An invalid `max-age` (`-1`,
///   `soon`) makes the response stale at once.
/// - The age it arrived with is `max(apparent age, Age + the request's round trip)` (§4.2.3),
///   where the apparent age is the response's arrival time − its `Date`, never below zero; an
///   `Age` that is not a number counts as none. A lifetime from `max-age` is measured from there,
///   so a server clock ahead of this one does not shorten it.
public struct ResponseFreshness: Sendable, Hashable, Codable {
    /// What an entry is good for at a given time.
    public enum State: String, Sendable, Hashable {
        /// Fresh: usable without asking the server.
        case fresh
        /// Stale, inside its `stale-while-revalidate` window: usable at once while it is
        /// revalidated in the background.
        case staleWhileRevalidate
        /// Stale, inside its `stale-if-error` window (and not `must-revalidate`): usable when a
        /// revalidation fails.
        case staleIfError
        /// Stale: the server must be asked (and, with `must-revalidate`, never served stale).
        case stale
    }

    /// The freshness lifetime in seconds; nil when the server gave none.
    public var lifetime: Double?
    /// The response's age when it arrived, in seconds.
    public var initialAge: Double
    /// When the response arrived (the stored-at of its entry).
    public var receivedAt: Date
    /// `stale-while-revalidate` seconds, when given and valid.
    public var staleWhileRevalidate: Double?
    /// `stale-if-error` seconds, when given and valid.
    public var staleIfError: Double?
    /// `no-cache`: revalidate before every use.
    public var noCache: Bool
    /// `no-store`: never store.
    public var noStore: Bool
    /// `must-revalidate`: never serve stale once expired.
    public var mustRevalidate: Bool

    /// The freshness of a response with `headers` (a field's value by name, any case), asked at
    /// `requestedAt` and received at `receivedAt`.
    public init(headers: (String) -> [String], requestedAt: Date, receivedAt: Date) {
        let control = CacheControl(fields: headers("Cache-Control"))
        self.receivedAt = receivedAt
        noCache = control.noCache
        noStore = control.noStore
        mustRevalidate = control.mustRevalidate
        staleWhileRevalidate = control.staleWhileRevalidate.flatMap(Self.seconds)
        staleIfError = control.staleIfError.flatMap(Self.seconds)
        let date = headers("Date").first.flatMap(HTTPDate.parse)
        // §4.2.3: the age it arrived with.
        let apparentAge = max(0, receivedAt.timeIntervalSince(date ?? receivedAt))
        let ageValue = headers("Age").first.flatMap { CacheControl.seconds($0.trimmingASCIISpace()) }.flatMap(Self.seconds) ?? 0
        let responseDelay = max(0, receivedAt.timeIntervalSince(requestedAt))
        initialAge = max(apparentAge, ageValue + responseDelay)
        // §4.2.1: the lifetime.
        switch control.maxAge {
        case .seconds(let seconds): lifetime = Double(seconds)
        case .invalid: lifetime = 0
        case nil:
            if let expires = headers("Expires").first {
                let expiry = HTTPDate.parse(expires) ?? .distantPast
                lifetime = max(0, expiry.timeIntervalSince(date ?? receivedAt))
            } else {
                lifetime = nil
            }
        }
    }

    /// Whether the server said how long the response stays fresh (or that it must always be
    /// revalidated): without it, the caller's own rule applies.
    public var isExplicit: Bool { lifetime != nil || noCache }

    /// The response's age at `now`, in seconds.
    public func age(at now: Date) -> Double { initialAge + max(0, now.timeIntervalSince(receivedAt)) }

    /// What the entry is good for at `now`; `fallbackLifetime` (the caller's own rule, nil:
    /// forever) stands in for a lifetime the server did not give.
    public func state(at now: Date, fallbackLifetime: Double?) -> State {
        let age = age(at: now)
        let lifetime = noCache ? 0 : (self.lifetime ?? fallbackLifetime ?? .infinity)
        if age < lifetime { return .fresh }
        let staleFor = age - lifetime
        if let window = staleWhileRevalidate, staleFor < window, !noCache { return .staleWhileRevalidate }
        if let window = staleIfError, staleFor < window, !mustRevalidate { return .staleIfError }
        return .stale
    }

    /// When the server's word alone ends the response's freshness (`max-age`, `Expires`,
    /// `no-cache`): what `EntryMetadata.expiresAt` keeps; nil when the server gave no lifetime.
    public var explicitExpiry: Date? { expiry(fallbackLifetime: nil) }

    /// When the entry stops being fresh (nil: never, by the server's word and `fallbackLifetime`).
    public func expiry(fallbackLifetime: Double?) -> Date? {
        let lifetime = noCache ? 0 : (self.lifetime ?? fallbackLifetime)
        return lifetime.map { receivedAt.addingTimeInterval($0 - initialAge) }
    }

    private static func seconds(_ value: CacheControl.Seconds) -> Double? {
        if case .seconds(let seconds) = value { return Double(seconds) }
        return nil
    }
}
