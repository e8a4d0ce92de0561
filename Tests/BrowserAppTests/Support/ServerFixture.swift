@testable import BrowserApp
import CharacterData
import Foundation
import Locking
import RickAndMortyHTTP
import RickAndMortyServer
import TestSupport

/// The embedded server with the hand-written sample, and a memory-only character repository
/// over it with a manual "now" and a manual clock (so ages and latencies are zero).
struct ServerFixture {
    let server: RickAndMortyServer
    let baseURL: URL
    let time = ManualTimeSource()
    let clock = ManualClock()
    let networkSwitch = NetworkSwitch()
    let events = EventRecorder()

    /// The API of the server, switched by `networkSwitch`.
    var api: RemoteAPI {
        RemoteAPI(
            configuration: RemoteAPIConfiguration(baseURL: baseURL, timeout: .seconds(10)),
            networkSwitch: networkSwitch, timeSource: time)
    }

    /// A memory-only repository over the server.
    func repository() -> CharacterRepository {
        let api = api
        return CharacterRepository(
            api: api, database: nil,
            configuration: CharacterRepositoryConfiguration(timeToLive: 3_600, timeSource: time, clock: clock)
        )
    }

    /// Services over a fresh repository, recording every answer event.
    func services() -> BrowserServices {
        let events = events
        let repository = repository()
        return BrowserServices(
            repository: repository, networkSwitch: networkSwitch, apiDescription: "embedded sample server",
            clock: clock, graph: GraphRepository(api: api, characters: repository),
            onAnswer: { events.append($0) })
    }

    /// Runs `body` with a started server, then stops it.
    static func with(_ body: (ServerFixture) async throws -> Void) async throws {
        let server = RickAndMortyServer(dataset: try Dataset.sample(), configuration: .ephemeralLoopback)
        let baseURL = try await server.start()
        let fixture = ServerFixture(server: server, baseURL: baseURL)
        do {
            try await body(fixture)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}

/// Collects answer events from the loop thread; read them after the run. Thread-safe (a `PThreadMutex`).
final class EventRecorder: Sendable {
    private let recorded = PThreadMutex<[AnswerEvent]>([])

    func append(_ event: AnswerEvent) { recorded.withLock { $0.append(event) } }

    var all: [AnswerEvent] { recorded.withLock { $0 } }
}
