import TerminalUI

/// Assigns ncurses color-pair numbers to foreground/background combinations on first use.
/// Pair 0 is the terminal default; when the terminal's pairs run out, further combinations
/// fall back to pair 0. Combinations are keyed by the colour numbers the terminal draws, so
/// 24-bit colours quantised to one palette entry share a pair. A plain value owned by the backend.
struct ColorPairTable {
    struct Combination: Hashable {
        let foreground: Int16
        let background: Int16
    }

    /// The highest pair number that may be assigned.
    let highestPair: Int
    /// How many colours the terminal has (decides how palette and 24-bit colours map).
    let colorCount: Int
    private var assigned: [Combination: Int] = [:]

    /// A table for a terminal with `pairCount` color pairs (pair 0 included) and `colorCount` colours.
    init(pairCount: Int, colorCount: Int = 8) {
        highestPair = max(0, min(pairCount - 1, Int(Int16.max)))
        self.colorCount = colorCount
    }

    /// The pair for `style`'s colors, whether it was assigned just now (and must be defined), and
    /// the colour numbers to define it with.
    mutating func pair(for style: Style) -> (number: Int, isNew: Bool, combination: Combination) {
        let combination = Combination(
            foreground: style.foreground.ncursesNumber(colorCount: colorCount),
            background: style.background.ncursesNumber(colorCount: colorCount))
        if combination.foreground == -1 && combination.background == -1 { return (0, false, combination) }
        if let number = assigned[combination] { return (number, false, combination) }
        let number = assigned.count + 1
        guard number <= highestPair else { return (0, false, combination) }
        assigned[combination] = number
        return (number, true, combination)
    }
}
