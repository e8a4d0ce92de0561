import Foundation
import RickAndMortyServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Two requests sharing one `Idempotency-Key` with two different bodies, completing at once over
/// real HTTP (`SimultaneousRequests`): the key is reserved, applied and recorded in one step, so
/// only one of them is applied.
@Suite("Writes: one Idempotency-Key sent with two bodies at once")
struct IdempotencyRaceTests {
    /// How many characters get a pair of writes.
    static let pairs = 40
    /// The name each side of a pair writes for character `id`.
    static func name(side: Int, id: Int) -> String { side == 0 ? "Left \(id)" : "Right \(id)" }

    @Test("Of 40 pairs sent at once, one of each is applied; the other is 409 (in flight) or 422 (key reused)")
    func concurrentPairs() async throws {
        try await CharacterWriteTests.withServer { server, client async throws in
            let port = try #require(server.port)
            var requests: [[UInt8]] = []
            for id in 1...Self.pairs {
                for side in 0..<2 {
                    requests.append(
                        SimultaneousRequests.request(
                            "PATCH", "/api/character/\(id)", headers: ["Idempotency-Key": "race-\(id)"],
                            body: try CharacterWriteTests.json(["name": Self.name(side: side, id: id)])))
                }
            }
            let sent = requests
            let replies = try await onOwnThread { try SimultaneousRequests.send(sent, port: port) }
            for id in 1...Self.pairs {
                let pair = [replies[2 * (id - 1)], replies[2 * (id - 1) + 1]]
                let applied = (0..<2).filter { pair[$0].status == 200 && pair[$0].headers["idempotent-replayed"] == nil }
                #expect(
                    applied.count == 1,
                    "character \(id): \(pair.map { "\($0.status) \(String(decoding: $0.body, as: UTF8.self))" })")
                guard applied.count == 1, let winner = applied.first else { continue }
                let loser = pair[1 - winner]
                #expect([409, 422].contains(loser.status), "character \(id): the other answer is \(loser.status)")
                if loser.status == 409 {
                    #expect(loser.headers["retry-after"] == "1")
                    #expect(try loser.object()["error"] as? String == "A request with this Idempotency-Key is in progress")
                }
                let written = Self.name(side: winner, id: id)
                #expect(try pair[winner].object()["name"] as? String == written)
                #expect(try await client.send("/api/character/\(id)").object()["name"] as? String == written)
            }
        }
    }
}
