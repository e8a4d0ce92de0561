import TerminalUI

extension KeyTable.Scope {
    /// An episode's or location's detail's keys.
    static let entityDetail = KeyTable.Scope(
        "entity detail",
        bindings: [
            KeyBinding(
                [.escape, .backspace], .back, label: "Esc Backspace", help: "back one screen",
                hint: ("esc", "back", 10)),
            KeyBinding(
                [.enter], .open, label: "Enter", help: "open the selected character",
                hint: ("enter", "open", 20)),
            KeyBinding(
                [.character("j"), .down], .moveDown, label: "j ↓", help: "next character",
                hint: ("j/k", "move", 30)),
            KeyBinding([.character("k"), .up], .moveUp, label: "k ↑", help: "previous character"),
            KeyBinding([.pageDown, .character(" ")], .pageDown, label: "PgDn Space", help: "a screen down"),
            KeyBinding([.pageUp], .pageUp, label: "PgUp", help: "a screen up"),
            KeyBinding([.character("g"), .home], .first, label: "g Home", help: "first character"),
            KeyBinding([.character("G"), .end], .last, label: "G End", help: "last character"),
        ] + KeyTable.copyBindings)
}
