import EntityWrites
import Foundation
import Locking
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import Synchronization

/// The character writes of one repository: an `EntityWriter` over the API (through its offline
/// switch), the disk cache's write store (in memory without a disk cache), and the character
/// tiers; and what the screens and reads take without waiting: the writes kept and what they lay
/// over answers, refreshed after every change. Thread-safe: the writer is an actor, the rest
/// behind a lock, with an atomic for the reads' fast path.
final class CharacterWrites: Sendable {
    let api: RemoteAPI
    let writer: EntityWriter
    let paths: CharacterPaths
    /// Why writes are not kept across runs (no disk cache, or another process keeps the cache
    /// file's); nil when they are.
    var notKept: String? { keeping.withLock { $0.notKept } }
    /// Why writes are not kept, and the cache file and scope to take them over from once the
    /// process that held them at start has quit (nil: nothing to take over).
    private let keeping: PThreadMutex<(notKept: String?, takeOver: (database: CacheDatabase, scope: String)?)>
    /// The writes kept, oldest first, and what they lay over answers, as last refreshed.
    private let kept: PThreadMutex<(writes: [EntityWrite], overlay: PendingOverlay)>
    /// Whether nothing is laid over answers, read without the lock: most runs keep no write.
    private let overlayIsEmpty: Atomic<Bool>

    /// The writes of `api`, kept in `store` (their `loaded` state; not across runs when `notKept`
    /// says why, until `takeOver`'s scope is free), with `tiers`.
    init(
        api: RemoteAPI, store: any WriteStore, loaded: (writes: [EntityWrite], nextSequence: Int64),
        notKept: String?, takeOver: (database: CacheDatabase, scope: String)? = nil, tiers: CharacterWriteTiers
    ) {
        self.api = api
        paths = tiers.paths
        keeping = PThreadMutex((notKept, takeOver))
        let overlay = PendingOverlay(of: loaded.writes, paths: paths)
        kept = PThreadMutex((loaded.writes, overlay))
        overlayIsEmpty = Atomic(overlay.isEmpty)
        let timeSource = tiers.timeSource
        writer = EntityWriter(
            baseURL: api.configuration.baseURL, store: store, loaded: loaded, tiers: tiers,
            http: RemoteAPIExchange(api: api), rules: CharacterWriteFields.rules, now: { timeSource.now() })
    }

    /// The writes kept, oldest first, as last refreshed.
    var writes: [EntityWrite] { kept.withLock { $0.writes } }

    /// Keeps the cache file's writes from now on when the process that held them at start has
    /// quit, and this run holds none of its own in memory (an undecided conflict, say): claims
    /// them and hands them to the writer. Whether it took them over now.
    func takeOverIfReleased() async -> Bool {
        guard let (database, scope) = keeping.withLock({ $0.takeOver }) else { return false }
        let adopted = await writer.adopt {
            guard case .success = database.claimWrites(scope: scope) else { return nil }
            let store = SQLiteWriteStore(database: database, scope: scope)
            // Unread, the file's writes are left to the next try: new ones could take their numbers.
            guard let contents = try? store.contentsNow() else { return nil }
            return (store, (contents.writes, contents.nextSequence))
        }
        if adopted { keeping.withLock { $0 = (nil, nil) } }
        return adopted
    }

    /// What the open writes lay over answers, as last refreshed.
    var overlay: PendingOverlay { kept.withLock { $0.overlay } }

    /// Whether no open write is laid over answers: one atomic load.
    var overlayIsEmptyNow: Bool { overlayIsEmpty.load(ordering: .acquiring) }

    /// Write `sequence` as last refreshed, or nil.
    func write(_ sequence: Int64) -> EntityWrite? { writes.first { $0.sequence == sequence } }

    /// Reads the writer's writes into what is taken without waiting; returns them. Stored on the
    /// writer, so two refreshes that overlap leave the newer list, whichever returns last.
    @discardableResult
    func refresh() async -> [EntityWrite] {
        await writer.withWrites { writes in
            let overlay = PendingOverlay(of: writes, paths: self.paths)
            self.kept.withLock { kept in
                kept = (writes, overlay)
                self.overlayIsEmpty.store(overlay.isEmpty, ordering: .releasing)
            }
            return writes
        }
    }
}

