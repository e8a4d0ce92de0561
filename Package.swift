// swift-tools-version: 6.1
import PackageDescription

let benchmark = Target.Dependency.product(name: "Benchmark", package: "benchmark")
let grdb = Target.Dependency.product(name: "GRDB", package: "GRDB.swift")
/// GRDB's SQLite module: PersistentCache reads hot rows through SQLite's C interface (RawEntryRows).
let grdbSQLite = Target.Dependency.product(name: "GRDBSQLite", package: "GRDB.swift")
let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
let postgresNIO = Target.Dependency.product(name: "PostgresNIO", package: "postgres-nio")
/// swift-nio-ssl, which PostgresNIO speaks TLS through: the shared tier builds its TLS configuration with it.
let nioSSL = Target.Dependency.product(name: "NIOSSL", package: "swift-nio-ssl")
/// swift-crypto (the major PostgresNIO resolves to): the shared tier's row signatures (HMAC-SHA256).
let crypto = Target.Dependency.product(name: "Crypto", package: "swift-crypto")
let metrics = Target.Dependency.product(name: "Metrics", package: "swift-metrics")
let tracing = Target.Dependency.product(name: "Tracing", package: "swift-distributed-tracing")
let serviceLifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
/// The one HTTP client (AsyncHTTPExchange), and the NIO modules its errors and bytes are named in.
let asyncHTTPClient = Target.Dependency.product(name: "AsyncHTTPClient", package: "async-http-client")
let nioCore = Target.Dependency.product(name: "NIOCore", package: "swift-nio")
let nioHTTP1 = Target.Dependency.product(name: "NIOHTTP1", package: "swift-nio")
let nioPosix = Target.Dependency.product(name: "NIOPosix", package: "swift-nio")

