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
        abstract: "List the writes kept until the server decides them: pending, sending, in conflict or rejected.")

    @OptionGroup var location: CacheLocationOptions

    @Flag(help: "Print the documented JSON (docs/cache-command.md).")
    var json = false

    func run() async throws {
        try await CacheRun.perform {
            let writes = try CacheWrites.kept(location)
            let now = Date()
            if json {
                var out = ""
                CacheJSON.write(.array(writes.map(\.json)), to: &out)
                Console.out(out + "\n")
                return
            }
            guard !writes.isEmpty else {
                Console.out("No write is kept.\n")
                return
            }
            for write in writes { Console.out(write.line(now: now) + "\n") }
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

    @Argument(help: "A write, as `pending` lists it: its number (#3), or an entity (character/1) for all of its writes.")
    var writes: [String] = []

    func validate() throws { try CacheWrites.validate(writes) }

    func run() async throws {
        try await CacheRun.perform {
            let count = try await CacheWrites.change(writes, location, fallback: { $0.state == .conflict || $0.state == .rejected }) {
                book, sequence in book.retry(sequence, now: Date())?.1
            }
            Console.out("\(count) write\(count == 1 ? "" : "s") pending again.\n")
        }
    }
}

/// `charbrowser cache discard WRITE…`: drops kept writes for good (one that had left may have been
/// applied: the browser reads its character again). A parsed value.
struct CacheDiscardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discard",
        abstract: "Drop kept writes for good: never sent again; exit 1 when none matched.")

    @OptionGroup var location: CacheLocationOptions

    @Argument(help: "A write, as `pending` lists it: its number (#3), or an entity (character/1) for all of its writes.")
    var writes: [String]

    func validate() throws { try CacheWrites.validate(writes) }

    func run() async throws {
        try await CacheRun.perform {
            let count = try await CacheWrites.change(writes, location, fallback: { _ in true }) { book, sequence in
                book.discard(sequence)
            }
            guard count > 0 else { throw CacheCommandFailure("no kept write matches \(writes.joined(separator: " "))") }
            Console.out("\(count) write\(count == 1 ? "" : "s") discarded.\n")
        }
    }
}

/// The kept writes as the `cache` subcommands open, choose and print them: every scope's writes of
/// the write store, then the rows of the older outbox not yet taken over by a browser. Stateless.
enum CacheWrites {
    /// One kept write as listed: its scope's kind (`sample|character`), its key, and the record.
    struct Listed {
        var scope: String
        var kind: String
        var key: String
        var write: EntityWrite

        var json: CacheJSON.Value {
            .object([
                ("write", .number(Int(write.sequence))), ("state", .string(write.state.rawValue)),
                ("method", .string(write.method == .delete ? "DELETE" : "PATCH")), ("kind", .string(kind)),
                ("key", .string(key)), ("created", .date(write.createdAt)), ("attempts", .number(write.attempts)),
                ("lastError", .optional(write.lastError)),
            ])
        }

        /// One line for people: number, state, method, entity, age, attempts, last error.
        func line(now: Date) -> String {
            let age = Int(now.timeIntervalSince(write.createdAt).rounded())
            var parts = [
                "#\(write.sequence)", write.state.rawValue, write.method == .delete ? "DELETE" : "PATCH",
                "\(kind)/\(key.hasPrefix("id:") ? String(key.dropFirst(3)) : key)", "\(age) s old",
                "\(write.attempts) attempt\(write.attempts == 1 ? "" : "s")",
            ]
            if let error = write.lastError { parts.append(UntrustedText.sanitize(error)) }
            return parts.joined(separator: "  ")
        }
    }

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

        func matches(_ listed: Listed) -> Bool {
            switch self {
            case .number(let number): listed.write.sequence == number
            case .entity(let kind, let id):
                (listed.kind == kind || listed.kind.hasSuffix(String(APIIdentity.separator) + kind))
                    && listed.key == "id:\(id)"
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

    /// The writes the file keeps, read-only (none when there is no file): the write store's, then
    /// the older outbox's not yet taken over (shown as they would be adopted).
    static func kept(_ location: CacheLocationOptions) throws -> [Listed] {
        do {
            var listed: [Listed] = []
            for (scope, writes) in try SQLiteWriteStore.everyScope(file: location.cacheFile) {
                let prefix = String(scope.dropLast("writes".count))
                for write in writes {
                    let segments = write.entity.split(separator: "/")
                    let kind = segments.dropLast().last.map(String.init) ?? "entity"
                    listed.append(Listed(scope: scope, kind: prefix + kind, key: "id:" + (segments.last.map(String.init) ?? ""), write: write))
                }
            }
            for row in try LegacyOutbox.rows(file: location.cacheFile) {
                var write = EntityWrite(
                    sequence: row.sequence, entity: row.entity.key, method: row.method == "DELETE" ? .delete : .patch,
                    base: nil, baseTag: nil, changes: [:], createdAt: row.createdAt)
                write.state = EntityWrite.State(rawValue: row.state) ?? .pending
                write.attempts = row.attempts
                write.lastError = row.lastError
                listed.append(Listed(scope: "", kind: row.entity.kind, key: row.entity.key, write: write))
            }
            return listed.filter { location.api == nil || $0.kind.hasPrefix(location.namespaceScope) }
        } catch {
            if case .notFound = error { return [] }
            throw CacheCommandFailure("\(location.cacheFile.path): \(error.description)")
        }
    }

    /// Applies `change` (a book's decision) to each write of the store that `arguments` name (each
    /// `fallback` keeps when none is named), scope by scope, each scope's in one transaction.
    /// Returns how many writes it changed.
    static func change(
        _ arguments: [String], _ location: CacheLocationOptions, fallback: (EntityWrite) -> Bool,
        _ change: (inout WriteBook, Int64) -> WriteTransition?
    ) async throws -> Int {
        let database = try writable(location)
        do {
            let changed = try await apply(arguments, location, in: database, fallback: fallback, change)
            try? await database.close()
            return changed
        } catch {
            try? await database.close()
            throw error
        }
    }

    private static func apply(
        _ arguments: [String], _ location: CacheLocationOptions, in database: CacheDatabase,
        fallback: (EntityWrite) -> Bool, _ change: (inout WriteBook, Int64) -> WriteTransition?
    ) async throws -> Int {
        let selectors = arguments.compactMap(Selector.init)
        let chosen = try kept(location).filter { listed in
            !listed.scope.isEmpty && (selectors.isEmpty ? fallback(listed.write) : selectors.contains { $0.matches(listed) })
        }
        var changed = 0
        for scope in Set(chosen.map(\.scope)).sorted() {
            let store = SQLiteWriteStore(database: database, scope: scope)
            let loaded = try await store.load()
            var book = WriteBook(writes: loaded.writes, nextSequence: loaded.nextSequence)
            var transition = WriteTransition()
            for listed in chosen where listed.scope == scope {
                guard let made = change(&book, listed.write.sequence) else { continue }
                transition.saved = transition.saved.filter { saved in !made.removed.contains(saved.sequence) } + made.saved
                transition.removed += made.removed
                changed += 1
            }
            try await store.commit(transition, nextSequence: book.nextSequenceNumber)
        }
        return changed
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
