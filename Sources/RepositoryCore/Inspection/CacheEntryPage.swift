/// One page of a tier's entries in key order, and the cursor of the next page. A `Sendable` value.
public struct CacheEntryPage: Hashable, Sendable {
    /// The entries, in `CacheEntryKey` order, each after the cursor the page was asked with.
    public var entries: [CacheEntryInfo]
    /// Pass this to read the next page; nil when this page is the last.
    public var next: CacheEntryKey?

    /// Creates a page.
    public init(entries: [CacheEntryInfo], next: CacheEntryKey?) {
        self.entries = entries
        self.next = next
    }

    /// The page of `sorted` entries (already in key order and all after the cursor) holding at most
    /// `limit` of them; `next` is the last one's key when `sorted` had more.
    public static func taking(_ limit: Int, of sorted: some Collection<CacheEntryInfo>) -> CacheEntryPage {
        let limit = max(1, limit)
        let page = Array(sorted.prefix(limit))
        return CacheEntryPage(entries: page, next: sorted.count > limit ? page.last?.key : nil)
    }
}
