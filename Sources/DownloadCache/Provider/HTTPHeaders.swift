/// HTTP header fields in the order received, looked up by name without regard to case, as HTTP
/// compares field names (`headers["ETag"]` finds a field sent as `Etag` or `etag`). A plain value.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral,
    CustomStringConvertible
{
    /// One header field: its name as sent and its value.
    public struct Field: Sendable, Hashable {
        /// The name, spelled as sent.
        public var name: String
        /// The value.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields, in order.
    public private(set) var fields: [Field]

    /// Headers holding `fields`, in that order.
    public init(_ fields: [Field] = []) { self.fields = fields }

    /// Headers holding a dictionary's pairs, ordered by name.
    public init(_ dictionary: [String: String]) {
        self.fields = dictionary.sorted { $0.key < $1.key }.map { Field(name: $0.key, value: $0.value) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The value of the first field called `name` (any case); setting replaces every such field,
    /// and nil removes them.
    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            let index = fields.firstIndex { Self.sameName($0.name, name) }
            fields.removeAll { Self.sameName($0.name, name) }
            guard let newValue else { return }
            fields.insert(
                Field(name: name, value: newValue), at: Swift.min(index ?? fields.count, fields.count))
        }
    }

    /// Whether no field is present.
    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    public var description: String {
        "[" + fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
    }

    private static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs.lowercased() == rhs.lowercased()
    }
}
