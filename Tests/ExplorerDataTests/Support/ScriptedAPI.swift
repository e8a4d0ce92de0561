import ExplorerData
import ExplorerModel
import Foundation
import HTTPExchange
import PersistentCache
import RepositoryCore
import TestSupport

/// A small SWAPI-shaped API answered in process at the `HTTPExchanging` boundary: a root, one page
/// of people and the people themselves, each with a strong `ETag` (`"v<version>"`) and the
/// `Cache-Control` the test sets; a request whose `If-None-Match` names the current tag is a `304`.
/// A test changes a person (a new tag), the `Cache-Control`, fails every answer with a status or
/// holds them on a gate, and reads which requests came. Thread-safe: an actor.
actor ScriptedAPI {
    static let base = URL(string: "http://api.test/api/") ?? URL(fileURLWithPath: "/")

    /// A request as the server saw it.
    struct Request: Sendable {
        let path: String
        let headers: [HTTPHeaderField]

        func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
    }

    private(set) var requests: [Request] = []
    /// The `Cache-Control` of every answer; nil sends none.
    var cacheControl: String?
    /// A status every request is answered with instead (a 503), when set.
    var failing: Int?
    private var names: [Int: String] = [1: "Luke Skywalker", 2: "C-3PO"]
    private var versions: [Int: Int] = [1: 1, 2: 1]

    /// People a page holds (`?page=N`, a `next` to the following one); nil: every one on one page.
    let pageSize: Int?
    /// Whether `next` is a cursor (`?after=N`, the page it follows) rather than a page number.
    let cursors: Bool

    init(cacheControl: String?, pageSize: Int? = nil, cursors: Bool = false) {
        self.cacheControl = cacheControl
        self.pageSize = pageSize
        self.cursors = cursors
    }

    /// Renames person `id` (a new version, a new tag).
    func rename(_ id: Int, to name: String) {
        names[id] = name
        versions[id, default: 1] += 1
    }

    func setCacheControl(_ value: String?) { cacheControl = value }
    func fail(with status: Int?) { failing = status }
    /// Holds every answer until `gate` opens (nil: none held).
    func hold(on gate: Gate?) { held = gate }
    private var held: Gate?

    /// The requests of `path` so far.
    func requests(of path: String) -> [Request] { requests.filter { $0.path == path } }

    func answer(_ request: HTTPExchangeRequest) async -> HTTPExchangeAnswer {
        let path = request.url.path.hasSuffix("/") ? request.url.path : request.url.path + "/"
        requests.append(Request(path: path, headers: request.headers))
        if let held { try? await held.wait() }
        if let failing { return HTTPExchangeAnswer(status: failing) }
        let (body, tag): (String, String)
        switch path {
        case "/api/":
            (body, tag) = (#"{"people": "http://api.test/api/people/"}"#, "\"root\"")
        case "/api/people/":
            let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let after = items.first { $0.name == "after" }?.value.flatMap { Int($0) }
            let number = after.map { $0 + 1 } ?? items.first { $0.name == "page" }?.value.flatMap { Int($0) } ?? 1
            let size = pageSize ?? names.count
            let ids = Array(names.keys.sorted().dropFirst((number - 1) * size).prefix(size))
            let people = ids.map { person($0) }.joined(separator: ",")
            let tags = ids.map { "\(versions[$0] ?? 1)" }.joined(separator: "-")
            let query = cursors ? "after=\(number)" : "page=\(number + 1)"
            let next = number * size < names.count ? #""http://api.test/api/people/?\#(query)""# : "null"
            (body, tag) = (
                #"{"count": \#(names.count), "next": \#(next), "results": [\#(people)]}"#, "\"p\(number)-\(tags)\""
            )
        default:
            guard let id = Int(path.split(separator: "/").last ?? ""), names[id] != nil else {
                return HTTPExchangeAnswer(status: 404)
            }
            (body, tag) = (person(id), "\"v\(versions[id] ?? 1)\"")
        }
        var headers = [HTTPHeaderField("ETag", tag)]
        if let cacheControl { headers.append(HTTPHeaderField("Cache-Control", cacheControl)) }
        if request.headers.first(where: { $0.name == "If-None-Match" })?.value == tag {
            return HTTPExchangeAnswer(status: 304, headers: headers)
        }
        headers.append(HTTPHeaderField("Content-Type", "application/json"))
        return HTTPExchangeAnswer(status: 200, headers: headers, body: Data(body.utf8))
    }

    private func person(_ id: Int) -> String {
        #"{"name": "\#(names[id] ?? "")", "height": "\#(170 + id)", "url": "http://api.test/api/people/\#(id)/"}"#
    }

    /// The address of person `id`.
    static func person(_ id: Int) -> EntityAddress {
        guard let address = EntityAddress(base.appendingPathComponent("people/\(id)/")) else {
            fatalError("the scripted API's addresses are absolute http URLs")
        }
        return address
    }

    /// The people's resource.
    static var people: ExplorerResource {
        ExplorerResource(name: "people", collection: base.appendingPathComponent("people/"))
    }
}

/// An API answered in process as an exchange: each request's whole answer from `answer`.
struct ScriptedExchange: HTTPExchanging {
    let answer: @Sendable (HTTPExchangeRequest) async -> HTTPExchangeAnswer

    /// The scripted API `api` as an exchange.
    init(api: ScriptedAPI) { answer = { await api.answer($0) } }

    /// The API `answer` answers as an exchange.
    init(answer: @escaping @Sendable (HTTPExchangeRequest) async -> HTTPExchangeAnswer) { self.answer = answer }

    func exchange<Value: Sendable>(
        _ request: HTTPExchangeRequest,
        reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
    ) async throws(HTTPExchangeError) -> Value {
        try await read(HTTPStreamedAnswer(await answer(request)))
    }
}

extension ScriptedAPI {
    /// An explorer of this API over `database`, its time `time`, its time to live `timeToLive`.
    nonisolated func explorer(
        database: CacheDatabase, time: ManualTimeSource, timeToLive: Double? = nil,
        shared: (any ExplorerSharedCache)? = nil
    ) throws -> ExplorerRepository {
        try ExplorerRepository(
            base: Self.base, exchange: ScriptedExchange(api: self), database: database,
            configuration: ExplorerConfiguration(
                timeSource: time, clock: ManualClock(), identity: "scripted", timeToLive: timeToLive, shared: shared))
    }
}
