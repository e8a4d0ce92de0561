import ExplorerData
import ExplorerModel
import RickAndMortyModel

/// What tells one of the browser's lists from another: rows, keys, filters, texts and task keys.
/// A plain value, one per kind; the pane, rows and operations read everything kind-specific here.
/// The filters are those Rick and Morty's built-in profile names, as exploring the API uses them.
struct ListKind: Sendable {
    /// The kind, for queries, events, the remembered selection and the list switch.
    let kind: EntityKind
    /// The list's rows: their columns, their reads, where their list lives.
    let rows: any ListRow.Type
    /// The resource's profile: the filters `/` sets (`name` first), in display order.
    let profile: ResourceProfile?

    static let characters = ListKind(kind: .character, rows: ShowCharacter.self)
    static let episodes = ListKind(kind: .episode, rows: Episode.self)
    static let locations = ListKind(kind: .location, rows: Location.self)

    /// The list of `kind`'s `rows`, filtered as Rick and Morty's profile says.
    private init(kind: EntityKind, rows: any ListRow.Type) {
        self.kind = kind
        self.rows = rows
        profile = Self.rickAndMorty?.resource(ListsStart.resourceName(of: kind))
    }

    /// Rick and Morty's built-in profile, read once.
    private static let rickAndMorty = BuiltInProfiles.named("Rick and Morty")

    /// The filters, in display order.
    var filterNames: [String] { profile?.filters ?? [] }

    /// The episodes and locations, unlike the characters, are read from the graph repository,
    /// take `key=value` words at the prompt and name their filters in the pane's title.
    private var isEntities: Bool { kind != .character }
    /// The keys while the list is shown.
    var keyScope: KeyTable.Scope { isEntities ? .entityList : .characterList }
    /// Whether the list needs a graph repository.
    var needsGraph: Bool { isEntities }
    /// The filters Esc keeps (the others it clears).
    var keptOnClear: Set<String> { isEntities ? [] : ["species", "type", "gender"] }
    /// Whether the pane's title names the filters (the characters' are in the title bar).
    var titleShowsFilters: Bool { isEntities }
    /// What the empty list says, unfiltered and filtered.
    var noneText: String { isEntities ? "None." : "No characters." }
    var noMatchText: String { isEntities ? "Nothing matches" : "No character matches" }
    /// How its page reads are named: `page 2`, `episode page 2`; their tasks: `page-2`.
    private var queryPrefix: String { isEntities ? "\(kind.rawValue) page" : "page" }
    private var taskKeyPrefix: String { isEntities ? "\(kind.rawValue)-page-" : "page-" }
    var refreshTaskKey: String { isEntities ? "\(kind.rawValue)-refresh" : "refresh" }

    /// The description of the `kind` list.
    static func of(_ kind: EntityKind) -> ListKind {
        switch kind {
        case .character: characters
        case .episode: episodes
        case .location: locations
        }
    }

    /// The task key of the read of page `number` (a newer read of the page replaces an older one).
    func taskKey(page number: Int) -> String { "\(taskKeyPrefix)\(number)" }

    /// `filters` as the pane shows them: `name=rick type=Planet`, in the kind's order.
    func summary(_ filters: [String: String]) -> String {
        Self.pairs(filters, order: filterNames).joined(separator: isEntities ? " " : ", ")
    }

    /// `page 3`, `page 1 (name=rick, status=alive)`, `location page 1 (type=Planet)`.
    func query(page number: Int, filters: [String: String]) -> String {
        let base = "\(queryPrefix) \(number)"
        let parts = Self.pairs(filters, order: isEntities ? filters.keys.sorted() : filterNames)
            .joined(separator: ", ")
        return parts.isEmpty ? base : "\(base) (\(parts))"
    }

    private static func pairs(_ filters: [String: String], order: [String]) -> [String] {
        order.compactMap { name in filters[name].map { "\(name)=\($0)" } }
    }

    /// What the `/` prompt starts with: the name alone, or the filters as `key=value` words.
    func promptText(_ filters: [String: String]) -> String {
        isEntities ? summary(filters) : filters["name", default: ""]
    }

    /// The filters after the prompt's `text` was submitted over `filters`.
    func filters(afterPrompt text: String, over filters: [String: String]) -> [String: String] {
        guard isEntities else {
            var changed = filters
            let name = text.trimmingCharacters(in: .whitespaces)
            changed["name"] = name.isEmpty ? nil : name
            return changed
        }
        return parseFilters(text)
    }

    /// Parses what the `/` prompt typed as an explored list's query is parsed: `rick` filters by
    /// name; `type=Space station name=cit` sets each named filter (a word without `=` continues the
    /// previous value). Unknown names are part of the value before them.
    func parseFilters(_ text: String) -> [String: String] {
        ExplorerListQuery(text, resource: nil, profile: profile).filters
    }
}

extension CaseIterable where Self: Equatable {
    /// The case after this one in `allCases`, the first after the last: where a key that cycles
    /// steps to (Tab through the lists, `s` through the status filters and the Cache screen's orders).
    var next: Self {
        let all = Array(Self.allCases)
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }
}
