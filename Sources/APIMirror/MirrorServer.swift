import Foundation
import Hummingbird
import Logging
import RickAndMortyServer
import ServiceLifecycle

/// Serves one `MirrorSite` over HTTP (Hummingbird 2) on `host:port`, every reference of the
/// mirrored API rewritten to the address it listens on. A value of settings: `start()` binds and
/// returns the running server. Thread-safe.
public struct MirrorServer: Sendable {
    /// What is served.
    public let site: MirrorSite
    /// The address to bind; loopback by default.
    public let host: String
    /// The port; 0 picks a free one.
    public let port: Int
    /// The `Cache-Control` of every successful answer; nil sends none.
    public let cacheControl: String?
    let logger: Logger

    /// A server of `site`; nothing listens until `start()`.
    public init(
        site: MirrorSite, host: String = "127.0.0.1", port: Int = 0, cacheControl: String? = nil,
        logger: Logger = Logger(label: "charbrowser.mirror")
    ) {
        self.site = site
        self.host = host
        self.port = port
        self.cacheControl = cacheControl
        self.logger = logger
    }

    /// Binds, rewrites the site for the bound address (before any connection is accepted) and
    /// starts answering.
    /// - Parameter handlingSignals: stop gracefully on SIGINT/SIGTERM (for the command line).
    /// - Throws: `MirrorError.bindFailed` when the address cannot be listened on.
    public func start(handlingSignals: Bool = false) async throws(MirrorError) -> RunningMirror {
        let ready = ReadinessSignal<ServedMirror, MirrorError>()
        let site = site
        let host = host
        let port = port
        let application = Application(
            responder: MirrorResponder(served: ready, cacheControl: cacheControl, logger: logger),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                ready.resolve(.success(ServedMirror(site: site, address: ServerConfiguration.origin(host: host, port: bound))))
            },
            logger: logger)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [application], gracefulShutdownSignals: handlingSignals ? [.sigterm, .sigint] : [],
                logger: logger))
        let task = Task {
            do {
                try await group.run()
                ready.resolve(.failure(.stoppedBeforeReady))
            } catch {
                ready.resolve(.failure(.bindFailed(host: host, port: port, reason: ServerError.listenReason(error))))
            }
        }
        switch await ready.wait() {
        case .success(let served):
            return RunningMirror(address: served.address, rootPath: site.rootPath, group: group, task: task)
        case .failure(let failure):
            await task.value
            throw failure
        }
    }
}
