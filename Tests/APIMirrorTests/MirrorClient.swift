import Foundation
import TestSupport
import Testing

/// A plain HTTP client of a mirror for tests: `LoopbackHTTPClient` (nothing cached, so every
/// request reaches the server), with readers for the mirror's JSON bodies. A value, thread-safe.
struct MirrorClient: Sendable {
    /// One answer as the client saw it.
    typealias Reply = LoopbackHTTPClient.Reply

    /// `http://127.0.0.1:PORT`.
    let address: String

    init(address: String) {
        self.address = address
    }

    /// `GET` (or `method`) of `path` on the mirror (`/api/people/?page=2`).
    func get(_ path: String, method: String = "GET", headers: [String: String] = [:]) async throws -> Reply {
        try await get(url: address + path, method: method, headers: headers)
    }

    /// The JSON object a `GET` of `path` answers.
    func object(_ path: String) async throws -> [String: Any] {
        try await get(path).object()
    }

    /// The names (or titles) of the results of the list page a `GET` of `path` answers.
    func names(_ path: String) async throws -> [String] {
        try await get(path).names()
    }

    /// `GET` of an absolute URL (a link found in a body), which must be on the mirror: a test asks
    /// no other server, whatever a wrong answer links to.
    func get(url text: String, method: String = "GET", headers: [String: String] = [:]) async throws -> Reply {
        try #require(text.hasPrefix(address + "/"), "not on the mirror: \(text)")
        let url = try #require(URL(string: text), "not a URL: \(text)")
        return try await LoopbackHTTPClient.send(url, method: method, headers: headers)
    }
}

/// Readers for the mirror's JSON bodies.
extension LoopbackHTTPClient.Reply {
    /// The body as a JSON object (a test failure when it is not one).
    func object() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any], "not an object: \(text)")
    }

    /// The `error` of an error body.
    var errorMessage: String? { (try? object())?["error"] as? String }

    /// The `results` of a list page.
    func results() throws -> [[String: Any]] {
        try #require(try object()["results"] as? [[String: Any]], "no results: \(text)")
    }

    /// The `name` (else `title`) of each result of a list page.
    func names() throws -> [String] {
        try results().map { ($0["name"] ?? $0["title"]) as? String ?? "" }
    }
}
