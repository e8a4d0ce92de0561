import APIMirror
import ArgumentParser
import Foundation
import Logging
import RickAndMortyServer

/// `charbrowser serve`: runs the API-compatible server until SIGINT or SIGTERM. A parsed value.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract:
            "Serve the Rick and Morty API (sample data, a dump, or synthetic data), or a folder of another JSON API (--mirror), on this machine.",
        discussion: """
            By default the hand-written sample in Assets/ is served (found through CHARBROWSER_ASSETS, \
            the package folder, or the folders above the executable). Faults can also be changed while \
            running: POST /_faults?latency=200&jitter=50&error-rate=0.1&malformed-rate=0&offline=false \
            (GET /_faults shows them; add reset to start from none; write-failure and write-answer-lost \
            fail writes, reject-writes=N refuses the next N with 422). PUT, PATCH and DELETE of \
            /api/character/<id> edit the served characters, with If-Match and Idempotency-Key (kept in \
            --state FILE; a key's answer is replayed for --idempotency-ttl seconds). With --synthetic N \
            every character, episode and location is generated when a request asks for it, from --seed \
            and its id; a filtered listing then tests every id (tens of milliseconds a page for a million \
            characters).
            """)

    @Option(help: "The address to listen on (loopback unless told otherwise).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Option(
        help:
            "Serve the dump in this folder (characters.json, locations.json, episodes.json; avatars/<id>.jpeg if present)."
    )
    var data: String?

    @Option(
        help:
            "Serve N generated characters instead of files, each made when asked (a million start at once)."
    )
    var synthetic: Int?

    @Option(
        help: ArgumentHelp(
            "Serve this folder of JSON as the API it mirrors, offline: PokeAPI's api-data layout or one array per resource (<resource>.json, as SWAPI's); see docs/mirror.md.",
            valueName: "DIR"))
    var mirror: String?

    @Option(help: "The seed of the synthetic data.")
    var seed: UInt64 = 1

    @Option(help: "Milliseconds added to every answer.")
    var latency = 0

    @Option(help: "Up to this many extra milliseconds per answer, drawn at random.")
    var jitter = 0

    @Option(name: .customLong("error-rate"), help: "Probability (0…1) of answering 500.")
    var errorRate = 0.0

    @Option(name: .customLong("malformed-rate"), help: "Probability (0…1) of sending a truncated body.")
    var malformedRate = 0.0

    @Flag(name: .customLong("avatar-html"), help: "Answer every avatar with an HTML page.")
    var avatarHTML = false

    @Option(help: "Milliseconds of pause before each 1 KiB chunk of an avatar (a slow trickle).")
    var trickle = 0

    @Flag(help: "Answer 503 to every API request (until changed through /_faults).")
    var offline = false

    @Option(name: .customLong("fault-seed"), help: "Seed the fault decisions (default: system randomness).")
    var faultSeed: UInt64?

    @Option(
        help:
            "Keep the writes the server accepts (PUT, PATCH and DELETE of /api/character/<id>) in this file, across restarts (default: in memory only)."
    )
    var state: String?

    @Option(
        name: .customLong("idempotency-ttl"),
        help: ArgumentHelp(
            "How long a write's answer is replayed to its Idempotency-Key, in seconds (24 hours by default).",
            valueName: "SECONDS"))
    var idempotencyTTL = 86_400

    @Option(
        name: .customLong("cache-control"),
        help: ArgumentHelp(
            CacheControlOption.help("every successful read (pages, characters, episodes, locations)"),
            valueName: "VALUE"))
    var cacheControl = CacheControlOption.defaultValue

    @Option(
        name: .customLong("base-url"),
        help: "The base URL written into bodies (default http://HOST:PORT/api).")
    var baseURL: String?

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be 0…65535, not \(port)")
        }
        guard latency >= 0 else { throw ValidationError("--latency must be 0 or more milliseconds") }
        guard jitter >= 0 else { throw ValidationError("--jitter must be 0 or more milliseconds") }
        guard (0...1).contains(errorRate) else {
            throw ValidationError("--error-rate must be between 0 and 1")
        }
        guard (0...1).contains(malformedRate) else {
            throw ValidationError("--malformed-rate must be between 0 and 1")
        }
        guard idempotencyTTL > 0 else { throw ValidationError("--idempotency-ttl must be 1 or more seconds") }
        if let synthetic, synthetic < 0 { throw ValidationError("--synthetic must be 0 or more") }
        if let synthetic, synthetic > SyntheticDataset.maximumCharacterCount {
            throw ValidationError("--synthetic must be at most \(SyntheticDataset.maximumCharacterCount)")
        }
        if data != nil, synthetic != nil {
            throw ValidationError("use either --data or --synthetic, not both")
        }
        if mirror != nil, !optionsNotForMirror.isEmpty {
            throw ValidationError("--mirror serves the folder alone: drop \(optionsNotForMirror.joined(separator: ", "))")
        }
        if let data, let problem = Dataset.folderProblem(data) { throw ValidationError(problem) }
        _ = try CacheControlOption.checked(cacheControl, option: "--cache-control")
    }

    func run() async throws {
        let logger = Logger(label: "charbrowser.serve")
        if let mirror {
            try await runMirror(of: mirror, logger: logger)
            return
        }
        let server = RickAndMortyServer(
            data: try loadData(), configuration: try serverConfiguration(), environment: environment,
            logger: logger)
        try await server.start(handlingSignals: true)
        await server.waitUntilStopped()
        logger.info("stopped")
    }

    /// The server's configuration from the options (checked again: `validate` ran first).
    func serverConfiguration() throws(ValidationError) -> ServerConfiguration {
        ServerConfiguration(
            host: host, port: port, publicBaseURL: baseURL,
            faults: FaultSettings(
                latency: .milliseconds(latency), jitter: .milliseconds(jitter), errorRate: errorRate,
                malformedRate: malformedRate, offline: offline, avatarHTML: avatarHTML,
                trickle: .milliseconds(max(0, trickle))),
            avatarFolder: data.map {
                URL(fileURLWithPath: $0, isDirectory: true).appendingPathComponent(
                    "avatars", isDirectory: true)
            },
            stateFile: state.map { URL(fileURLWithPath: $0) },
            cacheControl: try CacheControlOption.checked(cacheControl, option: "--cache-control"),
            idempotencyTTL: .seconds(idempotencyTTL))
    }

    var environment: ServerEnvironment {
        guard let faultSeed else { return .live }
        return ServerEnvironment(
            random: SeededRandomSource(seed: faultSeed), sleeper: ServerEnvironment.live.sleeper)
    }

    /// The synthetic dataset (generated per request), the dump, or the sample.
    func loadData() throws(DatasetError) -> ServedData {
        if let synthetic {
            return .synthetic(try SyntheticDataset(characterCount: synthetic, seed: seed))
        }
        if let data {
            return .dataset(try Dataset.load(from: URL(fileURLWithPath: data, isDirectory: true)))
        }
        return .dataset(try Dataset.sample())
    }
}
