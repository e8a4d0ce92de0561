import ArgumentParser
import CharacterData

/// `charbrowser cache`: see and act on what is cached, for scripts, CI and a person at a shell.
/// A parsed value; each subcommand opens the tiers it needs and closes them.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "See and act on what is cached: stats, ls, show, evict, purge, verify, and the writes kept.",
        discussion: """
            The tiers are the disk cache (cache.sqlite in --cache-dir), the avatar files (avatars/ \
            beside it) and, with --shared-cache, the shared PostgreSQL table. Each entry belongs to \
            an API (the sample, a dump, synthetic data, a server's host:port): --api ID acts on \
            that API's entries only, with keys as the browser names them (character/1). Reading commands open \
            the cache file read-only and never change it; a damaged or missing file is reported \
            with a nonzero exit. --json prints the documented JSON of docs/cache-command.md.
            """,
        subcommands: [
            CacheStatsCommand.self, CacheListCommand.self, CacheShowCommand.self, CacheEvictCommand.self,
            CachePurgeCommand.self, CacheVerifyCommand.self, CachePendingCommand.self, CacheRetryCommand.self,
            CacheDiscardCommand.self,
        ])
}

/// Where the caches are and how old counts as stale: the options every `cache` subcommand takes.
struct CacheLocationOptions: ParsableArguments {
    @Option(
        name: .customLong("cache-dir"),
        help: "The folder of the disk cache, as given to the browser (default: $XDG_CACHE_HOME/charbrowser).")
    var cacheDirectory: String?

    @Option(
        name: .customLong("shared-cache"),
        help: ArgumentHelp(
            "Also the shared PostgreSQL tier (also $CHARBROWSER_SHARED_CACHE).",
            valueName: "postgres://USER@HOST:PORT/DB[?sslmode=…]"))
    var sharedCache: String?

    @Option(
        name: .customLong("shared-cache-key"),
        help: ArgumentHelp(
            "The shared rows' signing key, as the browser's (also $CHARBROWSER_SHARED_CACHE_KEY): verify counts the rows it does not verify.",
            valueName: "FILE"))
    var sharedCacheKey: String?

    @Option(
        help: ArgumentHelp(
            "Only this API's entries: its identity as `stats` and `ls` show it (sample, dump-…, synthetic-…, host:port).",
            valueName: "ID"))
    var api: String?

    @Option(help: "Seconds a cached value stays fresh, as the browser's --ttl.")
    var ttl: Double = 86_400

    @Option(
        name: .customLong("stale-window"),
        help:
            "Seconds after its TTL an entry is stale (served only when the network fails) before it counts as expired."
    )
    var staleWindow: Double = 7 * 86_400

    mutating func validate() throws {
        guard ttl >= 0, ttl.isFinite else { throw ValidationError("--ttl must be 0 or more seconds") }
        if let api, api.isEmpty || api.contains("/") || api.contains(APIIdentity.separator) {
            throw ValidationError("--api must be an API's identity as `cache stats` lists it, not '\(api)'")
        }
        guard staleWindow >= 0, staleWindow.isFinite else {
            throw ValidationError("--stale-window must be 0 or more seconds")
        }
        if let url = sharedCacheURL {
            do {
                _ = try PostgresCacheLocationParsing.check(url)
            } catch {
                throw ValidationError("--shared-cache: \(error)")
            }
            _ = try SharedCacheKeyOption.load(sharedCacheKey)
        } else if sharedCacheKey != nil {
            throw ValidationError("--shared-cache-key needs --shared-cache")
        }
    }
}

/// A tier the cache command can name: `--tier disk|shared|file`.
enum CacheTierName: String, CaseIterable, ExpressibleByArgument {
    case disk, shared, file
}

/// A failure of a `cache` subcommand: printed as one line `charbrowser: …`, exit status 1.
struct CacheCommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
