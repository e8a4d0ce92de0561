import CharacterData
import RickAndMortyModel
import Foundation
import Logging
import PersistentCache
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyServer
import TestSupport

/// `CharacterDataBenchmarks`' page from disk: a repository whose memory keeps one page reads
/// pages 1 and 2 in turn, so each read misses memory and composes the page from disk (the list's
/// row and its 20 characters in one read). The embedded server fills the file and is stopped
/// before the reads, so nothing else runs while they are counted.
enum PagesFromDisk {
    /// Whether the repository reads its URLs through a `PortRebase`, as the browser does over its
    /// embedded server: onto the server's own port (the common case: nothing moves), or onto
    /// another (every URL of the pages moves, as a cache of an earlier run's server).
    enum Rebase { case none, samePort, otherPort }

    static func pages(iterations: Int) async throws -> Int {
        try await pages(iterations: iterations, rebase: .none)
    }

    static func pages(iterations: Int, rebase: Rebase) async throws -> Int {
        let server = RickAndMortyServer(
            dataset: try Dataset.load(from: SharedData.folder), configuration: .ephemeralLoopback,
            logger: Logger(label: "counts", factory: { _ in SwiftLogNoOpLogHandler() }))
        let baseURL = try await server.start()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("charbrowser-counts-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try CacheDatabase(location: .file(folder.appendingPathComponent("cache.sqlite")))
        var configuration = CharacterRepositoryConfiguration(memoryPageLimit: 1, memoryCharacterLimit: 1)
        switch rebase {
        case .none: break
        case .samePort: configuration.portRebase = PortRebase(baseURL: baseURL.absoluteString)
        case .otherPort: configuration.portRebase = PortRebase(baseURL: "http://127.0.0.1:1/api")
        }
        let repository = CharacterRepository(
            api: RemoteAPI(configuration: RemoteAPIConfiguration(baseURL: baseURL)), database: database,
            configuration: configuration)
        for number in 1...2 { _ = try await repository.page(number, policy: .localFirst) }
        await server.stop()
        let before = repository.metrics.snapshot().disk.hits
        var checksum = 0
        for iteration in 0..<iterations {
            checksum &+= try await repository.page(1 + iteration % 2, policy: .localFirst).value.results.count
        }
        let diskHits = repository.metrics.snapshot().disk.hits - before
        precondition(iterations == 0 || diskHits > 0, "the pages should be read from disk")
        return checksum
    }
}
