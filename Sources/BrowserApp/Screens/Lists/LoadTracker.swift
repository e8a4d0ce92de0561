import RepositoryCore

/// The background reads in flight, so that the same read is never started twice and the
/// spinner and the status pane can tell what is loading. A plain value.
public struct LoadTracker: Sendable, Hashable {
    /// Page numbers being read, with the policy of the read.
    public var pages: [Int: CachePolicy] = [:]
    /// The policy of the detail read in flight (the character, then its episodes), if any.
    public var detail: CachePolicy?
    /// The policy of the episode or location read in flight (the entity, then its members), if any.
    public var entity: CachePolicy?
    /// Whether a cache clearing is in flight.
    public var clearing = false
    /// Rows the user moved down past the end while the next page was loading; the selection
    /// moves on by this much when it arrives, so no key press is lost.
    public var pendingAdvance = 0

    /// Creates an idle tracker.
    public init() {}

    /// Whether anything is in flight.
    public var isBusy: Bool { !pages.isEmpty || detail != nil || entity != nil || clearing }

    /// Whether a refresh (a remoteFirst read) is in flight.
    public var isRefreshing: Bool {
        pages.values.contains(.remoteFirst) || detail == .remoteFirst || entity == .remoteFirst
    }

    /// What is loading, in words (`page 2`, `pages 1, 2`, `character`), or nil when idle.
    public var summary: String? {
        var parts: [String] = []
        let numbers = pages.keys.sorted()
        if !numbers.isEmpty {
            let list = numbers.map(String.init).joined(separator: ", ")
            parts.append((numbers.count == 1 ? "page " : "pages ") + list)
        }
        if detail != nil { parts.append("character") }
        if entity != nil { parts.append("episode or location") }
        if clearing { parts.append("clearing cache") }
        guard !parts.isEmpty else { return nil }
        return (isRefreshing ? "refreshing " : "loading ") + parts.joined(separator: ", ")
    }
}
