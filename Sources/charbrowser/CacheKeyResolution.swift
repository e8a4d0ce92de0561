import CharacterData
import RepositoryCore

/// The entry a key given without its API names (`character/1`, as a person types it) when no
/// `--api` is given: the key of the one API that caches it. Stateless.
enum CacheKeyResolution {
    /// `key` itself when it names its API, `--api` scopes the tiers, or a tier holds it as it is;
    /// else the key of the one API whose entries hold it (`sample|character/id:1`). Held by
    /// several APIs, it fails naming them; held by none, `key` is returned (not cached).
    static func resolve(_ key: CacheEntryKey, in inspector: CacheInspector, api: String?) async throws
        -> CacheEntryKey
    {
        let holding: [CacheEntryKey]
        do throws(RepositoryError) {
            guard api == nil, APIIdentity.split(namespace: key.kind).api == nil,
                try await inspector.row(key) == nil
            else { return key }
            holding = try await holders(of: key, in: inspector)
        } catch {
            throw CacheCommandFailure(error.description)
        }
        guard holding.count > 1 else { return holding.first ?? key }
        let names = holding.compactMap { APIIdentity.split(namespace: $0.kind).api }
        let apis = names.joined(separator: ", ")
        throw CacheCommandFailure("\(key) is cached for \(names.count) APIs (\(apis)): name one with --api")
    }

    /// `key` within each API that caches it.
    static func holders(of key: CacheEntryKey, in inspector: CacheInspector) async throws(RepositoryError)
        -> [CacheEntryKey]
    {
        var holding: [CacheEntryKey] = []
        for api in try await apis(in: inspector) {
            let scoped = CacheEntryKey(kind: api + String(APIIdentity.separator) + key.kind, key: key.key)
            if try await inspector.row(scoped) != nil { holding.append(scoped) }
        }
        return holding
    }

    /// The APIs whose entries some tier holds, sorted: one read per API and tier, each skipping
    /// past the API's namespaces (tiers list entries in namespace byte order).
    static func apis(in inspector: CacheInspector) async throws(RepositoryError) -> [String] {
        var found: Set<String> = []
        for tier in inspector.tiers {
            var cursor: CacheEntryKey?
            // Bounded, in case a tier does not honour the cursor.
            for _ in 0..<10_000 {
                guard let entry = try await tier.entries(after: cursor, limit: 1).entries.first else { break }
                if let api = APIIdentity.split(namespace: entry.key.kind).api {
                    found.insert(api)
                    cursor = CacheEntryKey(kind: api + pastSeparator, key: "")
                } else {
                    cursor = CacheEntryKey(kind: entry.key.kind + "\u{1}", key: "")
                }
            }
        }
        return found.sorted()
    }

    /// The character right after the namespace separator: `API` + it sorts after every `API|kind`.
    private static let pastSeparator: String =
        APIIdentity.separator.unicodeScalars.first.flatMap { Unicode.Scalar($0.value + 1) }
        .map { String(Character($0)) } ?? "\u{10FFFF}"
}
