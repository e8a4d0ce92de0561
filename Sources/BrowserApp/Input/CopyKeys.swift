import TerminalUI

extension KeyTable {
    /// `y` and `Y`, on every screen that shows an entity: the lists (the selected row) and the
    /// details (the open entity).
    static let copyBindings = [
        KeyBinding(
            [.character("y")], .copy(.json), label: "y",
            help: "copy the selected or open entity as JSON (OSC 52)"),
        KeyBinding([.character("Y")], .copy(.url), label: "Y", help: "copy its API URL"),
    ]
}
