import CharacterData
import Foundation
import RepositoryCore

/// How the Cache screen orders the rows it holds: by key (as the tiers page them, the first
/// order), then — `s` cycles — by age (newest first), size (largest first), kind, and state
/// (expired, stale, fresh). An order other than by key is over the whole cache: one scan keeps its
/// first rows (`CacheListEntry.firstSorted`). A plain value.
enum CacheSortOrder: String, Sendable, Hashable, CaseIterable {
    case key, age, size, kind, state

    /// The order `s` goes to next: key → age → size → kind → state → key.
    var next: CacheSortOrder {
        let all = Self.allCases
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }

    /// Whether `lhs` comes before `rhs` in this order at `now` by `rule` (ties by key, ids as numbers).
    func precedes(_ lhs: CacheRow, _ rhs: CacheRow, rule: CacheFreshnessRule, now: Date) -> Bool {
        switch self {
        case .key: break
        case .age:
            let (left, right) = (lhs.top?.storedAt ?? .distantPast, rhs.top?.storedAt ?? .distantPast)
            if left != right { return left > right }
        case .size:
            let (left, right) = (lhs.bytes ?? -1, rhs.bytes ?? -1)
            if left != right { return left > right }
        case .kind:
            if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        case .state:
            // 2 for expired, 1 for stale, 0 for fresh (or unknown).
            func urgency(_ row: CacheRow) -> Int {
                switch row.top.map({ rule.state(of: $0, at: now) }) {
                case .expired: 2
                case .stale: 1
                case .fresh, nil: 0
                }
            }
            let (left, right) = (urgency(lhs), urgency(rhs))
            if left != right { return left > right }
        }
        return lhs.key < rhs.key
    }
}
