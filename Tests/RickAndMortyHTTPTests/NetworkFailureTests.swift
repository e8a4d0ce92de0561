import Foundation
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import TestSupport
import Testing

@Suite("Failures to reach the server")
struct NetworkFailureTests {
    @Test("A response that never comes times out after the configured interval")
    func stalledResponse() async throws {
        // GIVEN a server that holds every request until it stops, and a 0.5 s client timeout
        let stall: Script = { _, gate in
            try? await gate.wait()
            return .json("[]")
        }
        try await withScriptedServer(stall) { server in
            let test = TestAPI(server, timeout: .milliseconds(500))
            // WHEN a page is read THEN it fails as timed out, with the interval in the reason
            await #expect(throws: RepositoryError.mainUnavailable(reason: "timed out after 0.5 s")) {
                _ = try await test.api.characterPages.get(CharacterFilter().pageQuery(1))
            }
            // The request may or may not have reached the server before the client gave up (on a busy
            // machine the timeout can fire first); either way at most one was sent.
            #expect(server.requests.count <= 1)
        }
    }

    @Test("A server that went away is 'connection refused'")
    func serverWentAway() async throws {
        // GIVEN the address of a server that is gone: a port bound and never listened on, held for
        // the test so that no socket of a test running alongside is given it. (A stopped server's
        // own port could not always be held: under load its listening socket was still closing.)
        let gone = try #require(UnlistenedPort())
        let test = TestAPI(baseURL: try ScriptedServer.loopback(port: gone.port, path: "/api"))
        // WHEN a character is read from its address THEN nobody is listening
        await #expect(throws: RepositoryError.mainUnavailable(reason: "connection refused")) {
            _ = try await test.api.character.get(.id(1))
        }
        withExtendedLifetime(gone) {}
    }

    @Test("A host name that does not resolve is 'host not found'")
    func unknownHost() async throws {
        // A name the resolver refuses without asking any DNS server: no wait on this machine's.
        var components = URLComponents()
        components.scheme = "http"
        let host = UnresolvableHost.name("api")
        components.host = host
        components.path = "/api"
        let test = TestAPI(baseURL: try #require(components.url), timeout: .seconds(10))
        await #expect(throws: RepositoryError.mainUnavailable(reason: "host not found: \(host)"))
        {
            _ = try await test.api.characterPages.get(CharacterFilter().pageQuery(1))
        }
    }
}
