import Foundation
import RepositoryCore

/// How the shared tier uses its server: table, durability, timeouts, pool size. A value; `Sendable`.
public struct PostgresCacheOptions: Sendable, Hashable {
    /// The table holding every entry (created by the migrations when missing).
    public var table: String
    /// False (the default): the table is `UNLOGGED` — fast, emptied after a server crash, which
    /// suits a cache. True: a logged table that survives crashes.
    public var logged: Bool
    /// The server cancels any statement running longer than this.
    public var statementTimeout: Duration
    /// The longest the client waits for any one operation (connecting included) before failing it.
    public var operationTimeout: Duration
    /// After a failure, calls fail at once (as a miss) for this long before the next attempt.
    public var retryInterval: Duration
    /// How long a cold read waits for another process's network call before making its own.
    public var flightWaitTimeout: Duration
    /// The most connections the pool opens.
    public var maximumConnections: Int
    /// The channel `NOTIFY` publishes writes on and every process `LISTEN`s to.
    public var channel: String
    /// The largest payload one row may hold: a larger value is not written, and a larger row
    /// (written by another program, or by a process with a larger limit) is `.serialization` — a
    /// miss — without its payload crossing the network or being decoded.
    public var maximumPayloadSize: SizeLimit
    /// With a key, every row written is signed with it, and a row read whose signature fails
    /// (tampered with, unsigned, or signed with another key) is refused: not served, evicted and
    /// counted (`PostgresCacheStore.refusedRows`). Nil (the default): rows are neither signed nor checked.
    public var signingKey: SharedCacheSigningKey?

    /// Creates options: table `charbrowser_cache`, unlogged, 2 s statements, 3 s operations,
    /// retry after 1 s, 5 s flight wait, 8 connections, channel `charbrowser_cache`, payloads of at
    /// most 16 MiB (the disk tier's default, `CacheDatabase.Options.defaultMaximumPayloadSize`).
    public init(
        table: String = "charbrowser_cache", logged: Bool = false, statementTimeout: Duration = .seconds(2),
        operationTimeout: Duration = .seconds(3), retryInterval: Duration = .seconds(1),
        flightWaitTimeout: Duration = .seconds(5), maximumConnections: Int = 8,
        channel: String = "charbrowser_cache",
        maximumPayloadSize: SizeLimit = .mebibytes(16), signingKey: SharedCacheSigningKey? = nil
    ) {
        self.table = table
        self.logged = logged
        self.statementTimeout = statementTimeout
        self.operationTimeout = operationTimeout
        self.retryInterval = retryInterval
        self.flightWaitTimeout = flightWaitTimeout
        self.maximumConnections = maximumConnections
        self.channel = channel
        self.maximumPayloadSize = maximumPayloadSize
        self.signingKey = signingKey
    }

    /// True when `name` is safe to splice into SQL as an identifier (letters, digits, `_`).
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.utf8.count <= 63 else { return false }
        let allowed = CharacterSet.lowercaseLetters.union(.decimalDigits).union(
            CharacterSet(charactersIn: "_"))
        return !CharacterSet.decimalDigits.contains(first)
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && allowed.contains($0)
            }
    }
}
