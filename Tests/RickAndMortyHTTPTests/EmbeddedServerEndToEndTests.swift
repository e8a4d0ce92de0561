import Foundation
import Logging
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer
import TestSupport
import Testing

/// The HTTP data sources against the project's own embedded server (full dump) on loopback, its
/// fault injection producing the failures. (The HTML 502 page, which the embedded server never
/// sends, is covered against the scripted server in `StatusMappingTests`.)
@Suite("HTTP data sources against the embedded server")
struct EmbeddedServerEndToEndTests {
    /// Runs `body` with the embedded server serving the full dump; `stall` holds every delayed
    /// request until the test ends.
    func withEmbeddedServer(
        faults: FaultSettings = .none, _ body: (RickAndMortyServer, URL, Gate) async throws -> Void
    ) async throws {
        let stall = Gate()
        let environment = ServerEnvironment(
            random: SystemRandomSource(), sleeper: { _ in try await stall.wait() })
        let server = RickAndMortyServer(
            dataset: try Dataset.load(from: SharedData.folder),
            configuration: ServerConfiguration(port: 0, faults: faults), environment: environment,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let baseURL = try await server.start()
        do {
            try await body(server, baseURL, stall)
        } catch {
            stall.open()
            await server.stop()
            throw error
        }
        stall.open()
        await server.stop()
    }

    @Test("Pages, one id, several ids, the end of the pages and a missing id")
    func mappings() async throws {
        try await withEmbeddedServer { _, baseURL, _ in
            let api = TestAPI(baseURL: baseURL).api
            let page = try await api.characterPages.get(
                CharacterFilter(name: "rick", status: "alive").pageQuery(2))
            #expect(page.value.info.count == 29)
            #expect(page.value.results.count == 9)
            #expect(page.origin == .network)
            #expect(try await api.character.value(.id(1)).name == "Rick Sanchez")
            #expect(try await api.characters.value(.ids([3, 1, 2])).map(\.id) == [3, 1, 2])
            #expect(try await api.characterPages.value(CharacterFilter().pageQuery(43)) == .empty)
            #expect(try await api.characterPages.value(CharacterFilter(name: "zzzz").pageQuery(1)) == .empty)
            await #expect(throws: RepositoryError.notFound(query: "id:99999")) {
                try await api.character.get(.id(99_999))
            }
        }
    }

    @Test("A 304 from the embedded server is answered as revalidated with the cached value")
    func revalidation() async throws {
        try await withEmbeddedServer { _, baseURL, _ in
            let test = TestAPI(baseURL: baseURL)
            let first = try await test.api.characterPages.get(CharacterFilter().pageQuery(1))
            #expect(first.metadata.etag?.hasPrefix("W/") == true)
            test.clock.advance(by: 100)
            let again = try await test.api.characterPages.get(CharacterFilter().pageQuery(1), cached: first)
            #expect(again.origin == .revalidated)
            #expect(again.value == first.value)
            #expect(again.metadata.storedAt == test.clock.now())
        }
    }

    @Test("Injected failures: a 500, a truncated body, offline (503)")
    func injectedFailures() async throws {
        try await withEmbeddedServer { server, baseURL, _ in
            let api = TestAPI(baseURL: baseURL).api
            // GIVEN a server failing every request WHEN a character is read THEN HTTP 500 is "unavailable"
            _ = server.updateFaults { $0.errorRate = 1 }
            let serverError = await failure { () async throws(RepositoryError) in
                try await api.character.get(.id(1))
            }
            guard case .mainUnavailable(let reason)? = serverError else {
                Issue.record("a 500 should be mainUnavailable, not \(String(describing: serverError))")
                return
            }
            #expect(reason.contains("500"))
            // GIVEN truncated bodies THEN nothing decodes: a serialization error with an excerpt
            _ = server.updateFaults { $0 = FaultSettings(malformedRate: 1) }
            let truncated = await failure { () async throws(RepositoryError) in
                try await api.characterPages.get(CharacterFilter().pageQuery(1))
            }
            guard case .serialization? = truncated else {
                Issue.record(
                    "a truncated body should be a serialization error, not \(String(describing: truncated))")
                return
            }
            // GIVEN an offline server (503) THEN "unavailable"
            _ = server.updateFaults { $0 = FaultSettings(offline: true) }
            let offline = await failure { () async throws(RepositoryError) in
                try await api.character.get(.id(1))
            }
            guard case .mainUnavailable(let offlineReason)? = offline else {
                Issue.record("a 503 should be mainUnavailable, not \(String(describing: offline))")
                return
            }
            #expect(offlineReason.contains("503"))
        }
    }

    @Test("A stalled server times out; a server that went away refuses the connection")
    func stalledAndGone() async throws {
        var address: URL?
        try await withEmbeddedServer(faults: FaultSettings(latency: .seconds(1))) { _, baseURL, _ in
            address = baseURL
            let api = TestAPI(baseURL: baseURL, timeout: .milliseconds(300)).api
            await #expect(throws: RepositoryError.mainUnavailable(reason: "timed out after 0.3 s")) {
                try await api.character.get(.id(1))
            }
        }
        // The freed port is held unlistened at once, so nothing listens on it: "connection
        // refused". If a socket of a test running alongside took it first, that test's server may
        // close a connection it did not expect ("connection lost"), or, one of the stalled servers
        // of the tests beside it, never answer (the request's timeout). Each is the server gone.
        let baseURL = try #require(address)
        let held = UnlistenedPort(port: try #require(baseURL.port))
        let api = TestAPI(baseURL: baseURL, timeout: .seconds(5)).api
        let gone = await failure { () async throws(RepositoryError) in try await api.character.get(.id(1)) }
        if held != nil {
            #expect(gone == .mainUnavailable(reason: "connection refused"))
        } else {
            #expect(
                gone == .mainUnavailable(reason: "connection refused")
                    || gone == .mainUnavailable(reason: "connection lost")
                    || gone == .mainUnavailable(reason: "timed out after 5 s"),
                "a server that went away: \(String(describing: gone))")
        }
        withExtendedLifetime(held) {}
    }
}

/// The error `body` throws, or nil when it succeeds.
private func failure<T>(_ body: () async throws(RepositoryError) -> T) async -> RepositoryError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}
