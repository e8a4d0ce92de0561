import Foundation
import GRDB
import RepositoryCore

/// The owner of one SQLite database (a WAL file shared by processes, or memory) that holds cached
/// entries (`SQLiteDataSource`) and device values (`DeviceStorageDataSource`).
///
/// Thread-safe: share one instance per file in a process. Reads run on the caller's thread on a
/// read-only connection; writes run one at a time on the writer connection and suspend the caller.
/// A damaged, foreign or newer-schema file found at open is moved aside (see `recovery`).
public final class CacheDatabase: Sendable {
    /// The GRDB connection (a `DatabasePool` for files, a `DatabaseQueue` in memory), for diagnostics
    /// and benchmarks. The schema behind it is private to this module.
    public let writer: any DatabaseWriter
    /// Where the database lives.
    public let location: Location
    /// The options it was opened with.
    public let options: Options
    /// Set when the file found at open was unusable and was moved aside; show it to the user.
    public let recovery: CacheRecoveryDiagnostic?
    /// Set when the file found at open had an older layout and was migrated in a way the user
    /// may notice (cached lists dropped); show it once (a toast). Nothing else was lost.
    public let migration: CacheMigrationNotice?
    /// Last-access times recorded by reads, written by the next write.
    let accessLog = AccessLog()
    /// The hot read path's own read-only connections (a file only; nil in memory).
    let readConnections: ReadConnections?
    /// The write scopes this database claimed (`claimWrites`), released at `close()`.
    let writeClaims = WriteClaims()
    /// Whether the last write failed (`writeFailure`).
    let writeHealth = WriteHealth()

    /// Opens (creating when missing) the database at `location`, applying migrations. There is no
    /// default file: say where, for example `.file(Location.defaultCacheFile(application: "books"))`.
    ///
    /// An unusable file is moved aside to `<name>.corrupt-YYYYMMDDTHHMMSS` and replaced by a fresh
    /// database; `recovery` then says why. Throws `.storageFailure` only when no database can be
    /// opened at all (an unwritable folder, for example).
    public init(location: Location, options: Options = Options()) throws(RepositoryError) {
        self.location = location
        self.options = options
        switch location {
        case .inMemory:
            do {
                let queue = try DatabaseQueue(configuration: Self.configuration(options))
                try CacheSchema.migrate(queue)
                writer = queue
            } catch {
                throw RepositoryError(database: error)
            }
            recovery = nil
            migration = nil
            readConnections = nil
        case .file(let url):
            let opened = try DatabaseFileOpener(url: url, options: options).open()
            writer = opened.pool
            recovery = opened.recovery
            migration = opened.migration
            readConnections = ReadConnections(
                path: opened.pool.path, configuration: Self.configuration(options), limit: 4)
        }
    }

    /// Opens a private in-memory database (tests, previews).
    public static func inMemory(options: Options = Options()) throws(RepositoryError) -> CacheDatabase {
        try CacheDatabase(location: .inMemory, options: options)
    }

    /// Writes pending last-access times, copies the WAL into the main file when no other process
    /// is using it (so the file alone is complete), closes every connection and releases the write
    /// claims; later calls fail with `.storageFailure`.
    public func close() async throws(RepositoryError) {
        defer { writeClaims.releaseAll() }
        try await flushAccessTimes()
        readConnections?.close()
        do {
            if case .file = location {
                // Best effort: another process reading the file may keep the WAL busy, which is fine.
                _ = try? await writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
            }
            try writer.close()
        } catch {
            throw RepositoryError(database: error)
        }
    }

    /// Runs `PRAGMA integrity_check` and returns its lines (`["ok"]` for a sound file).
    public func integrityCheck() throws(RepositoryError) -> [String] {
        try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    /// The "now" of the injected time source, as stored in the database.
    var now: Date { options.timeSource.now() }

    static func configuration(_ options: Options) -> Configuration {
        var configuration = Configuration()
        configuration.label = "charbrowser.cache"
        configuration.busyMode = .timeout(options.busyTimeout.timeInterval)
        let observer = options.statementObserver
        configuration.prepareDatabase { db in
            if let observer {
                db.trace(options: .statement) { event in
                    if case .statement(let statement) = event { observer(statement.sql) }
                }
            }
            // WAL + NORMAL: a committed transaction survives a crash of the process (not of the
            // machine's power), without an fsync per commit.
            if !db.configuration.readonly {
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
        return configuration
    }
}

extension Duration {
    /// The duration in seconds, as `TimeInterval`.
    var timeInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
