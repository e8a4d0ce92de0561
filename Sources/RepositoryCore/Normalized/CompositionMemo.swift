import Locking

/// The lists a `NormalizedCache` composed entirely from memory, kept with the versions of the
/// two memory stores they were read from (`ImmediateVersionedDataSource`). A kept composition is
/// answered only while both versions are unchanged — no entity or list was written, removed or
/// evicted since — so it is exactly what composing again would give. Thread-safe (one `PThreadMutex`,
/// taken once per lookup or remember).
@usableFromInline
final class CompositionMemo<Entity: NormalizedEntity, Info: Sendable & Hashable>: Sendable {
    @usableFromInline
    struct Versions: Equatable, Sendable {
        @usableFromInline var entities: UInt64
        @usableFromInline var lists: UInt64

        @inlinable
        init(entities: UInt64, lists: UInt64) {
            self.entities = entities
            self.lists = lists
        }
    }

    @usableFromInline
    struct Kept: Sendable {
        @usableFromInline var composed: ComposedList<Entity, Info>
        @usableFromInline var versions: Versions
    }

    @usableFromInline let kept = PThreadMutex<[Query: Kept]>([:])
    @usableFromInline let limit: Int

    @usableFromInline
    init(limit: Int) { self.limit = max(1, limit) }

    /// The composition kept for `query` when it was made at `versions`.
    @inlinable
    func composed(for query: Query, at versions: Versions) -> ComposedList<Entity, Info>? {
        kept.withLock { kept in
            guard let found = kept[query], found.versions == versions else { return nil }
            return found.composed
        }
    }

    /// Keeps `composed` for `query`, made at `versions`; drops every composition made at other
    /// versions (versions only move forward, so they can never be answered again).
    @usableFromInline
    func remember(_ composed: ComposedList<Entity, Info>, for query: Query, at versions: Versions) {
        kept.withLock { kept in
            kept = kept.filter { $0.value.versions == versions }
            if kept.count >= limit { kept.removeAll() }
            kept[query] = Kept(composed: composed, versions: versions)
        }
    }
}
