import TerminalUI

extension KeyTable.Scope {
    /// The Changes screen's keys.
    static let changes = KeyTable.Scope(
        "changes",
        bindings: [
            KeyBinding(
                [.escape, .backspace], .back, label: "Esc Backspace", help: "close the diff, or back",
                hint: ("esc", "back", 10)),
            KeyBinding([.character("j"), .down], .moveDown, label: "j ↓", help: "next write", hint: ("j/k", "move", 20)),
            KeyBinding([.character("k"), .up], .moveUp, label: "k ↑", help: "previous write"),
            KeyBinding([.character("g"), .home], .first, label: "g Home", help: "the newest"),
            KeyBinding([.character("G"), .end], .last, label: "G End", help: "the oldest"),
            KeyBinding(
                [.enter], .open, label: "Enter", help: "the write's fields: base → mine / theirs",
                hint: ("enter", "diff", 15)),
            KeyBinding(
                [.character("m")], .keepMine, label: "m", help: "conflict: keep mine (sent over the server's version)",
                hint: ("m/t", "mine/theirs", 25)),
            KeyBinding([.character("t")], .takeTheirs, label: "t", help: "conflict: take theirs (mine dropped)"),
            KeyBinding([.character("d")], .delete, label: "d", help: "discard the write (asks first)", hint: ("d", "discard", 30)),
        ])
}
