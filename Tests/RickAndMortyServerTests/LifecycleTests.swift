import Foundation
import RickAndMortyServer
import Testing

@Suite("Starting and stopping in-process")
struct LifecycleTests {
    @Test("GIVEN port 0 WHEN started THEN a free loopback port and a base URL ending in /api; stop closes it")
    func startAndStop() async throws {
        let server = RickAndMortyServer(
            dataset: try LiveServer.sample.get(), configuration: .ephemeralLoopback,
            logger: LiveServer.quietLogger)
        let url = try await server.start()
        let port = try #require(server.port)
        #expect(port > 0)
        #expect(url.absoluteString == "http://127.0.0.1:\(port)/api")
        #expect(server.baseURL == url)
        let client = HTTPTestClient(baseURL: url)
        #expect(try await client.send("/api").status == 200)
        await server.stop()
        await #expect(throws: (any Error).self) { try await client.send("/api") }
        #expect(server.baseURL == nil)
        #expect(server.port == nil)
        await server.stop()  // a second stop is harmless
    }

    @Test("GIVEN a stopped server WHEN started again THEN it serves on a fresh port with links to it")
    func restart() async throws {
        let server = RickAndMortyServer(
            dataset: try LiveServer.sample.get(), configuration: .ephemeralLoopback,
            logger: LiveServer.quietLogger)
        try await server.start()
        await server.stop()
        let url = try await server.start()
        let rick = try await HTTPTestClient(baseURL: url).send("/api/character/1").object()
        #expect(rick["url"] as? String == "\(url.absoluteString)/character/1")
        await server.stop()
    }

    @Test("GIVEN a started server WHEN started again THEN alreadyStarted")
    func startTwice() async throws {
        let server = RickAndMortyServer(
            dataset: try LiveServer.sample.get(), configuration: .ephemeralLoopback,
            logger: LiveServer.quietLogger)
        try await server.start()
        await #expect(throws: ServerError.alreadyStarted) { try await server.start() }
        await server.stop()
    }

    @Test("GIVEN a port in use WHEN another server starts on it THEN bindFailed names the address and why")
    func portInUse() async throws {
        let dataset = try LiveServer.sample.get()
        let first = RickAndMortyServer(
            dataset: dataset, configuration: .ephemeralLoopback, logger: LiveServer.quietLogger)
        try await first.start()
        let port = try #require(first.port)
        let second = RickAndMortyServer(
            dataset: dataset, configuration: ServerConfiguration(port: port), logger: LiveServer.quietLogger)
        do {
            try await second.start()
            Issue.record("binding a used port should fail")
        } catch {
            guard case .bindFailed(let host, let failedPort, let reason) = error else { throw error }
            #expect(host == "127.0.0.1")
            #expect(failedPort == port)
            // The system's words, not the socket call's debug text
            #expect(reason == "Address already in use", "\(reason)")
        }
        await second.stop()
        await first.stop()
    }
}
