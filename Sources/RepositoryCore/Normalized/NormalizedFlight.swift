/// Identifies a main call a `NormalizedRepository` shares between concurrent callers: the query,
/// the type of value it answers, and whether the call also writes the cache.
@usableFromInline
struct NormalizedFlightKey: Hashable, Sendable {
    var query: Query
    var valueType: ObjectIdentifier
    var storing: Bool

    @usableFromInline
    init(query: Query, valueType: ObjectIdentifier, storing: Bool) {
        self.query = query
        self.valueType = valueType
        self.storing = storing
    }
}

extension NormalizedRepository {
    /// Runs `work` (one main call and the cache write that follows it) once for every caller that
    /// asks for the same `query` while it runs; the callers that join receive its result.
    @usableFromInline
    func shared<Output: Sendable>(
        _ query: Query, storing: Bool, _ work: @escaping @Sendable () async throws(RepositoryError) -> Output
    ) async throws(RepositoryError) -> Output {
        let key = NormalizedFlightKey(
            query: query, valueType: ObjectIdentifier(Output.self), storing: storing)
        let (value, _) = try await flights.run(key) { () async throws(RepositoryError) -> any Sendable in
            try await work()
        }
        // The key names Output's type, so a flight for this key always produced an Output.
        guard let output = value as? Output else { return try await work() }
        return output
    }
}
