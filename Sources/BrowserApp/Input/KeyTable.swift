import TerminalUI

/// The browser's keys in one table: the bindings of each screen and those of every screen.
/// Dispatch (`action(for:in:hasToast:)`), the footer (`hints(for:)`) and the help overlay
/// (`Scope.bindings`) all read it, so what they show is what the keys do. Plain values.
package enum KeyTable {
    /// Which screen's bindings apply, declared beside the screen's code (`KeyTable.Scope.characterDetail`,
    /// …). Two scopes are equal when their names are. A plain value.
    package struct Scope: Sendable, Hashable, CustomStringConvertible {
        /// The scope's name (`character list`), unique among scopes.
        let name: String
        /// The screen's bindings, without the global ones.
        let bindings: [KeyBinding]

        init(_ name: String, bindings: [KeyBinding]) {
            self.name = name
            self.bindings = bindings
        }

        package static func == (lhs: Scope, rhs: Scope) -> Bool { lhs.name == rhs.name }
        package func hash(into hasher: inout Hasher) { hasher.combine(name) }
        package var description: String { name }
    }

    /// The keys of every screen; they win over a screen's own, but Esc closes a toast only
    /// while one is shown.
    static let global: [KeyBinding] =
        [
            KeyBinding([.character("q")], .quit, label: "q", help: "quit", hint: ("q", "quit", 70)),
            KeyBinding([.character("?")], .showHelp, label: "?", help: "this help", hint: ("?", "help", 60)),
            KeyBinding(
                [.character("r")], .refresh, label: "r", help: "refresh what is shown (remoteFirst)",
                hint: ("r", "refresh", 40)),
            KeyBinding(
                [.character("o")], .toggleNetwork, label: "o", help: "toggle offline",
                hint: ("o", "offline", 50)),
            KeyBinding(
                [.character("c")], .clearCache(.memory), label: "c", help: "clear the memory cache",
                hint: ("c/C", "clear", 90)),
            KeyBinding(
                [.character("C")], .clearCache(.memoryAndDisk), label: "C",
                help: "clear memory and disk caches"),
            KeyBinding([.escape], .dismissToast, label: "Esc", help: "close a toast (first)"),
        ] + ScreenCatalog.openers.map(\.binding)

    /// The global bindings the help and the footer show on `scope`: those whose action the screen
    /// binds too are said by the screen's binding (`r` on the Changes screen sends a write).
    static func global(sayingOn scope: Scope) -> [KeyBinding] {
        global.filter { binding in !scope.bindings.contains { $0.action == binding.action } }
    }

    /// What `key` does on `scope`: a global binding first, then the moves every screen has (`1`–`3`,
    /// and `:` while an API is explored, `exploring`), then the screen's.
    static func action(for key: Key, in scope: Scope, hasToast: Bool, exploring: Bool) -> BrowserAction? {
        if !global.contains(where: { $0.keys.contains(key) }),
            let move = resourceMoves(exploring: exploring).first(where: { $0.keys.contains(key) })
        {
            return move.action
        }
        return action(for: key, in: scope, hasToast: hasToast)
    }

    /// What `key` does on `scope`: a global binding first (Esc's only while `hasToast`), then
    /// the screen's; nil when the key is not bound there.
    static func action(for key: Key, in scope: Scope, hasToast: Bool) -> BrowserAction? {
        for binding in global where binding.keys.contains(key) {
            if binding.action == .dismissToast, !hasToast { continue }
            return binding.action
        }
        return scope.bindings.first { $0.keys.contains(key) }?.action
    }

    /// The name of the first key that does `action` on `scope` (global bindings first), as the
    /// help overlay writes it (`r`, `Esc`, `Enter`): what a text that names a key says, so it
    /// names the key that does it. The action's own name when no key does it.
    static func keyName(of action: BrowserAction, in scope: Scope) -> String {
        let binding = (global + scope.bindings).first { $0.action == action && !$0.label.isEmpty }
        return binding?.label.split(separator: " ").first.map(String.init) ?? "\(action)"
    }

    /// The footer's hints on `scope`: the screen's and the global ones, by rank.
    /// Without `withGlobal` (a screen that takes typing, where the global keys type), only the
    /// screen's own.
    static func hints(for scope: Scope, withGlobal: Bool = true) -> [KeyHint] {
        if withGlobal, let hints = hintsByScope[scope.name] { return hints }
        return workOutHints(for: scope, withGlobal: withGlobal)
    }

    /// What each of the footer's hints on `scope` does, in the order of `hints(for:)`: a click on
    /// a hint does what its (first) key does.
    static func hintActions(for scope: Scope, withGlobal: Bool = true) -> [BrowserAction] {
        hintBindings(for: scope, withGlobal: withGlobal).map(\.action)
    }

    /// Every catalogued scope's footer hints, worked out once (the footer asks on every frame).
    private static let hintsByScope: [String: [KeyHint]] = Dictionary(
        ScreenCatalog.scopes.map { ($0.name, workOutHints(for: $0, withGlobal: true)) },
        uniquingKeysWith: { first, _ in first })

    private static func workOutHints(for scope: Scope, withGlobal: Bool) -> [KeyHint] {
        hintBindings(for: scope, withGlobal: withGlobal).compactMap(\.hint).map { KeyHint($0.keys, $0.word) }
    }

    /// The bindings with a footer hint on `scope`, by the hint's rank.
    private static func hintBindings(for scope: Scope, withGlobal: Bool) -> [KeyBinding] {
        (scope.bindings + (withGlobal ? global(sayingOn: scope) : []))
            .filter { $0.hint != nil }
            .sorted { ($0.hint?.rank ?? 0) < ($1.hint?.rank ?? 0) }
    }
}
