import TerminalUI

/// Assigns ncurses color-pair numbers to foreground/background combinations on first use.
/// Pair 0 is the terminal default; when the terminal's pairs run out, further combinations
/// fall back to pair 0. A plain value owned by the backend.
struct ColorPairTable {
    struct Combination: Hashable {
        let foreground: TerminalColor
        let background: TerminalColor
    }

    /// The highest pair number that may be assigned.
    let highestPair: Int
    private var assigned: [Combination: Int] = [:]

    /// A table for a terminal with `pairCount` color pairs (pair 0 included).
    init(pairCount: Int) { highestPair = max(0, min(pairCount - 1, Int(Int16.max))) }

    /// The pair for `style`'s colors, and whether it was assigned just now (and must be defined).
    mutating func pair(for style: Style) -> (number: Int, isNew: Bool) {
        let combination = Combination(foreground: style.foreground, background: style.background)
        if combination.foreground == .default && combination.background == .default { return (0, false) }
        if let number = assigned[combination] { return (number, false) }
        let number = assigned.count + 1
        guard number <= highestPair else { return (0, false) }
        assigned[combination] = number
        return (number, true)
    }
}
