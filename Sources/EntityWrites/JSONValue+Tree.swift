import JSONTree

extension JSONValue {
    /// The value `node` holds: numbers as `Double`, a key written twice keeping its last value
    /// (as `JSONDecoder` reads it). Nil when a number is out of `Double`'s range.
    init?(_ node: JSONNode) {
        switch node {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .string(let text): self = .string(text)
        case .number(let text):
            guard let number = Double(text), number.isFinite else { return nil }
            self = .number(number)
        case .array(let elements):
            var values: [JSONValue] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard let value = JSONValue(element) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case .object(let object):
            var fields: Fields = [:]
            fields.reserveCapacity(object.members.count)
            for member in object.members {
                guard let value = JSONValue(member.value) else { return nil }
                fields[member.key] = value
            }
            self = .object(fields)
        }
    }

    /// Appends the value as JSON text, object keys sorted (as `JSONEncoder` with `.sortedKeys`
    /// and `.withoutEscapingSlashes` writes them). Throws for a number that is not finite.
    func write(to text: inout String) throws(JSONValueNotFinite) {
        switch self {
        case .null: text.append("null")
        case .bool(let flag): text.append(flag ? "true" : "false")
        case .string(let string): JSONText.appendQuoted(string, to: &text)
        case .number(let number): try Self.write(number, to: &text)
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

    /// A number as JSON writes it: a whole one without a fraction, any other in its shortest form.
    static func write(_ number: Double, to text: inout String) throws(JSONValueNotFinite) {
        guard number.isFinite else { throw JSONValueNotFinite() }
        if number.rounded() == number, abs(number) < 9_007_199_254_740_992 {
            text.append(String(Int64(number)))
        } else {
            text.append(String(number))
        }
    }
}

/// A number that JSON cannot write (infinite, or not a number). A value.
struct JSONValueNotFinite: Error {}
