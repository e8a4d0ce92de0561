import RepositoryCore

/// The detail reads and cache clearing in flight, so that the spinner and the status pane can
/// tell what is loading (a list's page reads are its own `PagedList.loading`). A plain value.
public struct LoadTracker: Sendable, Hashable {
    /// The policy of the detail read in flight (the character, then its episodes), if any.
    public var detail: CachePolicy?
    /// The policy of the episode or location read in flight (the entity, then its members), if any.
    public var entity: CachePolicy?
    /// Whether a cache clearing is in flight.
    public var clearing = false
    /// Creates an idle tracker.
    public init() {}

    /// Whether anything is in flight.
    public var isBusy: Bool { detail != nil || entity != nil || clearing }

    /// Whether a refresh (a remoteFirst read) is in flight.
    public var isRefreshing: Bool { detail == .remoteFirst || entity == .remoteFirst }

    /// What is loading, with the page reads `pages` of the list shown, in words (`page 2`,
    /// `pages 1, 2`, `character`), or nil when idle.
    public func summary(pages: [Int: CachePolicy]) -> String? {
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
        let refreshing = isRefreshing || pages.values.contains(.remoteFirst)
        return (refreshing ? "refreshing " : "loading ") + parts.joined(separator: ", ")
    }
}
