import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

extension RickAndMortyServer {
    /// Where the server is in its life.
    enum Lifecycle: Sendable {
        case idle
        case starting(Runner)
        case running(Runner, port: Int)
        case stopped
    }

    /// The service group running the HTTP server and the task awaiting it.
    struct Runner: Sendable {
        let group: ServiceGroup
        let task: Task<Void, Never>
    }

    /// Binds, prepares the catalog for the bound address and starts answering. Returns the base URL
    /// (`http://127.0.0.1:<port>/api`); with port 0 the port is a free one chosen by the system.
    ///
    /// - Parameter handlingSignals: stop gracefully on SIGINT/SIGTERM (for the command line; leave it
    ///   off when embedding).
    @discardableResult
    public func start(handlingSignals: Bool = false) async throws(ServerError) -> URL {
        if state.currentWrites == nil {
            let store = try WriteStore(
                file: configuration.stateFile, replyLifetime: configuration.idempotencyTTL, clock: environment.clock)
            state.writes.withLock { $0 = $0 ?? store }
        }
        let ready = ReadinessSignal<Int, ServerError>()
        let application = makeApplication(ready: ready)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [application],
                gracefulShutdownSignals: handlingSignals ? [.sigterm, .sigint] : [],
                logger: logger))
        let configuration = configuration
        let started: Bool = lifecycle.withLock { lifecycle in
            switch lifecycle {
            case .idle, .stopped: break  // a stopped server may start again
            case .starting, .running: return false
            }
            let task = Task {
                do {
                    try await group.run()
                    ready.resolve(.failure(.stoppedBeforeReady))
                } catch {
                    ready.resolve(
                        .failure(
                            .bindFailed(
                                host: configuration.host, port: configuration.port,
                                reason: ServerError.listenReason(error))))
                }
            }
            lifecycle = .starting(Runner(group: group, task: task))
            return true
        }
        guard started else { throw .alreadyStarted }
        let port: Int
        do {
            port = try await ready.wait().get()
        } catch {
            lifecycle.withLock { $0 = .stopped }
            throw error
        }
        lifecycle.withLock { lifecycle in
            if case .starting(let runner) = lifecycle { lifecycle = .running(runner, port: port) }
        }
        guard let url = baseURL else { throw .stoppedBeforeReady }
        logger.info("serving \(data.characterCount) characters at \(url.absoluteString)")
        return url
    }

    /// Stops accepting connections, lets requests in flight finish, and returns when the server is
    /// down (`baseURL` and `port` are then nil; `start()` may be called again). Does nothing if it
    /// is not running.
    public func stop() async {
        let runner: Runner? = lifecycle.withLock { lifecycle in
            switch lifecycle {
            case .starting(let runner), .running(let runner, _):
                lifecycle = .stopped
                return runner
            case .idle, .stopped:
                lifecycle = .stopped
                return nil
            }
        }
        guard let runner else { return }
        await runner.group.triggerGracefulShutdown()
        await runner.task.value
        state.catalog.withLock { $0 = nil }
    }

    /// Returns when the server has stopped (after `stop()` or, with `handlingSignals`, a signal).
    public func waitUntilStopped() async {
        let task: Task<Void, Never>? = lifecycle.withLock { lifecycle in
            switch lifecycle {
            case .starting(let runner), .running(let runner, _): runner.task
            case .idle, .stopped: nil
            }
        }
        await task?.value
    }

    private func makeApplication(ready: ReadinessSignal<Int, ServerError>) -> some Service {
        let responder = APIResponder(
            state: state, environment: environment, adminRouteEnabled: configuration.adminRouteEnabled,
            maximumRequestBodySize: configuration.maximumRequestBodySize,
            cacheControl: configuration.cacheControl, logger: logger)
        let state = state
        let configuration = configuration
        return Application(
            responder: responder,
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                state.publish(
                    state.currentWrites?.current ?? ServerWrites(), baseURL: configuration.baseURL(boundPort: port))
                ready.resolve(.success(port))
            },
            logger: logger)
    }
}
