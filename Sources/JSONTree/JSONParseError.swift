/// Why bytes are not a JSON document: what was expected, and where (a byte offset, and the line and
/// column people count from 1). A value; thread-safe.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the parser needed at that point (`a value`, `"," or "}"`, `the end of the text`).
    public let expected: String
    /// The offset of the byte where it was needed.
    public let offset: Int
    public let line: Int
    public let column: Int

    /// An error as given.
    public init(expected: String, offset: Int, line: Int, column: Int) {
        self.expected = expected
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `not JSON: expected a value at line 3, column 7`.
    public var description: String { "not JSON: expected \(expected) at line \(line), column \(column)" }
}
