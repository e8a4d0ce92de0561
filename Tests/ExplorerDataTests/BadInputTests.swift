import AsyncHTTPExchange
import ExplorerData
import ExplorerModel
import Foundation
import RepositoryCore
import Testing

/// Bad input, one case each: a clear typed error, and nothing cached that was not a good answer.
@Suite("Bad input")
struct BadInputTests {
    @Test("An index whose values are not URLs of the API is not an index")
    func indexOfNonURLs() async throws {
        let root =
            #"{"films":"/v1/films","people":"people, of course","elsewhere":"https://example.org/v1/x"}"#
        try await TestRouter.with({ path, _ in path == "/v1/" ? RouterReply(body: root) : nil }) { origin in
            try await LiveServers.withCacheFile { file in
                let opened = try LiveServers.repository(URL(string: origin + "/v1/"), file: file)
                await #expect(
                    throws: ExplorerError.noIndex(
                        url: origin + "/v1/", reason: #"the root's "people" is not a URL of \#(origin)/v1/"#)
                ) {
                    try await opened.repository.resources()
                }
                await #expect(throws: ExplorerError.self) {
                    try await opened.repository.resources(policy: .cacheOnly)
                }
                try await opened.close()
            }
        }
    }

    @Test("A description that does not parse is a bad description")
    func descriptionThatDoesNotParse() async throws {
        let location = try #require(URL(string: "file:///descriptions/broken.yaml"))
        #expect(throws: ExplorerError.self) {
            try LoadedDescription.parse("swagger: \"2.0\"\npaths: [unclosed", location: location)
        }
        let error = await failure { () throws(ExplorerError) in
            try LoadedDescription.parse(#"{"openapi": "3.0.3", "paths": "#, location: location)
        }
        guard case .badDescription(let detail) = error, let sentence = error?.description else {
            Issue.record("broken JSON parsed: \(String(describing: error))")
            return
        }
        #expect(detail.contains("not JSON"), "\(detail)")
        #expect(sentence.hasPrefix("The API description could not be read: file:///descriptions/broken.yaml"))
        await #expect(throws: ExplorerError.self) {
            try await LoadedDescription.load(
                from: URL(fileURLWithPath: "/nonexistent/openapi.yaml"), exchange: AsyncHTTPExchange.shared)
        }
    }

    @Test("A page that is not JSON is an error naming it, and is not cached")
    func pageNotJSON() async throws {
        let answer: @Sendable (String, [String: String]) -> RouterReply? = { path, _ in
            switch path {
            case "/api/": RouterReply(body: #"{"films":"/api/films/"}"#)
            case "/api/films/": RouterReply(body: "<html><body>Films</body></html>", contentType: "text/html")
            default: nil
            }
        }
        try await TestRouter.with(answer) { origin in
            try await LiveServers.withCacheFile { file in
                let opened = try LiveServers.repository(URL(string: origin + "/api/"), file: file)
                let films = try await opened.repository.resource(named: "films")
                let error = await failure { () async throws(ExplorerError) in
                    try await opened.repository.page(1, of: films)
                }
                guard case .notJSON(let url, let detail) = error else {
                    Issue.record("HTML read as a page: \(String(describing: error))")
                    return
                }
                #expect(url == origin + "/api/films/")
                #expect(detail.contains("line 1"), "\(detail)")
                await #expect(throws: ExplorerError.self) {
                    try await opened.repository.page(1, of: films, policy: .cacheOnly)
                }
                try await opened.close()
            }
        }
    }

    @Test("A reference to another host is refused, followed or as a page's next, and nothing of it is cached")
    func referenceToAnotherHost() async throws {
        let answer: @Sendable (String, [String: String]) -> RouterReply? = { path, _ in
            switch path {
            case "/api/": RouterReply(body: #"{"films":"/api/films/"}"#)
            case "/api/films/":
                RouterReply(
                    body:
                        #"{"count":4,"next":"https://elsewhere.example/api/films/?page=2","results":[{"id":1,"title":"A New Hope"}]}"#
                )
            default: nil
            }
        }
        try await TestRouter.with(answer) { origin in
            try await LiveServers.withCacheFile { file in
                let opened = try LiveServers.repository(URL(string: origin + "/api/"), file: file)
                let explorer = opened.repository
                let elsewhere = try #require(URL(string: "https://elsewhere.example/api/films/1/"))
                await #expect(
                    throws: ExplorerError.outsideAPI(
                        url: "https://elsewhere.example/api/films/1", api: origin + "/api/")
                ) {
                    try await explorer.entity(at: elsewhere)
                }
                let films = try await explorer.resource(named: "films")
                await #expect(
                    throws: ExplorerError.outsideAPI(
                        url: "https://elsewhere.example/api/films/?page=2", api: origin + "/api/")
                ) {
                    try await explorer.page(1, of: films)
                }
                await #expect(throws: ExplorerError.self) {
                    try await explorer.page(1, of: films, policy: .cacheOnly)
                }
                await #expect(throws: ExplorerError.self) {
                    try await explorer.entity(id: "1", of: films, policy: .cacheOnly)
                }
                try await opened.close()
            }
        }
    }

    @Test("An entity over the size limit is too large, is not cached, and smaller ones still read")
    func entityOverTheLimit() async throws {
        try await LiveServers.withMirror(LiveServers.pokeapi) { mirror in
            try await LiveServers.withCacheFile { file in
                let opened = try LiveServers.repository(
                    URL(string: mirror.rootURL), file: file,
                    configuration: ExplorerConfiguration(answerLimit: .kibibytes(100)))
                let explorer = opened.repository
                let pokemon = try await explorer.resource(named: "pokemon")
                await #expect(
                    throws: ExplorerError.tooLarge(
                        url: mirror.address + "/api/v2/pokemon/1/", limit: "100 KiB")
                ) {
                    try await explorer.entity(id: "1", of: pokemon)
                }
                #expect(
                    ExplorerError.tooLarge(url: "x", limit: "50 MiB").description
                        == "The answer from x is too large: over 50 MiB.")
                await #expect(throws: ExplorerError.self) {
                    try await explorer.entity(id: "1", of: pokemon, policy: .cacheOnly)
                }
                let ability = try await explorer.entity(
                    id: "65", of: try await explorer.resource(named: "ability"))
                #expect(ability.value.title == "overgrow")
                try await opened.close()
            }
        }
    }
}
