/// Why the repository made no write, or kept none: the API takes no writes, the character could
/// not be read, a field breaks the API's rules (`field` names it), or nothing keeps a write the
/// server could not take now. Nothing of it was sent or is shown. A value; thread-safe.
public struct WriteNotMade: Error, Sendable, Hashable, CustomStringConvertible {
    public let reason: String
    /// The field the reason is about, if one.
    public let field: String?

    public init(_ reason: String, field: String? = nil) {
        self.reason = reason
        self.field = field
    }

    public var description: String { reason }
}
