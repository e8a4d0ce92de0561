import RickAndMortyModel

/// What the generic list needs of an entity kind: its kind, its filters, and what a row shows.
/// Conformers are plain values.
public protocol ListedEntity: Sendable, Hashable, Codable, Identifiable where ID == Int {
    /// The kind, for queries, events and titles.
    static var kind: EntityKind { get }
    /// The filters the API allows on its list, in display order.
    static var filterNames: [String] { get }
    /// The column titles and widths; the last column takes what is left.
    static var columns: [(title: String, width: Int)] { get }
    /// The cells of the row, one per column.
    var cells: [String] { get }
    /// The name under which the entity is opened.
    var displayName: String { get }
}

extension Episode: ListedEntity {
    public static var kind: EntityKind { .episode }
    public static var filterNames: [String] { ["name", "episode"] }
    public static var columns: [(title: String, width: Int)] {
        [("ID", 4), ("Code", 6), ("Air date", 18), ("Name", 0)]
    }
    public var cells: [String] { [String(id), code, airDate, name] }
    public var displayName: String { "\(code) \(name)" }
}

extension Location: ListedEntity {
    public static var kind: EntityKind { .location }
    public static var filterNames: [String] { ["name", "type", "dimension"] }
    public static var columns: [(title: String, width: Int)] {
        [("ID", 4), ("Name", 28), ("Type", 16), ("Dimension", 0)]
    }
    public var cells: [String] { [String(id), name, type, dimension] }
    public var displayName: String { name }
}

extension ListedEntity {
    /// `filters` as `name=rick type=Planet`, in the kind's order.
    public static func filterSummary(_ filters: [String: String]) -> String {
        filterNames.compactMap { name in filters[name].map { "\(name)=\($0)" } }.joined(separator: " ")
    }

    /// Parses what the `/` prompt typed: `rick` filters by name; `type=Space station name=cit`
    /// sets each named filter (a word without `=` continues the previous value). Unknown names
    /// are part of the value before them.
    public static func parseFilters(_ text: String) -> [String: String] {
        var filters: [String: String] = [:]
        var current = "name"
        for word in text.split(separator: " ") {
            if let equals = word.firstIndex(of: "="), filterNames.contains(String(word[..<equals])) {
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
