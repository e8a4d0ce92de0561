import Foundation
import GRDB
import RepositoryCore

extension RepositoryError {
    /// Translates an error met while using the database: `DatabaseError` → `.storageFailure` with
    /// the SQLite code and message; `RepositoryError` passes through; decoding errors → `.serialization`.
    init(database error: any Error) {
        switch error {
        case let error as RepositoryError:
            self = error
        case let error as DatabaseError:
            self = .storageFailure(detail: error.briefDescription)
        default:
            self.init(error, from: .cache)
        }
    }
}

extension DatabaseError {
    /// `SQLite error 11 (extended 267): database disk image is malformed`, without the SQL text.
    var briefDescription: String {
        let code = resultCode.rawValue
        let extended = extendedResultCode.rawValue
        let codes = code == extended ? "SQLite error \(code)" : "SQLite error \(code) (extended \(extended))"
        return "\(codes): \(message ?? "no message")"
    }

    /// True when the error says the file is damaged or not a database at all.
    var isFileDamage: Bool {
        resultCode == .SQLITE_CORRUPT || resultCode == .SQLITE_NOTADB
    }
}
