import RepositoryCore

/// What the Cache screen asks before acting, each a choice its text spells out. A plain value.
enum CacheQuestion: Sendable, Hashable {
    /// Which tier to evict the key from.
    case evictTier(CacheEntryKey)
    /// Which tier to purge.
    case purgeTier
    /// Purge this tier, y/n.
    case confirmPurge(CacheTier)

    /// The question over `tiers`: `evict character/id:1 from: m memory · d disk  (Esc: cancel)`.
    func question(tiers: [CacheTier]) -> Question {
        let letters = tiers.map {
            Question.Choice(letter: $0.badge.lowercased().first ?? $0.badge, label: $0.name)
        }
        let choices = letters.map { "\($0.letter) \($0.label)" }.joined(separator: " · ")
        switch self {
        case .evictTier(let key):
            return Question(prompt: "evict \(key) from: \(choices)  (Esc: cancel)", kind: .choice(letters))
        case .purgeTier:
            return Question(prompt: "purge which tier: \(choices)  (Esc: cancel)", kind: .choice(letters))
        case .confirmPurge(let tier): return .yesOrNo("purge every entry of \(tier.name)? y/n")
        }
    }
}
