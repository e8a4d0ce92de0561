#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the state file could not be saved: the step that failed, its path and the system's reason.
/// A value; thread-safe.
struct StateFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done (`create`, `write`, `fsync`, …).
    var step: String
    var path: String
    var reason: String

    var description: String { "cannot \(step) \(path): \(reason)" }

    /// The step that just failed, with `errno`'s text (read at once, before anything changes it).
    static func system(_ step: String, _ path: String) -> StateFileError {
        StateFileError(step: step, path: path, reason: String(cString: strerror(errno)))
    }
}
