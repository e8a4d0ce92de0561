import APIMirror
import AsyncHTTPExchange
import ExplorerData
import Foundation
import Hummingbird
import Logging
import PersistentCache
import TestSupport

/// The real servers and files the explorer's tests run against: APIMirror over the shared SWAPI
/// and PokeAPI data, a small Hummingbird router answering as a test says, and a temporary folder
/// holding one SQLite file, removed when the test ends.
enum LiveServers {
    static var swapi: URL { SharedData.dataSet("swapi") }
    static var pokeapi: URL { SharedData.dataSet("pokeapi") }

    /// A hand-written API description of `Tests/Fixtures/APIDescriptions`.
    static func fixture(_ name: String) -> URL {
        SharedData.packageRoot.appendingPathComponent("Tests/Fixtures/APIDescriptions")
            .appendingPathComponent(name)
    }

    /// Runs `body` with a started mirror of `folder`; always stops it.
    static func withMirror<Value>(_ folder: URL, _ body: (RunningMirror) async throws -> Value) async throws
        -> Value
    {
        let site = try MirrorSite.load(from: folder)
        let logger = Logger(label: "test.explorer.mirror") { _ in SwiftLogNoOpLogHandler() }
        let running = try await MirrorServer(site: site, logger: logger).start()
        do {
            let value = try await body(running)
            await running.stop()
            return value
        } catch {
            await running.stop()
            throw error
        }
    }

    /// Runs `body` with a new temporary folder's cache file path; always removes the folder.
    static func withCacheFile<Value>(_ body: (URL) async throws -> Value) async throws -> Value {
        let folder = try IsolatedEnvironment.temporary("explorer-data").root
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(folder.appendingPathComponent("cache.sqlite"))
    }

    /// A repository of the API at `base` over the SQLite file at `file`, through the real HTTP client.
    static func repository(
        _ base: URL?, file: URL, description: LoadedDescription? = nil,
        configuration: ExplorerConfiguration = ExplorerConfiguration()
    ) throws -> Opened {
        let database = try CacheDatabase(location: .file(file))
        let repository = try ExplorerRepository(
            base: base, description: description, exchange: AsyncHTTPExchange.shared, database: database,
            configuration: configuration)
        return Opened(repository: repository, database: database)
    }

    /// A repository and the database under it, which the test closes.
    struct Opened {
        let repository: ExplorerRepository
        let database: CacheDatabase

        func close() async throws { try await database.close() }
    }
}

/// One answer of the test router.
struct RouterReply: Sendable {
    var status: HTTPResponse.Status = .ok
    var body: String
    var contentType = "application/json"
    var link: String?
}

/// A real HTTP server on loopback whose every `GET` is answered by a closure of the path and the
/// query's items; stopped when the body ends.
enum TestRouter {
    static func with<Value: Sendable>(
        _ answer: @escaping @Sendable (_ path: String, _ query: [String: String]) -> RouterReply?,
        _ body: @Sendable (_ origin: String) async throws -> Value
    ) async throws -> Value {
        let router = Router()
        router.get("**") { request, _ -> Response in
            let parts = URLComponents(string: request.uri.description)
            var query: [String: String] = [:]
            for item in parts?.queryItems ?? [] { query[item.name] = item.value ?? "" }
            guard let reply = answer(request.uri.path, query) else {
                return Response(
                    status: .notFound, body: .init(byteBuffer: ByteBuffer(string: #"{"error":"none"}"#)))
            }
            var headers = HTTPFields()
            headers[.contentType] = reply.contentType
            if let link = reply.link, let name = HTTPFields.Element.Name("Link") { headers[name] = link }
            return Response(
                status: reply.status, headers: headers,
                body: .init(byteBuffer: ByteBuffer(string: reply.body)))
        }
        return try await withLoopbackHTTPServer(router.buildResponder(), label: "test.explorer.router") { port in
            try await body("http://127.0.0.1:\(port)")
        }
    }
}
