import Foundation
import Locking

/// Collects the SQL of every statement a database runs (install `record` as the options'
/// statement observer). Thread-safe: a `PThreadMutex` guards the list.
final class StatementLog: Sendable {
    private let statements = PThreadMutex<[String]>([])

    /// The observer to install.
    var observer: @Sendable (String) -> Void {
        { [self] sql in statements.withLock { $0.append(sql) } }
    }

    /// Empties the log and returns what it held.
    @discardableResult
    func take() -> [String] {
        statements.withLock { list in
            defer { list = [] }
            return list
        }
    }

    /// True for a statement that writes, or that begins a transaction taking the write lock.
    static func isWrite(_ sql: String) -> Bool {
        let text = sql.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        let writeVerbs = ["INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER", "VACUUM"]
        if writeVerbs.contains(where: { text.hasPrefix($0) }) { return true }
        return text.hasPrefix("BEGIN IMMEDIATE") || text.hasPrefix("BEGIN EXCLUSIVE")
    }
}
