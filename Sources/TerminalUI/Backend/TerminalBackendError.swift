/// Why a backend could not read input. Carries the failing operation and the system error number.
public enum TerminalBackendError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Reading input failed: `operation` set `errno` to `code`.
    case inputFailed(operation: String, code: Int32)

    public var description: String {
        switch self {
        case .inputFailed(let operation, let code):
            "reading terminal input failed: \(operation) returned error \(code)"
        }
    }
}
