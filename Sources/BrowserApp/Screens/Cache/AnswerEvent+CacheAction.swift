import CharacterData
import RepositoryCore
import RickAndMortyModel

extension AnswerEvent {
    /// An action of the Cache screen as a line of the status pane and the `--events` log, in the
    /// log's usual fields: `query` is the answer's sentence (`character/id:1: evicted from memory,
    /// disk`); an eviction or a purge is the `cache` operation with `cacheOnly` and the origin of
    /// the top tier it emptied (`memory`, `disk` for the SQLite and file tiers, `shared cache`); a
    /// revalidation or a refetch is the `main` operation with `remoteFirst` and its origin
    /// (`revalidated` for a 304, else `network`); a failure has no origin and says why in `error`.
    init(
        cacheAction answer: CacheActionAnswer, key: CacheEntryKey?, action: CacheScreenResult.ActionKind,
        ms: Double
    ) {
        let reads = action == .revalidate || action == .refetch
        let origin: Origin? =
            switch answer.outcome {
            case .evicted(let tiers): tiers.first.map { CacheTier(name: $0).origin }
            case .purged(let tier, _): CacheTier(name: tier).origin
            case .revalidated: .revalidated
            case .refetched(let read, _): read
            case .notCached, .failed: nil
            }
        self.init(
            query: answer.description, policy: .cache(reads ? .remoteFirst : .cacheOnly),
            operation: reads ? .main : .cache, origin: origin.map(AnswerOrigin.repository), stale: false,
            ms: ms, ageSeconds: nil, error: answer.succeeded ? nil : answer.description,
            kind: key.flatMap { EntityKind(rawValue: $0.kind) }, cacheKeys: key.map { [$0] } ?? [])
    }
}
