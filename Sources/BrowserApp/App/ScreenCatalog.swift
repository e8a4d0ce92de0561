import TerminalUI

/// A screen that a global key opens over any screen: the key's binding (its action is
/// `.openScreen(name)`), the screen's key scopes, and how the screen is made. A plain value.
package struct ScreenOpener: Sendable {
    /// The opener's name, unique among openers (the binding's action carries it).
    package let name: String
    /// The global binding that opens the screen.
    package let binding: KeyBinding
    /// The key scopes the screen uses (the key table's tests press every binding of each).
    package let scopes: [KeyTable.Scope]
    /// Makes the screen to push.
    package let make: @Sendable (BrowserServices) -> any ScreenModel

    /// An opener named `name`: `keys` (written `label` in the help overlay, with `help` and an
    /// optional footer hint as (keys, word, rank)) push the screen `make` returns.
    package init(
        _ name: String, keys: [Key], label: String, help: String,
        hint: (keys: String, word: String, rank: Int)? = nil, scopes: [KeyTable.Scope],
        make: @escaping @Sendable (BrowserServices) -> any ScreenModel
    ) {
        self.name = name
        binding = KeyBinding(keys, .openScreen(name), label: label, help: help, hint: hint)
        self.scopes = scopes
        self.make = make
    }
}

/// The browser's screens. The lists are at the bottom of the stack and push the details; any
/// other screen is opened by a global key and registered here, one line in `openers`, its code
/// in its own folder under `Screens/`.
package enum ScreenCatalog {
    /// The screens a global key opens, over any screen.
    package static let openers: [ScreenOpener] = [
        ScreenOpener(
            "cache", keys: [.character("4")], label: "4", help: "the Cache screen: what is cached, per tier",
            hint: ("4", "cache", 95), scopes: [.cache], make: { CacheScreen(services: $0) }),
        ScreenOpener(
            "changes", keys: [.character("5")], label: "5",
            help: "the Changes screen: writes pending, in conflict or refused", scopes: [.changes],
            make: { _ in ChangesScreen() }),
    ]

    /// The key scopes of every screen: the lists', the details', then those of `openers`.
    package static var scopes: [KeyTable.Scope] {
        [.characterList, .entityList, .characterDetail, .entityDetail] + openers.flatMap(\.scopes)
    }
}

extension KeyTable.Scope: CaseIterable {
    /// Every screen's scope (`ScreenCatalog.scopes`).
    package static var allCases: [KeyTable.Scope] { ScreenCatalog.scopes }
}
