/// What a migration of an older cache file changed that the user may notice, as a value the
/// caller shows once (a toast, the log). The remembered state (device values) is never touched.
public struct CacheMigrationNotice: Sendable, Hashable, CustomStringConvertible {
    /// The name of the migration that ran (`v3-normalized-entities`).
    public var migration: String
    /// How many cached entries (whole pages and lists) were dropped; they are read again on demand.
    public var droppedEntries: Int

    /// Creates a notice.
    public init(migration: String, droppedEntries: Int) {
        self.migration = migration
        self.droppedEntries = droppedEntries
    }

    public var description: String {
        "The cache was updated to store each entity once (\(migration)): \(droppedEntries) cached "
            + "page(s) and list(s) will be read again; cached entities and the remembered place were kept."
    }
}
