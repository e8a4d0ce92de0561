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

    /// The value `node` holds, a key written twice keeping its last value (as `JSONDecoder` reads
    /// it). Nil when a number is out of `Double`'s range.
    init?(_ node: JSONNode) {
        switch node {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .string(let text): self = .string(text)
        case .number(let text):
            guard let number = Double(text), number.isFinite else { return nil }
            self = .number(number)
        case .array(let elements):
            let values = elements.compactMap(JSONValue.init)
            guard values.count == elements.count else { return nil }
            self = .array(values)
        case .object(let object):
            var fields: Fields = [:]
            for member in object.members {
                guard let value = JSONValue(member.value) else { return nil }
                fields[member.key] = value
            }
            self = .object(fields)
        }
    }

    /// The value as JSON text, object keys sorted (`?` for a number JSON cannot write).
    public var description: String { text ?? "?" }

    /// The JSON object in `data`, or nil when `data` is not one (read by `JSONTree`'s parser, a
    /// few times faster than `JSONDecoder` for an entity).
    public static func object(from data: Data) -> Fields? {
        guard let node = try? JSONParser.parse([UInt8](data)), case .object = node,
            case .object(let fields)? = JSONValue(node)
        else { return nil }
        return fields
    }

    /// `fields` as JSON bytes, keys sorted (one text per object; `{}` for a number JSON cannot write).
    public static func data(of fields: Fields) -> Data { Data((JSONValue.object(fields).text ?? "{}").utf8) }

    /// The value as JSON text, as `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes`
    /// writes it, several times faster (only `-0` and 2^53 come out otherwise, equal in value); nil
    /// for a number that is not finite.
    var text: String? {
        var text = ""
        return (try? write(to: &text)).map { text }
    }

    /// Appends the value as `text` says. Throws for a number that is not finite.
    private func write(to text: inout String) throws(JSONValueNotFinite) {
        switch self {
        case .null: text.append("null")
        case .bool(let flag): text.append(flag ? "true" : "false")
        case .string(let string): JSONText.appendQuoted(string, to: &text)
        case .number(let number):
            guard number.isFinite else { throw JSONValueNotFinite() }
            // A whole number without a fraction, any other in its shortest form.
            if number.rounded() == number, abs(number) < 9_007_199_254_740_992 {
                text.append(String(Int64(number)))
            } else {
                text.append(String(number))
            }
        case .array(let values):
            text.append("[")
            for (index, value) in values.enumerated() {
                if index > 0 { text.append(",") }
                try value.write(to: &text)
            }
            text.append("]")
        case .object(let fields):
            text.append("{")
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { text.append(",") }
                JSONText.appendQuoted(key, to: &text)
                text.append(":")
                try fields[key]?.write(to: &text)
            }
            text.append("}")
        }
    }
}

/// A number that JSON cannot write (infinite, or not a number). A value.
struct JSONValueNotFinite: Error {}

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
