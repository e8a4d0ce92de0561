import Foundation
import Hummingbird
import Locking
import TestSupport

/// A small writable server on 127.0.0.1: books at `/books/<id>` with strong tags that change on
/// every write, `GET`, `PATCH` (a JSON merge patch of title, author, year), `DELETE`, `If-Match`
/// (`412` with the current book), and `Idempotency-Key` (reserved, then recorded with the answer:
/// a recorded key replays with `Idempotent-Replayed: true`; a key in flight is `409`). Another
/// writer changes books straight in `store`. It counts what it applied, per key.
struct WritableBookServer: Sendable {
    let baseURL: URL
    let store: BookStore

    static func run<Result: Sendable>(
        books: [Int: [String: String]], _ body: @Sendable (WritableBookServer) async throws -> Result
    ) async throws -> Result {
        let store = BookStore(books)
        let router = Router()
        router.get("books/:id") { _, context -> Response in
            store.read(context.parameters.get("id") ?? "")
        }
        router.patch("books/:id") { request, context -> Response in
            let body = try await request.body.collect(upTo: 1 << 16)
            return store.write(
                id: context.parameters.get("id") ?? "", patch: Data(buffer: body), ifMatch: request.headers[.ifMatch],
                key: request.headers.first { $0.name.canonicalName == "idempotency-key" }?.value)
        }
        router.delete("books/:id") { request, context -> Response in
            store.write(
                id: context.parameters.get("id") ?? "", patch: nil, ifMatch: request.headers[.ifMatch],
                key: request.headers.first { $0.name.canonicalName == "idempotency-key" }?.value)
        }
        return try await withLoopbackHTTPServer(router.buildResponder(), label: "writable-book-server") { port in
            guard let url = URL(string: "http://127.0.0.1:\(port)/") else { throw URLError(.badURL) }
            return try await body(WritableBookServer(baseURL: url, store: store))
        }
    }
}

/// The books, their versions and the recorded answers, behind one lock: a write is looked up,
/// applied and recorded under it, so a key is never applied twice. Thread-safe.
final class BookStore: Sendable {
    struct State {
        var books: [String: [String: String]]
        var versions: [String: Int]
        var recorded: [String: (status: Int, body: [String: String]?, tag: String?)] = [:]
        var applied: [String: Int] = [:]
        var clock = 1
    }

    private let state: PThreadMutex<State>

    init(_ books: [Int: [String: String]]) {
        var named: [String: [String: String]] = [:]
        for (id, book) in books { named[String(id)] = book.merging(["id": String(id)]) { _, id in id } }
        state = PThreadMutex(State(books: named, versions: named.mapValues { _ in 1 }))
    }

    /// The book `id` as the server holds it, or nil.
    func book(_ id: Int) -> [String: String]? { state.withLock { $0.books[String(id)] } }

    /// How many times a request with `key` was applied.
    func applications(of key: String) -> Int { state.withLock { $0.applied[key] ?? 0 } }

    /// Every key applied, with its count.
    var applied: [String: Int] { state.withLock { $0.applied } }

    /// Another writer's change, straight to the store (a new version).
    func change(_ id: Int, _ fields: [String: String]) {
        state.withLock { state in
            guard let book = state.books[String(id)] else { return }
            state.clock += 1
            state.books[String(id)] = book.merging(fields) { _, new in new }
            state.versions[String(id)] = state.clock
        }
    }

    func read(_ id: String) -> Response {
        state.withLock { state in
            guard let book = state.books[id], let version = state.versions[id] else { return Self.response(404, nil, nil) }
            return Self.response(200, book, Self.tag(version))
        }
    }

    func write(id: String, patch: Data?, ifMatch: String?, key: String?) -> Response {
        state.withLock { state in
            if let key, let recorded = state.recorded[key] {
                var response = Self.response(recorded.status, recorded.body, recorded.tag)
                if let name = HTTPFields.Element.Name("Idempotent-Replayed") { response.headers[name] = "true" }
                return response
            }
            guard let book = state.books[id], let version = state.versions[id] else { return Self.response(404, nil, nil) }
            if let ifMatch, ifMatch != Self.tag(version) { return Self.response(412, book, Self.tag(version)) }
            let answer: (status: Int, body: [String: String]?, tag: String?)
            if let patch {
                guard let object = try? JSONSerialization.jsonObject(with: patch) as? [String: Any] else {
                    return Self.response(400, ["error": "not a JSON object"], nil)
                }
                var written = book
                for (field, value) in object {
                    guard ["title", "author", "year"].contains(field), let text = value as? String else {
                        return Self.response(422, ["error": "\(field) cannot be written", "field": field], nil)
                    }
                    written[field] = text
                }
                state.clock += 1
                state.books[id] = written
                state.versions[id] = state.clock
                answer = (200, written, Self.tag(state.clock))
            } else {
                state.books[id] = nil
                state.versions[id] = nil
                answer = (204, nil, nil)
            }
            if let key {
                state.recorded[key] = answer
                state.applied[key, default: 0] += 1
            }
            return Self.response(answer.status, answer.body, answer.tag)
        }
    }

    static func tag(_ version: Int) -> String { "\"b\(version)\"" }

    static func response(_ status: Int, _ body: [String: String]?, _ tag: String?) -> Response {
        var headers = HTTPFields()
        if let tag { headers[.eTag] = tag }
        guard let body, let data = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]) else {
            return Response(status: .init(code: status), headers: headers)
        }
        headers[.contentType] = "application/json"
        return Response(status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
