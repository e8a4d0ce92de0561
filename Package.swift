// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "charbrowser",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "RepositoryCore", targets: ["RepositoryCore"]),
        .library(name: "RickAndMortyModel", targets: ["RickAndMortyModel"]),
        .library(name: "RickAndMortyServer", targets: ["RickAndMortyServer"]),
        .executable(name: "charbrowser", targets: ["charbrowser"]),
    ],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
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
        // The embedded, API-compatible Rick and Morty server: data loading, routes, faults, lifecycle.
        .target(
            name: "RickAndMortyServer",
            dependencies: [
                "RickAndMortyModel",
                "RepositoryCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "RickAndMortyServerTests",
            dependencies: ["RickAndMortyServer", "RickAndMortyModel", "TestSupport"]
        ),
        // The executable: a thin composition root with one subcommand per job (`serve` for now).
        .executableTarget(
            name: "charbrowser",
            dependencies: [
                "RickAndMortyServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "ServerBenchmarks",
            dependencies: [
                "RickAndMortyServer",
                "TestSupport",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Tests/Benchmarks/ServerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
