import ArgumentParser
import Foundation
import NcursesBackend
import PostgresCache
import RickAndMortyServer
import TerminalUI

/// `charbrowser` (the default subcommand): browse characters in the terminal, or headless. A parsed value.
struct BrowseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse the characters of Rick and Morty, or any JSON API with --api (the default command).",
        discussion: """
            With no --api, an embedded server is started on a free loopback port with the \
            hand-written sample in Assets/ (or --data DIR, or --synthetic N), so the browser works \
            offline. The writes it accepts are kept in $XDG_DATA_HOME/charbrowser/ (else \
            ~/.local/share/charbrowser/), one file per served data set, outside the cache folder \
            (--server-state FILE, --no-server-state; `charbrowser reset-server-state` discards them). \
            Navigation reads localFirst (cacheSync); r refreshes remoteFirst (mainSync). \
            Press ? in the browser for every key.

            Headless mode runs the same UI without a terminal: --keys takes space-separated tokens \
            (one character is that key; named keys: up down left right pgup pgdn home end enter esc \
            tab space backspace; text:STRING types a string; resize:WxH resizes; click:COL,ROW, \
            dclick:COL,ROW, wheel-up:COL,ROW and wheel-down:COL,ROW are the mouse on a cell counted \
            from 1; wait:TEXT holds the \
            next token until a row of the screen contains TEXT, \\s standing for a space, for at most \
            10 s or as long as wait@30s:TEXT says, else the run fails with status 1). Without --keys \
            the tokens are read from standard input. The final frame (every frame with --frames) is \
            printed as plain text, one line per row.
            """)

    @Option(
        help: ArgumentHelp(
            "Browse this API instead of the embedded server: Rick and Morty's (e.g. https://rickandmortyapi.com/api) on its own screens; any other JSON API whose root is an index of its resources (e.g. a `serve --mirror` of SWAPI) in the explorer.",
            valueName: "URL"))
    var api: String?

    @Option(
        help: ArgumentHelp(
            "Explore the API a Swagger 2.0 or OpenAPI 3.x document describes (JSON or YAML; a file or an http(s) URL): for an API whose root is no index. --api gives its base URL, else the document's server.",
            valueName: "FILE|URL"))
    var openapi: String?

    @Option(
        help: ArgumentHelp(
            "Start on this resource's list, or on one of its entities over it: Rick and Morty's characters, episodes or locations (characters/1), or a resource of an explored API (people/1). It wins over the place remembered for this run.",
            valueName: "RESOURCE[/ID]"))
    var open: String?

    @Option(
        help: ArgumentHelp(
            "Show the explored API as the profile in FILE says (JSON: per resource the list's columns, title field, image field and search parameter, and the resources' order; see docs/profiles.md). Without it, SWAPI, PokeAPI and Rick and Morty have built-in ones.",
            valueName: "FILE"))
    var profile: String?

    @Option(
        help: "Serve this dump from the embedded server (characters.json, locations.json, episodes.json).")
    var data: String?

    @Option(help: "Serve N generated characters from the embedded server.")
    var synthetic: Int?

    @Option(
        name: .customLong("server-state"),
        help: ArgumentHelp(
            "Keep the writes the embedded server accepts in FILE (default: $XDG_DATA_HOME/charbrowser/embedded-server-<served data>.json, outside the cache folder). Ignored with --api.",
            valueName: "FILE"))
    var serverState: String?

    @Flag(
        name: .customLong("no-server-state"),
        help: "Keep the embedded server's writes in memory only: they end with the browser.")
    var noServerState = false

    @Option(
        name: .customLong("server-cache-control"),
        help: ArgumentHelp(
            CacheControlOption.help("the embedded server's reads") + " Ignored with --api.",
            valueName: "VALUE"))
    var serverCacheControl = CacheControlOption.defaultValue

    @Option(
        name: .customLong("cache-dir"),
        help: "Keep the disk cache in this folder (default: $XDG_CACHE_HOME/charbrowser).")
    var cacheDirectory: String?

    @Flag(name: .customLong("no-disk-cache"), help: "Cache in memory only.")
    var noDiskCache = false

    @Flag(
        name: .customLong("no-images"),
        help:
            "Do not download or draw avatars (they are drawn as half-block art, coloured as COLORTERM and NO_COLOR say)."
    )
    var noImages = false

    @Flag(
        name: .customLong("no-mouse"),
        help:
            "Leave the mouse to the terminal (its own text selection): no clicks or wheel in the browser. Remembered, like --no-images (--fresh forgets it)."
    )
    var noMouse = false

    @Option(
        help:
            "Seconds a cached value stays fresh when its answer says nothing of freshness, as the public API's (0: always revalidate). The embedded server's answers say max-age=60 unless --server-cache-control says otherwise."
    )
    var ttl: Double = 86_400

    @Option(help: "Seconds before a network request gives up.")
    var timeout: Double = 10

    @Option(
        name: .customLong("max-answer-size"),
        help: ArgumentHelp(
            "The largest API answer accepted, in bytes or with KiB, MiB or GiB (1KiB to 1GiB): a larger answer fails as 'larger than SIZE' without being read whole, and the cache keeps what it had. Stored cache rows are bounded alike.",
            valueName: "SIZE"))
    var maxAnswerSize = "16MiB"

    @Flag(help: "Run without a terminal: print frames as text (for tests and scripts).")
    var headless = false

    @Option(help: "The headless screen size, WxH.")
    var size = "100x30"

    @Option(
        help:
            "The headless key script: keys, text:STRING, resize:WxH, click:COL,ROW (and dclick, wheel-up, wheel-down), wait:TEXT (default: read it from standard input)."
    )
    var keys: String?

    @Flag(help: "Headless: print every frame, not only the last.")
    var frames = false

    @Flag(help: "Start clean: forget the list, filters, selections and switches remembered for this API.")
    var fresh = false

    @Option(help: "Write one JSON object per answer to FILE (- for standard output).")
    var events: String?

    @Option(
        name: .customLong("stats-file"),
        help: ArgumentHelp(
            "Rewrite FILE every 2 s with the heap in use and what the allocator holds (one JSON line, bytes).",
            valueName: "FILE"))
    var statsFile: String?

    @Option(
        name: .customLong("malloc-trim-every"),
        help: ArgumentHelp(
            "Give the free memory the allocator keeps back to the system every SECONDS (0: never).",
            valueName: "SECONDS"))
    var mallocTrimEvery: Double = 0

    @Option(
        name: .customLong("shared-cache"),
        help: ArgumentHelp(
            "Share a cache tier with other processes on PostgreSQL (also $CHARBROWSER_SHARED_CACHE).",
            valueName: "postgres://USER@HOST:PORT/DB[?sslmode=…]"))
    var sharedCache: String?

    @Flag(
        name: .customLong("shared-cache-logged"),
        help: "Make the shared table a logged one (default: UNLOGGED, emptied by a server crash).")
    var sharedCacheLogged = false

    @Option(
        name: .customLong("shared-cache-timeout"),
        help: ArgumentHelp(
            "How long one shared-cache operation (connecting included) may take before the tier counts as down.",
            valueName: "SECONDS"))
    var sharedCacheTimeout: Double = 3

    @Option(
        name: .customLong("shared-cache-key"),
        help: ArgumentHelp(
            "Sign the shared rows this process writes with the key in FILE (HMAC-SHA256), and refuse rows whose signature fails (also $CHARBROWSER_SHARED_CACHE_KEY).",
            valueName: "FILE"))
    var sharedCacheKey: String?

    /// The shared tier's URL: `--shared-cache`, else `CHARBROWSER_SHARED_CACHE` (empty: off).
    var sharedCacheURL: String? {
        if let sharedCache { return sharedCache }
        let environment = ProcessInfo.processInfo.environment["CHARBROWSER_SHARED_CACHE"]
        return environment?.isEmpty == false ? environment : nil
    }

    func validate() throws {
        if api != nil || openapi != nil, data != nil || synthetic != nil {
            throw ValidationError(
                "--api and --openapi browse another server; --data and --synthetic configure the embedded one")
        }
        if profile != nil, api == nil, openapi == nil {
            throw ValidationError("--profile says how an explored API is shown: give --api URL (or --openapi)")
        }
        if let open, open.trimmingCharacters(in: ["/"]).isEmpty {
            throw ValidationError("--open takes RESOURCE or RESOURCE/ID, not '\(open)'")
        }
        if data != nil, synthetic != nil {
            throw ValidationError("use either --data or --synthetic, not both")
        }
        if let data, let problem = Dataset.folderProblem(data) { throw ValidationError(problem) }
        if serverState != nil, noServerState {
            throw ValidationError("use either --server-state or --no-server-state, not both")
        }
        _ = try CacheControlOption.checked(serverCacheControl, option: "--server-cache-control")
        if let synthetic, synthetic < 1 { throw ValidationError("--synthetic must be 1 or more") }
        if let synthetic, synthetic > SyntheticDataset.maximumCharacterCount {
            throw ValidationError("--synthetic must be at most \(SyntheticDataset.maximumCharacterCount)")
        }
        if let api,
            URL(string: api)?.scheme.map({ ["http", "https"].contains($0.lowercased()) }) != true
                || URL(string: api)?.host?.isEmpty != false
        {
            throw ValidationError("--api must be an http or https URL, not '\(api)'")
        }
        guard ttl >= 0, ttl.isFinite else { throw ValidationError("--ttl must be 0 or more seconds") }
        guard timeout > 0, timeout.isFinite else {
            throw ValidationError("--timeout must be more than 0 seconds")
        }
        if case .failure(let problem) = answerSizeLimit { throw ValidationError(problem.description) }
        if let sharedCacheURL {
            do {
                _ = try PostgresCacheLocationParsing.check(sharedCacheURL)
            } catch {
                let source = sharedCache == nil ? "CHARBROWSER_SHARED_CACHE" : "--shared-cache"
                throw ValidationError("\(source): \(error.description)")
            }
            _ = try SharedCacheKeyOption.load(sharedCacheKey)
        } else if sharedCacheLogged {
            throw ValidationError("--shared-cache-logged needs --shared-cache")
        } else if sharedCacheKey != nil {
            throw ValidationError("--shared-cache-key needs --shared-cache")
        }
        guard mallocTrimEvery >= 0, mallocTrimEvery.isFinite else {
            throw ValidationError("--malloc-trim-every must be 0 or more seconds")
        }
        guard sharedCacheTimeout > 0, sharedCacheTimeout.isFinite else {
            throw ValidationError("--shared-cache-timeout must be more than 0 seconds")
        }
        if !headless, keys != nil || frames { throw ValidationError("--keys and --frames need --headless") }
        do {
            _ = try TerminalSize.parse(size)
            if let keys { _ = try KeyScript.parse(keys) }
        } catch {
            throw ValidationError(String(describing: error))
        }
    }

    /// How long the browser may take to end after SIGHUP, SIGTERM or SIGINT before the signal
    /// ends it as it is (the place is written well within it; a slow server stop may not be).
    static let terminationDeadline = Duration.seconds(1)

    func run() async throws {
        // A hang-up, SIGTERM or SIGINT ends the run as q does: the place remembered, the cache
        // closed and the server stopped; then the signal ends the process, so a shell sees it.
        let stop = StopRequest()
        try TerminationSignals.watch(deadline: Self.terminationDeadline) { _ in stop.request() }
        let heapStats = try statsFile.map { path throws(ValidationFailure) in try HeapStatsFile(path: path) }
        let heapStatsWriter = heapStats.map { file in Task { await file.run(clock: ContinuousClock()) } }
        defer { heapStatsWriter?.cancel() }
        let trim = mallocTrimEvery > 0 ? AllocatorTrim(interval: .seconds(mallocTrimEvery)) : nil
        let trimmer = trim.map { trim in Task { await trim.run(clock: ContinuousClock()) } }
        defer { trimmer?.cancel() }
        let session = try await BrowserWiring.start(self)
        let outcome: Result<Void, any Error>
        do {
            if headless {
                try await HeadlessRun(command: self, session: session, stop: stop).run()
            } else {
                try await TerminalRun(session: session, stop: stop).run()
            }
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        await session.stop()
        heapStatsWriter?.cancel()
        await heapStatsWriter?.value
        TerminationSignals.endProcessIfSignalled()
        try outcome.get()
    }
}
