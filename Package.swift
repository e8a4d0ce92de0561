// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "charbrowser",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "RepositoryCore", targets: ["RepositoryCore"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "NcursesBackend", targets: ["NcursesBackend"]),
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
        // The terminal toolkit: cell grid, display width, widgets, input, backends, the app runtime.
        .target(name: "TerminalUI"),
        // C helpers for the terminal: a restoring signal guard, a signal-aware poll, glibc's wcwidth.
        .target(name: "CTerminalSupport"),
        // The system ncursesw library (wide-character build) behind a shim header.
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses", providers: [.apt(["libncurses-dev"])]),
        // The real-terminal backend; the only target that imports CNcurses.
        .target(name: "NcursesBackend", dependencies: ["TerminalUI", "CNcurses", "CTerminalSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "CTerminalSupport"]),
        .testTarget(name: "NcursesBackendTests", dependencies: ["NcursesBackend", "TerminalUI", "CTerminalSupport"]),
        .executableTarget(
            name: "TerminalUIBenchmarks",
            dependencies: [.product(name: "Benchmark", package: "benchmark"), "TerminalUI"],
            path: "Tests/Benchmarks/TerminalUIBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
