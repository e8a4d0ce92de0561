import Foundation
import PersistentCache
import PostgresCache
import RepositoryCore
import RickAndMortyModel

/// The application's cache inspector: the tiers (memory, disk, shared, file) merged into one row
/// per key, each row's state by a freshness rule and a clock, one entry's value pretty-printed,
/// and the actions, each answering a `CacheActionAnswer`. Thread-safe value type (its tiers and
/// repository are). Enumeration never decodes a payload. With a repository, evicting from every
/// tier goes through it (observers told) and entries can be read again; without one (a command
/// line over the files) the tiers act directly.
public struct CacheInspector: Sendable {
    /// The tiers, top first (`memory`, `disk`, `shared`, `file`, those that are on).
    public let tiers: [any InspectableCacheTier]
    public var rule: CacheFreshnessRule
    let timeSource: any TimeSource
    let disk: SQLiteCacheInspection?
    /// The scope the disk tier's keys are shown without (a browser's API), empty for none.
    let diskScope: String
    let graph: GraphRepository?
    let fileReread: FileReread?
    /// Another repository's entries (an explored API's), read again through it.
    var others: InspectedEntries?

    /// Reads a file-cache entry (an avatar) again by its key: conditionally (with its validators)
    /// or not; answers the origin (`revalidated` for a 304, `network` for a new body) or why not.
    public typealias FileReread =
        @Sendable (_ key: String, _ conditional: Bool) async -> Result<Origin, RepositoryError>

    /// An inspector over `tiers` (top first); `disk`, when given, is where values are decoded
    /// from (its namespaces under `diskScope` when the tiers show one API's entries without it);
    /// `graph`, when given, is the repository evictions and rereads go through.
    public init(
        tiers: [any InspectableCacheTier], disk: SQLiteCacheInspection? = nil, diskScope: String = "",
        graph: GraphRepository? = nil, rule: CacheFreshnessRule,
        timeSource: any TimeSource = SystemTimeSource(), fileReread: FileReread? = nil
    ) {
        self.fileReread = fileReread
        self.tiers = tiers
        self.disk = disk
        self.diskScope = diskScope
        self.graph = graph
        self.rule = rule
        self.timeSource = timeSource
    }

    /// The inspector of a running browser: the memory LRUs of `graph` (and of `others`) as `memory`,
    /// its disk and shared tiers when on, and `fileCache` (the avatars, read again by `fileReread`),
    /// each showing only the entries of the repository's API when it has one.
    public init(
        graph: GraphRepository, fileCache: (any InspectableCacheTier)?, rule: CacheFreshnessRule,
        timeSource: any TimeSource = SystemTimeSource(), fileReread: FileReread? = nil,
        others: InspectedEntries? = nil
    ) {
        let repository = graph.characterRepository
        let api = repository.configuration.api
        func scoped(_ tier: any InspectableCacheTier, _ scope: ScopedCacheTier.Scope?) -> any InspectableCacheTier {
            scope.map { ScopedCacheTier(tier, scope: $0) } ?? tier
        }
        let kinds = api.map { ScopedCacheTier.Scope.kindPrefix($0.namespaceScope) }
        let memory = graph.memoryInspectionParts() + (others?.memory ?? [])
        var tiers: [any InspectableCacheTier] = [CombinedCacheTier(tierName: "memory", parts: memory)]
        let disk = repository.database?.inspection()
        if let disk { tiers.append(scoped(disk, kinds)) }
        if let shared = repository.sharedStore { tiers.append(scoped(shared.inspection(), kinds)) }
        if let fileCache {
            tiers.append(scoped(fileCache, api.map { .keyPrefix(kind: CacheEntryKey.avatarKind, prefix: $0.id + "/") }))
        }
        self.init(
            tiers: tiers, disk: disk, diskScope: api?.namespaceScope ?? "", graph: graph, rule: rule,
            timeSource: timeSource, fileReread: fileReread)
        self.others = others
    }

    /// The rows after `cursor` (nil: from the first), at most `limit`, and the next cursor.
    public func rows(after cursor: CacheEntryKey?, limit: Int) async throws(RepositoryError)
        -> (rows: [CacheRow], next: CacheEntryKey?)
    {
        let page = try await CacheTierMerge.page(of: tiers, after: cursor, limit: limit)
        return (page.entries.map(CacheRow.init), page.next)
    }

