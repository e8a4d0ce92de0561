import Foundation

/// Codable value ↔ JSON `Data`; keys sorted so equal values give equal bytes. Thread-safe
/// (a fresh encoder/decoder per call); failures are `.serialization` with the decoder's detail.
public struct JSONDataMapper<Value: Codable & Sendable>: ValueMapper {
    /// Creates the mapper.
    public init() {}

    public func value(from stored: Data) throws(RepositoryError) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: stored)
        } catch {
            throw .serialization(detail: Self.describe(error, payload: stored))
        }
    }

    public func stored(from value: Value) throws(RepositoryError) -> Data {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try encoder.encode(value)
        } catch {
            throw .serialization(detail: Self.describe(error, payload: nil))
        }
    }

    static func describe(_ error: any Error, payload: Data?) -> String {
        var detail = "JSON for \(Value.self): "
        switch error {
        case DecodingError.dataCorrupted(let context): detail += "corrupted data \(path(context))"
        case DecodingError.keyNotFound(let key, let context):
            detail += "missing key \(key.stringValue) \(path(context))"
        case DecodingError.typeMismatch(let type, let context): detail += "expected \(type) \(path(context))"
        case DecodingError.valueNotFound(let type, let context): detail += "null for \(type) \(path(context))"
        default: detail += String(describing: error)
        }
        if let payload {
            let excerpt = String(decoding: payload.prefix(60), as: UTF8.self)
            detail += " in \"\(excerpt)\(payload.count > 60 ? "…" : "")\""
        }
        return detail
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return path.isEmpty ? "at the top level" : "at \(path)"
    }
}

/// Codable value ↔ JSON `String` (UTF-8), as device storage keeps custom objects. Thread-safe.
public struct JSONStringMapper<Value: Codable & Sendable>: ValueMapper {
    private let data = JSONDataMapper<Value>()

    /// Creates the mapper.
    public init() {}

    public func value(from stored: String) throws(RepositoryError) -> Value {
        try data.value(from: Data(stored.utf8))
    }

    public func stored(from value: Value) throws(RepositoryError) -> String {
        let bytes = try data.stored(from: value)
        guard let text = String(data: bytes, encoding: .utf8) else {
            throw .serialization(detail: "JSON for \(Value.self) is not UTF-8")
        }
        return text
    }
}
