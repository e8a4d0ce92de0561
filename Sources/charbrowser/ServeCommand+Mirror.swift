import APIMirror
import Foundation
import Logging

extension ServeCommand {
    /// The options of the Rick and Morty server given with `--mirror`, which serves a folder as it
    /// is (no dump, no synthetic data, no faults, no writes).
    var optionsNotForMirror: [String] {
        let given: [(String, Bool)] = [
            ("--data", data != nil), ("--synthetic", synthetic != nil), ("--seed", seed != 1),
            ("--latency", latency != 0), ("--jitter", jitter != 0), ("--error-rate", errorRate != 0),
            ("--malformed-rate", malformedRate != 0), ("--avatar-html", avatarHTML), ("--trickle", trickle != 0),
            ("--offline", offline), ("--fault-seed", faultSeed != nil), ("--state", state != nil),
            ("--idempotency-ttl", idempotencyTTL != 86_400), ("--base-url", baseURL != nil),
        ]
        return given.filter(\.1).map(\.0)
    }

    /// Loads `folder` once and serves it until SIGINT or SIGTERM; a folder that cannot be mirrored
    /// is bad usage (exit 2, one sentence).
    func runMirror(of folder: String, logger: Logger) async throws {
        let site: MirrorSite
        do {
            site = try MirrorSite.load(from: URL(fileURLWithPath: folder, isDirectory: true))
        } catch {
            throw ValidationFailure(error.description)
        }
        for problem in site.problems { logger.warning("\(problem): its paths answer 500") }
        let server = MirrorServer(
            site: site, host: host, port: port,
            cacheControl: try CacheControlOption.checked(cacheControl, option: "--cache-control"), logger: logger)
        let running = try await server.start(handlingSignals: true)
        logger.info("serving the mirror of \(site.folder.path) (\(site.pathCount) paths) at \(running.rootURL)")
        await running.waitUntilStopped()
        logger.info("stopped")
    }
}
