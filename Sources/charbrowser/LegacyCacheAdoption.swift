import BrowserApp
import CharacterData
import Foundation
import PersistentCache
import RepositoryCore

/// Brings a cache file written before entries were kept per API into today's layout, once, at
/// start: the remembered place moves from its old key prefix to the API's identity, and every
/// entry without an API goes to the API the remembered places name — when they name exactly one —
/// or is dropped, with a note saying so (a cache is only a copy; its owner cannot be guessed).
struct LegacyCacheAdoption {
    let database: CacheDatabase
    let command: BrowseCommand
    let identity: APIIdentity
    let baseURL: URL

    /// Runs the adoption; returns a note for the user when entries were dropped.
    func run() async throws(RepositoryError) -> String? {
        let prefixes = try database.deviceValuePrefixes()
        var note: String?
        if try database.unscopedEntryCount(separator: APIIdentity.separator) > 0 {
            let owners = Set(prefixes.compactMap(Self.legacyOwner))
            if owners.count == 1, let owner = owners.first, let id = owner {
                try await database.scopeUnscopedEntries(
                    separator: APIIdentity.separator, into: id + String(APIIdentity.separator))
            } else {
                let dropped = try await database.scopeUnscopedEntries(separator: APIIdentity.separator, into: nil)
                note = "\(dropped) cached entries of an earlier version were dropped: "
                    + "which API they came from could not be told."
            }
        }
        if legacyPrefix != Self.placePrefix(identity), prefixes.contains(legacyPrefix) {
            try await database.moveDeviceValues(from: legacyPrefix, to: Self.placePrefix(identity))
        }
        return note
    }

    /// The key prefix of an API's remembered place: its identity and a slash.
    static func placePrefix(_ identity: APIIdentity) -> String { identity.id + "/" }

    /// The prefix this run's place was remembered under before: the API's `host:port/`, or for the
    /// embedded server the data it serves (`embedded:sample/`, `embedded:/path/to/data/`,
    /// `embedded:synthetic-N/`).
    var legacyPrefix: String {
        if command.api != nil { return RememberedPlaceStore.prefix(for: baseURL) }
        if let data = command.data { return "embedded:\(URL(fileURLWithPath: data).standardizedFileURL.path)/" }
        if let synthetic = command.synthetic { return "embedded:synthetic-\(synthetic)/" }
        return "embedded:sample/"
    }

    /// The API identity an old-style remembered prefix names: `.some(nil)` for one that cannot
    /// be told any more (a dump folder that is gone), nil for a prefix that is not old-style.
    static func legacyOwner(_ prefix: String) -> String?? {
        guard prefix.hasSuffix("/") else { return nil }
        let body = String(prefix.dropLast())
        if body == "embedded:sample" { return .some(APIIdentity.sample.id) }
        if body.hasPrefix("embedded:synthetic-"), let count = Int(body.dropFirst("embedded:synthetic-".count)) {
            return .some(APIIdentity.synthetic(count: count, seed: 1).id)
        }
        if body.hasPrefix("embedded:") {
            let folder = URL(fileURLWithPath: String(body.dropFirst("embedded:".count)), isDirectory: true)
            return .some(try? BrowseCommand.dumpIdentity(folder: folder).id)
        }
        // `host:port`, as a remote API's place was kept (its base path was not part of it).
        let parts = body.split(separator: ":")
        guard parts.count >= 2, let port = parts.last.flatMap({ Int($0) }), port > 0 else { return nil }
        return .some(body)
    }
}
