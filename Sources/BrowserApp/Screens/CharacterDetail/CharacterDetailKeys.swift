import TerminalUI

extension KeyTable.Scope {
    /// A character's detail's keys.
    static let characterDetail = KeyTable.Scope(
        "character detail",
        bindings: [
            KeyBinding(
                [.escape, .backspace], .back, label: "Esc Backspace", help: "back one screen",
                hint: ("esc", "back", 10)),
            KeyBinding(
                [.character("n"), .tab], .nextLink, label: "n Tab",
                help: "next link: origin, location, each episode", hint: ("n/p", "link", 20)),
            KeyBinding(
                [.character("p"), .backTab], .previousLink, label: "p Shift-Tab", help: "previous link"),
            KeyBinding(
                [.enter], .open, label: "Enter", help: "follow the selected link",
                hint: ("enter", "follow", 30)),
            KeyBinding(
                [.character("j"), .down], .moveDown, label: "j ↓", help: "scroll down",
                hint: ("j/k", "scroll", 80)),
            KeyBinding([.character("k"), .up], .moveUp, label: "k ↑", help: "scroll up"),
            KeyBinding([.pageDown, .character(" ")], .pageDown, label: "PgDn Space", help: "a screen down"),
            KeyBinding([.pageUp], .pageUp, label: "PgUp", help: "a screen up"),
            KeyBinding([.character("g"), .home], .first, label: "g Home", help: "the top"),
            KeyBinding([.character("G"), .end], .last, label: "G End", help: "the end"),
            KeyBinding(
                [.character("e")], .edit, label: "e", help: "edit the character (a form)", hint: ("e", "edit", 45)),
            KeyBinding([.character("x")], .delete, label: "x", help: "delete the character (asks first)"),
        ] + KeyTable.copyBindings)
}
