import Foundation

/// Why a database file found at open could not be used, and where it was moved: a value the
/// caller shows to the user (status pane, log). Nothing in the old file was deleted.
public struct CacheRecoveryDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with the file.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// The file is not an SQLite database (random bytes, another format).
        case notADatabase
        /// The file is an SQLite database but damaged (truncated, malformed pages).
        case corrupt(detail: String)
        /// The file is an SQLite database of another program.
        case foreignDatabase(detail: String)
        /// The file was written by a newer version of this program (unknown schema version or migrations).
        case newerSchema(detail: String)

        public var description: String {
            switch self {
            case .notADatabase: "not an SQLite database"
            case .corrupt(let detail): "damaged (\(detail))"
            case .foreignDatabase(let detail): "a database of another program (\(detail))"
            case .newerSchema(let detail): "written by a newer version (\(detail))"
            }
        }
    }

    /// What was wrong.
    public var reason: Reason
    /// The path the file had.
    public var originalFile: URL
    /// Where the file is now (`<name>.corrupt-YYYYMMDDTHHMMSS`, UTC).
    public var movedTo: URL
    /// When it was moved (from the injected time source).
    public var date: Date

    /// Creates a diagnostic.
    public init(reason: Reason, originalFile: URL, movedTo: URL, date: Date) {
        self.reason = reason
        self.originalFile = originalFile
        self.movedTo = movedTo
        self.date = date
    }

    public var description: String {
        "The cache file \(originalFile.path) was \(reason); it was moved to \(movedTo.lastPathComponent) "
            + "and a fresh cache was created."
    }
}
