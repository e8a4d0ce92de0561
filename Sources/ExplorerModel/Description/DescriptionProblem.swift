/// Why a text is not an API description the explorer can read: not JSON or YAML, not Swagger 2.0
/// or OpenAPI 3.x, or no collection in its paths. A sentence. A value; thread-safe.
public struct DescriptionProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    /// A problem as given.
    public init(_ description: String) {
        self.description = description
    }
}
