import Foundation

/// A main data source made of one closure — the shortest way to put a network read behind a
/// repository:
///
/// ```swift
/// let books = DataSource { query in try await client.book(id: query.key ?? "") }
/// let repository = CacheRepository(main: books, cache: InMemoryDataSource<Book>())
/// ```
///
/// The closure returns the value; the repository fills in the rest: origin `.network`, stored-at
/// the moment the value arrived (by its configuration's time source). What the closure throws
/// becomes a `RepositoryError`: a `RepositoryError` passes through (throw `.notFound(query)` for
/// a missing value, so `localFirst` and `remoteFirst` can tell it from an outage), and any other
/// error is translated as `RepositoryError(_:from: .main)` says — a `URLError` reads as one short
/// sentence. Thread-safe when the closure is (it is `@Sendable`).
public struct DataSource<Value: Sendable>: GetDataSource {
    /// Reads the value for a query.
    public let read: @Sendable (Query) async throws -> Value

    /// A source that answers `query` with what `read` returns for it.
    public init(_ read: @escaping @Sendable (Query) async throws -> Value) {
        self.read = read
    }

    /// Calls `read`; its value is the entry's, origin `.network`, stored-at now.
    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        do {
            return Entry(value: try await read(query), metadata: EntryMetadata(storedAt: Date()), origin: .network)
        } catch {
            throw RepositoryError(error, from: .main)
        }
    }
}
