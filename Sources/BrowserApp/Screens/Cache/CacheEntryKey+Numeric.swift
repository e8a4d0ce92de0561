import RepositoryCore

extension CacheEntryKey {
    /// The order the Cache screen shows keys in: by kind, then an entity's id as a number
    /// (`character 2` before `character 10`), then the key's bytes (the tiers' order).
    func shownBefore(_ other: CacheEntryKey) -> Bool {
        guard kind == other.kind, let left = id.flatMap(Int.init), let right = other.id.flatMap(Int.init),
            left != right
        else { return self < other }
        return left < right
    }
}