    /// As `rows(after:limit:)`, but a tier that fails is left out and named in `failed` (`shared:
    /// <why>`): a browser keeps showing what the tiers it can reach hold. Throws only when every
    /// tier failed.
    public func availableRows(after cursor: CacheEntryKey?, limit: Int) async throws(RepositoryError)
        -> (rows: [CacheRow], next: CacheEntryKey?, failed: [String])
    {
        let page = await CacheTierMerge.pageOfAvailable(tiers, after: cursor, limit: limit)
        let failed = page.failed.map { "\($0.tier): \($0.error.description)" }
        if !failed.isEmpty, failed.count == tiers.count {
            throw .storageFailure(detail: failed.joined(separator: "; "))
        }
        return (page.entries.map(CacheRow.init), page.next, failed)
    }

    /// Each tier's totals, or the error that tier answered with.
    public func totals() async -> [(tier: String, totals: Result<CacheTierTotals, RepositoryError>)] {
        var all: [(tier: String, totals: Result<CacheTierTotals, RepositoryError>)] = []
        for tier in tiers {
            do throws(RepositoryError) {
                all.append((tier.tierName, .success(try await tier.totals())))
            } catch {
                all.append((tier.tierName, .failure(error)))
            }
        }
        return all
    }

    /// `key` in every tier that holds it, or nil when none does.
    public func row(_ key: CacheEntryKey) async throws(RepositoryError) -> CacheRow? {
        var holders: [MergedCacheEntry.Holder] = []
        for tier in tiers {
            if let info = try await tier.entry(key) { holders.append(.init(tier: tier.tierName, info: info)) }
        }
        return holders.isEmpty ? nil : CacheRow(merged: MergedCacheEntry(key: key, holders: holders))
    }

    /// The API whose entries the inspector shows, when it is a browser's.
    public var api: APIIdentity? { graph?.characterRepository.configuration.api }

    public var now: Date { timeSource.now() }

    /// The row's state by its top tier's copy at `now`.
    public func state(of row: CacheRow, at now: Date) -> CacheEntryState? {
        row.top.map { rule.state(of: $0, at: now) }
    }

    /// The seconds of freshness the row's top copy has left at `now` (negative once stale).
    public func timeToLiveLeft(of row: CacheRow, at now: Date) -> TimeInterval? {
        row.top.flatMap { rule.timeToLiveLeft(of: $0, at: now) }
    }

    /// The name with the entity's own, decoded from the disk (else memory) copy:
    /// `character 1 · Rick Sanchez`.
    public func displayName(of row: CacheRow) -> String {
        guard let value = try? decodedValue(of: row.key), let name = value.name else { return row.name }
        return "\(row.name) · \(name)"
    }

    /// The stored value of `key`, pretty-printed JSON (keys sorted), from the disk copy, else (with a
    /// repository) the memory copy; nil when neither holds it.
    public func value(of key: CacheEntryKey) throws(RepositoryError) -> String? {
        try decodedValue(of: key)?.json
    }

    func decodedValue(of key: CacheEntryKey) throws(RepositoryError) -> CachedValueText? {
        if let disk, let payload = try disk.payload(CacheEntryKey(kind: diskScope + key.kind, key: key.key)) {
            return try .decode(payload, namespace: APIIdentity.split(namespace: key.kind).kind)
        }
        return try graph?.memoryValue(key)
    }

    /// Removes `key` from `tier` (by name), or from every tier for nil: then through the
    /// repository when there is one, so its observers hear it.
    public func evict(_ key: CacheEntryKey, from tier: String? = nil) async -> CacheActionAnswer {
        let chosen = tiers.filter { tier == nil || $0.tierName == tier }
        if let tier, chosen.isEmpty { return CacheActionAnswer(key, .failed("no tier named \(tier)")) }
        do throws(RepositoryError) {
            var held: [String] = []
            for candidate in chosen {
                if try await candidate.entry(key) != nil { held.append(candidate.tierName) }
            }
            guard !held.isEmpty else { return CacheActionAnswer(key, .notCached) }
            var rest = chosen
            if tier == nil, let graph, let query = Query(cacheKey: key.key),
                try await graph.invalidateEverywhere(key, query: query)
            {
                rest = chosen.filter { !["memory", "disk", "shared"].contains($0.tierName) }
            }
            for candidate in rest { try await candidate.evict(key) }
            return CacheActionAnswer(key, .evicted(tiers: held))
        } catch {
            return CacheActionAnswer(key, .failed(error.description))
        }
    }

    public func purge(tier: String) async -> CacheActionAnswer {
        guard let chosen = tiers.first(where: { $0.tierName == tier }) else {
            return CacheActionAnswer(subject: tier, outcome: .failed("no tier named \(tier)"))
        }
        do throws(RepositoryError) {
            let entries = try await chosen.purge()
            return CacheActionAnswer(subject: tier, outcome: .purged(tier: tier, entries: entries))
        } catch {
            return CacheActionAnswer(subject: tier, outcome: .failed(error.description))
        }
    }

