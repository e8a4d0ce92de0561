import Foundation
import JSONTree

/// A JSON value: what an entity's fields hold. Numbers are `Double` (JSON has one number type;
/// `1` and `1.0` are the same value). A value; thread-safe.
public enum JSONValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        // The commonest kinds first: each kind tried and refused costs a thrown error.
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as JSON text, object keys sorted.
    public var description: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }

    /// The fields of a JSON object, or nil for any other value.
    public var objectFields: Fields? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    /// The JSON object in `data`, or nil when `data` is not one (read by `JSONTree`'s parser, a
    /// few times faster than `JSONDecoder` for an entity).
    public static func object(from data: Data) -> Fields? {
        guard let node = try? JSONParser.parse([UInt8](data)), case .object = node else { return nil }
        return JSONValue(node)?.objectFields
    }

    /// `fields` as JSON bytes, keys sorted (one text per object).
    public static func data(of fields: Fields) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(JSONValue.object(fields))) ?? Data("{}".utf8)
    }
}

/// An entity's value as named fields: a JSON object.
public typealias Fields = [String: JSONValue]

extension Dictionary where Key == String, Value == JSONValue {
    /// The value of `field`, an absent field read as `null` (as a JSON merge patch treats it).
    public func value(of field: String) -> JSONValue { self[field] ?? .null }

    /// These fields with `patch` laid over them (RFC 7396 at the top level: `null` removes a field).
    public func merging(patch: Fields) -> Fields {
        var merged = self
        for (field, value) in patch {
            merged[field] = value == .null ? nil : value
        }
        return merged
    }
}
