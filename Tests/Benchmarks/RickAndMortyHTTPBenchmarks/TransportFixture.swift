import Foundation
import Locking
import Logging
import RickAndMortyServer

/// The embedded server with the sample, started once and shared by the page and avatar
/// benchmarks, and a folder for downloaded files. Thread-safe: immutable once made.
final class TransportFixture: Sendable {
    private static let instance = PThreadMutex<TransportFixture?>(nil)

    let server: RickAndMortyServer
    /// `http://127.0.0.1:PORT/api`.
    let baseURL: URL
    /// The sample's character ids (their avatars are served).
    let characterIDs: [Int]
    /// Where downloads land (one file per worker, replaced by each download).
    let folder: URL

    static func shared() async throws -> TransportFixture {
        if let existing = instance.withLock({ $0 }) { return existing }
        let fixture = try await TransportFixture()
        instance.withLock { $0 = fixture }
        return fixture
    }

    private init() async throws {
        let quiet = Logger(label: "transport-benchmarks", factory: { _ in SwiftLogNoOpLogHandler() })
        let dataset = try Dataset.sample()
        characterIDs = dataset.characters.map(\.id)
        server = RickAndMortyServer(dataset: dataset, configuration: .ephemeralLoopback, logger: quiet)
        baseURL = try await server.start()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "transport-benchmarks-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Page 1 of the characters.
    var pageURL: URL {
        baseURL.appendingPathComponent("character").appending(queryItems: [
            URLQueryItem(name: "page", value: "1")
        ])
    }

    /// The avatar of the `index`th download: the sample's avatars in turn.
    func avatarURL(_ index: Int) -> URL {
        baseURL.appendingPathComponent("character/avatar/\(characterIDs[index % characterIDs.count]).jpeg")
    }
}
