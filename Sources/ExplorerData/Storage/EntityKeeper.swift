import ExplorerModel
import Foundation
import RepositoryCore

/// Keeps entities and titles in their tiers: a page's whole entities in one disk transaction (the
/// normalized store: each entity once, by its canonical address) and their titles beside them, so
/// a link to any of them shows its title with no read; the entities in the shared tier too when it
/// is on (titles stay in this process's tiers). Thread-safe: the tiers are.
struct EntityKeeper: Sendable {
    let entities: ExplorerTier<ExplorerEntity>
    let titles: ExplorerTier<String>

    /// Stores `kept` and their titles, and the `named` titles references gave, with `metadata`
    /// (the page's freshness, without its validators).
    func keep(_ kept: [ExplorerEntity], titles named: [(EntityAddress, String)], metadata: EntryMetadata)
        async throws(RepositoryError)
    {
        let entries = kept.map {
            (query: Query.id($0.address.key), entry: Entry(value: $0, metadata: metadata, origin: .network))
        }
        let titled = kept.map { ($0.address, $0.title) } + named
        let titleEntries = titled.map {
            (query: Query.id($0.0.key), entry: Entry(value: $0.1, metadata: metadata, origin: .network))
        }
        if !entries.isEmpty { try await entities.lower.upper.put(contentsOf: entries) }
        if !titleEntries.isEmpty { try await titles.lower.upper.put(contentsOf: titleEntries) }
        if entities.lower.lower.tier != nil {
            for (query, entry) in entries { _ = try? await entities.lower.lower.put(entry, for: query) }
        }
        for (query, entry) in entries { try await entities.upper.put(entry, for: query) }
        for (query, entry) in titleEntries { try await titles.upper.put(entry, for: query) }
    }

    /// Renews the freshness of the entities at `addresses` a page brought, once a `304` confirmed that
    /// page: those still held as the page kept them (with `old`'s time, no tag of their own) take
    /// `metadata`, in memory and on disk; an entity read on its own since keeps its own. Best effort:
    /// one not renewed is revalidated when next read.
    func confirm(_ addresses: [EntityAddress], keptWith old: EntryMetadata, as metadata: EntryMetadata) async {
        guard !addresses.isEmpty else { return }
        let queries = addresses.map { Query.id($0.key) }
        let held = (try? await entities.lower.upper.entries(for: queries)) ?? [:]
        let renewed = queries.compactMap { query -> (query: Query, entry: Entry<ExplorerEntity>)? in
            guard let entry = held[query], entry.metadata.etag == nil, entry.metadata.storedAt == old.storedAt else {
                return nil
            }
            return (query, Entry(value: entry.value, metadata: metadata, origin: .revalidated))
        }
        guard !renewed.isEmpty else { return }
        _ = try? await entities.lower.upper.put(contentsOf: renewed)
        for (query, entry) in renewed where entities.upper.contains(query) {
            _ = try? await entities.upper.put(entry, for: query)
        }
    }

    /// Notes `entity`'s title: in memory only when it came from disk (the disk has it), else in both;
    /// nothing when it came from memory and its title is there.
    func noteTitle(of entity: ExplorerEntity, origin: Origin, at now: @autoclosure () -> Date) async {
        let query = Query.id(entity.address.key)
        if origin == .memory, titles.upper.contains(query) { return }
        let entry = Entry(value: entity.title, metadata: EntryMetadata(storedAt: now()), origin: origin)
        if origin == .memory || origin == .disk {
            _ = try? await titles.upper.put(entry, for: query)
        } else {
            _ = try? await titles.put(entry, for: query)
        }
    }
}
