/// How the explorer shows an API (`--profile FILE`, or a built-in one chosen by the API's
/// identity): per resource the list's columns, the title field, an image field and the search
/// parameter, and the order of the resources. What it does not name is as without a profile.
/// A value; thread-safe.
public struct ExplorerProfile: Sendable, Hashable {
    /// Its name, as the status line and the docs say it (`SWAPI`, or the file's name).
    public let name: String
    /// The resources shown first, in this order; the others follow in the API's order.
    public let order: [String]
    /// What it says of each resource, by the resource's name.
    public let resources: [String: ResourceProfile]

    /// A profile as given.
    public init(name: String, order: [String] = [], resources: [String: ResourceProfile] = [:]) {
        self.name = name
        self.order = order
        self.resources = resources
    }

    /// What it says of the resource named `name`, nil when nothing.
    public func resource(_ name: String) -> ResourceProfile? { resources[name] }

    /// `names` in the profile's order: those `order` names first, as it names them, then the rest
    /// as given. A name `order` gives that is not among `names` is skipped.
    public func ordered(_ names: [String]) -> [String] {
        let present = Set(names)
        var seen = Set<String>()
        let first = order.filter { present.contains($0) && seen.insert($0).inserted }
        return first + names.filter { !seen.contains($0) }
    }
}

/// What a profile says of one resource: the list's columns, the field that titles an entity, the
/// field holding its picture's URL, how the API searches it and what else its list is filtered by,
/// and how many of its entities one read may ask for by their ids (`/character/1,2,3`). A value;
/// thread-safe.
public struct ResourceProfile: Sendable, Hashable {
    /// How the resource is searched.
    public enum Search: Sendable, Hashable {
        /// As the explorer found (the API's index or description).
        case asFound
        /// Through this query parameter (`search`, `name`).
        case parameter(String)
        /// Not through the API: `/` filters the rows read so far.
        case none
    }

    /// The list's columns after the title, in order.
    public let columns: [ProfileColumn]
    /// The field whose value titles an entity (else `name`, `title`, the first short string).
    public let title: FieldPath?
    /// The field holding the URL of the entity's picture.
    public let image: FieldPath?
    public let search: Search
    /// The most entities one read asks for, their ids joined by commas after the collection's path
    /// (`/character/1,2,3`, answered by an array of them); nil: one read an entity.
    public let batch: Int?
    /// The query parameters `/` sets with `name=value` words (`status`, `species`), in order.
    public let filters: [String]

    /// A resource's profile as given.
    public init(
        columns: [ProfileColumn] = [], title: FieldPath? = nil, image: FieldPath? = nil, search: Search = .asFound,
        batch: Int? = nil, filters: [String] = []
    ) {
        self.columns = columns
        self.title = title
        self.image = image
        self.search = search
        self.batch = batch
        self.filters = filters
    }

    /// The search parameter to use where the explorer found `found`.
    public func searchParameter(found: String?) -> String? {
        switch search {
        case .asFound: found
        case .parameter(let name): name
        case .none: nil
        }
    }
}

/// One column of a list: the field it shows, its heading and its width in cells. A value;
/// thread-safe.
public struct ProfileColumn: Sendable, Hashable {
    public let field: FieldPath
    /// The heading (the field's last name unless the profile says).
    public let label: String
    /// The width in cells (the label's width, at least 12, unless the profile says).
    public let width: Int

    /// A column as given; `label` and `width` default as said above.
    public init(field: FieldPath, label: String? = nil, width: Int? = nil) {
        self.field = field
        let named: String? = field.steps.reversed().lazy.compactMap { step -> String? in
            if case .member(let name) = step { return name }
            return nil
        }.first
        let label = label ?? named ?? field.description
        self.label = label
        self.width = width ?? max(12, label.count)
    }
}
