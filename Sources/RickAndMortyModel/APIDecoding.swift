import Foundation

/// Decodes the API's JSON bodies into model values; a pure, thread-safe namespace.
public enum APIDecoding {
    /// Decodes `T` from `data`, or throws a `DecodingError`.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }

    /// The body's first `limit` characters, with controls removed, for error messages.
    public static func excerpt(_ data: Data, limit: Int = 80) -> String {
        let text = String(decoding: data.prefix(limit * 4), as: UTF8.self)
        let clean = UntrustedText.sanitize(text)
        return clean.count > limit ? String(clean.prefix(limit)) + "…" : clean
    }
}
