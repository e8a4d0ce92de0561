import Foundation
import RepositoryCore

extension CacheDatabase {
    /// How a cache database behaves: size budget, lock waits, opening checks, clock. A plain `Sendable` value.
    public struct Options: Sendable {
        /// The budget for the summed size of cached entries (payload + key bytes), shared by every namespace.
        public var maximumBytes: Int
        /// The largest payload one entry may hold: a larger value is not written, and a larger row
        /// read back (a damaged or foreign file) is `.serialization` — a miss — without being decoded.
        public var maximumPayloadSize: SizeLimit
        /// After a sweep the total is at most `maximumBytes × sweepTargetRatio` (0…1), so a sweep is not
        /// needed again after the very next write.
        public var sweepTargetRatio: Double
        /// How long a write waits for another connection or process that holds the lock before failing.
        public var busyTimeout: Duration
        /// Runs `PRAGMA quick_check` when a file is opened, so a damaged file is moved aside up front
        /// rather than failing later. Costs one pass over the file.
        public var verifiesIntegrityOnOpen: Bool
        /// "Now" for stored-at, last-access and the names of moved-aside files.
        public var timeSource: any TimeSource
        /// Receives the SQL text (without bound values) of every statement run on any connection;
        /// for logging and tests. Called on the database's own threads: keep it short.
        public var statementObserver: (@Sendable (String) -> Void)?

        /// The default `maximumPayloadSize`, 16 MiB: the browser's default limit on an API answer,
        /// which no entity or list decoded from one can pass.
        public static let defaultMaximumPayloadSize = SizeLimit.mebibytes(16)

        /// Creates options; the defaults suit the terminal browser (100 MiB, 16 MiB a payload, 5 s lock wait).
        public init(
            maximumBytes: Int = 100 * 1024 * 1024,
            maximumPayloadSize: SizeLimit = Options.defaultMaximumPayloadSize,
            sweepTargetRatio: Double = 0.9,
            busyTimeout: Duration = .seconds(5),
            verifiesIntegrityOnOpen: Bool = true,
            timeSource: any TimeSource = SystemTimeSource(),
            statementObserver: (@Sendable (String) -> Void)? = nil
        ) {
            self.maximumBytes = max(0, maximumBytes)
            self.maximumPayloadSize = maximumPayloadSize
            self.sweepTargetRatio = min(1, max(0, sweepTargetRatio))
            self.busyTimeout = busyTimeout
            self.verifiesIntegrityOnOpen = verifiesIntegrityOnOpen
            self.timeSource = timeSource
            self.statementObserver = statementObserver
        }

        /// The total a sweep brings the cache down to.
        var sweepTargetBytes: Int { Int((Double(maximumBytes) * sweepTargetRatio).rounded(.down)) }
    }
}
