/// A JSON value as its document wrote it: an object keeps its members in order (an explorer shows
/// fields as the API wrote them) and a number keeps its text (`1.50` stays `1.50`). Built once per
/// answer by `JSONParser`. A value; thread-safe.
public enum JSONNode: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number, as written (it matches JSON's number grammar).
    case number(String)
    case string(String)
    case array([JSONNode])
    case object(JSONObject)

    /// The string, when this is one.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The object, when this is one.
    public var object: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The elements, when this is an array.
    public var array: [JSONNode]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The value as an integer, when it is a number without a fraction or exponent.
    public var integer: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    /// The member `key` of an object (nil for anything else, or a key not there).
    public subscript(key: String) -> JSONNode? { object?[key] }
}

/// A JSON object's members in the order written. A key written twice keeps both members; a
/// lookup finds the first. A value; thread-safe.
public struct JSONObject: Sendable, Hashable {
    public var members: [JSONMember]

    /// An object of `members`, in order.
    public init(_ members: [JSONMember]) {
        self.members = members
    }

    /// The first member named `key`'s value.
    public subscript(key: String) -> JSONNode? {
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// The keys, in order.
    public var keys: [String] { members.map(\.key) }
}

/// One member of a JSON object: a key and its value. A value; thread-safe.
public struct JSONMember: Sendable, Hashable {
    public let key: String
    public let value: JSONNode

    /// A member as given.
    public init(_ key: String, _ value: JSONNode) {
        self.key = key
        self.value = value
    }
}
