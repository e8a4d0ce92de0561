import CharacterData
import Foundation
import RepositoryCore
import RickAndMortyModel

/// What the Cache screen asks the outside world for. A plain value; the screen runs each as an
/// effect (`perform(with:now:)`) whose result comes back to it alone.
enum CacheScreenRequest: Sendable, Equatable {
    /// Page `page` after the cursor `after`, its first `naming` rows named.
    case readPage(page: Int, after: CacheEntryKey?, limit: Int, naming: Int)
    /// The first `limit` rows of the whole cache in `order`.
    case scanSorted(CacheSortOrder, limit: Int)
    case name([CacheRow])
    case count
    /// One entry again and (with `value`) its stored value.
    case readEntry(CacheEntryKey, value: Bool)
    /// Evict the key from one tier, or from all for nil.
    case evict(CacheEntryKey, tier: CacheTier?)
    case purge(tier: CacheTier)
    case revalidate(CacheEntryKey)
    case refetch(CacheEntryKey)
    /// Open the entity in the explorer, or ask the user: the app handles both.
    case explore(CacheEntryKey)
    case ask(CacheQuestion)

    /// Runs the request against `inspector` at `now`, timing actions by `clock`; nil for `explore`
    /// and `ask` (the app's own).
    func perform<C: Clock<Duration>>(
        with inspector: CacheInspector, now: Date, clock: C = ContinuousClock()
    ) async -> CacheScreenResult? {
        let start = clock.now
        func acted(_ answer: CacheActionAnswer, _ key: CacheEntryKey?, _ kind: CacheScreenResult.ActionKind)
            -> CacheScreenResult
        {
            .acted(answer, key: key, kind: kind, ms: AnswerEvent.milliseconds(start.duration(to: clock.now)))
        }
        switch self {
        case .readPage(let page, let after, let limit, let naming):
            do throws(RepositoryError) {
                let read = try await CacheListEntry.page(
                    of: inspector, after: after, limit: limit, naming: naming)
                return .pageRead(page: page, entries: read.entries, next: read.next, leftOut: read.leftOut)
            } catch {
                return .pageFailed(page: page, error.description)
            }
        case .scanSorted(let order, let limit):
            do throws(RepositoryError) {
                let scan = try await CacheListEntry.firstSorted(
                    of: inspector, in: order, limit: limit, at: now)
                return .scanned(order, entries: scan.entries, total: scan.total)
            } catch {
                return .scanFailed(order, error.description)
            }
        case .name(let rows):
            return .named(rows.map { CacheListEntry(row: $0, title: inspector.displayName(of: $0)) })
        case .count: return .counted(await CacheCensus.count(inspector, at: now))
        case .readEntry(let key, let wantsValue):
            return await Self.entry(key, value: wantsValue, inspector: inspector)
        case .evict(let key, let tier):
            return acted(await inspector.evict(key, from: tier?.name), key, .evict)
        case .purge(let tier): return acted(await inspector.purge(tier: tier.name), nil, .purge)
        case .revalidate(let key):
            return acted(Self.explained(await inspector.revalidate(key)), key, .revalidate)
        case .refetch(let key): return acted(await inspector.refetch(key), key, .refetch)
        case .explore, .ask: return nil
        }
    }

    private static func entry(_ key: CacheEntryKey, value wantsValue: Bool, inspector: CacheInspector) async
        -> CacheScreenResult
    {
        let row: CacheRow?
        do throws(RepositoryError) {
            row = try await inspector.row(key)
        } catch {
            return .entryRead(key: key, entry: nil, value: .failure(error))
        }
        guard let row else { return .entryRead(key: key, entry: nil, value: .success(nil)) }
        let entry = CacheListEntry(row: row, title: inspector.displayName(of: row))
        guard wantsValue else { return .entryRead(key: key, entry: entry, value: nil) }
        let value = Result { () throws(RepositoryError) in try inspector.value(of: key) }
        return .entryRead(key: key, entry: entry, value: value)
    }

    /// A revalidation the server did not confirm says why a body came back rather than a bare
    /// `refetched`: an entity stored from a page carries the page's ETag, which the entity's own
    /// URL never matches.
    static func explained(_ answer: CacheActionAnswer) -> CacheActionAnswer {
        guard case .refetched(let origin, _) = answer.outcome else { return answer }
        let note = "no 304, the server did not match the cached validators (a value stored from a page "
            + "carries the page's ETag) and sent the value whole"
        return CacheActionAnswer(subject: answer.subject, outcome: .refetched(origin: origin, note: note))
    }
}

/// What came back for a `CacheScreenRequest`. A plain value.
enum CacheScreenResult: Sendable, Equatable {
    /// Which action an answer is for.
    enum ActionKind: String, Sendable, Equatable {
        case evict, purge, revalidate, refetch
    }

    /// A page of rows and the cursor after it (nil at the end); `leftOut` names the tiers that
    /// failed and why.
    case pageRead(page: Int, entries: [CacheListEntry], next: CacheEntryKey?, leftOut: [String] = [])
    case scanned(CacheSortOrder, entries: [CacheListEntry], total: Int)
    case scanFailed(CacheSortOrder, String)
    case named([CacheListEntry])
    case pageFailed(page: Int, String)
    case counted(CacheCensus)
    /// One entry again (nil: no tier holds it now) and its value when asked (nil value: not asked).
    case entryRead(key: CacheEntryKey, entry: CacheListEntry?, value: Result<String?, RepositoryError>?)
    /// An action's answer, for `key` (nil for a purge), and how long it took.
    case acted(CacheActionAnswer, key: CacheEntryKey?, kind: ActionKind, ms: Double)

    /// The status pane's and the `--events` log's line of an action's answer: `query` is its
    /// sentence; an eviction or a purge is the `cache` operation with `cacheOnly` and the origin of
    /// the top tier it emptied; a revalidation or a refetch is `main` with `remoteFirst` and its
    /// origin; a failure has no origin and says why in `error`.
    var actionEvent: AnswerEvent? {
        guard case .acted(let answer, let key, let kind, let ms) = self else { return nil }
        let reads = kind == .revalidate || kind == .refetch
        let origin: Origin? =
            switch answer.outcome {
            case .evicted(let tiers): tiers.first.map { CacheTier(name: $0).origin }
            case .purged(let tier, _): CacheTier(name: tier).origin
            case .revalidated: .revalidated
            case .refetched(let read, _): read
            case .notCached, .failed: nil
            }
        return AnswerEvent(
            query: answer.description, policy: .cache(reads ? .remoteFirst : .cacheOnly),
            operation: reads ? .main : .cache, origin: origin.map(AnswerOrigin.repository), stale: false,
            ms: ms, ageSeconds: nil, error: answer.succeeded ? nil : answer.description,
            kind: key.flatMap { EntityKind(rawValue: $0.kind) }, cacheKeys: key.map { [$0] } ?? [])
    }
}
