import ArgumentParser
import CharacterData
import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyModel

/// `charbrowser cache pending [--json]`: the writes the cache file keeps until their server takes
/// them (pending, in conflict, rejected), oldest first. Reads the file only. A parsed value.
struct CachePendingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending",
        abstract: "List the writes kept until the server takes them: pending, in conflict or rejected.")

    @OptionGroup var location: CacheLocationOptions

    @Flag(help: "Print the documented JSON (docs/cache-command.md).")
    var json = false

    func run() async throws {
        try await CacheRun.perform {
            let writes = try CacheWrites.kept(location)
            let now = Date()
            if json {
                var out = ""
                CacheJSON.write(.array(writes.map { CacheWrites.json($0) }), to: &out)
                Console.out(out + "\n")
                return
            }
            guard !writes.isEmpty else {
                Console.out("No write is kept.\n")
                return
            }
            for write in writes {
                Console.out(CacheWrites.line(write, now: now) + "\n")
            }
        }
    }
}

/// `charbrowser cache retry [WRITE…]`: puts writes in conflict or rejected back to pending (all of
/// them without WRITE), for the browser to send at its next start or when it goes online. A
/// parsed value.
struct CacheRetryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Send writes again: back to pending (every write in conflict or rejected without WRITE).")

    @OptionGroup var location: CacheLocationOptions

    @Argument(help: "A write, as `pending` lists it: its number (#3), or an entity (character/1) for all of its writes.")
    var writes: [String] = []

    func validate() throws { try CacheWrites.validate(writes) }

    func run() async throws {
        try await CacheRun.perform {
            let outbox = try await CacheWrites.writable(location)
            let chosen = try CacheWrites.select(writes, in: outbox.all()) { $0.state != .pending }
            for write in chosen { try await outbox.retry(write.sequence) }
            Console.out("\(chosen.count) write\(chosen.count == 1 ? "" : "s") pending again.\n")
            try await outbox.database?.close()
        }
    }
}

/// `charbrowser cache discard WRITE…`: drops kept writes for good (the server never sees them). A
/// parsed value.
struct CacheDiscardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discard",
        abstract: "Drop kept writes for good: the server never sees them; exit 1 when none matched.")

    @OptionGroup var location: CacheLocationOptions

    @Argument(help: "A write, as `pending` lists it: its number (#3), or an entity (character/1) for all of its writes.")
    var writes: [String]

    func validate() throws { try CacheWrites.validate(writes) }

    func run() async throws {
        try await CacheRun.perform {
            let outbox = try await CacheWrites.writable(location)
            let chosen = try CacheWrites.select(writes, in: outbox.all()) { _ in true }
            guard !chosen.isEmpty else { throw CacheCommandFailure("no kept write matches \(writes.joined(separator: " "))") }
            for write in chosen { try await outbox.remove(write.sequence) }
            Console.out("\(chosen.count) write\(chosen.count == 1 ? "" : "s") discarded.\n")
            try await outbox.database?.close()
        }
    }
}

/// The outbox as the `cache` subcommands open, choose and print it. Stateless.
enum CacheWrites {
    /// Which kept writes an argument names: one by number, or every write of an entity.
    enum Selector: Equatable {
        case number(Int64)
        case entity(kind: String, id: String)

        init?(_ text: String) {
            let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
            if let number = Int64(digits), number > 0 {
                self = .number(number)
            } else if let key = CacheKeyArgument.parse(text), let id = key.id {
                self = .entity(kind: key.kind, id: id)
            } else {
                return nil
            }
        }

        func matches(_ write: OutboxWrite) -> Bool {
            switch self {
            case .number(let number): write.sequence == number
            case .entity(let kind, let id):
                (write.entity.kind == kind || write.entity.kind.hasSuffix(String(APIIdentity.separator) + kind))
                    && write.entity.id == id
            }
        }
    }

    /// Refuses an argument that names no write.
    static func validate(_ arguments: [String]) throws {
        for argument in arguments where Selector(argument) == nil {
            throw ValidationError(
                "WRITE must be a write's number (3 or #3) or an entity (character/1), not '\(argument)'")
        }
    }

    /// The writes the file keeps, read-only (none when there is no file).
    static func kept(_ location: CacheLocationOptions) throws -> [OutboxWrite] {
        do {
            let writes = try WriteOutbox.openReadOnly(file: location.cacheFile).all()
            return writes.filter { location.api == nil || $0.entity.kind.hasPrefix(location.namespaceScope) }
        } catch {
            if case .notFound = error { return [] }
            throw CacheCommandFailure("\(location.cacheFile.path): \(error.description)")
        }
    }

    /// The outbox of the cache file, opened for writing (checked read-only first: a damaged file
    /// is reported, never moved aside).
    static func writable(_ location: CacheLocationOptions) async throws -> WriteOutbox {
        let file = location.cacheFile
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw CacheCommandFailure("\(file.path): there is no cache file")
        }
        let problems = CacheFileCheck.problems(file: file)
        guard problems.isEmpty else { throw CacheCommandFailure(problems.joined(separator: "; ")) }
        do {
            return WriteOutbox(database: try CacheDatabase(location: .file(file)))
        } catch {
            throw CacheCommandFailure("\(file.path): \(error.description)")
        }
    }

    /// The writes of `all` that `arguments` name (every one `fallback` keeps when none is named).
    static func select(_ arguments: [String], in all: [OutboxWrite], fallback: (OutboxWrite) -> Bool) throws
        -> [OutboxWrite]
    {
        let selectors = arguments.compactMap(Selector.init)
        guard !selectors.isEmpty else { return all.filter(fallback) }
        return all.filter { write in selectors.contains { $0.matches(write) } }
    }

    /// One line for people: number, state, method, entity, age, attempts, last error.
    static func line(_ write: OutboxWrite, now: Date) -> String {
        let age = Int(now.timeIntervalSince(write.createdAt).rounded())
        var parts = [
            "#\(write.sequence)", write.state.rawValue, write.method, "\(write.entity.kind)/\(write.entity.id ?? write.entity.key)",
            "\(age) s old", "\(write.attempts) attempt\(write.attempts == 1 ? "" : "s")",
        ]
        if let error = write.lastError { parts.append(UntrustedText.sanitize(error)) }
        return parts.joined(separator: "  ")
    }

    /// The documented JSON of one write.
    static func json(_ write: OutboxWrite) -> CacheJSON.Value {
        .object([
            ("write", .number(Int(write.sequence))), ("state", .string(write.state.rawValue)),
            ("method", .string(write.method)), ("kind", .string(write.entity.kind)),
            ("key", .string(write.entity.key)), ("created", .date(write.createdAt)),
            ("attempts", .number(write.attempts)), ("lastAttempt", .date(write.lastAttemptAt)),
            ("lastError", .optional(write.lastError)),
        ])
    }
}
