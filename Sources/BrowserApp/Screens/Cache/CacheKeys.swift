import RepositoryCore
import TerminalUI

/// The Cache screen's own commands, carried by `BrowserAction.cache`; their keys and what each
/// does are `KeyTable.Scope.cache`'s bindings. A plain value.
package enum CacheScreenCommand: Sendable, Hashable {
    case cycleSort, toggleProblemsOnly, evictFromTier, evictEverywhere, revalidate, purge
    /// A letter that answers a question (`m`, `f`, `n`); outside one it does nothing.
    case answer(Character)
}

extension KeyTable.Scope {
    /// The Cache screen's keys (`r`, the global refresh, refetches the entry there).
    static let cache = KeyTable.Scope(
        "cache",
        bindings: [
            KeyBinding(
                [.character("j"), .down], .moveDown, label: "j ↓",
                help: "next row (reads the next page at the end)",
                hint: ("j/k", "move", 80)),
            KeyBinding([.character("k"), .up], .moveUp, label: "k ↑", help: "previous row"),
            KeyBinding([.pageDown, .character(" ")], .pageDown, label: "PgDn Space", help: "a screen down"),
            KeyBinding([.pageUp], .pageUp, label: "PgUp", help: "a screen up"),
            KeyBinding([.character("g"), .home], .first, label: "g Home", help: "first row"),
            KeyBinding([.character("G"), .end], .last, label: "G End", help: "last row read"),
            KeyBinding(
                [.enter], .open, label: "Enter",
                help: "open the entry; on an entry: the entity in the explorer",
                hint: ("enter", "open", 10)),
            KeyBinding(
                [.escape, .backspace], .back, label: "Esc Backspace",
                help: "close the entry, else back to the lists"),
            KeyBinding([.tab], .nextList, label: "Tab", help: "back to the lists"),
            KeyBinding(
                [.character("s")], .cache(.cycleSort), label: "s", help: "sort: key, age, size, kind, state",
                hint: ("s", "sort", 20)),
            KeyBinding(
                [.character("/")], .filter, label: "/", help: "filter the rows read (name, key, kind)",
                hint: ("/", "filter", 25)),
            KeyBinding(
                [.character("x")], .cache(.toggleProblemsOnly), label: "x",
                help: "stale and expired only, or all"),
            KeyBinding(
                [.character("d")], .cache(.evictFromTier), label: "d",
                help: "evict from one tier (then its letter)", hint: ("d/D", "evict", 30)),
            KeyBinding(
                [.character("D")], .cache(.evictEverywhere), label: "D", help: "evict from every tier"),
            KeyBinding(
                [.character("v")], .cache(.revalidate), label: "v",
                help: "revalidate (a 304 answers revalidated)",
                hint: ("v", "revalidate", 35)),
            KeyBinding(
                [.character("P")], .cache(.purge), label: "P", help: "purge a tier (its letter, then y)",
                hint: ("P", "purge", 38)),
            KeyBinding(
                [.character("m")], .cache(.answer("m")), label: "m d s f",
                help: "in a prompt: memory, disk, shared, file"),
            KeyBinding([.character("f")], .cache(.answer("f")), label: "", help: ""),
            KeyBinding(
                [.character("y")], .copy(.json), label: "y n",
                help: "in a prompt: yes, no; else y copies the opened entry's value"),
            KeyBinding([.character("Y")], .copy(.url), label: "Y", help: "copy the opened entry's API URL"),
            KeyBinding([.character("n")], .cache(.answer("n")), label: "", help: ""),
        ])
}

/// What the Cache screen asks before acting, each a choice its text spells out. A plain value.
enum CacheQuestion: Sendable, Hashable {
    /// Which tier to evict the key from, which to purge, and whether to purge it (y/n).
    case evictTier(CacheEntryKey)
    case purgeTier
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
