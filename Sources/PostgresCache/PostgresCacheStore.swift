import Foundation
import Locking
import Logging
import PostgresNIO
import RepositoryCore
import Synchronization

/// The connection to the shared tier's server: a connection pool (`PostgresClient`), the schema,
/// the health the status pane shows, and the `LISTEN` loop that reports other processes' writes.
///
/// Thread-safe: the pool is, and the mutable state (health, schema readiness, recent writes) sits
/// behind `PThreadMutex`es. Every operation has a deadline; after a failure, operations fail at once for
/// `retryInterval` (so a dead server costs nothing per read) and then try again, so the tier comes
/// back by itself when the server does. Call `start()` once before use and `stop()` at the end.
public final class PostgresCacheStore: Sendable {
    /// Where the server is.
    public let location: PostgresCacheLocation
    /// Table, timeouts and pool size.
    public let options: PostgresCacheOptions
    /// This process's name in `NOTIFY` payloads, so it can ignore its own writes.
    public let instanceID: String

    /// One pool per connection attempt of `sslmode` (two with `allow`: plain text, then TLS); the
    /// one in use is the attempt the last direct connection succeeded with.
    let clients: [PostgresClient]
    let connector: PostgresConnector
    let logger: Logger
    private let state = PThreadMutex(State())
    /// Rows refused for their signature (`refusedRows`).
    let refusals = PThreadMutex(0)
    private let healthBroadcaster = ChangeBroadcaster<SharedCacheHealth>()
    private let changeBroadcaster = ChangeBroadcaster<SharedCacheChange>()

    private struct State {
        var health = SharedCacheHealth.starting
        var retryAfter: ContinuousClock.Instant?
        var schemaReady = false
        /// The schema preparation under way, shared by the callers that need it.
        var preparation: Task<Void, any Error>?
        var tasks: [Task<Void, Never>] = []
        /// When a read first found no row for a key (until a flight takes it): a flight for that
        /// key that follows soon accepts any row, since none existed at the miss.
        var missedAt: [String: ContinuousClock.Instant] = [:]
        /// Whether the `LISTEN` connection is up, and who waits for it to be.
        var listening = false
        var listeningWaiters: [CheckedContinuation<Void, Never>] = []
        /// The connection attempt (of `connector.plan.attempts`) that last worked, and whether
        /// one has worked since the last failure.
        var attempt = 0
        var negotiated = false
    }