let package = Package(
    name: "charbrowser",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "RepositoryCore", targets: ["RepositoryCore"]),
        .library(name: "PersistentCache", targets: ["PersistentCache"]),
        .library(name: "DownloadCache", targets: ["DownloadCache"]),
        .library(name: "RickAndMortyModel", targets: ["RickAndMortyModel"]),
        .library(name: "RickAndMortyHTTP", targets: ["RickAndMortyHTTP"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "RepositoryTelemetry", targets: ["RepositoryTelemetry"]),
        .library(name: "EntityWrites", targets: ["EntityWrites"]),
        .library(name: "HTTPExchange", targets: ["HTTPExchange"]),
        .library(name: "AsyncHTTPExchange", targets: ["AsyncHTTPExchange"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        // YAML, for API descriptions (Swagger 2.0, OpenAPI 3.x) written in it.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
    ],
    targets: [
        // MARK: Core

        // JSON read into an order-keeping tree and written back by hand, fast; no dependency.
        .target(name: "JSONTree"),

        // A value behind a POSIX mutex with Mutex's shape: a lock ThreadSanitizer can follow.
        .target(name: "Locking"),
        .testTarget(name: "LockingTests", dependencies: ["Locking"]),
        // The dependency-free core: data sources, repositories, policies, caches, answers.
        .target(name: "RepositoryCore", dependencies: ["Locking"]),
        // Fakes and helpers shared by the test targets (never linked into the product).
        .target(
            name: "TestSupport",
            dependencies: [
                "Locking", "RepositoryCore", "CTestProcessSetup", asyncHTTPClient, hummingbird, logging, nioCore,
                nioHTTP1,
            ]),
        // TestSupport's C part: raises the limit on open descriptors as a test process loads.
        .target(name: "CTestProcessSetup"),
        // A child process for that setup's test: prints the limits it runs with.
        .executableTarget(
            name: "DescriptorLimitProbe", dependencies: ["TestSupport"], path: "Tests/Fixtures/DescriptorLimitProbe"),
        .testTarget(name: "RepositoryCoreTests", dependencies: ["Locking", "RepositoryCore", "TestSupport"]),
        // The seeds' own usage snippets and rules, written with the libraries' public API only.
        .testTarget(
            name: "SeedUsageTests", dependencies: ["Locking", "RepositoryCore", "PersistentCache", hummingbird, logging]),
        // Hot-path and single-flight benchmarks of the core.
        .executableTarget(
            name: "RepositoryCoreBenchmarks",
            dependencies: [
                "Locking", "RepositoryCore", "RepositoryTelemetry", benchmark, metrics, tracing,
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            path: "Tests/Benchmarks/RepositoryCoreBenchmarks"),

        // MARK: Writes

        // The write model of any entity whose value is named fields: a book of writes that does no
        // I/O (sans-I/O), its transitions, merges and outcomes in one place. Dependency-free.
        .target(name: "EntityWrites", dependencies: ["HTTPExchange", "JSONTree"]),
        // The library's one seam to HTTP: a request value, an answer value, `HTTPExchanging`.
        .target(name: "HTTPExchange"),
        // `HTTPExchanging` over AsyncHTTPClient: one pool, streamed bodies, the process's one HTTP client.
        .target(name: "AsyncHTTPExchange", dependencies: ["HTTPExchange", "Locking", asyncHTTPClient, nioCore, nioHTTP1, nioPosix]),
        .testTarget(
            name: "AsyncHTTPExchangeTests",
            dependencies: ["AsyncHTTPExchange", "HTTPExchange", "Locking", "TestSupport", hummingbird, logging]),
        .testTarget(
            name: "EntityWritesTests",
            dependencies: ["EntityWrites", "HTTPExchange", "AsyncHTTPExchange", "Locking", "TestSupport", hummingbird, logging]),
        // Schedules of clients, a server and faults drawn from a seed, run against the write book
        // with a virtual clock; the checks every schedule must pass; shrinking (tests only).
        .target(name: "WriteSimulation", dependencies: ["EntityWrites"], path: "Tests/Simulation/WriteSimulation"),
        // `swift run WriteSimulationRunner --seed N` replays a schedule; `--schedules N` runs many.
        .executableTarget(
            name: "WriteSimulationRunner", dependencies: ["WriteSimulation", "EntityWrites", argumentParser],
            path: "Tests/Simulation/WriteSimulationRunner"),
        .testTarget(name: "WriteSimulationTests", dependencies: ["WriteSimulation", "EntityWrites"]),

        // MARK: Persistence

        // The persistent tier: one SQLite file for the cache (LRU by size) and device key-value storage.
        .target(name: "PersistentCache", dependencies: ["Locking", "RepositoryCore", "EntityWrites", grdb, grdbSQLite]),
        // A child process for the crash-safety and multi-process tests of PersistentCache.
        .executableTarget(
            name: "CacheStressWriter", dependencies: ["PersistentCache", "RepositoryCore"],
            path: "Tests/Fixtures/CacheStressWriter"),
        .testTarget(
            name: "PersistentCacheTests",
            dependencies: ["Locking", "PersistentCache", "RepositoryCore", "TestSupport", "EntityWrites", grdb]),
        .executableTarget(
            name: "PersistentCacheBenchmarks",
            dependencies: ["ModelCodecs", 
                "Locking", benchmark, "CharacterData", "PersistentCache", "RepositoryCore", "RickAndMortyModel",
                "TestSupport", "EntityWrites", grdb,
            ],
            path: "Tests/Benchmarks/PersistentCacheBenchmarks"),

        // The shared tier: one PostgreSQL table many processes share, kept coherent by LISTEN/NOTIFY.
        .target(
            name: "PostgresCache",
            dependencies: ["Locking", "RepositoryCore", "PersistentCache", postgresNIO, nioSSL, crypto, logging]),
        // The shared tier reported through swift-metrics and swift-distributed-tracing (a library adapter).
        .target(name: "SharedCacheTelemetry", dependencies: ["PostgresCache", "RepositoryCore", metrics, tracing]),
        // Any repository's reads and its tiers' counters through swift-metrics and swift-distributed-tracing.
        .target(name: "RepositoryTelemetry", dependencies: ["Locking", "RepositoryCore", metrics, tracing]),
        .testTarget(
            name: "RepositoryTelemetryTests",
            dependencies: [
                "Locking", "RepositoryTelemetry", "RepositoryCore",
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]),
        .testTarget(
            name: "SharedCacheTelemetryTests",
            dependencies: [
                "SharedCacheTelemetry", "PostgresCache", "PersistentCache", "RepositoryCore", "TestSupport",
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]),
        // A child process for the cross-process tests of the shared tier (coherence, single flight).
        .executableTarget(
            name: "SharedCacheWorker",
            dependencies: ["CharacterData", "PostgresCache", "RepositoryCore", "RickAndMortyHTTP"],
            path: "Tests/Fixtures/SharedCacheWorker"),
        .testTarget(
            name: "PostgresCacheTests",
            dependencies: ["Locking", "PostgresCache", "PersistentCache", "RepositoryCore", "TestSupport", logging]),

        // The shared tier against SQLite and the network; NOTIFY round trips; the 4-way fan-in.
        .executableTarget(
            name: "SharedCacheBenchmarks",
            dependencies: ["ModelCodecs", 
                "Locking", benchmark, "CharacterData", "PersistentCache", "PostgresCache", "RepositoryCore",
                "RickAndMortyHTTP",
                "RickAndMortyModel", "RickAndMortyServer", "TestSupport", logging,
            ],
            path: "Tests/Benchmarks/SharedCacheBenchmarks"),

        // The inspection contract (RepositoryCore's InspectableCacheTier) against every tier and a user's own.
        .testTarget(
            name: "InspectionTests",
            dependencies: [
                "Locking", "RepositoryCore", "PersistentCache", "PostgresCache", "DownloadCache", "TestSupport", grdb,
            ]),

        // URL download service with a pluggable file cache (ETag revalidation, progress, safe keys).
        .target(name: "DownloadCache", dependencies: ["Locking", "RepositoryCore", "HTTPExchange", "AsyncHTTPExchange"]),
        .testTarget(
            name: "DownloadCacheTests",
            dependencies: ["Locking", "DownloadCache", "RepositoryCore", "TestSupport", hummingbird, logging]),

        // MARK: Images

        // The system TurboJPEG library (libjpeg-turbo) behind a shim header.
        .systemLibrary(
            name: "CTurboJPEG", path: "Sources/CTurboJPEG", providers: [.apt(["libturbojpeg0-dev"])]),
        // JPEG decoding (checked header, scaled in the DCT) and encoding; the only importer of CTurboJPEG.
        .target(name: "JPEGCodec", dependencies: ["CTurboJPEG"]),
        .testTarget(name: "JPEGCodecTests", dependencies: ["JPEGCodec"]),

        // MARK: The Rick and Morty API

        // The domain: characters, episodes, locations, pages, filters, text sanitizing.
        .target(name: "RickAndMortyModel", dependencies: ["RepositoryCore"]),
        .testTarget(name: "RickAndMortyModelTests", dependencies: ["RickAndMortyModel", "TestSupport"]),
        // The API over real HTTP (AsyncHTTPExchange): per-resource data sources, revalidation, offline switch.
        .target(
            name: "RickAndMortyHTTP",
            dependencies: ["Locking", "RepositoryCore", "RickAndMortyModel", "HTTPExchange", "AsyncHTTPExchange"]),
        .testTarget(
            name: "RickAndMortyHTTPTests",
            dependencies: [
                "Locking", "RickAndMortyHTTP", "RickAndMortyModel", "RickAndMortyServer", "RepositoryCore",
                "TestSupport", "HTTPExchange", "AsyncHTTPExchange", hummingbird,
                logging,
            ]),
        // The embedded, API-compatible server: data loading, routes, faults, lifecycle.
        .target(
            name: "RickAndMortyServer",
            dependencies: [
                "Locking", "RickAndMortyModel", "RepositoryCore", "JPEGCodec", hummingbird, logging, serviceLifecycle,
                nioCore,
            ]),
        .testTarget(
            name: "RickAndMortyServerTests",
            dependencies: ["Locking", "RickAndMortyServer", "RickAndMortyModel", "JPEGCodec", "TestSupport", logging]),
        // `serve --mirror DIR`: a folder of JSON served as the API it mirrors (PokeAPI's api-data
        // layout, or one array per resource as SWAPI's), its references rewritten to the server's address.
        .target(name: "APIMirror", dependencies: ["RickAndMortyServer", hummingbird, logging, serviceLifecycle]),
        .testTarget(name: "APIMirrorTests", dependencies: ["APIMirror", "TestSupport", logging]),
        // The HTTP transport: a page over loopback, 1,000 avatar downloads 8 at a time, and the
        // resident peak of a child process refusing a 400 MiB answer.
        .executableTarget(
            name: "RickAndMortyHTTPBenchmarks",
            dependencies: [
                "AsyncHTTPExchange", "DownloadCache", "HTTPExchange", "Locking", "RickAndMortyServer", "TestSupport",
                benchmark, hummingbird, logging,
            ],
            path: "Tests/Benchmarks/RickAndMortyHTTPBenchmarks"),
        // A child process refusing one 400 MiB answer and printing its resident peak (the benchmark above).
        .executableTarget(
            name: "AnswerRefusalProbe",
            dependencies: ["AsyncHTTPExchange", "HTTPExchange"], path: "Tests/Fixtures/AnswerRefusalProbe"),
        .executableTarget(
            name: "ServerBenchmarks",
            dependencies: ["Locking", "RickAndMortyServer", "TestSupport", benchmark, logging],
            path: "Tests/Benchmarks/ServerBenchmarks"),
        // The domain's payload codecs for the disk and shared tiers (binary characters, pages, lists).
        .target(name: "ModelCodecs", dependencies: ["PersistentCache", "RepositoryCore", "RickAndMortyModel"]),
        // The character repository: memory (LRU) over disk (SQLite) over the network, with cache policies.
        .target(
            name: "CharacterData",
            dependencies: [
                "Locking", "RepositoryCore", "PersistentCache", "PostgresCache", "RickAndMortyHTTP", "RickAndMortyModel",
                "ModelCodecs", "EntityWrites", "HTTPExchange",
            ]),
        .testTarget(
            name: "CharacterDataTests",
            dependencies: [
                "Locking", "CharacterData", "ModelCodecs", "PersistentCache", "PostgresCache", "RickAndMortyHTTP", "RickAndMortyModel",
                "RickAndMortyServer",
                "RepositoryCore", "TestSupport", "EntityWrites", "HTTPExchange", "AsyncHTTPExchange", logging,
                grdb,
            ]),
        .executableTarget(
            name: "CharacterDataBenchmarks",
            dependencies: ["ModelCodecs", 
                "Locking", "CharacterData", "PersistentCache", "RepositoryCore", "RickAndMortyHTTP", "RickAndMortyModel",
                "RickAndMortyServer", "TestSupport", "EntityWrites", "HTTPExchange", "ExplorerData", "ExplorerModel",
                benchmark, logging,
            ],
            path: "Tests/Benchmarks/CharacterDataBenchmarks"),
        // The read paths run a fixed number of times, counted by callgrind (no harness, no clock).
        .executableTarget(
            name: "InstructionCountBenchmarks",
            dependencies: [
                "CharacterData", "Locking", "ModelCodecs", "PersistentCache", "RepositoryCore", "RickAndMortyHTTP",
                "RickAndMortyModel", "RickAndMortyServer", "TestSupport", grdb, logging,
            ],
            path: "Tests/Benchmarks/InstructionCountBenchmarks"),

        // MARK: The explorer of any JSON API

        // What an answer of any JSON API says, read without I/O: an order-keeping JSON tree, an
        // API's index, a list page whatever its shape, an entity's identity, title and links.
        .target(name: "ExplorerModel", dependencies: ["JSONTree", .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "ExplorerModelTests", dependencies: ["ExplorerModel", "TestSupport"]),
        // The explorer's data layer for any JSON API: its resources, pages and entities read through
        // memory over the SQLite file over the network (per-call policies), and the titles of links.
        .target(name: "ExplorerData", dependencies: ["ExplorerModel", "HTTPExchange", "PersistentCache", "RepositoryCore"]),
        .testTarget(
            name: "ExplorerDataTests",
            dependencies: [
                "ExplorerData", "ExplorerModel", "APIMirror", "AsyncHTTPExchange", "HTTPExchange", "PersistentCache",
                "RepositoryCore", "TestSupport", "CharacterData", "PostgresCache", "RickAndMortyServer",
                "RickAndMortyModel", hummingbird, logging,
            ]),

        // MARK: The terminal

        // The terminal toolkit: cell grid, display width, widgets, input, backends, the app runtime.
        .target(name: "TerminalUI", dependencies: ["Locking"]),
        // C helpers for the terminal: a restoring signal guard, a signal-aware poll, glibc's wcwidth.
        .target(name: "CTerminalSupport"),
        // The system ncursesw library (wide-character build) behind a shim header.
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses", providers: [.apt(["libncurses-dev"])]),
        // The real-terminal backend; the only target that imports CNcurses.
        .target(name: "NcursesBackend", dependencies: ["Locking", "TerminalUI", "CNcurses", "CTerminalSupport"]),
        // A child process for the signal guard's tests: SIGTERM while the drawing thread waits.
        .executableTarget(
            name: "SignalGuardProbe", dependencies: ["CTerminalSupport"], path: "Tests/Fixtures/SignalGuardProbe"),
        .testTarget(name: "TerminalUITests", dependencies: ["Locking", "TerminalUI", "CTerminalSupport"]),
        .testTarget(
            name: "NcursesBackendTests",
            dependencies: ["NcursesBackend", "TerminalUI", "CTerminalSupport", "CNcurses", "TestSupport"]),
        .executableTarget(
            name: "TerminalUIBenchmarks", dependencies: ["Locking", benchmark, "TerminalUI"],
            path: "Tests/Benchmarks/TerminalUIBenchmarks"),

        // MARK: The browser

        // The character browser: state, update and screens over the terminal toolkit and the character repository.
        .target(
            name: "BrowserApp",
            dependencies: [
                "Locking", "TerminalUI", "CharacterData", "RepositoryCore", "RickAndMortyModel", "RickAndMortyHTTP",
                "DownloadCache", "JPEGCodec", "PersistentCache", "PostgresCache", "EntityWrites",
                "ExplorerData", "ExplorerModel",
            ]),
        .testTarget(
            name: "BrowserAppTests",
            dependencies: [
                "Locking", "BrowserApp", "TerminalUI", "CharacterData", "RepositoryCore", "RickAndMortyModel",
                "RickAndMortyHTTP", "ExplorerData", "ExplorerModel", "HTTPExchange",
                "RickAndMortyServer", "TestSupport", "PersistentCache", "DownloadCache", "JPEGCodec",
                "PostgresCache", "EntityWrites", hummingbird, logging,
            ],
            exclude: ["Golden"]),
        .executableTarget(
            name: "BrowserBenchmarks",
            dependencies: ["ModelCodecs", 
                "Locking", "BrowserApp", "CharacterData", "PersistentCache", "RepositoryCore", "RickAndMortyHTTP",
                "RickAndMortyModel", "RickAndMortyServer", "TerminalUI", "ExplorerData", "ExplorerModel", "HTTPExchange",
                "TestSupport", benchmark, logging,
            ],
            path: "Tests/Benchmarks/BrowserBenchmarks"),

        // Avatar benchmarks: decoding into cells, the file cache against the server, opening a character.
        .executableTarget(
            name: "AvatarBenchmarks",
            dependencies: [
                "Locking", "BrowserApp", "CharacterData", "DownloadCache", "JPEGCodec", "RickAndMortyHTTP",
                "RickAndMortyModel",
                "RickAndMortyServer", "TerminalUI", benchmark, logging,
            ],
            path: "Tests/Benchmarks/AvatarBenchmarks"),

        // MARK: The executable

        // glibc's malloc.h (mallinfo2, for the browser's --stats-file), which the Glibc module lacks.
        .systemLibrary(name: "CMallocInfo", path: "Sources/CMallocInfo"),
        // The composition root: argument parsing and wiring, one subcommand per job.
        .executableTarget(
            name: "charbrowser",
            dependencies: [
                "APIMirror", "Locking", "BrowserApp", "CharacterData", "CMallocInfo", "DownloadCache", "NcursesBackend",
                "PersistentCache", "EntityWrites", "RepositoryCore", "RickAndMortyModel",
                "PostgresCache",
                "RickAndMortyHTTP", "RickAndMortyServer", "TerminalUI", argumentParser, logging,
                "ExplorerData", "ExplorerModel", "HTTPExchange", "AsyncHTTPExchange", "JSONTree",
            ]),
        // A child process for the end-to-end test of writes killed in flight: keeps edits in a
        // cache file's outbox, or sends them (`CharacterRepository`), as the browser would.
        .executableTarget(
            name: "WriteSender",
            dependencies: ["CharacterData", "PersistentCache", "RepositoryCore", "RickAndMortyHTTP", "RickAndMortyModel"],
            path: "Tests/Fixtures/WriteSender"),
        // Runs the built binary: headless end to end against the embedded server, and in tmux.
        .testTarget(
            name: "CharBrowserEndToEndTests",
            dependencies: ["Locking", "PersistentCache", "RepositoryCore", "TestSupport", "EntityWrites", grdb]),

        // MARK: Fuzzing

        // The fuzz targets' shared entry: libFuzzer's driver under -DFUZZING, else a corpus replay.
        .target(name: "FuzzSupport", path: "Tests/Fuzz/FuzzSupport"),
        // One executable per parser of outside bytes; `Tests/Fuzz/run` fuzzes, a plain build replays.
        .executableTarget(
            name: "FuzzAPIDecoding", dependencies: ["FuzzSupport", "RickAndMortyModel"],
            path: "Tests/Fuzz/FuzzAPIDecoding", exclude: ["corpus", "regressions"]),
        .executableTarget(
            name: "FuzzEntityReference", dependencies: ["FuzzSupport", "RickAndMortyModel"],
            path: "Tests/Fuzz/FuzzEntityReference", exclude: ["corpus", "regressions"]),
        .executableTarget(
            name: "FuzzKeyScript", dependencies: ["FuzzSupport", "TerminalUI"],
            path: "Tests/Fuzz/FuzzKeyScript", exclude: ["corpus", "regressions"]),
        .executableTarget(
            name: "FuzzHTTPHeaders",
            dependencies: [
                "FuzzSupport", "DownloadCache", "HTTPExchange", "RickAndMortyServer", hummingbird,
            ],
            path: "Tests/Fuzz/FuzzHTTPHeaders", exclude: ["corpus", "regressions"]),
        .executableTarget(
            name: "FuzzCacheControl", dependencies: ["FuzzSupport", "RepositoryCore"],
            path: "Tests/Fuzz/FuzzCacheControl", exclude: ["corpus", "regressions"]),
        .executableTarget(
            name: "FuzzPayloadCodecs",
            dependencies: [
                "FuzzSupport", "ModelCodecs", "PersistentCache", "RepositoryCore", "RickAndMortyModel",
            ],
            path: "Tests/Fuzz/FuzzPayloadCodecs", exclude: ["corpus", "regressions"]),
        .executableTarget(
            name: "FuzzDeviceStorage",
            dependencies: ["FuzzSupport", "PersistentCache", "RepositoryCore", grdb],
            path: "Tests/Fuzz/FuzzDeviceStorage", exclude: ["corpus", "regressions"]),
        .executableTarget(
            name: "FuzzJPEGDecoder", dependencies: ["FuzzSupport", "JPEGCodec"],
            path: "Tests/Fuzz/FuzzJPEGDecoder", exclude: ["corpus", "regressions"]),
        .executableTarget(
            name: "FuzzWriteBodies", dependencies: ["FuzzSupport", "RickAndMortyModel", "RickAndMortyServer"],
            path: "Tests/Fuzz/FuzzWriteBodies", exclude: ["corpus", "regressions"]),
        .executableTarget(
            name: "FuzzJSONTree", dependencies: ["FuzzSupport", "ExplorerModel"],
            path: "Tests/Fuzz/FuzzJSONTree", exclude: ["corpus", "regressions"]),
    ]
)

// CHARBROWSER_BENCHMARKS=0 (.ci/run's plain build) and the sanitized builds below leave out the
// benchmark executables under Tests/Benchmarks/, which CI never runs (with package-benchmark's own
// modules, some 70 s of a two-core clean build), and the packages only they and the documentation
// use: SwiftPM compiles every declared package's plugins at each `swift build` (their four of the
// six here took some 9 s). Otherwise `swift build` and `swift test` build the benchmarks, so a
// change that breaks one fails where it is made.
let sanitizing = !(Context.environment["CHARBROWSER_SANITIZE"] ?? "").isEmpty
if Context.environment["CHARBROWSER_BENCHMARKS"] == "0" || sanitizing {
    package.targets.removeAll { $0.path?.hasPrefix("Tests/Benchmarks/") == true }
} else {
    package.dependencies += [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // A real metrics backend for the telemetry benchmark (the reads with Prometheus bootstrapped).
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // `swift package generate-documentation`: the DocC catalogs of the library products.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ]
}

// CHARBROWSER_SANITIZE=address (.ci/run's AddressSanitizer step, docs/sanitizers.md) instruments the
// project's own Swift targets and links every product with the sanitizer's runtime. The
// dependencies keep the plain build's objects, uninstrumented (as the C targets always were): the
// project's unsafe code is its own, and a sanitized build then compiles only the project again.
// CHARBROWSER_SANITIZE=fuzzer (Tests/Fuzz/run) does the same for libFuzzer: the project's targets
// with coverage and AddressSanitizer and FUZZING defined, linked by lld (gold fails on the fuzzer
// runtime's second `main`); only the fuzz products link so.
if let sanitizer = Context.environment["CHARBROWSER_SANITIZE"], !sanitizer.isEmpty {
    let fuzzing = sanitizer == "fuzzer"
    let compile = fuzzing ? ["-sanitize=fuzzer,address", "-DFUZZING"] : ["-sanitize=\(sanitizer)"]
    let link = fuzzing ? ["-sanitize=fuzzer,address", "-use-ld=lld"] : ["-sanitize=\(sanitizer)"]
    // Each sanitized build makes its products in one `swift build` (each plans the whole package
    // again, seconds even when nothing changed): the fuzz products and what they use, or everything
    // but the fuzz products (the benchmarks are gone already).
    let fuzzProducts = Set(package.targets.filter { $0.path?.hasPrefix("Tests/Fuzz/") == true && $0.type == .executable }.map(\.name))
    var kept = Set(package.targets.map(\.name))
    if fuzzing {
        kept = fuzzProducts
        var unseen = Array(kept)
        while let name = unseen.popLast() {
            for dependency in package.targets.first(where: { $0.name == name })?.dependencies ?? [] {
                switch dependency {
                case .targetItem(let used, _), .byNameItem(let used, _):
                    if kept.insert(used).inserted { unseen.append(used) }
                default: break
                }
            }
        }
    } else {
        kept.subtract(fuzzProducts)
    }
    package.targets.removeAll { !kept.contains($0.name) }
    package.products.removeAll { product in
        guard let library = product as? Product.Library else { return false }
        return !library.targets.allSatisfy(kept.contains)
    }
    // CHARBROWSER_SANITIZE_TARGETS (comma-separated names; unset or empty: all) narrows the
    // instrumentation to those targets; every product still links the runtime. .ci/run names the
    // targets that reach memory through pointers (.ci/pointer-targets); one left plain is not
    // compiled again.
    let instrumented = Context.environment["CHARBROWSER_SANITIZE_TARGETS"]
        .flatMap { $0.isEmpty ? nil : $0.split(separator: ",").map(String.init) }
    if let unknown = instrumented?.first(where: { name in !package.targets.contains { $0.name == name } }) {
        fatalError("CHARBROWSER_SANITIZE_TARGETS names \(unknown), which is not a target here")
    }
    for target in package.targets where [.regular, .executable, .test].contains(target.type) {
        if instrumented?.contains(target.name) ?? true {
            target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(compile)]
        }
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(link)]
    }
}

// CHARBROWSER_LINKER=lld (.ci/run sets it) links the package's executables and test bundle with
// the toolchain's lld instead of gold: the test bundle's link takes about a second where gold took
// eleven, and a build links some forty products. Only executables and tests: the library products
// keep no unsafe flag, so a package that depends on them needs nothing.
if Context.environment["CHARBROWSER_LINKER"] == "lld" {
    for target in package.targets where [.executable, .test].contains(target.type) {
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-use-ld=lld"])]
    }
}
