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
        // GIVEN a server that was started and stopped again; its port is then held unlistened, so
        // no socket of a test running alongside is given it meanwhile
        let freed = try #require(await Self.stoppedServersPort())
        let test = TestAPI(baseURL: try ScriptedServer.loopback(port: freed.port, path: "/api"))
        // WHEN a character is read from its address THEN nobody is listening
        await #expect(throws: RepositoryError.mainUnavailable(reason: "connection refused")) {
            _ = try await test.api.character.get(.id(1))
        }
        withExtendedLifetime(freed) {}
    }

    /// The port of a server that ran and stopped, held unlistened; nil if another socket took it
    /// before it could be held, five servers in a row.
    static func stoppedServersPort() async throws -> UnlistenedPort? {
        for _ in 1...5 {
            let port = try await withScriptedServer({ _, _ in .json("[]") }) { server in server.port }
            if let held = UnlistenedPort(port: port) { return held }
        }
        return nil
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
