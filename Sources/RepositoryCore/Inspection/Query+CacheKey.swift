extension Query {
    /// The query whose `cacheKey` is `cacheKey`, when the text has one of the forms `cacheKey`
    /// writes (`id:…`, `ids:…`, `all`, `page:N` or `page:N?name=value&…`); nil otherwise. A page
    /// filter whose value holds `&` or `=` does not parse back: look such keys up by their text.
    public init?(cacheKey: String) {
        if cacheKey == "all" {
            self = .all
        } else if cacheKey.hasPrefix("id:") {
            self = .id(String(cacheKey.dropFirst(3)))
        } else if cacheKey.hasPrefix("ids:") {
            let list = cacheKey.dropFirst(4)
            self = .ids(
                list.isEmpty
                    ? [] : list.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
        } else if cacheKey.hasPrefix("page:") {
            let rest = cacheKey.dropFirst(5)
            let parts = rest.split(separator: "?", maxSplits: 1)
            guard let numberText = parts.first, let number = Int(numberText), number >= 1 else { return nil }
            var filters: [String: String] = [:]
            if parts.count == 2 {
                for pair in parts[1].split(separator: "&") {
                    let nameAndValue = pair.split(separator: "=", maxSplits: 1)
                    guard nameAndValue.count == 2 else { return nil }
                    filters[String(nameAndValue[0])] = String(nameAndValue[1])
                }
            }
            self = .page(PageQuery(number: number, filters: filters))
        } else {
            return nil
        }
        guard self.cacheKey == cacheKey else { return nil }
    }
}
