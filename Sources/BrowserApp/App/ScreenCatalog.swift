import TerminalUI

/// A screen that a global key opens over any screen: the key's binding (its action is
/// `.openScreen(name)`), the screen's type, and how the screen is made. A plain value.
struct ScreenOpener: Sendable {
    /// The opener's name, unique among openers (the binding's action carries it).
    let name: String
    /// The global binding that opens the screen.
    let binding: KeyBinding
    /// The type of the screen it opens (its key scopes find it on the stack).
    let screen: any ScreenModel.Type
    /// Makes the screen to push.
    let make: @Sendable (BrowserServices) -> any ScreenModel

    init(
        _ name: String, keys: [Key], label: String, help: String,
        hint: (keys: String, word: String, rank: Int)? = nil, screen: any ScreenModel.Type,
        make: @escaping @Sendable (BrowserServices) -> any ScreenModel
    ) {
        self.name = name
        binding = KeyBinding(keys, .openScreen(name), label: label, help: help, hint: hint)
        self.screen = screen
        self.make = make
    }
}

/// The browser's screens: opened by a global key (`openers`) or pushed by another screen, or the
/// lists at the bottom (`pushed`); `.ci/check-architecture` fails when a `ScreenModel` is in neither.
enum ScreenCatalog {
    /// The screens a global key opens, over any screen.
    static let openers: [ScreenOpener] = [
        ScreenOpener(
            "cache", keys: [.character("4")], label: "4", help: "the Cache screen: what is cached, per tier",
            hint: ("4", "cache", 95), screen: CacheScreen.self, make: { CacheScreen(services: $0) }),
        ScreenOpener(
            "changes", keys: [.character("5")], label: "5",
            help: "the Changes screen: writes pending, in conflict or refused", screen: ChangesScreen.self,
            make: { _ in ChangesScreen() }),
    ]

    /// The screens at the bottom of the stack and those another screen pushes (not opened by a
    /// global key).
    static let pushed: [any ScreenModel.Type] = [
        ListScreen.self, EditCharacterScreen.self, ExplorerDetailScreen.self, ExplorerPickerScreen.self,
    ]

    /// The key scopes of every screen, read off their types: those of `pushed` (the lists' and
    /// the details' first), then those of `openers`.
    static let scopes: [KeyTable.Scope] = (pushed + openers.map(\.screen)).flatMap { $0.keyScopes }
}

extension KeyTable.Scope: CaseIterable {
    /// Every screen's scope (`ScreenCatalog.scopes`).
    package static var allCases: [KeyTable.Scope] { ScreenCatalog.scopes }
}
