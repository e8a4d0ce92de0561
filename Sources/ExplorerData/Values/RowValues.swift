import ExplorerModel

/// What a list row shows once its entity is read: the title the profile's title field gives (else
/// the entity's), and the text of each of the profile's columns — or why the entity could not be
/// read. A value; thread-safe.
public struct RowValues: Sendable, Hashable {
    public let address: EntityAddress
    /// The title and the cells, or why there are none.
    public let outcome: Result<Cells, ExplorerError>

    /// A row's title and cells.
    public struct Cells: Sendable, Hashable {
        public let title: String
        /// One per column, nil where the entity has no value.
        public let cells: [String?]

        /// Cells as given.
        public init(title: String, cells: [String?]) {
            self.title = title
            self.cells = cells
        }
    }

    /// Values as given.
    public init(address: EntityAddress, outcome: Result<Cells, ExplorerError>) {
        self.address = address
        self.outcome = outcome
    }

    /// The values of `entity` as `profile` says.
    public init(of entity: ExplorerEntity, profile: ResourceProfile) {
        self.init(
            address: entity.address,
            outcome: .success(
                Cells(title: profile.title(of: entity.object) ?? entity.title, cells: profile.cells(of: entity.object))))
    }
}
