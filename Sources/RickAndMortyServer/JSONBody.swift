import Foundation

/// The bytes of a JSON response body, and the builders for every shape the API answers with.
/// Compact JSON like the API's (`JSON.stringify`): no spaces, `/` unescaped, UTF-8. Thread-safe value.
public struct JSONBody: Sendable, Hashable {
    /// The UTF-8 JSON text.
    public var bytes: [UInt8]

    /// Wraps bytes that already are JSON.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// `{"error":"<message>"}`, the API's only error shape.
    public static func error(_ message: String) -> JSONBody {
        JSONBody(bytes: Array("{\"error\":\(quoted(message))}".utf8))
    }

    /// `{"characters":…,"locations":…,"episodes":…}` for `/api`.
    public static func index(baseURL: String) -> JSONBody {
        let fields = [("characters", "character"), ("locations", "location"), ("episodes", "episode")]
            .map { "\(quoted($0.0)):\(quoted("\(baseURL)/\($0.1)"))" }
        return JSONBody(bytes: Array("{\(fields.joined(separator: ","))}".utf8))
    }

    /// The page envelope: `{"info":{"count":…,"pages":…,"next":…,"prev":…},"results":[…]}`.
    static func page(count: Int, pages: Int, next: String?, prev: String?, results: [[UInt8]]) -> JSONBody {
        let info =
            "{\"info\":{\"count\":\(count),\"pages\":\(pages),\"next\":\(optional(next)),\"prev\":\(optional(prev))},\"results\":"
        var bytes = Array(info.utf8)
        bytes.reserveCapacity(bytes.count + results.reduce(2) { $0 + $1.count + 1 } + 1)
        append(results, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return JSONBody(bytes: bytes)
    }

    /// A bare JSON array of already-encoded elements.
    static func array(_ elements: [[UInt8]]) -> JSONBody {
        var bytes: [UInt8] = []
        append(elements, to: &bytes)
        return JSONBody(bytes: bytes)
    }

    private static func append(_ elements: [[UInt8]], to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        for (offset, element) in elements.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private static func optional(_ text: String?) -> String {
        text.map(quoted) ?? "null"
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONText.appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
