import RepositoryCore

/// A cache source whose reads, writes and deletes `SharedCacheTelemetry` reports (a span, a
/// counter, a timer each); answers and errors are the wrapped source's, unchanged. A value;
/// `Sendable` when the source is.
public struct InstrumentedCacheSource<Source: GetDataSource & PutDataSource & DeleteDataSource>:
    GetDataSource, PutDataSource, DeleteDataSource
{
    public typealias Value = Source.Value

    /// The source reported on.
    public let source: Source
    /// The `namespace` dimension.
    public let namespace: String
    /// Where the reports go.
    public let telemetry: SharedCacheTelemetry

    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        try await telemetry.measure("get", namespace: namespace, key: query.cacheKey) { () async throws(RepositoryError) in
            try await source.get(query, cached: cached)
        }
    }

    public func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        try await telemetry.measure("put", namespace: namespace, key: query.cacheKey) { () async throws(RepositoryError) in
            try await source.put(entry, for: query)
        }
    }

    public func delete(_ query: Query) async throws(RepositoryError) {
        try await telemetry.measure("delete", namespace: namespace, key: query.cacheKey) { () async throws(RepositoryError) in
            try await source.delete(query)
        }
    }
}
