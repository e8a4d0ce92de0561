import Foundation

/// Reading a stored value as another type. A conversion that loses information or has no clear
/// meaning fails (nil), and the data source then answers NotFound. The table (stored → read as):
///
/// | stored ↓ / read → | Int | Double | Bool | String | URL | Date | Data |
/// |---|---|---|---|---|---|---|---|
/// | int | ✓ | exact value | 0 → false, 1 → true | decimal (`42`) | – | – | – |
/// | double | only if integral (3.0 → 3) | ✓ | – | shortest exact form (`3.14159265359`) | – | – | – |
/// | bool | 0 / 1 | 0.0 / 1.0 | ✓ | `true` / `false` | – | – | – |
/// | string | if it parses (`"42"`) | if it parses | `true` / `false` only | ✓ | if it has a scheme | ISO 8601 | UTF-8 bytes |
/// | url | – | – | – | absolute string | ✓ | – | – |
/// | date | – | – | – | ISO 8601 with milliseconds, UTC | – | ✓ | – |
/// | data | – | – | – | if valid UTF-8 | – | – | ✓ |
///
/// `Float` reads whatever `Double` reads. Arrays and dictionaries convert element by element and
/// fail if any element fails; a scalar never reads as an array, nor an array as a scalar.
extension StorableValue {
    /// The value as an `Int`, per the table.
    public var intValue: Int? {
        switch self {
        case .int(let value): value
        case .double(let value): Int(exactly: value)
        case .bool(let value): value ? 1 : 0
        case .string(let value): Int(value)
        default: nil
        }
    }

    /// The value as a `Double`, per the table.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(exactly: value)
        case .double(let value): value
        case .bool(let value): value ? 1 : 0
        case .string(let value): Double(value)
        default: nil
        }
    }

    /// The value as a `Bool`, per the table.
    public var boolValue: Bool? {
        switch self {
        case .bool(let value): value
        case .int(let value) where value == 0 || value == 1: value == 1
        case .string("true"): true
        case .string("false"): false
        default: nil
        }
    }

    /// The value as a `String`, per the table.
    public var stringValue: String? {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        case .url(let value): value.absoluteString
        case .date(let value): StorableValue.iso8601WithFraction.format(value)
        case .data(let value): String(data: value, encoding: .utf8)
        case .array, .dictionary: nil
        }
    }

    /// The value as a `URL`, per the table.
    public var urlValue: URL? {
        switch self {
        case .url(let value): value
        case .string(let value): URL(string: value).flatMap { $0.scheme == nil ? nil : $0 }
        default: nil
        }
    }

    /// The value as a `Date`, per the table.
    public var dateValue: Date? {
        switch self {
        case .date(let value): value
        case .string(let value):
            (try? StorableValue.iso8601WithFraction.parse(value)) ?? (try? StorableValue.iso8601.parse(value))
        default: nil
        }
    }

    /// The value as `Data`, per the table.
    public var dataValue: Data? {
        switch self {
        case .data(let value): value
        case .string(let value): Data(value.utf8)
        default: nil
        }
    }

    /// The elements, when the value is an array.
    public var arrayValue: [StorableValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// The entries, when the value is a dictionary.
    public var dictionaryValue: [String: StorableValue]? {
        if case .dictionary(let values) = self { return values }
        return nil
    }

    static let iso8601WithFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    static let iso8601 = Date.ISO8601FormatStyle()
}
