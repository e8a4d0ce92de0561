import TerminalUI

extension TerminalColor {
    /// The ncurses colour number for this colour on a terminal with `colorCount` colours: -1 for
    /// the default, the ANSI number for a basic colour, the palette entry (a 24-bit colour
    /// quantised to its nearest) with 256 colours, else the nearest basic colour. Pure.
    func ncursesNumber(colorCount: Int) -> Int16 {
        switch self {
        case .palette(let index):
            if colorCount >= 256 { return Int16(index) }
            return Int16(Palette256.nearestBasic(to: Palette256.colour(of: index)).ansiIndex ?? -1)
        case .rgb(let red, let green, let blue):
            let colour = RGB(red, green, blue)
            if colorCount >= 256 { return Int16(Palette256.nearestIndex(to: colour)) }
            return Int16(Palette256.nearestBasic(to: colour).ansiIndex ?? -1)
        default:
            return Int16(ansiIndex ?? -1)
        }
    }
}
