import ArgumentParser
import CharacterData
import Foundation
import PersistentCache
import PostgresCache
import RepositoryCore

#if canImport(Glibc)
    import Glibc
#endif

/// `charbrowser cache evict KEY [--tier T]`: removes one entry from one tier or from all. A parsed value.
struct CacheEvictCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evict",
        abstract: "Remove one entry from one tier (--tier) or from every tier; exit 1 when it is not cached.")

    @OptionGroup var location: CacheLocationOptions

    @Argument(help: CacheKeyArgument.help)
    var key: String

    @Option(help: "Only from this tier: disk, shared or file.")
    var tier: CacheTierName?

    func validate() throws {
        guard CacheKeyArgument.parse(key) != nil else {
            throw ValidationError("KEY must be kind/key (for example character/id:1), not '\(key)'")
        }
        if tier == .shared, location.sharedCacheURL == nil {
            throw ValidationError("--tier shared needs --shared-cache")
        }
    }

    func run() async throws {
        guard let given = CacheKeyArgument.parse(key) else { throw ExitCode(2) }
        try await CacheRun.perform {
            try await OpenedCacheTiers.with(location, writable: true) { opened in
                let key = try await CacheKeyResolution.resolve(given, in: opened.inspector, api: location.api)
                let answer = await opened.inspector.evict(key, from: tier?.rawValue)
                guard answer.succeeded else { throw CacheCommandFailure(answer.description) }
                Console.out(answer.description + "\n")
            }
        }
    }
}

/// `charbrowser cache purge [--tier T] [--yes]`: empties one tier or all, after asking. A parsed value.
struct CachePurgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purge",
        abstract:
            "Empty one tier (--tier) or every tier; asks first unless --yes (refuses without a terminal).")

    @OptionGroup var location: CacheLocationOptions

    @Option(help: "Only this tier: disk, shared or file.")
    var tier: CacheTierName?

    @Flag(help: "Do not ask.")
    var yes = false

    func validate() throws {
        if tier == .shared, location.sharedCacheURL == nil {
            throw ValidationError("--tier shared needs --shared-cache")
        }
    }

    func run() async throws {
        try await CacheRun.perform {
            try await OpenedCacheTiers.with(location, writable: true) { opened in
                let names = opened.inspector.tiers.map(\.tierName).filter {
                    tier == nil || $0 == tier?.rawValue
                }
                if !yes { try confirm(names) }
                var failures: [String] = []
                for name in names {
                    let answer = await opened.inspector.purge(tier: name)
                    if answer.succeeded {
                        Console.out(answer.description + "\n")
                    } else {
                        failures.append(answer.description)
                    }
                }
                if !failures.isEmpty { throw CacheCommandFailure(failures.joined(separator: "; ")) }
            }
        }
    }

    /// Asks y/n on a terminal; without one, refuses.
    func confirm(_ names: [String]) throws {
        guard isatty(STDIN_FILENO) == 1 else {
            throw CacheCommandFailure("purge asks first; without a terminal, pass --yes")
        }
        Console.out("Purge \(names.joined(separator: ", "))? [y/N] ")
        let reply = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        guard reply == "y" || reply == "yes" else { throw CacheCommandFailure("nothing purged") }
    }
}

/// `charbrowser cache verify`: checks every tier without changing anything. A parsed value.
struct CacheVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the cache file (integrity_check), the avatar index against its files and the shared "
            + "table's shape; exit 1 with what is wrong. Changes nothing.")

    @OptionGroup var location: CacheLocationOptions

    @Flag(help: "Print a JSON object: {\"sound\": true|false, \"problems\": [...]}.")
    var json = false

    func run() async throws {
        var problems = CacheFileCheck.problems(file: location.cacheFile)
        problems += location.fileTier.provider.indexProblems()
        if let url = location.sharedCacheURL, let shared = try? PostgresCacheLocationParsing.check(url) {
            problems += await SharedTableCheck.problems(
                location: shared,
                options: PostgresCacheOptions(signingKey: try SharedCacheKeyOption.load(location.sharedCacheKey)))
        }
        if json {
            Console.out(
                CacheJSON.text(
                    .object([
                        ("sound", .bool(problems.isEmpty)),
                        ("problems", .array(problems.map(CacheJSON.Value.string))),
                    ])) + "\n")
        } else if problems.isEmpty {
            Console.out("ok: the cache is sound\n")
        } else {
            Console.out(problems.joined(separator: "\n") + "\n")
        }
        if !problems.isEmpty { throw ExitCode(1) }
    }
}
