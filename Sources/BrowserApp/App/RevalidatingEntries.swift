import RepositoryCore

/// The cache entries background revalidations are reading again, counted: two reads whose
/// revalidations share an entry (a character on two pages) leave it revalidating until both end.
/// A read whose task was cancelled (a refresh replaced it, its screen went away) never delivers
/// its background answer: the next plain answer of the entry ends its mark, so none outlives the
/// next read of it. A plain value.
package struct RevalidatingEntries: Sendable, Equatable {
    private var counts: [CacheEntryKey: Int] = [:]

    /// Takes `event`: a `revalidating` answer adds its entries, a `background` one removes them,
    /// any other answer of an entry clears its mark (it is newer than any lost background answer).
    mutating func record(_ event: AnswerEvent) {
        for key in event.cacheKeys {
            if !event.revalidating && !event.background { counts[key] = nil }
            if event.revalidating { counts[key, default: 0] += 1 }
            if event.background, let count = counts[key] { counts[key] = count > 1 ? count - 1 : nil }
        }
    }

    /// Whether a revalidation is reading `key` again now.
    func contains(_ key: CacheEntryKey) -> Bool { counts[key] != nil }

    /// Whether none is running.
    var isEmpty: Bool { counts.isEmpty }
}
