import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyModel

/// Keeps `RememberedBrowser` in the cache database's device storage, one set of keys per API (the
/// prefix is `APIIdentity.id` and a slash). Plain values (the active list, the switch, images, the
/// mouse) are stored as themselves, structured ones (filters, selections) as JSON.
///
/// Reading never fails: a stored value of the wrong type or unreadable JSON is ignored and
/// described in `notes`. Thread-safe: the database is.
package struct RememberedPlaceStore: Sendable {
    /// The raw values, to check their types before trusting them.
    let raw: DeviceStorageDataSource<StorableValue>
    /// The JSON text of the structured values.
    let text: DeviceStorageDataSource<String>

    /// A store under `prefix` (the API's identity and a slash) in `database`.
    package init(database: CacheDatabase, prefix: String) {
        raw = DeviceStorageDataSource(database: database, prefix: prefix)
        text = DeviceStorageDataSource(database: database, prefix: prefix)
    }

    /// `host:port/` of `url` (the scheme's default port when it names none): the prefix a remote
    /// API's place was kept under before places were kept by `APIIdentity` (read to move them).
    package static func prefix(for url: URL) -> String {
        let host = url.host ?? "local"
        let port = url.port ?? (url.scheme == "http" ? 80 : 443)
        return "\(host):\(port)/"
    }

    /// The structured part, as JSON.
    struct Structured: Codable, Equatable {
        var characterFilter: [String: String]
        var listFilters: [String: [String: String]]
        var selectedIDs: [String: Int]
    }

    enum Key {
        static let activeList = "browser.activeList"
        static let isOnline = "browser.isOnline"
        static let imagesOn = "browser.imagesOn"
        static let mouseOn = "browser.mouseOn"
        static let structured = "browser.lists"
    }

    /// What was remembered (nil when nothing was), and a note for every value ignored.
    package func load() async -> (remembered: RememberedBrowser?, notes: [String]) {
        var notes: [String] = []
        var remembered = RememberedBrowser()
        var found = false
        func stored(_ key: String) async -> StorableValue? {
            do throws(RepositoryError) {
                let value = try await raw.value(forKey: key)
                found = true
                return value
            } catch {
                if !error.isCacheMiss {
                    notes.append("could not read the remembered \(key): \(error.description)")
                }
                return nil
            }
        }
        func ignore(_ key: String, _ value: StorableValue, expected: String) {
            notes.append("ignored the remembered \(key): a \(value.typeTag), expected \(expected)")
        }
        if let value = await stored(Key.activeList) {
            if case .string(let name) = value, let kind = EntityKind(rawValue: name) {
                remembered.activeList = kind
            } else {
                ignore(Key.activeList, value, expected: "character, episode or location")
            }
        }
        for (key, path) in [
            (Key.isOnline, \RememberedBrowser.isOnline), (Key.imagesOn, \.imagesOn), (Key.mouseOn, \.mouseOn),
        ] {
            guard let value = await stored(key) else { continue }
            if case .bool(let flag) = value {
                remembered[keyPath: path] = flag
            } else {
                ignore(key, value, expected: "bool")
            }
        }
        if let value = await stored(Key.structured) {
            if case .string = value {
                do throws(RepositoryError) {
                    let structured = try await text.serializing(Structured.self).get(.key(Key.structured))
                        .value
                    remembered.characterFilter = CharacterFilter(parameters: structured.characterFilter)
                    remembered.filters = Self.byKind(structured.listFilters)
                    remembered.selectedIDs = Self.byKind(structured.selectedIDs)
                } catch {
                    notes.append("ignored the remembered \(Key.structured): \(error.description)")
                }
            } else {
                ignore(Key.structured, value, expected: "JSON text")
            }
        }
        return (found ? remembered : nil, notes)
    }

    /// Stores `remembered`, replacing what was stored for this API.
    package func save(_ remembered: RememberedBrowser) async throws(RepositoryError) {
        try await text.put(remembered.activeList.rawValue, forKey: Key.activeList)
        try await raw.put(.bool(remembered.isOnline), forKey: Key.isOnline)
        try await raw.put(.bool(remembered.imagesOn), forKey: Key.imagesOn)
        try await raw.put(.bool(remembered.mouseOn), forKey: Key.mouseOn)
        let structured = Structured(
            characterFilter: remembered.characterFilter.parameters,
            listFilters: Dictionary(
                uniqueKeysWithValues: remembered.filters.map { ($0.key.rawValue, $0.value) }),
            selectedIDs: Dictionary(
                uniqueKeysWithValues: remembered.selectedIDs.map { ($0.key.rawValue, $0.value) }))
        _ = try await text.serializing(Structured.self).put(
            Entry(value: structured, metadata: EntryMetadata(storedAt: Date()), origin: .disk),
            for: .key(Key.structured))
    }

    /// Forgets everything stored for this API (`--fresh`).
    package func clear() async throws(RepositoryError) {
        try await raw.delete(.all)
    }

    /// `values` by the kinds their keys name (`character`, …); a key no kind has is left out.
    private static func byKind<Value>(_ values: [String: Value]) -> [EntityKind: Value] {
        var byKind: [EntityKind: Value] = [:]
        for (name, value) in values { if let kind = EntityKind(rawValue: name) { byKind[kind] = value } }
        return byKind
    }
}
