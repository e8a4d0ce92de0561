import BrowserApp
import CharacterData
import DownloadCache
import Foundation
import Logging
import PersistentCache
import PostgresCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import RickAndMortyServer
import TerminalUI

/// Everything one browsing run needs, built from the command line: the embedded server (unless
/// `--api`), the disk cache, the repository and the services the UI calls. Stopped once, at the end.
struct BrowserSession: Sendable {
    let services: BrowserServices
    let server: RickAndMortyServer?
    let database: CacheDatabase?
    /// A folder of avatars that lives only as long as the run (`--no-disk-cache`), removed at the end.
    let temporaryAvatars: URL?
    let shared: PostgresCacheStore?
    /// Where the browser's place is remembered for this API; nil without a disk cache.
    let memory: RememberedPlaceStore?

    /// Remembers where `state` left the user (a failure only costs the next run a clean start).
    func remember(_ state: BrowserState) async {
        guard let memory else { return }
        do throws(RepositoryError) {
            try await memory.save(
                RememberedBrowser(state: state, imagesOn: services.avatars != nil, mouseOn: services.mouseOn))
        } catch {
            FileHandle.standardError.write(
                Data("charbrowser: note: could not remember the browser: \(error.description)\n".utf8))
        }
    }

    /// Stops the embedded server, the shared tier's connections, and closes the cache file.
    func stop() async {
        await server?.stop()
        await shared?.stop()
        try? await database?.close()
        if let temporaryAvatars { try? FileManager.default.removeItem(at: temporaryAvatars) }
    }
}

