import Foundation

/// The tagged JSON form used for arrays and dictionaries: each value is an object with one key,
/// its type tag — `{"int":3}`, `{"array":[{"string":"a"},{"double":1.5}]}`. Dates are seconds since
/// the reference date, bytes are base64, non-finite doubles are the strings `inf`, `-inf`.
extension StorableValue: Codable {
    private enum Tag: String, CodingKey, CaseIterable {
        case int, double, bool, string, url, date, data, array, dictionary
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Tag.self)
        switch self {
        case .int(let value): try container.encode(value, forKey: .int)
        case .double(let value): try container.encode(value, forKey: .double)
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .string(let value): try container.encode(value, forKey: .string)
        case .url(let value): try container.encode(value.absoluteString, forKey: .url)
        case .date(let value): try container.encode(value.timeIntervalSinceReferenceDate, forKey: .date)
        case .data(let value): try container.encode(value.base64EncodedString(), forKey: .data)
        case .array(let values): try container.encode(values, forKey: .array)
        case .dictionary(let values): try container.encode(values, forKey: .dictionary)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Tag.self)
        guard container.allKeys.count == 1, let tag = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "expected exactly one type tag"))
        }
        switch tag {
        case .int: self = .int(try container.decode(Int.self, forKey: tag))
        case .double: self = .double(try container.decode(Double.self, forKey: tag))
        case .bool: self = .bool(try container.decode(Bool.self, forKey: tag))
        case .string: self = .string(try container.decode(String.self, forKey: tag))
        case .url:
            let text = try container.decode(String.self, forKey: tag)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: tag, in: container, debugDescription: "invalid URL")
            }
            self = .url(url)
        case .date:
            self = .date(Date(timeIntervalSinceReferenceDate: try container.decode(Double.self, forKey: tag)))
        case .data:
            guard let data = Data(base64Encoded: try container.decode(String.self, forKey: tag)) else {
                throw DecodingError.dataCorruptedError(
                    forKey: tag, in: container, debugDescription: "invalid base64")
            }
            self = .data(data)
        case .array: self = .array(try container.decode([StorableValue].self, forKey: tag))
        case .dictionary: self = .dictionary(try container.decode([String: StorableValue].self, forKey: tag))
        }
    }

    /// The tagged JSON text of an array or dictionary value.
    static func taggedJSON(of values: StorableValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(values), as: UTF8.self)
    }

    /// The value of tagged JSON text.
    static func fromTaggedJSON(_ text: String) throws -> StorableValue {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(StorableValue.self, from: Data(text.utf8))
    }
}
