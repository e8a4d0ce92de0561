import Foundation
import GRDB
import RepositoryCore

/// One cached row as read from disk: the encoded payload and its metadata, not yet decoded.
struct StoredPayload: Sendable {
    var payload: Data
    var metadata: EntryMetadata

    /// A row's payload (owned bytes) and metadata.
    init(payload: Data, metadata: EntryMetadata) {
        self.payload = payload
        self.metadata = metadata
    }

    /// Reads `payload, stored_at, expires_at, etag, last_modified, stale_use` starting at column
    /// `first`. Columns are read straight from the statement, without a record type or Codable.
    init(row: Row, first: Int) {
        payload = row[first]
        metadata = EntryMetadata(row: row, first: first + 1)
    }
}

extension EntryMetadata {
    /// Reads `stored_at, expires_at, etag, last_modified, stale_use` starting at column `first`
    /// (a row without the last column has no stale use).
    init(row: Row, first: Int) {
        self.init(
            storedAt: Date(timeIntervalSinceReferenceDate: row[first]),
            expiresAt: row.hasNull(atIndex: first + 1)
                ? nil : Date(timeIntervalSinceReferenceDate: row[first + 1]),
            etag: row.hasNull(atIndex: first + 2) ? nil : row[first + 2] as String,
            lastModified: row.hasNull(atIndex: first + 3) ? nil : row[first + 3] as String,
            staleUse: row.count <= first + 4 || row.hasNull(atIndex: first + 4)
                ? nil : StaleUse(directives: row[first + 4] as String))
    }
}

extension Date {
    /// The stored form: seconds since the reference date (exact round trip).
    var storedSeconds: Double { timeIntervalSinceReferenceDate }
}
