import Foundation

/// A value device storage keeps natively (the UserDefaults / SharedPreferences types): scalars,
/// arrays and string-keyed dictionaries of them. An immutable `Sendable` value; each case is
/// stored with its type tag, so reading it back with another type can convert (see `+Conversion`).
public enum StorableValue: Sendable, Hashable {
    /// A signed 64-bit integer.
    case int(Int)
    /// A double-precision number (NaN cannot be stored).
    case double(Double)
    /// A Boolean.
    case bool(Bool)
    /// A string.
    case string(String)
    /// A URL, kept as its absolute string.
    case url(URL)
    /// A point in time, kept as seconds since the reference date (exact).
    case date(Date)
    /// Raw bytes.
    case data(Data)
    /// A list of storable values (they may differ in type).
    case array([StorableValue])
    /// A string-keyed dictionary of storable values.
    case dictionary([String: StorableValue])

    /// The tag stored beside the value: `int`, `double`, `bool`, `string`, `url`, `date`, `data`,
    /// `array` or `dictionary`.
    public var typeTag: String {
        switch self {
        case .int: "int"
        case .double: "double"
        case .bool: "bool"
        case .string: "string"
        case .url: "url"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }
}
