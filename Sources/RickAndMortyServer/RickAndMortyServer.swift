import Foundation
import Locking
import Logging

/// The embedded, API-compatible Rick and Morty server: serves a `Dataset` under `/api` exactly like
/// the public API, on loopback by default, with injectable faults.
///
/// Thread-safe: start it once, stop it from anywhere; `faults` can be read and replaced at any
/// time, from any task, and the next request sees the change.
public final class RickAndMortyServer: Sendable {
    /// How the server listens.
    public let configuration: ServerConfiguration
    /// The data it serves (URLs as written, or generated on the served base when the server starts).
    public let data: ServedData

    let environment: ServerEnvironment
    let logger: Logger
    let state: ServerState
    let lifecycle = PThreadMutex(Lifecycle.idle)

    /// Creates a server; nothing listens until `start()`.
    /// - Parameters:
    ///   - data: what to serve: `.dataset(…)` (the sample, a dump, `SyntheticDataset.materialized()`) or
    ///     `.synthetic(SyntheticDataset(…))`, generated request by request.
    ///   - configuration: address and initial faults.
    ///   - environment: randomness and sleeping for faults; `.live` outside tests.
    ///   - logger: receives one line per request and the lifecycle messages.
    public init(
        data: ServedData, configuration: ServerConfiguration = ServerConfiguration(),
        environment: ServerEnvironment = .live, logger: Logger = Logger(label: "charbrowser.server")
    ) {
        self.data = data
        self.configuration = configuration
        self.environment = environment
        self.logger = logger
        self.state = ServerState(
            faults: configuration.faults,
            avatars: AvatarStore(character: data.characterLookup(), folder: configuration.avatarFolder),
            data: data)
    }

    /// Creates a server of `dataset` (`Dataset.sample()`, `Dataset.load(from:)`, `SyntheticDataset.materialized()`);
    /// see `init(data:configuration:environment:logger:)`.
    public convenience init(
        dataset: Dataset, configuration: ServerConfiguration = ServerConfiguration(),
        environment: ServerEnvironment = .live, logger: Logger = Logger(label: "charbrowser.server")
    ) {
        self.init(
            data: .dataset(dataset), configuration: configuration, environment: environment, logger: logger)
    }

    /// The faults injected now. Setting it affects the next request.
    public var faults: FaultSettings {
        get { state.currentFaults }
        set { state.faults.withLock { $0 = newValue } }
    }

    /// Changes the faults in place, atomically, and returns the new settings.
    @discardableResult
    public func updateFaults(_ change: (inout FaultSettings) -> Void) -> FaultSettings {
        state.faults.withLock { settings in
            change(&settings)
            return settings
        }
    }

    /// The base URL being served (`http://127.0.0.1:54321/api`), once started.
    public var baseURL: URL? {
        state.currentCatalog.flatMap { URL(string: $0.baseURL) }
    }

    /// The port listened on, once started.
    public var port: Int? {
        lifecycle.withLock { lifecycle in
            if case .running(_, let port) = lifecycle { return port }
            return nil
        }
    }
}
