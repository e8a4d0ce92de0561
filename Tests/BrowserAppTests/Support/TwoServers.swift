import Foundation
import RickAndMortyModel
import RickAndMortyServer

/// Runs `body` with two embedded servers on loopback: A serves `dataset`, B the same with
/// character 1 named `otherName`. Both are stopped afterwards, whether `body` throws or not.
func withServers(
    _ dataset: Dataset, characterOneNamed otherName: String,
    _ body: (_ urlA: URL, _ urlB: URL) async throws -> Void
) async throws {
    var other = dataset
    guard let rick = other.characters.firstIndex(where: { $0.id == 1 }) else {
        throw TwoServersError.noCharacterOne
    }
    other.characters[rick].name = otherName
    let serverA = RickAndMortyServer(dataset: dataset, configuration: .ephemeralLoopback)
    let serverB = RickAndMortyServer(dataset: other, configuration: .ephemeralLoopback)
    do {
        let urlA = try await serverA.start()
        let urlB = try await serverB.start()
        try await body(urlA, urlB)
    } catch {
        await serverA.stop()
        await serverB.stop()
        throw error
    }
    await serverA.stop()
    await serverB.stop()
}

/// Why `withServers` could not start.
enum TwoServersError: Error { case noCharacterOne }
