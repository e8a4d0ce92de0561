import Foundation
import RepositoryCore
import RickAndMortyModel
import RickAndMortyServer

/// The hand-written sample (66 characters, 31 episodes) as pages and answers, for building
/// browser states without a server. Its URLs are the public API's, so frames are stable.
enum SampleData {
    static let dataset: Dataset = {
        do {
            return try Dataset.sample()
        } catch {
            preconditionFailure("the sample under Assets/ must load: \(error)")
        }
    }()

    static var characters: [ShowCharacter] { dataset.characters }

    /// Page `number` (20 a page) of `characters`, with the API's info block.
    static func page(_ number: Int, of characters: [ShowCharacter] = characters) -> CharacterPage {
        let pages = (characters.count + 19) / 20
        let start = (number - 1) * 20
        let slice =
            start < characters.count ? Array(characters[start..<min(characters.count, start + 20)]) : []
        return CharacterPage(
            info: PageInfo(count: characters.count, pages: pages, next: nil, prev: nil), results: slice)
    }

    static func character(_ id: Int) -> ShowCharacter {
        guard let found = characters.first(where: { $0.id == id }) else {
            preconditionFailure("the sample has no character \(id)")
        }
        return found
    }

    /// The episodes of character `id`, in id order.
    static func episodes(of id: Int) -> [Episode] {
        let ids = Set(character(id).episodeIDs)
        return dataset.episodes.filter { ids.contains($0.id) }.sorted { $0.id < $1.id }
    }

    /// A fixed instant for stored-at stamps.
    static let storedAt = Date(timeIntervalSince1970: 1_700_000_000)

    /// An answer as the repository gives it, with fixed timings.
    static func answer<Value>(
        _ value: Value, origin: Origin, policy: CachePolicy, age: TimeInterval = 0, stale: Bool = false,
        fallback: RepositoryError? = nil, milliseconds: Int = 12
    ) -> Answer<Value> {
        Answer(
            value: value, origin: origin, isStale: stale, age: age, fallbackError: fallback,
            duration: .milliseconds(milliseconds), operation: policy.operation,
            metadata: EntryMetadata(storedAt: storedAt))
    }
}
