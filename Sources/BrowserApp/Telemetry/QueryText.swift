import RickAndMortyModel

/// How queries are named in the status pane and the events log. Pure functions.
public enum QueryText {
    /// The non-empty filters in a fixed order: `name=rick, status=alive`.
    public static func filterSummary(_ filter: CharacterFilter) -> String {
        let parts: [(String, String)] = [
            ("name", filter.name), ("status", filter.status), ("species", filter.species),
            ("type", filter.type),
            ("gender", filter.gender),
        ]
        return parts.filter { !isBlank($0.1) }.map { "\($0.0)=\($0.1)" }.joined(separator: ", ")
    }

    /// Whether `text` holds nothing but tabs and space separators (what trimming `.whitespaces`
    /// would empty), decided without copying it.
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// `character 42`.
    public static func character(_ id: Int) -> String { "character \(id)" }

    /// `episodes 1,2,3`.
    public static func episodes(_ ids: [Int]) -> String {
        "episodes " + ids.map(String.init).joined(separator: ",")
    }

    /// `characters 1,2,3` (a cast or residents batch).
    public static func characters(_ ids: [Int]) -> String {
        "characters " + ids.map(String.init).joined(separator: ",")
    }
}
