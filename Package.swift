// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "charbrowser",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "RepositoryCore", targets: ["RepositoryCore"]),
        .library(name: "RickAndMortyModel", targets: ["RickAndMortyModel"]),
        .library(name: "DownloadCache", targets: ["DownloadCache"]),
        .library(name: "RickAndMortyHTTP", targets: ["RickAndMortyHTTP"]),
    ],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .library(name: "PersistentCache", targets: ["PersistentCache"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The dependency-free core: data sources, repositories, policies, caches, answers.
        .target(name: "RepositoryCore"),
        // Fakes and helpers shared by the test targets (never linked into the product).
        .target(name: "TestSupport", dependencies: ["RepositoryCore"]),
        .testTarget(name: "RepositoryCoreTests", dependencies: ["RepositoryCore", "TestSupport"]),
        // The Rick and Morty domain: characters, episodes, locations, pages, filters, text sanitizing.
        .target(name: "RickAndMortyModel", dependencies: ["RepositoryCore"]),
        .testTarget(name: "RickAndMortyModelTests", dependencies: ["RickAndMortyModel", "TestSupport"]),
        // URL download service with a pluggable file cache (ETag revalidation, progress, safe keys).
        .target(name: "DownloadCache", dependencies: ["RepositoryCore"]),
        .testTarget(
            name: "DownloadCacheTests",
            dependencies: [
                "DownloadCache",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The API over real HTTP (URLSession): per-resource data sources, revalidation, offline switch.
        .target(name: "RickAndMortyHTTP", dependencies: ["RepositoryCore", "RickAndMortyModel"]),
        .testTarget(
            name: "RickAndMortyHTTPTests",
            dependencies: [
                "RickAndMortyHTTP", "RickAndMortyModel", "RepositoryCore", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The persistent tier: one SQLite file for the cache (LRU by size) and device key-value storage.
        .target(
            name: "PersistentCache",
            dependencies: ["RepositoryCore", .product(name: "GRDB", package: "GRDB.swift")]),
        // A child process for the crash-safety and multi-process tests of PersistentCache.
        .executableTarget(
            name: "CacheStressWriter",
            dependencies: ["PersistentCache", "RepositoryCore"],
            path: "Tests/Fixtures/CacheStressWriter"),
        .testTarget(
            name: "PersistentCacheTests",
            dependencies: [
                "PersistentCache", "RepositoryCore", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .executableTarget(
            name: "PersistentCacheBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"), "PersistentCache", "RepositoryCore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/Benchmarks/PersistentCacheBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