    /// Creates a store for `location`; nothing is contacted until `start()` and the first operation.
    /// Throws when the table or channel name is unsafe, or when a certificate file the location
    /// names is missing or unusable.
    public init(
        location: PostgresCacheLocation, options: PostgresCacheOptions = .init(),
        logger: Logger = Logger(label: "charbrowser.shared-cache", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(PostgresCacheLocationError) {
        guard PostgresCacheOptions.isPlainIdentifier(options.table),
            PostgresCacheOptions.isPlainIdentifier(options.channel)
        else {
            throw PostgresCacheLocationError(
                text: options.table,
                problem: "table and channel names must be lowercase letters, digits and _")
        }
        self.location = location
        self.options = options
        self.logger = logger
        instanceID = UUID().uuidString
        let connector = try PostgresConnector(location: location, options: options)
        self.connector = connector
        clients = connector.plan.attempts.indices.map {
            PostgresClient(configuration: connector.clientConfiguration(attempt: $0), backgroundLogger: logger)
        }
    }

    /// The pool of the connection attempt that last worked.
    var client: PostgresClient { clients[state.withLock { $0.attempt }] }

    /// Connects directly (not through the pool), starting with the attempt that last worked, and
    /// remembers the one that did.
    func connect(id: Int) async throws -> PostgresConnection {
        let first = state.withLock { $0.attempt }
        let (connection, attempt) = try await connector.connect(id: id, logger: logger, from: first)
        state.withLock { state in
            state.attempt = attempt
            state.negotiated = true
        }
        return connection
    }

    /// The pool to use. Until a direct connection has worked (at first, and after a failure),
    /// one is made first: it finds the attempt the server accepts (`allow`), and a refusal fails
    /// it at once with the server's or the TLS library's reason, where a pool lease would wait
    /// out its own reconnection attempts.
    func negotiatedClient() async throws -> PostgresClient {
        if !state.withLock({ $0.negotiated }) { try await connect(id: 0).close() }
        return client
    }

    /// Runs the pools and the `LISTEN` loop in background tasks until `stop()`.
    public func start() {
        let runs = clients.map { client in Task { await client.run() } }
        let listen = Task { [weak self] in
            guard let self else { return }
            await self.listenLoop()
        }
        state.withLock { $0.tasks += runs + [listen] }
    }

    /// Stops the listener and closes the pool.
    public func stop() async {
        let tasks = state.withLock { state in
            defer { state.tasks = [] }
            return state.tasks
        }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    /// The health now.
    public var health: SharedCacheHealth { state.withLock { $0.health } }

    /// Every health change from now on.
    public func healthChanges() -> AsyncStream<SharedCacheHealth> { healthBroadcaster.stream() }

    /// Every write or delete another process announces from now on (this process's own are left out),
    /// plus an `everything` change when the listener reconnected and may have missed some.
    public func changes() -> AsyncStream<SharedCacheChange> { changeBroadcaster.stream() }

    // MARK: Operations

    /// Runs `body` on a pooled connection with the schema ready, within `operationTimeout` when
    /// `bounded`; maps every failure to `.storageFailure` and records it in `health`. Unbounded or
    /// not, the wait for a pooled connection is bounded by `operationTimeout` (the pool waits for
    /// its own reconnection attempts while the server is down or restarting).
    func perform<Result: Sendable>(
        bounded: Bool = true, _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> Result
    ) async throws(RepositoryError) -> Result {
        try failFastWhileDown()
        let (options, logger) = (options, logger)
        let schemaReady = state.withLock { $0.schemaReady }
        do {
            if !schemaReady {
                // First use, or after a failure: one direct connection prepares the schema, and
                // concurrent callers wait for that one. It fails fast and says why (refused, bad
                // password, wrong table), where a pool lease would wait for the pool's own
                // reconnection attempts.
                let preparation = state.withLock { state in
                    if let running = state.preparation { return running }
                    let started = Task {
                        try await Self.withDeadline(options.operationTimeout) {
                            let connection = try await self.connect(id: 0)
                            do {
                                try await PostgresCacheSchema.prepare(
                                    connection, options: options, logger: logger)
                            } catch {
                                try? await connection.close()
                                throw error
                            }
                            try await connection.close()
                        }
                    }
                    state.preparation = started
                    return started
                }
                do {
                    try await preparation.value
                } catch {
                    state.withLock { state in
                        if state.preparation == preparation { state.preparation = nil }
                    }
                    throw error
                }
            }
            let client = client
            let result =
                try await bounded
                ? Self.withDeadline(options.operationTimeout) {
                    try await client.withConnection { connection in try await body(connection, logger) }
                }
                : Self.withConnection(of: client, leasedWithin: options.operationTimeout) { connection in
                    try await body(connection, logger)
                }
            markUp()
            return result
        } catch {
            let mapped = Self.repositoryError(error)
            if mapped != .cancelled { markDown(mapped) }
            throw mapped
        }
    }

    /// Throws at once while a failure was seen less than `retryInterval` ago: no caller waits out
    /// a connection attempt the pool is already retrying.
    func failFastWhileDown() throws(RepositoryError) {
        if let waiting = state.withLock({ state -> String? in
            guard let retryAfter = state.retryAfter, ContinuousClock.now < retryAfter else { return nil }
            if case .down(let reason) = state.health { return reason }
            return "unavailable"
        }) {
            throw .storageFailure(detail: "shared cache \(waiting)")
        }
    }

    private func markUp() {
        let changed = state.withLock { state in
            state.schemaReady = true
            state.preparation = nil
            state.retryAfter = nil
            defer { state.health = .up }
            return state.health != .up
        }
        if changed { healthBroadcaster.publish(.up) }
    }

    func markDown(_ error: RepositoryError) {
        let reason = Self.reason(error)
        let retryInterval = options.retryInterval
        let changed = state.withLock { state in
            state.schemaReady = false
            state.negotiated = false
            state.retryAfter = ContinuousClock.now.advanced(by: retryInterval)
            defer { state.health = .down(reason: reason) }
            return state.health != .down(reason: reason)
        }
        if changed { healthBroadcaster.publish(.down(reason: reason)) }
    }

    static func reason(_ error: RepositoryError) -> String {
        switch error {
        case .storageFailure(let detail): detail
        default: error.description
        }
    }

    func noteMiss(namespace: String, key: String) {
        state.withLock { state in
            if state.missedAt.count > 1_000 { state.missedAt = [:] }
            // The earliest miss counts: the read that made it began the wait.
            let id = namespace + "\u{0}" + key
            if state.missedAt[id] == nil { state.missedAt[id] = .now }
        }
    }

    /// How long ago a read last missed this key (and forgets it); nil when none did.
    func takeMiss(namespace: String, key: String) -> Duration? {
        state.withLock { state in
            state.missedAt.removeValue(forKey: namespace + "\u{0}" + key).map { ContinuousClock.now - $0 }
        }
    }

    // MARK: LISTEN

    private func listenLoop() async {
        var connectedBefore = false
        var attempt = 0
        while !Task.isCancelled {
            attempt += 1
            do {
                // A connection made after the deadline or `stop()` is closed, never dropped open.
                let connection = try await Self.withDeadline(
                    options.operationTimeout, late: { try? await $0.close() }
                ) { [attempt] in
                    try await self.connect(id: attempt)
                }
                defer { Task { try? await connection.close() } }
                try await connection.listen(on: options.channel) { notifications in
                    setListening(true)
                    defer { setListening(false) }
                    if connectedBefore {
                        changeBroadcaster.publish(
                            SharedCacheChange(
                                sender: "", namespace: "", key: "", storedAt: nil, everything: true))
                    }
                    connectedBefore = true
                    for try await notification in notifications {
                        guard let change = SharedCacheChange(payload: notification.payload),
                            change.sender != instanceID
                        else { continue }
                        changeBroadcaster.publish(change)
                    }
                }
            } catch {
                if Task.isCancelled { return }
            }
            // Reconnect after `retryInterval`, but never in a tight loop.
            try? await Task.sleep(for: max(options.retryInterval, .milliseconds(100)))
        }
    }

    /// Returns once this process is listening for other processes' writes (at once if it is).
    public func untilListening() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if !state.listening { state.listeningWaiters.append(continuation) }
                return state.listening
            }
            if ready { continuation.resume() }
        }
    }

