import Foundation
import Logging
import RickAndMortyServer
import TestSupport

/// Starts real servers on loopback port 0 for tests and stops them afterwards.
enum LiveServer {
    /// The full dump from `../shared/data/rickandmorty`, loaded once.
    static let fullDump: Result<Dataset, DatasetError> = Result { () throws(DatasetError) in
        try Dataset.load(from: SharedData.folder)
    }

    /// The hand-written sample from `Assets/`, loaded once.
    static let sample: Result<Dataset, DatasetError> = Result { () throws(DatasetError) in
        try Dataset.sample()
    }

    /// A logger that drops everything (the request lines would drown test output).
    static var quietLogger: Logger {
        Logger(label: "test.server") { _ in SwiftLogNoOpLogHandler() }
    }

    /// Runs `body` with a started server and a client for it; always stops the server.
    static func with<Value>(
        _ dataset: Dataset, faults: FaultSettings = .none, environment: ServerEnvironment = .live,
        _ body: (RickAndMortyServer, HTTPTestClient) async throws -> Value
    ) async throws -> Value {
        try await with(data: .dataset(dataset), faults: faults, environment: environment, body)
    }

    /// Runs `body` with a started server of `data` (keeping its writes in `stateFile`, sending
    /// `cacheControl`, when given) and a client for it; always stops the server.
    static func with<Value>(
        data: ServedData, faults: FaultSettings = .none, environment: ServerEnvironment = .live,
        stateFile: URL? = nil, cacheControl: String? = nil,
        _ body: (RickAndMortyServer, HTTPTestClient) async throws -> Value
    ) async throws -> Value {
        let server = RickAndMortyServer(
            data: data,
            configuration: ServerConfiguration(port: 0, faults: faults, stateFile: stateFile, cacheControl: cacheControl),
            environment: environment,
            logger: quietLogger)
        let baseURL = try await server.start()
        do {
            let value = try await body(server, HTTPTestClient(baseURL: baseURL))
            await server.stop()
            return value
        } catch {
            await server.stop()
            throw error
        }
    }

    /// `with(_:)` over the full dump.
    static func withFullDump<Value>(
        _ body: (RickAndMortyServer, HTTPTestClient) async throws -> Value
    ) async throws -> Value {
        try await with(fullDump.get(), body)
    }
}
