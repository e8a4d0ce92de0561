import Foundation

/// Where the parts of a composed answer came from: how many from each source, the stored-at of
/// the oldest part, and the ids nobody could answer. A value type.
///
/// `description` reads `7 memory · 12 network` (sources in `Origin.allCases` order, empty ones
/// left out), followed by `· 2 missing` when some ids could not be answered and `· 1 pending`
/// when some parts are local writes not yet taken.
public struct Provenance: Sendable, Hashable, CustomStringConvertible {
    /// The number of parts (entities) each source gave.
    public var counts: [Origin: Int]
    /// The stored-at time of the oldest part (the answer's age is this part's age).
    public var oldestStoredAt: Date?
    /// The ids that were asked for and neither the cache nor the main source answered.
    public var missingIDs: [String]
    /// The ids whose part is a local write the main source has not taken yet (kept pending, and
    /// shown over what was read), counted as `· 1 pending`.
    public var pendingIDs: [String] = []

    /// Creates a provenance.
    public init(counts: [Origin: Int] = [:], oldestStoredAt: Date? = nil, missingIDs: [String] = []) {
        self.counts = counts
        self.oldestStoredAt = oldestStoredAt
        self.missingIDs = missingIDs
    }

    /// The total number of parts answered.
    public var partCount: Int { counts.values.reduce(0, +) }

    /// The number of parts `origin` gave.
    public func count(from origin: Origin) -> Int { counts[origin] ?? 0 }

    /// Counts one part from `origin`, stored at `storedAt`.
    public mutating func add(_ origin: Origin, storedAt: Date) {
        counts[origin, default: 0] += 1
        if let oldest = oldestStoredAt, oldest <= storedAt { return }
        oldestStoredAt = storedAt
    }

    /// The most expensive source that took part (memory < disk < shared cache < revalidated <
    /// coalesced < network): what an answer made of these parts reports as its origin.
    public var dominantOrigin: Origin? {
        Self.costOrder.last { count(from: $0) > 0 }
    }

    static let costOrder: [Origin] = [.memory, .disk, .sharedCache, .revalidated, .coalesced, .network]

    public var description: String {
        var parts = Origin.allCases.compactMap { origin in
            count(from: origin) > 0 ? "\(count(from: origin)) \(origin)" : nil
        }
        if parts.isEmpty { parts.append("0 parts") }
        if !missingIDs.isEmpty { parts.append("\(missingIDs.count) missing") }
        if !pendingIDs.isEmpty { parts.append("\(pendingIDs.count) pending") }
        return parts.joined(separator: " · ")
    }
}

/// Counts parts per origin in a fixed array (no dictionary per part) and keeps the oldest
/// stored-at; written into a `Provenance` once.
@usableFromInline
struct OriginTally {
    @usableFromInline var counts = (0, 0, 0, 0, 0, 0)
    @usableFromInline var oldest: Date?

    @inlinable
    init() {}

    @inlinable
    mutating func add(_ origin: Origin, storedAt: Date) {
        switch origin {
        case .memory: counts.0 += 1
        case .disk: counts.1 += 1
        case .network: counts.2 += 1
        case .revalidated: counts.3 += 1
        case .coalesced: counts.4 += 1
        case .sharedCache: counts.5 += 1
        }
        if let oldest, oldest <= storedAt { return }
        oldest = storedAt
    }

    @inlinable
    func write(into provenance: inout Provenance) {
        // One by one, not through a temporary array of pairs (an allocation per composition).
        Self.add(counts.0, from: .memory, to: &provenance)
        Self.add(counts.1, from: .disk, to: &provenance)
        Self.add(counts.2, from: .network, to: &provenance)
        Self.add(counts.3, from: .revalidated, to: &provenance)
        Self.add(counts.4, from: .coalesced, to: &provenance)
        Self.add(counts.5, from: .sharedCache, to: &provenance)
        if let oldest, oldest < provenance.oldestStoredAt ?? .distantFuture {
            provenance.oldestStoredAt = oldest
        }
    }

    @inlinable
    static func add(_ count: Int, from origin: Origin, to provenance: inout Provenance) {
        if count > 0 { provenance.counts[origin, default: 0] += count }
    }
}
