import GRDB

/// The statements a read on one connection runs most (the joined read's two),
/// each prepared once and kept in a fixed slot, so finding one costs an array index instead of
/// hashing its SQL (GRDB's statement cache). Belongs to one connection and is used only inside a
/// read on it (not thread-safe on its own); it is also the joined read's context, carrying that
/// connection. Its statements are released before the connection closes (`release()`).
final class HotStatements {
    /// A statement kept in a slot.
    enum Slot: Int, CaseIterable {
        case selectOne, selectListed

        var sql: String {
            switch self {
            case .selectOne: CacheEntryStore.selectOneSQL
            case .selectListed: CacheEntryStore.selectListedSQL
            }
        }
    }

    /// The connection of the read under way (set by each read, cleared after it).
    private(set) var database: Database?
    private var prepared: [Statement?]
    /// False for a holder made for one read through the pool: it uses GRDB's cache instead.
    private let keeps: Bool

    /// A holder for one connection (`keeps`: its statements stay prepared between reads).
    init(keeps: Bool = true) {
        self.keeps = keeps
        prepared = Array(repeating: nil, count: Slot.allCases.count)
    }

    /// Runs `body` with this holder bound to `db` (the read's connection).
    func bound<T>(to db: Database, _ body: (HotStatements) throws -> T) rethrows -> T {
        database = db
        defer { database = nil }
        return try body(self)
    }

    /// The statement of `slot` on the bound connection, prepared on first use.
    func statement(_ slot: Slot) throws -> Statement {
        if let statement = prepared[slot.rawValue] { return statement }
        guard let database else { throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "no read under way") }
        guard keeps else { return try database.cachedStatement(sql: slot.sql) }
        let statement = try database.makeStatement(sql: slot.sql)
        prepared[slot.rawValue] = statement
        return statement
    }

    /// Finalizes the kept statements (before the connection closes: SQLite does not close a
    /// connection with statements left).
    func release() {
        prepared = Array(repeating: nil, count: Slot.allCases.count)
    }
}
