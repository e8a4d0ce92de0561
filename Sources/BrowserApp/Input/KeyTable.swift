import TerminalUI

/// The browser's keys in one table: the bindings of each screen and those of every screen.
/// Dispatch (`action(for:in:hasToast:)`), the footer (`hints(for:)`) and the help overlay
/// (`bindings(for:)`) all read it, so what they show is what the keys do. Plain values.
public enum KeyTable {
    /// Which screen's bindings apply. A plain value.
    public enum Scope: Sendable, Hashable, CaseIterable {
        /// The character list.
        case characterList
        /// The episode or location list.
        case entityList
        /// A character's detail.
        case characterDetail
        /// An episode's or location's detail.
        case entityDetail
    }

    /// The keys of every screen; they win over a screen's own, but Esc closes a toast only
    /// while one is shown.
    public static let global: [KeyBinding] = [
        KeyBinding([.character("q")], .quit, label: "q", help: "quit", hint: ("q", "quit", 70)),
        KeyBinding([.character("?")], .showHelp, label: "?", help: "this help", hint: ("?", "help", 60)),
        KeyBinding(
            [.character("r")], .refresh, label: "r", help: "refresh what is shown (remoteFirst)",
            hint: ("r", "refresh", 40)),
        KeyBinding(
            [.character("o")], .toggleNetwork, label: "o", help: "toggle offline", hint: ("o", "offline", 50)),
        KeyBinding(
            [.character("c")], .clearCache(.memory), label: "c", help: "clear the memory cache",
            hint: ("c/C", "clear", 90)),
        KeyBinding(
            [.character("C")], .clearCache(.memoryAndDisk), label: "C", help: "clear memory and disk caches"),
        KeyBinding([.escape], .dismissToast, label: "Esc", help: "close a toast (first)"),
    ]

    /// The keys of the three lists (`characters` adds the status filter).
    private static func listBindings(characters: Bool) -> [KeyBinding] {
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
            KeyBinding([.tab], .nextList, label: "Tab", help: "the next list"),
        ]
        return bindings
    }

    /// The keys of a screen, without the global ones.
    public static func bindings(for scope: Scope) -> [KeyBinding] {
        switch scope {
        case .characterList: characterList
        case .entityList: entityList
        case .characterDetail: characterDetail
        case .entityDetail: entityDetail
        }
    }

    private static let characterList = listBindings(characters: true)
    private static let entityList = listBindings(characters: false)

    private static let characterDetail: [KeyBinding] = [
        KeyBinding(
            [.escape, .backspace], .back, label: "Esc Backspace", help: "back one screen",
            hint: ("esc", "back", 10)),
        KeyBinding(
            [.character("n"), .tab], .nextLink, label: "n Tab",
            help: "next link: origin, location, each episode", hint: ("n/p", "link", 20)),
        KeyBinding([.character("p"), .backTab], .previousLink, label: "p Shift-Tab", help: "previous link"),
        KeyBinding(
            [.enter], .open, label: "Enter", help: "follow the selected link", hint: ("enter", "follow", 30)),
        KeyBinding(
            [.character("j"), .down], .moveDown, label: "j ↓", help: "scroll down",
            hint: ("j/k", "scroll", 80)),
        KeyBinding([.character("k"), .up], .moveUp, label: "k ↑", help: "scroll up"),
        KeyBinding([.pageDown, .character(" ")], .pageDown, label: "PgDn Space", help: "a screen down"),
        KeyBinding([.pageUp], .pageUp, label: "PgUp", help: "a screen up"),
        KeyBinding([.character("g"), .home], .first, label: "g Home", help: "the top"),
        KeyBinding([.character("G"), .end], .last, label: "G End", help: "the end"),
    ]

    private static let entityDetail: [KeyBinding] = [
        KeyBinding(
            [.escape, .backspace], .back, label: "Esc Backspace", help: "back one screen",
            hint: ("esc", "back", 10)),
        KeyBinding(
            [.enter], .open, label: "Enter", help: "open the selected character", hint: ("enter", "open", 20)),
        KeyBinding(
            [.character("j"), .down], .moveDown, label: "j ↓", help: "next character",
            hint: ("j/k", "move", 30)),
        KeyBinding([.character("k"), .up], .moveUp, label: "k ↑", help: "previous character"),
        KeyBinding([.pageDown, .character(" ")], .pageDown, label: "PgDn Space", help: "a screen down"),
        KeyBinding([.pageUp], .pageUp, label: "PgUp", help: "a screen up"),
        KeyBinding([.character("g"), .home], .first, label: "g Home", help: "first character"),
        KeyBinding([.character("G"), .end], .last, label: "G End", help: "last character"),
    ]

    /// What `key` does on `scope`: a global binding first (Esc's only while `hasToast`), then
    /// the screen's; nil when the key is not bound there.
    public static func action(for key: Key, in scope: Scope, hasToast: Bool) -> BrowserAction? {
        for binding in global where binding.keys.contains(key) {
            if binding.action == .dismissToast, !hasToast { continue }
            return binding.action
        }
        return bindings(for: scope).first { $0.keys.contains(key) }?.action
    }

    /// The footer's hints on `scope`: the screen's and the global ones, by rank.
    public static func hints(for scope: Scope) -> [KeyHint] { hintsByScope[scope] ?? [] }

    /// Every scope's footer hints, worked out once (the footer asks on every frame).
    private static let hintsByScope: [Scope: [KeyHint]] = Dictionary(
        uniqueKeysWithValues: Scope.allCases.map { scope in
            let hints = (bindings(for: scope) + global)
                .compactMap(\.hint)
                .sorted { $0.rank < $1.rank }
                .map { KeyHint($0.keys, $0.word) }
            return (scope, hints)
        })
}
