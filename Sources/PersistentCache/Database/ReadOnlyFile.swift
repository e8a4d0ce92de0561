import Foundation
import GRDB
import RepositoryCore

/// Opens a cache file for reading only: nothing is written, moved or migrated. Stateless.
enum ReadOnlyFile {
    /// A read-only connection to `file` labelled `label`; `.notFound` when there is no file.
    /// Errors of opening it are the caller's to map (`RepositoryError(database:)`).
    static func queue(_ file: URL, label: String) throws -> DatabaseQueue {
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw RepositoryError.notFound(query: file.path, detail: "there is no cache file")
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = label
        return try DatabaseQueue(path: file.path, configuration: configuration)
    }
}
