import RepositoryCore

extension AnswerEvent {
    /// The cache keys this answer read, from its query text: `character 42` → `character/id:42`,
    /// `episodes 1,2` → `episode/id:1`, `episode/id:2`, `page 3 (status=alive)` →
    /// `character-page-ids/page:3?status=alive`, `location page 2` → `location-page-ids/page:2`.
    /// Empty for avatars and texts of no known form.
    public var cacheKeys: [CacheEntryKey] {
        guard kind != nil else { return [] }
        var words = query.split(separator: " ", maxSplits: 1).map(String.init)
        guard words.count == 2 else { return [] }
        let plurals = ["characters": "character", "episodes": "episode", "locations": "location"]
        if let single = plurals[words[0]] {
            return words[1].split(separator: ",").map { CacheEntryKey(kind: single, key: "id:\($0)") }
        }
        if ["character", "episode", "location"].contains(words[0]), !words[1].hasPrefix("page") {
            return [CacheEntryKey(kind: words[0], key: "id:\(words[1])")]
        }
        var listKind = "character"
        if words[0] != "page" {
            listKind = words[0]
            words = words[1].split(separator: " ", maxSplits: 1).map(String.init)
            guard words.count == 2, words[0] == "page" else { return [] }
        }
        return Self.pageKey(listKind: listKind, text: words[1]).map { [$0] } ?? []
    }

    /// `3 (name=rick, status=alive)` of `listKind` → its key.
    private static func pageKey(listKind: String, text: String) -> CacheEntryKey? {
        let parts = text.split(separator: " ", maxSplits: 1)
        guard let first = parts.first, let number = Int(first), number >= 1 else { return nil }
        var filters: [String: String] = [:]
        if parts.count == 2 {
            let inside = parts[1].trimmingPrefix("(").dropLast(parts[1].hasSuffix(")") ? 1 : 0)
            for pair in inside.split(separator: ",") {
                let nameAndValue = pair.trimmingPrefix(" ").split(separator: "=", maxSplits: 1)
                guard nameAndValue.count == 2 else { return nil }
                filters[String(nameAndValue[0])] = String(nameAndValue[1])
            }
        }
        return CacheEntryKey(
            kind: "\(listKind)-page-ids", query: .page(PageQuery(number: number, filters: filters)))
    }
}
