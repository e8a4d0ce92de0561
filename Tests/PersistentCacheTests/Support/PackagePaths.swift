import Foundation

/// Paths the tests need, found from this source file's location (`#filePath`).
enum PackagePaths {
    /// The package root: three levels above `Tests/PersistentCacheTests/Support/`.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Rick and Morty dump, read at test time from `../shared/data/rickandmorty/` (never copied).
    static let characters: URL = root.appendingPathComponent("../shared/data/rickandmorty/characters.json")
        .standardizedFileURL

    /// The built `CacheStressWriter` fixture.
    ///
    /// `swift build --build-tests` / `swift test` build every target of the package, executables
    /// included, into the same folder as the test bundle (`.build/<triple>/debug/`). That folder is
    /// found from the running test binary (`CommandLine.arguments[0]`, then `Bundle.main`), with
    /// `<package>/.build/debug/` as a fallback; `CACHE_STRESS_WRITER` overrides all three.
    static var stressWriter: URL? {
        let manager = FileManager.default
        if let path = ProcessInfo.processInfo.environment["CACHE_STRESS_WRITER"] {
            return URL(fileURLWithPath: path)
        }
        var folders: [URL] = []
        if let first = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL {
            folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        folders.append(root.appendingPathComponent(".build/debug", isDirectory: true))
        return folders.map { $0.appendingPathComponent("CacheStressWriter") }
            .first { manager.isExecutableFile(atPath: $0.path) }
    }
}
