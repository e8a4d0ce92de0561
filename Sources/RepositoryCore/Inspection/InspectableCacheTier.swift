/// A cache tier that can be looked into and acted on without decoding payloads: paged enumeration,
/// totals, one entry's description, evicting one key and purging the tier.
///
/// The contract every conforming tier keeps (and `InspectableCacheTier` contract tests check):
/// - `entries(after:limit:)` returns at most `limit` (at least 1) entries whose keys come after
///   `cursor` (all of them for nil) in `CacheEntryKey` order; `next` is nil on the last page and
///   otherwise the key to pass to read the next one. Paging from nil to the end lists every entry
///   once while nothing is written; an entry written or removed meanwhile may or may not appear.
///   A page never loads the whole tier's payloads: a million entries are read a page at a time.
/// - `totals()` counts what enumeration lists (`entries`), and `bytes` sums their `bytes` when the
///   tier counts bytes.
/// - `entry(_:)` describes one key as enumeration would, or nil when the tier does not hold it.
/// - `evict(_:)` removes one key and returns whether it was held; other keys stay.
/// - `purge()` removes every entry of the tier and returns how many there were.
/// Reading neither changes recency nor counts as a hit. Errors are `RepositoryError`s
/// (`.storageFailure` for a store that failed). Conforming types are `Sendable`; each says what
/// its operations lock.
public protocol InspectableCacheTier: Sendable {
    /// The tier's name as people see it (`memory`, `disk`, `shared`, `file`).
    var tierName: String { get }

    /// The entries after `cursor` (from the first for nil), at most `limit`, in key order.
    func entries(after cursor: CacheEntryKey?, limit: Int) async throws(RepositoryError) -> CacheEntryPage

    /// The tier's totals now.
    func totals() async throws(RepositoryError) -> CacheTierTotals

    /// One entry's description, or nil when the tier does not hold `key`.
    func entry(_ key: CacheEntryKey) async throws(RepositoryError) -> CacheEntryInfo?

    /// Removes `key`; returns whether it was held.
    @discardableResult
    func evict(_ key: CacheEntryKey) async throws(RepositoryError) -> Bool

    /// Removes every entry; returns how many were removed.
    @discardableResult
    func purge() async throws(RepositoryError) -> Int
}

extension InspectableCacheTier {
    /// Every entry, a page of `pageSize` at a time, handed to `body` page by page (a million entries
    /// never load at once); `body` returns false to stop early.
    public func forEachPage(
        pageSize: Int = 1_000, _ body: ([CacheEntryInfo]) async throws(RepositoryError) -> Bool
    ) async throws(RepositoryError) {
        var cursor: CacheEntryKey?
        repeat {
            let page = try await entries(after: cursor, limit: pageSize)
            guard try await body(page.entries) else { return }
            cursor = page.next
        } while cursor != nil
    }
}
