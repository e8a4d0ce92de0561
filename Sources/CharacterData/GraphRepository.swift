import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel

/// Episodes and locations (one by id, pages, multi-id lists) and the multi-id character reads
/// of an episode's cast or a location's residents, over the same tiers (the shared one included, when on), policies and
/// counters as the `CharacterRepository` it extends.
///
/// Every multi-id read warms each id it returns (memory always, disk too when the answer came
/// from the network), so drilling into an entity already seen in a cast, a page or a list is a
/// memory hit. A cast of more than `maximumIDsPerRequest` ids is read in several requests.
/// Thread-safe: every part is.
public final class GraphRepository: Sendable {
    typealias Tiers<Value: Sendable> = CharacterRepository.Tiers<Value>
    typealias Store<Main: GetDataSource> = CharacterRepository.Store<Main>

    /// The most ids one multi-id request carries (a longer list is split, in order).
    public static let maximumIDsPerRequest = 100

    /// The character repository whose characters a cast read warms, and whose counters all share.
    public let characterRepository: CharacterRepository
    let episodes: Store<HTTPDataSource<Episode>>
    let locations: Store<HTTPDataSource<Location>>
    let episodePages: Store<HTTPDataSource<Page<Episode>>>
    let locationPages: Store<HTTPDataSource<Page<Location>>>
    let characterLists: Store<HTTPDataSource<[ShowCharacter]>>
    let locationLists: Store<HTTPDataSource<[Location]>>

    /// Creates the repository over `api`, caching in `characters`' database with its configuration.
    public init(api: RemoteAPI, characters: CharacterRepository) {
        self.characterRepository = characters
        func store<Value: Codable & Sendable>(
            _ main: HTTPDataSource<Value>, namespace: String, limit: Int
        ) -> Store<HTTPDataSource<Value>> {
            CharacterRepository.makeStore(
                main, namespace: namespace, limit: limit, codec: JSONPayloadCodec<Value>(),
                database: characters.database, shared: characters.sharedStore, metrics: characters.metrics,
                configuration: characters.configuration)
        }
        episodes = store(api.episode, namespace: "episode", limit: 1_024)
        locations = store(api.location, namespace: "location", limit: 1_024)
        episodePages = store(api.dataSource(.episodePages), namespace: "episode-page", limit: 64)
        locationPages = store(api.dataSource(.locationPages), namespace: "location-page", limit: 64)
        characterLists = store(api.characters, namespace: "character-list", limit: 256)
        locationLists = store(api.locations, namespace: "location-list", limit: 64)
    }

    /// One episode by id, read as `policy` says.
    public func episode(id: Int, policy: CachePolicy) async throws(RepositoryError) -> Answer<Episode> {
        try await episodes.answer(.id(id), policy: policy)
    }

    /// One location by id, read as `policy` says.
    public func location(id: Int, policy: CachePolicy) async throws(RepositoryError) -> Answer<Location> {
        try await locations.answer(.id(id), policy: policy)
    }

    /// The episodes with `ids` in one multi-id request (through the character repository's
    /// episode lists), each warmed into the episode cache.
    public func episodes(ids: [Int], policy: CachePolicy) async throws(RepositoryError) -> Answer<[Episode]> {
        let answer = try await characterRepository.episodes(ids: ids, policy: policy)
        await warm(episodes, with: answer.value, of: answer, id: \.id)
        return answer
    }

    /// Page `number` of the episodes `filters` select (`name`, `episode`), each warmed.
    public func episodePage(_ number: Int, filters: [String: String] = [:], policy: CachePolicy)
        async throws(RepositoryError) -> Answer<Page<Episode>>
    {
        let answer = try await episodePages.answer(
            .page(PageQuery(number: number, filters: filters)), policy: policy)
        await warm(episodes, with: answer.value.results, of: answer, id: \.id)
        return answer
    }

    /// Page `number` of the locations `filters` select (`name`, `type`, `dimension`), each warmed.
    public func locationPage(_ number: Int, filters: [String: String] = [:], policy: CachePolicy)
        async throws(RepositoryError) -> Answer<Page<Location>>
    {
        let answer = try await locationPages.answer(
            .page(PageQuery(number: number, filters: filters)), policy: policy)
        await warm(locations, with: answer.value.results, of: answer, id: \.id)
        return answer
    }

    /// The characters with `ids` (a cast, residents) in one multi-id request, each warmed into
    /// the character cache. At most `maximumIDsPerRequest` ids: split longer lists with `batches`.
    public func characters(ids: [Int], policy: CachePolicy) async throws(RepositoryError)
        -> Answer<[ShowCharacter]>
    {
        let answer = try await characterLists.answer(.ids(ids), policy: policy)
        await warm(characterRepository.characters, with: answer.value, of: answer, id: \.id)
        return answer
    }

    /// `ids` without repeats, in order, cut into lists the server accepts in one request.
    public static func batches(of ids: [Int]) -> [[Int]] {
        var seen = Set<Int>()
        let unique = ids.filter { seen.insert($0).inserted }
        return stride(from: 0, to: unique.count, by: maximumIDsPerRequest).map {
            Array(unique[$0..<min(unique.count, $0 + maximumIDsPerRequest)])
        }
    }

    /// Empties the memory tier of every kind this repository adds.
    public func clearMemory() async {
        try? await episodes.cache.upper.delete(.all)
        try? await locations.cache.upper.delete(.all)
        try? await episodePages.cache.upper.delete(.all)
        try? await locationPages.cache.upper.delete(.all)
        try? await characterLists.cache.upper.delete(.all)
        try? await locationLists.cache.upper.delete(.all)
    }

    /// Empties memory and disk of every kind this repository adds.
    public func clearAll() async throws(RepositoryError) {
        try await episodes.clearCache()
        try await locations.clearCache()
        try await episodePages.clearCache()
        try await locationPages.clearCache()
        try await characterLists.clearCache()
        try await locationLists.clearCache()
    }

    /// Copies each value of a multi-value answer into `store`'s cache under its id: memory
    /// always, disk too when the answer came from the network. A failure here only costs a
    /// later miss, so it is not reported.
    func warm<Main: GetDataSource, Whole: Sendable>(
        _ store: Store<Main>, with values: [Main.Value], of answer: Answer<Whole>, id: (Main.Value) -> Int
    ) async {
        guard answer.origin != .memory else { return }
        let fromNetwork = [.network, .revalidated, .shared, .sharedCache].contains(answer.origin)
        let entries = values.map { value in
            (
                query: Query.id(id(value)),
                entry: Entry(value: value, metadata: answer.metadata, origin: .memory)
            )
        }
        if fromNetwork {
            try? await store.cache.lower.upper.put(contentsOf: entries)
        }
        for (query, entry) in entries {
            _ = try? await store.cache.upper.put(entry, for: query)
        }
    }
}
