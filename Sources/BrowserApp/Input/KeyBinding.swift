import TerminalUI

/// One line of the key table: the keys, what they do, and how the footer and the help
/// overlay name them. A plain value.
struct KeyBinding: Sendable, Hashable {
    /// The keys that trigger `action`.
    var keys: [Key]
    /// What happens.
    var action: BrowserAction
    /// The keys as the help overlay writes them (`j k ↓ ↑`); empty when another binding's line
    /// names them too (`1 2 3`).
    var label: String
    /// What the help overlay says the keys do.
    var help: String
    /// The footer's hint, when the footer shows this binding: its keys, its word, and its rank
    /// (lower first; hints that do not fit are left out from the end).
    var hint: Hint?

    /// A footer hint. A plain value.
    struct Hint: Sendable, Hashable {
        /// The keys as the footer writes them (`j/k`).
        var keys: String
        /// One word for what they do.
        var word: String
        /// Where the hint goes among the screen's and the global ones, lowest first.
        var rank: Int
    }

    init(
        _ keys: [Key], _ action: BrowserAction, label: String, help: String,
        hint: (keys: String, word: String, rank: Int)? = nil
    ) {
        self.keys = keys
        self.action = action
        self.label = label
        self.help = help
        self.hint = hint.map { Hint(keys: $0.keys, word: $0.word, rank: $0.rank) }
    }
}
