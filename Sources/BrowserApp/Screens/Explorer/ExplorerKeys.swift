import TerminalUI

extension KeyTable.Scope {
    /// An explored API's list's keys.
    static let explorerList = KeyTable.Scope(
        "explorer list",
        bindings: [
            KeyBinding(
                [.character("j"), .down], .moveDown, label: "j ↓", help: "next row (reads its page when needed)",
                hint: ("j/k", "move", 80)),
            KeyBinding([.character("k"), .up], .moveUp, label: "k ↑", help: "previous row"),
            KeyBinding([.pageDown, .character(" ")], .pageDown, label: "PgDn Space", help: "a screen down"),
            KeyBinding([.pageUp], .pageUp, label: "PgUp", help: "a screen up"),
            KeyBinding([.character("g"), .home], .first, label: "g Home", help: "first row"),
            KeyBinding([.character("G"), .end], .last, label: "G End", help: "last row of the list"),
            KeyBinding([.enter], .open, label: "Enter", help: "open the row", hint: ("enter", "open", 10)),
            KeyBinding(
                [.character("/")], .filter, label: "/",
                help: "filter: the API's own search when it has one, else the rows read so far",
                hint: ("/", "filter", 20)),
            KeyBinding([.escape, .backspace], .clearFilters, label: "Esc", help: "clear the filter, else back"),
            KeyBinding(
                [.character("y")], .copy(.json), label: "y",
                help: "copy the selected row's entity as JSON (read through the cache; OSC 52)"),
            KeyBinding([.character("Y")], .copy(.url), label: "Y", help: "copy the selected row's URL"),
        ] + KeyTable.resourceMoves)

    /// An explored entity's detail's keys.
    static let explorerDetail = KeyTable.Scope(
        "explorer detail",
        bindings: [
            KeyTable.backOneScreen,
            KeyBinding(
                [.enter], .open, label: "Enter", help: "follow the link, or open or fold the node",
                hint: ("enter", "open", 20)),
            KeyBinding(
                [.character("n")], .nextLink, label: "n", help: "next link", hint: ("n/p", "links", 25)),
            KeyBinding([.character("p")], .previousLink, label: "p", help: "previous link"),
        ] + KeyTable.lineMoves(hintPriority: 30) + [
            KeyBinding([.character("y")], .copy(.json), label: "y", help: "copy the entity as JSON (OSC 52)"),
            KeyBinding(
                [.character("Y")], .copy(.url), label: "Y", help: "copy the URL of the link on the cursor, else the entity's"),
        ] + KeyTable.resourceMoves)

    /// A Rick and Morty character's detail's keys (its links: origin, location, each episode).
    static let characterDetail = KeyTable.Scope(
        "character detail",
        bindings: [
            KeyTable.backOneScreen,
            KeyBinding(
                [.character("n"), .tab], .nextLink, label: "n Tab",
                help: "next link: origin, location, each episode", hint: ("n/p", "link", 20)),
            KeyBinding([.character("p"), .backTab], .previousLink, label: "p Shift-Tab", help: "previous link"),
            KeyBinding([.enter], .open, label: "Enter", help: "follow the selected link", hint: ("enter", "follow", 30)),
        ] + KeyTable.lineMoves(hintPriority: 80) + [
            KeyBinding([.character("e")], .edit, label: "e", help: "edit the character (a form)", hint: ("e", "edit", 45)),
            KeyBinding([.character("x")], .delete, label: "x", help: "delete the character (asks first)"),
        ] + KeyTable.copyBindings)

    /// The resource picker's keys (it takes typing: letters narrow the resources).
    static let explorerPicker = KeyTable.Scope(
        "resource picker",
        bindings: [
            KeyBinding(
                [.enter], .typed(.enter), label: "Enter", help: "open the resource", hint: ("enter", "open", 10)),
            KeyBinding([.escape], .typed(.escape), label: "Esc", help: "close the picker", hint: ("esc", "close", 20)),
            KeyBinding([.down, .tab], .typed(.down), label: "↓ Tab", help: "next resource", hint: ("↓/↑", "move", 30)),
            KeyBinding([.up], .typed(.up), label: "↑", help: "previous resource"),
            KeyBinding([.backspace], .typed(.backspace), label: "Backspace", help: "delete a letter typed"),
            KeyBinding([.home], .typed(.home), label: "Home", help: "first resource"),
            KeyBinding([.end], .typed(.end), label: "End", help: "last resource"),
        ])
}

extension KeyTable {
    /// Esc and Backspace on a detail: back one screen.
    static let backOneScreen = KeyBinding(
        [.escape, .backspace], .back, label: "Esc Backspace", help: "back one screen", hint: ("esc", "back", 10))

    /// The moves of a detail's cursor line (`j`/`k` hinted at `hintPriority`): a line, a screen,
    /// the top and the end.
    static func lineMoves(hintPriority: Int) -> [KeyBinding] {
        [
            KeyBinding(
                [.character("j"), .down], .moveDown, label: "j ↓", help: "next line",
                hint: ("j/k", "move", hintPriority)),
            KeyBinding([.character("k"), .up], .moveUp, label: "k ↑", help: "previous line"),
            KeyBinding([.pageDown, .character(" ")], .pageDown, label: "PgDn Space", help: "a screen down"),
            KeyBinding([.pageUp], .pageUp, label: "PgUp", help: "a screen up"),
            KeyBinding([.character("g"), .home], .first, label: "g Home", help: "the top"),
            KeyBinding([.character("G"), .end], .last, label: "G End", help: "the end"),
        ]
    }

    /// The moves every screen has: `1`–`3`, and `:` while an API is explored (`exploring`).
    static func resourceMoves(exploring: Bool) -> [KeyBinding] {
        resourceMoves.filter { exploring || $0.action != .pickResource }
    }

    /// The first three resources and the resource picker, the explored API's screens' own.
    static let resourceMoves: [KeyBinding] = [
        KeyBinding(
            [.character("1")], .openResource(0), label: "1 2 3", help: "the API's first three resources, each where it was left",
            hint: ("1/2/3", "resources", 100)),
        KeyBinding([.character("2")], .openResource(1), label: "", help: ""),
        KeyBinding([.character("3")], .openResource(2), label: "", help: ""),
        KeyBinding(
            [.character(":")], .pickResource, label: ":", help: "pick any resource (type to narrow)",
            hint: (":", "resources", 105)),
    ]
}