extension CharacterRepository {
    /// The writes of `api`'s characters: kept in `database`'s write store under the API's scope,
    /// claimed for this process (in memory without a disk cache, when another process keeps them,
    /// or when the configuration says why not), with writes of the older outbox adopted once, and
    /// the character tiers of `graph`.
    static func makeWrites(
        api: RemoteAPI, database: CacheDatabase?, configuration: CharacterRepositoryConfiguration,
        graph: Graph<ShowCharacter, PageInfo>
    ) -> CharacterWrites {
        let paths = CharacterPaths(baseURL: api.configuration.baseURL)
        let tiers = CharacterWriteTiers(paths: paths, graph: graph, timeSource: configuration.timeSource)
        let inMemory = { (notKept: String, takeOver: (database: CacheDatabase, scope: String)?) in
            CharacterWrites(
                api: api, store: MemoryWriteStore(), loaded: ([], 1), notKept: notKept, takeOver: takeOver,
                tiers: tiers)
        }
        if let reason = configuration.writesNotKept { return inMemory(reason, nil) }
        guard let database else { return inMemory("the disk cache is off", nil) }
        let scope = configuration.storedNamespace(Namespace.writes)
        if case .failure(let refusal) = database.claimWrites(scope: scope) {
            // True of the start only: once the holder quits, they are taken over (`takeOverIfReleased`).
            guard let holder = refusal.holder else { return inMemory("\(refusal)", nil) }
            return inMemory("\(holder) held this cache file's writes when this run started", (database, scope))
        }
        let store = SQLiteWriteStore(database: database, scope: scope)
        var loaded: (writes: [EntityWrite], nextSequence: Int64) =
            (try? store.contentsNow()).map { ($0.writes, $0.nextSequence) } ?? ([], 1)
        let legacy = LegacyCharacterWrites.adoptable(
            in: database, kind: configuration.storedNamespace(Namespace.character), paths: paths,
            numberedFrom: loaded.nextSequence)
        if !legacy.rows.isEmpty {
            let next = loaded.nextSequence + Int64(legacy.writes.count)
            if (try? store.adoptNow(legacy.writes, removingOutboxRows: legacy.rows, nextSequence: next)) != nil {
                loaded.writes += legacy.writes
                loaded.nextSequence = next
            }
        }
        return CharacterWrites(api: api, store: store, loaded: loaded, notKept: nil, tiers: tiers)
    }
}

/// The writes of characters the server has not decided yet (open in the write book), laid over
/// every answer that holds those characters: the fields an edit changed over what was read (the
/// others as the server has them), a deleted character left out of pages and casts. So a read from
/// the network while a write waits shows the pending value, never the server's older one, and the
/// answer's provenance names it `pending`. A value; thread-safe.
struct PendingOverlay: Sendable {
    /// Each character's changed fields, the open edits' laid over one another in order.
    var edits: [Int: Fields] = [:]
    var deletes: Set<Int> = []
    var isEmpty: Bool { edits.isEmpty && deletes.isEmpty }

    /// The open writes of `writes` (the book's, oldest first).
    init(of writes: [EntityWrite], paths: CharacterPaths) {
        for write in writes where write.isOpen {
            guard let id = paths.id(of: write.entity) else { continue }
            switch write.method {
            case .delete: deletes.insert(id)
            case .patch: edits[id, default: [:]].merge(write.changes) { _, later in later }
            }
        }
    }

    /// `character` as this process shows it: with its pending edit, or nil when it is deleted.
    func applied(to character: ShowCharacter) -> ShowCharacter? {
        if deletes.contains(character.id) { return nil }
        guard let edit = edits[character.id] else { return character }
        return CharacterWriteFields.characterFields(edit, over: CharacterFields(of: character)).applied(to: character)
    }

    /// `characters` with their pending edits, the deleted ones left out; the ids laid over are
    /// added to `provenance`'s pending ids.
    func applied(to characters: [ShowCharacter], provenance: inout Provenance?) -> [ShowCharacter] {
        var pending: [String] = []
        let shown = characters.compactMap { character -> ShowCharacter? in
            let overlaid = applied(to: character)
            if overlaid != character { pending.append(String(character.id)) }
            return overlaid
        }
        if !pending.isEmpty { provenance = provenance ?? Provenance() }
        provenance?.pendingIDs += pending
        return shown
    }
}
