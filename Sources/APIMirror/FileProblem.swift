/// A file of the mirrored folder that is not what its place promises (not JSON, not an array of
/// objects): the paths it would serve answer 500 naming it. A value, thread-safe.
public struct FileProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to the mirrored folder (`people.json`, `api/v2/type/3/index.json`).
    public var file: String
    /// What is wrong with it.
    public var reason: String

    /// Creates a problem of `file`.
    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file) \(reason)" }
}
