import CharacterData
import Foundation
import ModelCodecs
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer

/// The layout before the normalized cache, kept as a baseline until its figures are recorded:
/// one entry per page holding the whole page (memory over disk, as the repository stored it), and
/// for the bytes on disk, each page whole, each character again, each cast whole.
typealias BaselinePages = CacheRepository<
    HTTPDataSource<CharacterPage>,
    TieredCacheDataSource<InMemoryDataSource<CharacterPage>, DiskTier<CharacterPage>>
>

enum BaselineLayout {
    /// Today's page store over `database`: memory (`pageLimit` pages) over the disk namespace
    /// `baseline-page`, with the repository's default time to live.
    static func pages(api: RemoteAPI, database: CacheDatabase, pageLimit: Int) -> BaselinePages {
        let metrics = RepositoryMetrics()
        return CacheRepository(
            main: api.characterPages,
            cache: TieredCacheDataSource(
                upper: InMemoryDataSource(countLimit: pageLimit, metrics: metrics),
                lower: DiskTier(
                    database: database, namespace: "baseline-page", codec: CharacterPageCodec(),
                    metrics: metrics)),
            validator: TTLValidator(timeToLive: 86_400),
            configuration: CacheRepositoryConfiguration(metrics: metrics))
    }

    /// Writes what the previous layout stored after the full walk (every character page, every
    /// episode's cast) into `database`: pages whole, each character once more, casts whole.
    static func writeFullWalk(of dataset: Dataset, into database: CacheDatabase) async throws {
        let stamp = EntryMetadata(storedAt: Date())
        let pages = SQLiteDataSource(
            database: database, namespace: "character-page", codec: CharacterPageCodec())
        let characters = SQLiteDataSource(
            database: database, namespace: "character", codec: ShowCharacterCodec())
        let casts = SQLiteDataSource(
            database: database, namespace: "character-list", codec: JSONPayloadCodec<[ShowCharacter]>())
        let all = dataset.characters.sorted { $0.id < $1.id }
        let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
        let pageCount = (all.count + 19) / 20
        for number in 1...pageCount {
            let results = Array(all[(number - 1) * 20..<min(all.count, number * 20)])
            let page = CharacterPage(
                info: PageInfo(count: all.count, pages: pageCount, next: nil, prev: nil), results: results)
            try await pages.put(
                Entry(value: page, metadata: stamp, origin: .network), for: .page(PageQuery(number: number)))
        }
        try await characters.put(
            contentsOf: all.map {
                (query: Query.id($0.id), entry: Entry(value: $0, metadata: stamp, origin: .network))
            })
        for episode in dataset.episodes {
            let ids = episode.characters.compactMap(ResourceURL.trailingID)
            let cast = ids.compactMap { byID[$0] }
            try await casts.put(Entry(value: cast, metadata: stamp, origin: .network), for: .ids(ids))
        }
    }
}

/// The size of a closed database file, in bytes.
func fileSize(_ url: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
}
