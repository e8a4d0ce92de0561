/// Why a text is not a profile: not JSON, or a field that is not what the schema expects — one
/// sentence naming the field and what was expected. A value; thread-safe.
public struct ProfileProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the profile (`resources.people.columns[1]`; empty: the whole text).
    public let field: String
    /// What was expected there and what was found.
    public let detail: String

    /// A problem as given.
    public init(field: String, _ detail: String) {
        self.field = field
        self.detail = detail
    }

    public var description: String { field.isEmpty ? detail : "\(field) \(detail)" }

    /// The sentence for the profile read from `file`: `--profile mine.json: resources.people.title
    /// must be …`, or `--profile mine.json is not JSON: …` for the whole text.
    public func sentence(file: String) -> String {
        field.isEmpty ? "--profile \(file) \(detail)" : "--profile \(file): \(field) \(detail)"
    }
}