    private func setListening(_ listening: Bool) {
        let waiters = state.withLock { state in
            state.listening = listening
            guard listening else { return [CheckedContinuation<Void, Never>]() }
            defer { state.listeningWaiters = [] }
            return state.listeningWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    // MARK: Deadlines and errors

    /// Runs `body`, failing with `timedOut` when it takes longer than `limit`. The body is cancelled
    /// then, and not waited for: a statement on a connection that stopped answering ignores
    /// cancellation, and waiting for it (as a task group's scope does) would make the deadline moot.
    /// A value the body returns after the timeout or the caller's cancellation goes to `late`.
    static func withDeadline<Value: Sendable>(
        _ limit: Duration?, late: (@Sendable (Value) async -> Void)? = nil,
        _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard let limit else { return try await body() }
        let race = DeadlineRace<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation, limit: limit, late: late, body: body)
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// Runs `body` on a connection of `client`'s pool, failing with `timedOut` when none is leased
    /// within `limit` (the wait for one is cancelled); once it has its connection, `body` runs unbounded.
    static func withConnection<Result: Sendable>(
        of client: PostgresClient, leasedWithin limit: Duration,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let leased = LeaseFlag()
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask {
                try await client.withConnection { connection in
                    leased.value.store(true, ordering: .releasing)
                    return try await body(connection)
                }
            }
            group.addTask {
                try await Task.sleep(for: limit)
                guard leased.value.load(ordering: .acquiring) else {
                    throw PostgresCacheFailure.timedOut(limit)
                }
                return nil
            }
            defer { group.cancelAll() }
            while let outcome = try await group.next() {
                if let result = outcome { return result }
            }
            throw CancellationError()
        }
    }

    /// Whether a pooled connection was leased (set once, by the task that got it).
    private final class LeaseFlag: Sendable {
        let value = Atomic<Bool>(false)
    }

    /// Translates a PostgreSQL, network or adapter error into `RepositoryError` with a short, password-free detail.
    static func repositoryError(_ error: any Error) -> RepositoryError {
        switch error {
        case let error as RepositoryError: return error
        case is CancellationError: return .cancelled
        case let failure as PostgresCacheFailure:
            switch failure {
            case .wrongShape(let detail), .unavailable(let detail): return .storageFailure(detail: detail)
            case .timedOut(let limit): return .storageFailure(detail: "no answer within \(limit)")
            }
        case let error as PSQLError:
            if let refusal = PostgresRefusal.reason(error) { return .storageFailure(detail: refusal) }
            if let message = error.serverInfo?[.message] {
                let state = error.serverInfo?[.sqlState] ?? "?"
                return .storageFailure(detail: "\(message) (SQLSTATE \(state))")
            }
            if error.code == .queryCancelled { return .cancelled }
            var detail = "\(error.code)"
            if let underlying = error.underlying { detail += ": \(underlying)" }
            return .storageFailure(detail: String(detail.prefix(200)))
        case let error as PostgresDecodingError:
            return .serialization(detail: "a shared row could not be read: \(error.code)")
        default:
            return .storageFailure(detail: String(String(describing: error).prefix(200)))
        }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in whole milliseconds.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}
