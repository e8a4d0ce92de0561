import Foundation
import TestSupport

/// A plain HTTP client for tests: `LoopbackHTTPClient` (nothing cached, so every request reaches
/// the server), with the server's root.
struct HTTPTestClient: Sendable {
    /// One answer as the client saw it.
    typealias Reply = LoopbackHTTPClient.Reply

    enum ClientError: Error {
        case badURL(String)
        case notAnObject(String)
    }

    /// The server's root (`http://127.0.0.1:PORT`), without `/api`.
    let root: String

    init(baseURL: URL) {
        var root = baseURL.absoluteString
        if root.hasSuffix("/api") { root.removeLast(4) }
        self.root = root
    }

    /// Sends `method` to `path` (with query, already percent-encoded where needed).
    func send(_ path: String, method: String = "GET", headers: [String: String] = [:], upload: Upload = .none)
        async throws -> Reply
    {
        guard let url = URL(string: root + path) else { throw ClientError.badURL(root + path) }
        return try await send(url: url, method: method, headers: headers, upload: upload)
    }

    /// How a request body is sent: with its length, or as a stream (chunked, no length announced).
    typealias Upload = LoopbackHTTPClient.Upload

    /// Sends `method` to an absolute URL (for following links found in bodies).
    func send(url: URL, method: String = "GET", headers: [String: String] = [:], upload: Upload = .none)
        async throws -> Reply
    {
        try await LoopbackHTTPClient.send(url, method: method, headers: headers, upload: upload)
    }
}

/// Readers for the server's JSON bodies.
extension LoopbackHTTPClient.Reply {
    /// The `error` message of an error body.
    var errorMessage: String? {
        (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["error"] as? String
    }

    /// The body as a JSON object.
    func object() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw HTTPTestClient.ClientError.notAnObject(text)
        }
        return object
    }

    /// The body as a JSON array of objects.
    func array() throws -> [[String: Any]] {
        guard let array = try JSONSerialization.jsonObject(with: body) as? [[String: Any]] else {
            throw HTTPTestClient.ClientError.notAnObject(text)
        }
        return array
    }
}
