import Foundation

/// The words of a failed conversion (see the table in `StorableValue+Conversion`): what is
/// stored and why it does not read as the requested type, for the detail of a `.notFound`.
extension StorableValue {
    /// `Double.pi holds the double 3.14159265359, which does not read as Int: it is not a whole number`.
    func conversionFailure(to type: any DeviceStorable.Type, storedKey: String) -> String {
        let target = String(describing: type)
        return "\(storedKey) holds \(shortDescription), which does not read as \(target): \(reason(to: type))"
    }

    /// The stored value in a few words: `the double 3.5`, `the string "abc"`, `a list of 3 values`.
    var shortDescription: String {
        switch self {
        case .int(let value): "the integer \(value)"
        case .double(let value): "the double \(value)"
        case .bool(let value): "the Boolean \(value)"
        case .string(let value): "the string \(Self.quoted(value))"
        case .url(let value): "the URL \(Self.quoted(value.absoluteString))"
        case .date(let value): "the date \(Self.iso8601WithFraction.format(value))"
        case .data(let value): "\(value.count) bytes of data"
        case .array(let values): "a list of \(values.count) values"
        case .dictionary(let values): "a dictionary of \(values.count) entries"
        }
    }

    /// Why this value does not read as `type`, per the conversion table.
    func reason(to type: any DeviceStorable.Type) -> String {
        let isNumber = type == Int.self || type == Double.self || type == Float.self
        switch self {
        case .double where type == Int.self: return "it is not a whole number"
        case .int where type == Bool.self: return "only 0 and 1 read as Bool"
        case .string where isNumber: return "the text is not a number"
        case .string where type == Bool.self: return "only \"true\" and \"false\" read as Bool"
        case .string where type == URL.self: return "the text is not a URL with a scheme"
        case .string where type == Date.self: return "the text is not an ISO 8601 date"
        case .data where type == String.self: return "the bytes are not valid UTF-8"
        case .array, .dictionary:
            guard
                type.init(storableValue: .array([])) != nil
                    || type.init(storableValue: .dictionary([:])) != nil
            else { return "a collection never reads as a single value" }
            return "one of its elements does not convert, or it is the other kind of collection"
        default:
            guard type.init(storableValue: .array([])) == nil,
                type.init(storableValue: .dictionary([:])) == nil
            else { return "a single value never reads as a collection" }
            return "a \(typeTag) value never reads as \(String(describing: type))"
        }
    }

    private static func quoted(_ text: String) -> String {
        text.count > 40 ? "\"\(text.prefix(40))…\"" : "\"\(text)\""
    }
}