/// Builds a `BrowserSession` from a parsed `BrowseCommand`: the composition root of the browser.
enum BrowserWiring {
    static func start(_ command: BrowseCommand) async throws -> BrowserSession {
        let events = try EventLog(destination: command.events)
        let database = try openDatabase(command)
        let networkSwitch = NetworkSwitch()
        let shared = try startSharedCache(command)
        let explorer = try await exploredAPI(command, database: database, shared: shared, networkSwitch: networkSwitch)
        let listsStart = explorer == nil ? try listsStart(command) : nil
        let (server, baseURL) = try await startServer(command, explorer: explorer)
        let identity = try command.apiIdentity(baseURL: baseURL)
        var notices = [database?.recovery.map { "Cache file \($0.reason): moved to \($0.movedTo.lastPathComponent)." }]
        if let database {
            notices.append(
                try await LegacyCacheAdoption(database: database, command: command, identity: identity, baseURL: baseURL)
                    .run())
        }
        let api = RemoteAPI(
            configuration: RemoteAPIConfiguration(
                baseURL: baseURL, timeout: .milliseconds(Int(command.timeout * 1_000)),
                maximumAnswerSize: command.maximumAnswerSize),
            networkSwitch: networkSwitch)
        var configuration = CharacterRepositoryConfiguration(
            timeToLive: command.ttl, api: identity,
            // An explored API's entities are read only: its run claims none of the file's writes.
            writesNotKept: explorer == nil ? nil : "the explorer reads this API's entities and edits none")
        // The embedded server's port is picked per run: what an earlier run cached reads as this one's.
        configuration.portRebase = server == nil ? nil : PortRebase(baseURL: baseURL.absoluteString)
        let repository = CharacterRepository(
            api: api, database: database, shared: shared, configuration: configuration)
        if database != nil, explorer == nil, let notKept = repository.writesNotKept {
            notices.append("Writes are not kept in this run: \(notKept). An edit is sent at once or not made.")
        }
        // Every write's outcome reaches the log as it is kept, whichever call sent it.
        await repository.observeWrites { [weak repository] reports in
            let lines = WriteLogLine.lines(of: reports) { repository?.characterID(of: $0) }
            for line in lines { events.write(line) }
        }
        // An explored API's screens are not Rick and Morty's lists: no place of theirs is remembered.
        let memory = explorer != nil ? nil : database.map {
            RememberedPlaceStore(database: $0, prefix: LegacyCacheAdoption.placePrefix(identity))
        }
        var remembered: RememberedBrowser?
        if let memory {
            if command.fresh {
                try? await memory.clear()
            } else {
                let (loaded, notes) = await memory.load()
                remembered = loaded
                // The switch as the last run left it, before anything is read.
                if let loaded { networkSwitch.setOnline(loaded.isOnline) }
                for note in notes {
                    FileHandle.standardError.write(Data("charbrowser: note: \(note)\n".utf8))
                }
            }
        }
        let imagesOn = !command.noImages && remembered?.imagesOn != false
        let mouseOn = !command.noMouse && remembered?.mouseOn != false
        let description =
            server == nil ? baseURL.absoluteString : "\(baseURL.absoluteString) (embedded: \(identity.id))"
        let healthChanges: (@Sendable () -> AsyncStream<SharedCacheHealth>)? = shared.map { store in
            { @Sendable in store.healthChanges() }
        }
        let graph = GraphRepository(api: api, characters: repository)
        let avatars =
            imagesOn
            ? AvatarLoader(
                directory: avatarFolder(command), transport: HTTPExchangeTransport(timeout: command.timeout),
                apiBaseURL: baseURL, api: identity, isOnline: { networkSwitch.isOnline }) : nil
        // The Cache screen: every tier of this run, with the avatars' folder (through the loader's
        // own provider, which owns the folder) when images are on; the rule is `cache`'s (the run's
        // TTL, a week's stale window).
        let inspector = CacheInspector(
            graph: graph,
            fileCache: avatars?.cache.inspection(
                kind: CacheEntryKey.avatarKind, tierName: CacheTierName.file.rawValue),
            rule: CacheFreshnessRule(timeToLive: command.ttl, staleWindow: 7 * 86_400),
            fileReread: Self.fileReread(avatars), others: explorer?.inspectedEntries)
        var services = BrowserServices(
            repository: repository, networkSwitch: networkSwitch, apiDescription: description,
            notice: notices.compactMap { $0 }.isEmpty ? nil : notices.compactMap { $0 }.joined(separator: " "),
            avatars: avatars,
            colorMode: ColorMode.detect(environment: ProcessInfo.processInfo.environment),
            graph: graph, remembered: remembered,
            // The change streams are subscriptions: a headless run does not wait for them.
            observesChanges: true, sharedCacheHealthChanges: healthChanges, cacheInspector: inspector,
            onAnswer: { events.write($0) })
        services.mouseOn = mouseOn
        services.explorer = explorer
        services.listsStart = listsStart
        // A headless run records each copy in the events log; the terminal run also writes OSC 52.
        services.clipboard = { events.write($0) }
        services.onWrite = { events.write($0) }
        return BrowserSession(
            services: services, server: server, database: database,
            temporaryAvatars: command.noDiskCache && !command.noImages ? avatarFolder(command) : nil,
            shared: shared, memory: memory)
    }

    /// Where the Rick and Morty lists start: `--open` read as one of their resources, or one
    /// sentence (exit 2) saying why it is none.
    static func listsStart(_ command: BrowseCommand) throws(ValidationFailure) -> ListsStart? {
        guard let open = command.open else { return nil }
        do throws(ListsStart.Refusal) {
            return try ListsStart(ExplorerSession.Start(parsing: open))
        } catch {
            throw ValidationFailure(error.description)
        }
    }

    /// Starts the shared tier's connection pool and listener when `--shared-cache` (or
    /// `CHARBROWSER_SHARED_CACHE`) names a server. The server need not be up: the tier reports
    /// itself down and comes back when it is.
    static func startSharedCache(_ command: BrowseCommand) throws -> PostgresCacheStore? {
        guard let url = command.sharedCacheURL else { return nil }
        let store = try PostgresCacheStore(
            location: try PostgresCacheLocationParsing.open(url),
            options: PostgresCacheOptions(
                logged: command.sharedCacheLogged,
                // A statement gets two thirds of the operation's budget: 2 s of the default 3 s.
                statementTimeout: .milliseconds(Int(command.sharedCacheTimeout * 2_000 / 3)),
                operationTimeout: .milliseconds(Int(command.sharedCacheTimeout * 1_000)),
                maximumPayloadSize: command.maximumAnswerSize,
                signingKey: try SharedCacheKeyOption.load(command.sharedCacheKey)))
        store.start()
        return store
    }

