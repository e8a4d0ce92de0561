import GRDB
import Locking

/// Read-only connections to one database file that the hot read path checks out directly,
/// beside the `DatabasePool`'s own readers: a checkout is one lock and an array pop, where the
/// pool's costs a dispatch onto its barrier queue, a semaphore and a key path built at run time
/// on every call. At most `limit` are opened (on demand); a read that finds none idle, or a
/// database already closed, gets nil and reads through the pool. Thread-safe (a `PThreadMutex`
/// guards the idle list).
final class ReadConnections: Sendable {
    /// A connection and the statements kept prepared on it. `@unchecked Sendable` because one
    /// reader at a time holds it: it is either in the mutex-guarded idle list or checked out by
    /// exactly one read, which alone touches `hot` (and the queue serializes that read).
    private final class Reader: @unchecked Sendable {
        let queue: DatabaseQueue
        let hot = HotStatements()
        init(queue: DatabaseQueue) { self.queue = queue }

        /// Releases the kept statements, then closes the connection (idle: nobody else uses it).
        func close() {
            hot.release()
            try? queue.close()
        }
    }

    private struct State {
        var idle: [Reader] = []
        var opened = 0
        var isClosed = false
    }

    private let path: String
    private let configuration: Configuration
    private let limit: Int
    private let state = PThreadMutex(State())

    /// Connections to the file at `path`, opened read-only with `configuration`, at most `limit`.
    init(path: String, configuration: Configuration, limit: Int) {
        var configuration = configuration
        configuration.readonly = true
        configuration.label = (configuration.label ?? "charbrowser.cache") + ".reader"
        // The brief locks a WAL reader can meet are waited out by the options' busy timeout.
        self.path = path
        self.configuration = configuration
        self.limit = limit
    }

    /// Runs `body` on an idle connection, with the statements kept prepared on it, and returns
    /// its result; nil when no connection is available (the caller reads through the pool
    /// instead). Its statements run in autocommit mode: each is its own snapshot, and statements
    /// run while another is still on a row share that one's (SQLite keeps the read transaction
    /// while any statement is active).
    func read<T>(_ body: (Database, HotStatements) throws -> T) throws -> T? {
        guard let reader = checkOut() else { return nil }
        defer { checkIn(reader) }
        return try reader.queue.unsafeRead { db in try reader.hot.bound(to: db) { try body(db, $0) } }
    }

    /// Closes every idle connection and stops lending; connections lent out close when returned.
    func close() {
        let idle = state.withLock { state in
            state.isClosed = true
            defer { state.idle = [] }
            return state.idle
        }
        for reader in idle { reader.close() }
    }

    private enum Lending {
        case idle(Reader)
        case open
        case none
    }

    /// An idle connection, or a new one while fewer than `limit` were opened. A connection that
    /// fails to open still counts against the limit, so a file that cannot be opened this way
    /// is not tried again on every read.
    private func checkOut() -> Reader? {
        let lending = state.withLock { state -> Lending in
            guard !state.isClosed else { return .none }
            if let connection = state.idle.popLast() { return .idle(connection) }
            guard state.opened < limit else { return .none }
            state.opened += 1
            return .open
        }
        switch lending {
        case .idle(let connection): return connection
        case .none: return nil
        case .open: return (try? DatabaseQueue(path: path, configuration: configuration)).map(Reader.init)
        }
    }

    private func checkIn(_ reader: Reader) {
        let keep = state.withLock { state in
            guard !state.isClosed else { return false }
            state.idle.append(reader)
            return true
        }
        if !keep { reader.close() }
    }
}
