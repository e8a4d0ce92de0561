// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "charbrowser",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "RepositoryCore", targets: ["RepositoryCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The dependency-free core: data sources, repositories, policies, caches, answers.
        .target(name: "RepositoryCore"),
        // Fakes and helpers shared by the test targets (never linked into the product).
        .target(name: "TestSupport", dependencies: ["RepositoryCore"]),
        .testTarget(name: "RepositoryCoreTests", dependencies: ["RepositoryCore", "TestSupport"]),
        // Hot-path and single-flight benchmarks of the core (`swift package benchmark --target RepositoryCoreBenchmarks`).
        .executableTarget(
            name: "RepositoryCoreBenchmarks",
            dependencies: ["RepositoryCore", .product(name: "Benchmark", package: "benchmark")],
            path: "Tests/Benchmarks/RepositoryCoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
