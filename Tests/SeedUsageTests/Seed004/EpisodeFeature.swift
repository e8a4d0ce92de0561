import Foundation
import RepositoryCore

// Seed 004's template filled in with {Name} = Episode and {Feature} = Episodes, built on the
// library: the three strategies are the policies of one CacheRepository, the remote and memory
// data sources are its main and cache, and every error becomes the feature's own error.

/// The domain value.
struct Episode: Equatable, Sendable {
    var id: Int
    var name: String
    var code: String

    static func stub() -> Episode { Episode(id: 1, name: "Pilot", code: "S01E01") }
}

/// The value as the API sends it.
struct EpisodeDTO: Codable, Equatable, Sendable {
    var id: Int
    var name: String
    var episode: String
}

/// The feature's one error type, behind typed throws.
enum EpisodesError: Error, Equatable {
    case loadFailed(description: String = "")
    case notFound(identifier: Int)
}

/// The contract of the repository (seed 004).
protocol EpisodeRepositoryContract: Sendable {
    func getEpisode(identifier: Int, cachePolicy: CachePolicy) async throws(EpisodesError) -> Episode
}

/// DTO → domain.
struct EpisodeMapper: Sendable {
    func map(_ dto: EpisodeDTO) -> Episode { Episode(id: dto.id, name: dto.name, code: dto.episode) }
}

/// Every repository error → the feature's error; the mapper is given the query (seed 004's
/// mapper input carries the identifier).
struct EpisodeErrorMapper: RepositoryErrorMapping {
    func map(_ error: RepositoryError, for query: Query) -> EpisodesError {
        if case .notFound = error, case .id(let id) = query, let identifier = Int(id) {
            return .notFound(identifier: identifier)
        }
        return .loadFailed()
    }
}

/// The repository: localFirst, remoteFirst and noCache are the library's cache policies. Generic
/// over its sources as seed 004 writes it: a remote source that reads, a memory source that
/// reads, saves and removes.
struct EpisodeRepository<Remote: GetDataSource, Memory: GetDataSource & PutDataSource & DeleteDataSource>:
    EpisodeRepositoryContract
where Remote.Value == EpisodeDTO, Memory.Value == EpisodeDTO {
    private let repository: ErrorMappingRepository<CacheRepository<Remote, Memory>, EpisodeErrorMapper>
    private let mapper = EpisodeMapper()

    init(remoteDataSource: Remote, memoryDataSource: Memory) {
        repository = CacheRepository(main: remoteDataSource, cache: memoryDataSource)
            .mapErrors(EpisodeErrorMapper())
    }

    func getEpisode(identifier: Int, cachePolicy: CachePolicy) async throws(EpisodesError) -> Episode {
        mapper.map(try await repository.get(.id(identifier), policy: cachePolicy))
    }
}

/// Decodes a fixture the way seed 004's `loadJSON` does.
func loadJSON(_ name: String) throws -> EpisodeDTO {
    let fixtures = ["episode": #"{"id": 1, "name": "Pilot", "episode": "S01E01"}"#]
    return try JSONDecoder().decode(EpisodeDTO.self, from: Data((fixtures[name] ?? "").utf8))
}
