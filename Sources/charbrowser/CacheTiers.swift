import CharacterData
import DownloadCache
import Foundation
import PersistentCache
import PostgresCache
import RepositoryCore

extension CacheLocationOptions {
    /// The shared tier's URL: `--shared-cache`, else `CHARBROWSER_SHARED_CACHE` (empty: off).
    var sharedCacheURL: String? {
        if let sharedCache { return sharedCache }
        let environment = ProcessInfo.processInfo.environment["CHARBROWSER_SHARED_CACHE"]
        return environment?.isEmpty == false ? environment : nil
    }

    /// `cache.sqlite` in `--cache-dir`, or the browser's default file.
    var cacheFile: URL {
        cacheDirectory.map {
            URL(fileURLWithPath: $0, isDirectory: true).appendingPathComponent("cache.sqlite")
        } ?? CacheDatabase.Location.defaultCacheFile(application: "charbrowser")
    }

    /// `avatars/` beside the cache file, as the browser keeps it.
    var avatarFolder: URL {
        cacheFile.deletingLastPathComponent().appendingPathComponent("avatars", isDirectory: true)
    }

    /// The prefix of `--api`'s namespaces in the disk and shared tiers; empty without `--api`.
    var namespaceScope: String { api.map { $0 + String(APIIdentity.separator) } ?? "" }

    /// `tier` showing only `--api`'s entries, or all of them without `--api`.
    func scoped(_ tier: any InspectableCacheTier) -> any InspectableCacheTier {
        api == nil ? tier : ScopedCacheTier(tier, scope: .kindPrefix(namespaceScope))
    }

    var freshnessRule: CacheFreshnessRule { CacheFreshnessRule(timeToLive: ttl, staleWindow: staleWindow) }

    /// The avatar files' tier (never creates the folder).
    var fileTier: FileCacheInspection {
        // The browser's avatar loader bounds its folder at 16 MiB.
        FileSystemCacheProvider(directory: avatarFolder, maximumBytes: 16 << 20).inspection(
            kind: "avatar", tierName: CacheTierName.file.rawValue)
    }
}

/// `--shared-cache` read as libpq would (the URL, the `PG*` variables, `~/.pgpass`) and its
/// certificate files checked: a validation step. The notes (a password file ignored) go to
/// standard error. Stateless.
enum PostgresCacheLocationParsing {
    static func check(_ url: String) throws(PostgresCacheLocationError) -> PostgresCacheLocation {
        let location = try PostgresCacheLocation(parsing: url, environment: .current())
        try location.checkCertificateFiles()
        return location
    }

    /// `check`, with the location's notes written to standard error.
    static func open(_ url: String) throws(PostgresCacheLocationError) -> PostgresCacheLocation {
        let location = try check(url)
        for note in location.notes { Console.error("charbrowser: note: \(note)\n") }
        return location
    }
}

/// The tiers a `cache` subcommand opened, and the inspector over them; closed once, at the end.
struct OpenedCacheTiers {
    let inspector: CacheInspector
    let database: CacheDatabase?
    let shared: PostgresCacheStore?

    /// Opens the disk file (read-only unless `writable`), the avatar folder and, when asked for,
    /// the shared tier. A missing or damaged cache file throws a `CacheCommandFailure`; a file
    /// opened `writable` is checked read-only first, so it is never moved aside or migrated here.
    static func open(_ options: CacheLocationOptions, writable: Bool) async throws -> OpenedCacheTiers {
        let file = options.cacheFile
        var tiers: [any InspectableCacheTier] = []
        var database: CacheDatabase?
        if writable {
            // Checked read-only first: opening a damaged file for writing would move it aside.
            let problems = CacheFileCheck.problems(file: file)
            guard problems.isEmpty else { throw CacheCommandFailure(problems.joined(separator: "; ")) }
        }
        let disk: SQLiteCacheInspection
        do throws(RepositoryError) {
            if writable {
                let opened = try CacheDatabase(location: .file(file))
                database = opened
                disk = opened.inspection(tierName: CacheTierName.disk.rawValue)
            } else {
                disk = try SQLiteCacheInspection.openReadOnly(
                    file: file, tierName: CacheTierName.disk.rawValue)
            }
        } catch {
            throw CacheCommandFailure(Self.describe(error, file: file))
        }
        tiers.append(options.scoped(disk))
        var shared: PostgresCacheStore?
        if let url = options.sharedCacheURL {
            let store = try PostgresCacheStore(
                location: try PostgresCacheLocationParsing.open(url),
                options: PostgresCacheOptions(signingKey: try SharedCacheKeyOption.load(options.sharedCacheKey)))
            store.start()
            shared = store
            tiers.append(options.scoped(store.inspection(tierName: CacheTierName.shared.rawValue)))
        }
        tiers.append(
            options.api.map {
                ScopedCacheTier(options.fileTier, scope: .keyPrefix(kind: CacheEntryKey.avatarKind, prefix: $0 + "/"))
            } ?? options.fileTier)
        return OpenedCacheTiers(
            inspector: CacheInspector(
                tiers: tiers, disk: disk, diskScope: options.namespaceScope, rule: options.freshnessRule),
            database: database, shared: shared)
    }

    static func describe(_ error: RepositoryError, file: URL) -> String {
        switch error {
        case .notFound: "no cache at \(file.path)"
        case .storageFailure(let detail): "cannot read the cache \(file.path): \(detail)"
        default: "cannot read the cache \(file.path): \(error.description)"
        }
    }

    /// Closes the database and the shared tier's connections.
    func close() async {
        try? await database?.close()
        await shared?.stop()
    }

    /// Runs `body` with the tiers open and closes them after, whatever happens.
    static func with<T>(
        _ options: CacheLocationOptions, writable: Bool, _ body: (OpenedCacheTiers) async throws -> T
    ) async throws -> T {
        let opened = try await open(options, writable: writable)
        do {
            let result = try await body(opened)
            await opened.close()
            return result
        } catch {
            await opened.close()
            throw error
        }
    }
}

/// Standard output and error, written whole per call.
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
