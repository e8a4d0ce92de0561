import ExplorerData
import ExplorerModel

/// What `/` typed on an explored list, as the API is asked it: the words go to the resource's
/// search; a `name=value` word of a filter its profile names sets that query parameter, and the
/// words after it continue its value (`type=Space station name=cit`). A plain value.
struct ExplorerListQuery: Sendable, Hashable {
    /// The text for the API's search parameter, if any.
    var search: String?
    /// The other query parameters, by name.
    var filters: [String: String] = [:]
    /// The search parameter's name, as the pairs name it.
    private(set) var parameter: String

    /// The query `text` makes of `resource`'s list, as `profile` names its filters.
    init(_ text: String, resource: ExplorerResource?, profile: ResourceProfile?) {
        let names = profile?.filters ?? []
        parameter = resource?.searchParameter ?? names.first ?? "search"
        guard !names.isEmpty else {
            search = text
            return
        }
        var values: [String: String] = [:]
        var current = parameter
        for word in text.split(separator: " ") {
            if let equals = word.firstIndex(of: "="), names.contains(String(word[..<equals])) {
                current = String(word[..<equals])
                values[current] = String(word[word.index(after: equals)...])
            } else {
                values[current] = values[current].map { $0.isEmpty ? String(word) : $0 + " " + word } ?? String(word)
            }
        }
        values = values.filter { !$0.value.isEmpty }
        if resource?.searchParameter != nil { search = values.removeValue(forKey: parameter) }
        filters = values
    }

    /// The query of `search` and `filters` on `resource`'s list, as `profile` names its filters.
    init(search: String?, filters: [String: String], resource: ExplorerResource?, profile: ResourceProfile?) {
        self.search = search
        self.filters = filters
        parameter = resource?.searchParameter ?? profile?.filters.first ?? "search"
    }

    /// `name=cit`, `type=Planet`: the search first, then the filters by name.
    var pairs: [String] {
        (search.map { ["\(parameter)=\($0)"] } ?? []) + filters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }
}
