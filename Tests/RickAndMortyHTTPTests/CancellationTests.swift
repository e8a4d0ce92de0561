import Foundation
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import Testing

@Suite("Cancellation")
struct CancellationTests {
    @Test("Cancelling the calling task cancels the request in flight")
    func cancelInFlight() async throws {
        // GIVEN a server that holds requests, and a generous timeout
        let stall: Script = { _, gate in
            try? await gate.wait()
            return .json("[]")
        }
        try await withScriptedServer(stall) { server in
            let source = TestAPI(server, timeout: .seconds(60)).api.characterPages
            let call = Task { () async throws(RepositoryError) -> CharacterPage in
                try await source.value(CharacterFilter().pageQuery(1))
            }
            // WHEN the request has reached the server and the task is cancelled
            await server.gate.arrivals.reach(1)
            call.cancel()
            // THEN the call ends with .cancelled (long before the timeout)
            let result = await call.result
            #expect(throws: RepositoryError.cancelled) { try result.get() }
        }
    }

    @Test("A task cancelled before the call sends nothing")
    func cancelledBeforehand() async throws {
        try await withScriptedServer(try FixtureAPI.shared().script) { server in
            let source = TestAPI(server).api.character
            let result = await Task { () async throws(RepositoryError) -> ShowCharacter in
                withUnsafeCurrentTask { $0?.cancel() }
                return try await source.value(.id(1))
            }.result
            #expect(throws: RepositoryError.cancelled) { try result.get() }
            #expect(server.requests.isEmpty)
        }
    }
}
