import ExplorerModel

/// One row of a list: the entity's address and the title shown at once — a whole entity's own, or
/// the name its reference gives (PokeAPI's `{name, url}`), with no read. A value; thread-safe.
public struct ExplorerRow: Sendable, Hashable {
    public let address: EntityAddress
    /// The title shown (the entity's, or its reference's name; its id when the reference has none).
    public let title: String
    /// True when the list held only a reference: the entity itself is not cached by the page.
    public let isReference: Bool

    /// A row as given.
    public init(address: EntityAddress, title: String, isReference: Bool) {
        self.address = address
        self.title = title
        self.isReference = isReference
    }
}
