import ArgumentParser
import CharacterData
import EntityWrites
import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyModel

/// `charbrowser cache pending [--json]`: the writes the cache file keeps until their server decides
/// them (pending, sending, in conflict, rejected), oldest first. Reads the file only. A parsed value.
struct CachePendingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending",
        abstract: "List the writes kept until the server decides them: "
            + "pending, sending, in conflict or rejected.")

    @OptionGroup var location: CacheLocationOptions

    @Flag(help: "Print the documented JSON (docs/cache-command.md).")
    var json = false

    func run() async throws {
        try await CacheRun.perform {
            let writes = try CacheWrites.kept(location)
            let now = Date()
            if json {
                Console.out(CacheJSON.text(.array(writes.map(\.json))) + "\n")
            } else if writes.isEmpty {
                Console.out("No write is kept.\n")
            } else {
                for write in writes { Console.out(write.line(now: now) + "\n") }
            }
        }
    }
}

/// `charbrowser cache retry [WRITE…]`: sends writes in conflict or rejected again — merged over the
/// character read anew, as a new request — when the browser next sends (at start, or back online);
/// all of them without WRITE. A parsed value.
struct CacheRetryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Send writes again: merged anew (every write in conflict or rejected without WRITE).")

    @OptionGroup var location: CacheLocationOptions

    @Argument(help: CacheWrites.argumentHelp)
    var writes: [String] = []

    func validate() throws { try CacheWrites.validate(writes) }

    func run() async throws {
        try await CacheRun.perform {
            let (count, _) = try await CacheWrites.change(writes, location, unnamed: [.conflict, .rejected]) {
                $0.retry($1, now: Date())?.1
            }
            Console.out("\(count) write\(count == 1 ? "" : "s") pending again.\n")
        }
    }
}

/// `charbrowser cache discard WRITE…`: drops kept writes for good. One that had left may have been
/// applied: its entity leaves the cache's tiers too, so the browser reads it from the server next
/// (as it reads it again after a discard of its own). A parsed value.
struct CacheDiscardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discard",
        abstract: "Drop kept writes for good: never sent again; exit 1 when none matched.")

    @OptionGroup var location: CacheLocationOptions

    @Argument(help: CacheWrites.argumentHelp)
    var writes: [String]

    func validate() throws { try CacheWrites.validate(writes) }

    func run() async throws {
        try await CacheRun.perform {
            let (count, reread) = try await CacheWrites.change(writes, location) { $0.discard($1) }
            guard count > 0 else {
                throw CacheCommandFailure("no kept write matches \(writes.joined(separator: " "))")
            }
            Console.out("\(count) write\(count == 1 ? "" : "s") discarded.\n")
            guard !reread.isEmpty else { return }
            try await OpenedCacheTiers.with(location, writable: true) { opened in
                // One not cached is read from the server next as it is.
                for key in reread where await opened.inspector.evict(key).succeeded {
                    Console.out(
                        "\(key.kind)/\(key.id ?? key.key): its write had been sent and may have been applied; "
                            + "removed from the cache, it is read from the server next.\n")
                }
            }
        }
    }
}

/// The kept writes as the `cache` subcommands open, choose and print them: every scope's writes of
/// the write store, then the rows of the older outbox not yet taken over by a browser. Stateless.
enum CacheWrites {
    static let argumentHelp: ArgumentHelp =
        "A write, as `pending` lists it: its number (#3), or an entity (character/1) for all of its writes."

    /// One kept write as listed: its scope (empty: the older outbox's), its entity as the cache
    /// names it (`sample|character/id:1`), and the record. A value.
    struct Listed {
        var scope: String
        var entity: CacheEntryKey
        var write: EntityWrite

        var method: String { write.method == .delete ? "DELETE" : "PATCH" }

        var json: CacheJSON.Value {
            .object([
                ("write", .number(Int(write.sequence))), ("state", .string(write.state.rawValue)),
                ("method", .string(method)), ("kind", .string(entity.kind)), ("key", .string(entity.key)),
                ("created", .date(write.createdAt)), ("attempts", .number(write.attempts)),
                ("lastError", .optional(write.lastError)),
            ])
        }

        /// One line for people: number, state, method, entity, age, attempts, last error.
        func line(now: Date) -> String {
            let age = Int(now.timeIntervalSince(write.createdAt).rounded())
            var parts = [
                "#\(write.sequence)", write.state.rawValue, method,
                "\(entity.kind)/\(entity.id ?? entity.key)", "\(age) s old",
                "\(write.attempts) attempt\(write.attempts == 1 ? "" : "s")",
            ]
            if let error = write.lastError { parts.append(UntrustedText.sanitize(error)) }
            return parts.joined(separator: "  ")
        }
    }

