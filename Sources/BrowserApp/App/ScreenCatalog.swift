import TerminalUI

/// A screen that a global key opens over any screen: the key's binding (its action is
/// `.openScreen(name)`), the screen's key scopes, and how the screen is made. A plain value.
public struct ScreenOpener: Sendable {
    /// The opener's name, unique among openers (the binding's action carries it).
    public let name: String
    /// The global binding that opens the screen.
    public let binding: KeyBinding
    /// The key scopes the screen uses (the key table's tests press every binding of each).
    public let scopes: [KeyTable.Scope]
    /// Makes the screen to push.
    public let make: @Sendable (BrowserServices) -> any ScreenModel

    /// An opener named `name`: `keys` (written `label` in the help overlay, with `help` and an
    /// optional footer hint as (keys, word, rank)) push the screen `make` returns.
    public init(
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
public enum ScreenCatalog {
    /// The screens a global key opens, over any screen.
    public static let openers: [ScreenOpener] = [
        ScreenOpener(
            "cache", keys: [.character("4")], label: "4", help: "the Cache screen: what is cached, per tier",
            hint: ("4", "cache", 95), scopes: [.cache], make: { CacheScreen(services: $0) })
    ]

    /// The key scopes of every screen: the lists', the details', then those of `openers`.
    public static var scopes: [KeyTable.Scope] {
        [.characterList, .entityList, .characterDetail, .entityDetail] + openers.flatMap(\.scopes)
    }
}

extension KeyTable.Scope: CaseIterable {
    /// Every screen's scope (`ScreenCatalog.scopes`).
    public static var allCases: [KeyTable.Scope] { ScreenCatalog.scopes }
}