    /// The Cache screen's `v` and `r` on an avatar: the loader reads it again (nil without images).
    static func fileReread(_ loader: AvatarLoader?) -> CacheInspector.FileReread? {
        guard let loader else { return nil }
        return { key, conditional in await loader.reread(key, conditional: conditional) }
    }

    /// Where avatars are cached: `avatars/` beside the disk cache file, or a folder of this run's
    /// own under the temporary folder with `--no-disk-cache`.
    static func avatarFolder(_ command: BrowseCommand) -> URL {
        if command.noDiskCache {
            return FileManager.default.temporaryDirectory.appendingPathComponent(
                "charbrowser-avatars-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        }
        return cacheFile(command).deletingLastPathComponent().appendingPathComponent(
            "avatars", isDirectory: true)
    }

    /// The disk cache file: `cache.sqlite` in `--cache-dir`, or the default location.
    static func cacheFile(_ command: BrowseCommand) -> URL {
        command.cacheDirectory.map {
            URL(fileURLWithPath: $0, isDirectory: true).appendingPathComponent("cache.sqlite")
        } ?? CacheDatabase.Location.defaultCacheFile(application: "charbrowser")
    }

    /// The API `--api` or `--openapi` names to explore, over the cache file (in memory with
    /// `--no-disk-cache`); nil for Rick and Morty (`ExplorerWiring`).
    static func exploredAPI(
        _ command: BrowseCommand, database: CacheDatabase?, shared: PostgresCacheStore?, networkSwitch: NetworkSwitch
    ) async throws -> ExplorerSession? {
        guard command.api != nil || command.openapi != nil else { return nil }
        let file = try database ?? CacheDatabase.inMemory(
            options: CacheDatabase.Options(maximumPayloadSize: command.maximumAnswerSize))
        return try await ExplorerWiring.session(
            command, database: file, shared: shared, networkSwitch: networkSwitch)
    }

    /// Starts the embedded server on a free loopback port unless `--api` names another one (or
    /// an API is explored).
    static func startServer(_ command: BrowseCommand, explorer: ExplorerSession?) async throws -> (
        RickAndMortyServer?, URL
    ) {
        if let explorer { return (nil, explorer.api.url) }
        if let api = command.api, let url = URL(string: api) { return (nil, url) }
        let served: ServedData
        var configuration = ServerConfiguration.ephemeralLoopback
        configuration.stateFile = try EmbeddedServerState.file(command)
        configuration.cacheControl = try CacheControlOption.checked(
            command.serverCacheControl, option: "--server-cache-control")
        if let data = command.data {
            let folder = URL(fileURLWithPath: data, isDirectory: true)
            served = .dataset(try Dataset.load(from: folder))
            configuration.avatarFolder = folder.appendingPathComponent("avatars", isDirectory: true)
        } else if let synthetic = command.synthetic {
            // Generated per request, as `serve --synthetic` does: no dataset held in memory.
            served = .synthetic(try SyntheticDataset(characterCount: synthetic, seed: 1))
        } else {
            served = .dataset(try Dataset.sample())
        }
        // The server's request log would draw over the screen: it is silenced while browsing.
        let quiet = Logger(label: "charbrowser.embedded-server", factory: { _ in SwiftLogNoOpLogHandler() })
        let server = RickAndMortyServer(data: served, configuration: configuration, logger: quiet)
        return (server, try await server.start())
    }

    /// Opens (or creates) the disk cache, unless `--no-disk-cache`.
    static func openDatabase(_ command: BrowseCommand) throws -> CacheDatabase? {
        guard !command.noDiskCache else { return nil }
        return try CacheDatabase(
            location: .file(cacheFile(command)),
            options: CacheDatabase.Options(maximumPayloadSize: command.maximumAnswerSize))
    }
}