    /// A conditional request for `key` with its cached validators.
    public func revalidate(_ key: CacheEntryKey) async -> CacheActionAnswer {
        await reread(key, conditional: true)
    }

    /// Reads `key` again from the network (`remoteFirst`), writing every tier.
    public func refetch(_ key: CacheEntryKey) async -> CacheActionAnswer {
        await reread(key, conditional: false)
    }

    /// An avatar through `fileReread`, an explored API's entry through `others`, the rest through
    /// the repository.
    private func reread(_ key: CacheEntryKey, conditional: Bool) async -> CacheActionAnswer {
        let read: Result<Origin, any Error>
        if key.kind == CacheEntryKey.avatarKind, let fileReread {
            read = await fileReread(key.key, conditional).mapError { $0 }
        } else if let others, let result = await others.reread(key, conditional) {
            read = result.mapError { $0 }
        } else if let graph {
            guard let query = Query(cacheKey: key.key) else {
                return CacheActionAnswer(key, .failed("not a key that can be read"))
            }
            do throws(RepositoryError) {
                guard let origin = try await graph.reread(key, query: query, conditional: conditional) else {
                    return CacheActionAnswer(key, .failed("\(key.kind) cannot be read again by key"))
                }
                read = .success(origin)
            } catch {
                read = .failure(error)
            }
        } else {
            return CacheActionAnswer(key, .failed("no repository to read through"))
        }
        switch read {
        case .success(.revalidated): return CacheActionAnswer(key, .revalidated)
        case .success(let origin): return CacheActionAnswer(key, .refetched(origin: origin))
        case .failure(let error): return CacheActionAnswer(key, .failed("\(error)"))
        }
    }
}

/// What an inspector action did, as one sentence for the status pane, `--events` and the command
/// line. A `Sendable` value.
public struct CacheActionAnswer: Hashable, Sendable, CustomStringConvertible {
    /// What happened: the key removed from these tiers, held by no tier asked, a tier emptied of
    /// this many entries, the cached value confirmed (HTTP 304), …
    public enum Outcome: Hashable, Sendable {
        case evicted(tiers: [String])
        case notCached
        case purged(tier: String, entries: Int)
        case revalidated
        /// The value was read again (from where the answer said: `network`, or `revalidated`
        /// when the server confirmed the cached copy), with why, when there is more to say.
        case refetched(origin: Origin, note: String? = nil)
        /// The action failed; the sentence says why.
        case failed(String)
    }

    /// The key or tier acted on.
    public var subject: String
    public var outcome: Outcome

    public init(subject: String, outcome: Outcome) {
        self.subject = subject
        self.outcome = outcome
    }

    init(_ key: CacheEntryKey, _ outcome: Outcome) { self.init(subject: key.description, outcome: outcome) }

    /// Whether the action did what was asked.
    public var succeeded: Bool {
        switch outcome {
        case .evicted, .purged, .revalidated, .refetched: true
        case .notCached, .failed: false
        }
    }

    public var description: String {
        switch outcome {
        case .evicted(let tiers): "\(subject): evicted from \(tiers.joined(separator: ", "))"
        case .notCached: "\(subject): not cached"
        case .purged(let tier, let entries):
            "\(tier): purged \(entries) \(entries == 1 ? "entry" : "entries")"
        case .revalidated: "\(subject): revalidated (304, not modified)"
        case .refetched(let origin, let note):
            "\(subject): refetched (\(origin)\(note.map { ": " + $0 } ?? ""))"
        case .failed(let why): "\(subject): \(why)"
        }
    }
}

/// Another repository's entries (an explored API's) that a browser's cache inspector shows as part
/// of `memory` and reads again by key. A value; thread-safe (its parts are `Sendable`).
public struct InspectedEntries: Sendable {
    /// Reads the entry at `key` again, conditionally (with its cached validators) or not; answers
    /// the origin (`revalidated` for a 304, `network` for a new body) or why not; nil when the
    /// key is not one this repository reads.
    public typealias Reread =
        @Sendable (_ key: CacheEntryKey, _ conditional: Bool) async -> Result<Origin, Failure>?

    /// Why an entry could not be read again, as one sentence.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String

        public init(_ description: String) { self.description = description }
    }

    /// The memory tiers, keyed as the disk and shared tiers (scoped to the browser's API) key them.
    public let memory: [any InspectableCacheTier]
    public let reread: Reread

    public init(memory: [any InspectableCacheTier], reread: @escaping Reread) {
        self.memory = memory
        self.reread = reread
    }
}
