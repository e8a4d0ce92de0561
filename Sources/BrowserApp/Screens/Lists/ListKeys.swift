import TerminalUI

extension KeyTable.Scope {
    /// The character list's keys.
    static let characterList = KeyTable.Scope(
        "character list", bindings: KeyTable.listBindings(characters: true))
    /// The episode and location lists' keys.
    static let entityList = KeyTable.Scope(
        "entity list", bindings: KeyTable.listBindings(characters: false))
}

extension KeyTable {
    /// The keys of the three lists (`characters` adds the status filter).
    fileprivate static func listBindings(characters: Bool) -> [KeyBinding] {
        var bindings = [
            KeyBinding(
                [.character("j"), .down], .moveDown, label: "j ↓",
                help: "next row (reads the next page at the end)",
                hint: ("j/k", "move", 80)),
            KeyBinding([.character("k"), .up], .moveUp, label: "k ↑", help: "previous row"),
            KeyBinding([.pageDown], .pageDown, label: "PgDn", help: "a screen down"),
            KeyBinding([.pageUp], .pageUp, label: "PgUp", help: "a screen up"),
            KeyBinding([.character("g"), .home], .first, label: "g Home", help: "first row"),
            KeyBinding(
                [.character("G"), .end], .last, label: "G End",
                help: "last row reached; again: reads the next page"),
            KeyBinding([.enter], .open, label: "Enter", help: "open the row", hint: ("enter", "open", 10)),
            KeyBinding(
                [.character("/")], .filter, label: "/",
                help: characters ? "filter by name" : "filter (name; key=value for others)",
                hint: ("/", characters ? "name" : "filter", 20)),
            KeyBinding([.escape], .clearFilters, label: "Esc", help: "clear the filters"),
        ]
        if characters {
            bindings.append(
                KeyBinding(
                    [.character("s")], .cycleStatus, label: "s", help: "cycle status: any alive dead unknown",
                    hint: ("s", "status", 30)))
        }
        bindings += [
            KeyBinding(
                [.character("1")], .showList(.character), label: "1 2 3",
                help: "characters, episodes, locations",
                hint: ("1/2/3", "lists", 100)),
            KeyBinding([.character("2")], .showList(.episode), label: "", help: ""),
            KeyBinding([.character("3")], .showList(.location), label: "", help: ""),
            KeyBinding([.tab], .nextList, label: "Tab", help: "the next list (then the Cache screen)"),
        ]
        return bindings + copyBindings
    }
}
