import RickAndMortyModel

/// What tells one of the browser's lists from another: its rows, keys, filters and how the
/// `/` prompt writes them, its texts and task keys. A plain value, one per kind; the one pane,
/// row widget, page request and list operations read everything kind-specific from here.
struct ListKind: Sendable {
    /// The kind, for queries, events, the remembered selection and the list switch.
    let kind: EntityKind
    /// The list's rows: their columns, their reads, where their list lives.
    let rows: any ListRow.Type
    /// The keys while the list is shown.
    let keyScope: KeyTable.Scope
    /// Whether the list needs a graph repository (the episodes and locations do).
    let needsGraph: Bool
    /// The filters the `/` prompt sets, in display order.
    let promptFields: [String]
    /// Whether the prompt reads `key=value` words; otherwise its whole text is the first field.
    let keyedPrompt: Bool
    /// The filters Esc keeps (the others it clears).
    let keptOnClear: Set<String>
    /// Whether the pane's title names the filters (the characters' are in the title bar).
    let titleShowsFilters: Bool
    /// The filters' order and separator in the pane's summary, and whether the events' summary
    /// sorts them by name instead (its separator is `, `).
    let summaryOrder: [String]
    let summarySeparator: String
    let querySorted: Bool
    /// What the empty list says, unfiltered and filtered.
    let noneText: String
    let noMatchText: String
    /// How its page reads are named: `page 2`, `episode page 2`; their tasks: `page-2`.
    let queryPrefix: String
    let taskKeyPrefix: String
    let refreshTaskKey: String

    static let characters = ListKind(
        kind: .character, rows: ShowCharacter.self, keyScope: .characterList, needsGraph: false,
        promptFields: ["name"], keyedPrompt: false, keptOnClear: ["species", "type", "gender"],
        titleShowsFilters: false, summaryOrder: ["name", "status", "species", "type", "gender"],
        summarySeparator: ", ", querySorted: false, noneText: "No characters.",
        noMatchText: "No character matches",
        queryPrefix: "page", taskKeyPrefix: "page-", refreshTaskKey: "refresh")
    static let episodes = entities(.episode, rows: Episode.self, promptFields: ["name", "episode"])
    static let locations = entities(
        .location, rows: Location.self, promptFields: ["name", "type", "dimension"])

    private static func entities(_ kind: EntityKind, rows: any ListRow.Type, promptFields: [String])
        -> ListKind
    {
        ListKind(
            kind: kind, rows: rows, keyScope: .entityList, needsGraph: true, promptFields: promptFields,
            keyedPrompt: true, keptOnClear: [], titleShowsFilters: true, summaryOrder: promptFields,
            summarySeparator: " ", querySorted: true, noneText: "None.", noMatchText: "Nothing matches",
            queryPrefix: "\(kind.rawValue) page", taskKeyPrefix: "\(kind.rawValue)-page-",
            refreshTaskKey: "\(kind.rawValue)-refresh")
    }

    /// The description of the `kind` list.
    static func of(_ kind: EntityKind) -> ListKind {
        switch kind {
        case .character: characters
        case .episode: episodes
        case .location: locations
        }
    }

    /// The list after `kind` in Tab order (characters, episodes, locations, characters).
    static func next(after kind: EntityKind) -> EntityKind {
        let all = EntityKind.allCases
        return all[((all.firstIndex(of: kind) ?? 0) + 1) % all.count]
    }

    /// The task key of the read of page `number` (a newer read of the page replaces an older one).
    func taskKey(page number: Int) -> String { "\(taskKeyPrefix)\(number)" }

    /// `filters` as the pane shows them: `name=rick type=Planet`, in the kind's order.
    func summary(_ filters: [String: String]) -> String {
        Self.pairs(filters, order: summaryOrder).joined(separator: summarySeparator)
    }

    /// `page 3`, `page 1 (name=rick, status=alive)`, `location page 1 (type=Planet)`.
    func query(page number: Int, filters: [String: String]) -> String {
        let base = "\(queryPrefix) \(number)"
        let parts = Self.pairs(filters, order: querySorted ? filters.keys.sorted() : summaryOrder)
            .joined(separator: ", ")
        return parts.isEmpty ? base : "\(base) (\(parts))"
    }

    private static func pairs(_ filters: [String: String], order: [String]) -> [String] {
        order.compactMap { name in filters[name].map { "\(name)=\($0)" } }
    }

    /// What the `/` prompt starts with: the name alone, or the filters as `key=value` words.
    func promptText(_ filters: [String: String]) -> String {
        keyedPrompt ? summary(filters) : filters[promptFields[0], default: ""]
    }

    /// The filters after the prompt's `text` was submitted over `filters`.
    func filters(afterPrompt text: String, over filters: [String: String]) -> [String: String] {
        guard keyedPrompt else {
            var changed = filters
            let name = text.trimmingCharacters(in: .whitespaces)
            changed[promptFields[0]] = name.isEmpty ? nil : name
            return changed
        }
        return parseFilters(text)
    }

    /// Parses what the `/` prompt typed: `rick` filters by name; `type=Space station name=cit`
    /// sets each named filter (a word without `=` continues the previous value). Unknown names
    /// are part of the value before them.
    func parseFilters(_ text: String) -> [String: String] {
        var filters: [String: String] = [:]
        var current = "name"
        for word in text.split(separator: " ") {
            if let equals = word.firstIndex(of: "="), promptFields.contains(String(word[..<equals])) {
                current = String(word[..<equals])
                filters[current] = String(word[word.index(after: equals)...])
            } else {
                let previous = filters[current].map { $0.isEmpty ? "" : $0 + " " } ?? ""
                filters[current] = previous + word
            }
        }
        return filters.filter { !$0.value.isEmpty }
    }
}
