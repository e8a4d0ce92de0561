import BrowserApp
import CharacterData
import Foundation
import Logging
import PersistentCache
import RickAndMortyHTTP
import RickAndMortyServer

/// Everything one browsing run needs, built from the command line: the embedded server (unless
/// `--api`), the disk cache, the repository and the services the UI calls. Stopped once, at the end.
struct BrowserSession: Sendable {
    let services: BrowserServices
    let server: RickAndMortyServer?
    let database: CacheDatabase?

    /// Stops the embedded server and closes the cache file.
    func stop() async {
        await server?.stop()
        try? await database?.close()
    }
}

/// Builds a `BrowserSession` from a parsed `BrowseCommand`: the composition root of the browser.
enum BrowserWiring {
    static func start(_ command: BrowseCommand) async throws -> BrowserSession {
        let events = try EventLog(destination: command.events)
        let (server, baseURL) = try await startServer(command)
        let database = try openDatabase(command)
        let networkSwitch = NetworkSwitch()
        let api = RemoteAPI(
            configuration: RemoteAPIConfiguration(
                baseURL: baseURL, timeout: .milliseconds(Int(command.timeout * 1_000))),
            networkSwitch: networkSwitch)
        let repository = CharacterRepository(
            api: api, database: database,
            configuration: CharacterRepositoryConfiguration(timeToLive: command.ttl))
        let description = server == nil ? baseURL.absoluteString : "\(baseURL.absoluteString) (embedded)"
        let services = BrowserServices(
            repository: repository, networkSwitch: networkSwitch, apiDescription: description,
            notice: database?.recovery.map {
                "Cache file \($0.reason): moved to \($0.movedTo.lastPathComponent)."
            },
            onAnswer: { events.write($0) })
        return BrowserSession(services: services, server: server, database: database)
    }

    /// Starts the embedded server on a free loopback port unless `--api` names another one.
    static func startServer(_ command: BrowseCommand) async throws -> (RickAndMortyServer?, URL) {
        if let api = command.api, let url = URL(string: api) { return (nil, url) }
        let dataset: Dataset
        if let data = command.data {
            dataset = try Dataset.load(from: URL(fileURLWithPath: data, isDirectory: true))
        } else if let synthetic = command.synthetic {
            var generator = SeededRandomGenerator(seed: 1)
            dataset = try Dataset.synthetic(characterCount: synthetic, using: &generator)
        } else {
            dataset = try Dataset.sample()
        }
        // The server's request log would draw over the screen: it is silenced while browsing.
        let quiet = Logger(label: "charbrowser.embedded-server", factory: { _ in SwiftLogNoOpLogHandler() })
        let server = RickAndMortyServer(dataset: dataset, configuration: .ephemeralLoopback, logger: quiet)
        return (server, try await server.start())
    }

    /// Opens (or creates) the disk cache, unless `--no-disk-cache`.
    static func openDatabase(_ command: BrowseCommand) throws -> CacheDatabase? {
        guard !command.noDiskCache else { return nil }
        let file =
            command.cacheDirectory.map {
                URL(fileURLWithPath: $0, isDirectory: true).appendingPathComponent("cache.sqlite")
            } ?? CacheDatabase.Location.defaultCacheFile()
        return try CacheDatabase(location: .file(file))
    }
}