    /// Which kept writes `argument` names: one by number (`3`, `#3`), or every write of an entity
    /// (`character/1`, in any API); nil when it names none.
    static func selector(_ argument: String) -> ((Listed) -> Bool)? {
        if let number = Int64(argument.hasPrefix("#") ? String(argument.dropFirst()) : argument), number > 0 {
            return { $0.write.sequence == number }
        }
        guard let key = CacheKeyArgument.parse(argument), let id = key.id else { return nil }
        return { listed in
            let kind = listed.entity.kind
            return (kind == key.kind || kind.hasSuffix(String(APIIdentity.separator) + key.kind))
                && listed.entity.id == id
        }
    }

    /// Refuses an argument that names no write.
    static func validate(_ arguments: [String]) throws {
        for argument in arguments where selector(argument) == nil {
            throw ValidationError(
                "WRITE must be a write's number (3 or #3) or an entity (character/1), not '\(argument)'")
        }
    }

    /// The writes the file keeps, read-only (none when there is no file): the write store's, then
    /// the older outbox's not yet taken over (shown as they would be adopted).
    static func kept(_ location: CacheLocationOptions) throws -> [Listed] {
        do {
            var listed: [Listed] = []
            for (scope, writes) in try SQLiteWriteStore.everyScope(file: location.cacheFile) {
                let prefix = String(scope.dropLast("writes".count))
                for write in writes {
                    let segments = write.entity.split(separator: "/").map(String.init)
                    let kind = prefix + (segments.dropLast().last ?? "entity")
                    let entity = CacheEntryKey(kind: kind, key: "id:" + (segments.last ?? ""))
                    listed.append(Listed(scope: scope, entity: entity, write: write))
                }
            }
            for row in try LegacyOutbox.rows(file: location.cacheFile) {
                var write = EntityWrite(
                    sequence: row.sequence, entity: row.entity.key,
                    method: row.method == "DELETE" ? .delete : .patch, base: nil, baseTag: nil, changes: [:],
                    createdAt: row.createdAt)
                write.state = EntityWrite.State(rawValue: row.state) ?? .pending
                write.attempts = row.attempts
                write.lastError = row.lastError
                listed.append(Listed(scope: "", entity: row.entity, write: write))
            }
            return listed.filter { location.api == nil || $0.entity.kind.hasPrefix(location.namespaceScope) }
        } catch {
            if case .notFound = error { return [] }
            throw CacheCommandFailure("\(location.cacheFile.path): \(error.description)")
        }
    }

    /// Applies `change` (a book's decision) to each write of the store that `arguments` name (each
    /// in a state of `unnamed` when none is named), scope by scope, each scope's in one
    /// transaction under its claim (refused while a browser keeps the scope's writes). Returns how
    /// many writes it changed, and the entities a change asks to read again (a write that had
    /// left, dropped).
    static func change(
        _ arguments: [String], _ location: CacheLocationOptions, unnamed: Set<EntityWrite.State> = [],
        _ change: (inout WriteBook, Int64) -> WriteTransition?
    ) async throws -> (changed: Int, reread: [CacheEntryKey]) {
        let database = try writable(location)
        var changed = 0
        var reread: [CacheEntryKey] = []
        do {
            let selectors = arguments.compactMap(selector)
            let chosen = try kept(location).filter { listed in
                guard !listed.scope.isEmpty else { return false }  // the older outbox's: not the book's yet
                guard !selectors.isEmpty else { return unnamed.contains(listed.write.state) }
                return selectors.contains { $0(listed) }
            }
            for scope in Set(chosen.map(\.scope)).sorted() {
                // A running browser keeps its writes in memory too: it alone changes them.
                if case .failure(let refusal) = database.claimWrites(scope: scope) {
                    throw CacheCommandFailure(
                        "\(scope): \(refusal); decide in that browser's Changes screen (5), or quit it first")
                }
                let store = SQLiteWriteStore(database: database, scope: scope)
                let loaded = try await store.load()
                var book = WriteBook(writes: loaded.writes, nextSequence: loaded.nextSequence)
                var transition = WriteTransition()
                for listed in chosen where listed.scope == scope {
                    guard let made = change(&book, listed.write.sequence) else { continue }
                    transition = transition.followed(by: made)
                    changed += 1
                    if made.effects.contains(.reread(entity: listed.write.entity)), !reread.contains(listed.entity) {
                        reread.append(listed.entity)
                    }
                }
                try await store.commit(transition, nextSequence: book.nextSequenceNumber)
            }
        } catch {
            try? await database.close()
            throw error
        }
        try? await database.close()
        return (changed, reread)
    }

    /// The cache file, opened for writing (checked read-only first: a damaged file is reported,
    /// never moved aside).
    static func writable(_ location: CacheLocationOptions) throws -> CacheDatabase {
        let file = location.cacheFile
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw CacheCommandFailure("\(file.path): there is no cache file")
        }
        let problems = CacheFileCheck.problems(file: file)
        guard problems.isEmpty else { throw CacheCommandFailure(problems.joined(separator: "; ")) }
        do {
            return try CacheDatabase(location: .file(file))
        } catch {
            throw CacheCommandFailure("\(file.path): \(error.description)")
        }
    }
}
