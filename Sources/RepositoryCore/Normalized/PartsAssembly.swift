import Foundation

/// The parts of one composed answer being gathered: each id's entry and whether it was served
/// stale, plus the diagnostics and the main error met. Turned into an `Answer` in `order`.
struct PartsAssembly<Entity: NormalizedEntity>: Sendable {
    let order: [String]
    var parts: [String: (entry: Entry<Entity>, stale: Bool)] = [:]
    var diagnostics: [String] = []
    var fallbackError: RepositoryError?

    init(order: [String]) { self.order = order }

    /// Adds the part for `id`; the first part added for an id is kept.
    mutating func add(_ entry: Entry<Entity>, for id: String, stale: Bool) {
        guard parts[id] == nil else { return }
        parts[id] = (entry, stale)
    }

    /// The answer: the parts in `order`, built into a value by `build`; the provenance counts each
    /// part's origin; age and staleness are the oldest part's (stale when any part is).
    func answer<Value: Sendable>(
        operation: RepositoryOperation, stopwatch: Stopwatch, start: Stopwatch.Mark,
        metrics: RepositoryMetrics?,
        extraPart: Entry<Void>? = nil, build: ([Entity]) -> Value
    ) -> Answer<Value> {
        var provenance = Provenance()
        var values: [Entity] = []
        values.reserveCapacity(order.count)
        var isStale = false
        for id in order {
            guard let part = parts[id] else {
                provenance.missingIDs.append(id)
                continue
            }
            values.append(part.entry.value)
            provenance.add(part.entry.origin, storedAt: part.entry.metadata.storedAt)
            isStale = isStale || part.stale
        }
        if let extraPart, extraPart.metadata.storedAt < provenance.oldestStoredAt ?? .distantFuture {
            provenance.oldestStoredAt = extraPart.metadata.storedAt
        }
        let lap = stopwatch.lap(start)
        let now = lap.now
        let storedAt = provenance.oldestStoredAt ?? extraPart?.metadata.storedAt ?? now
        var metadata = extraPart?.metadata ?? EntryMetadata(storedAt: storedAt)
        metadata.storedAt = storedAt
        let origin = provenance.dominantOrigin ?? extraPart?.origin ?? .memory
        metrics?.recordLatency(nanoseconds: lap.nanoseconds, tier: origin)
        return Answer(
            value: build(values), origin: origin,
            isStale: isStale, age: now.timeIntervalSince(storedAt), fallbackError: fallbackError,
            diagnostics: diagnostics, nanoseconds: lap.nanoseconds, operation: operation, metadata: metadata,
            provenance: provenance)
    }
}
