import Foundation
import TestSupport

/// Paths the tests need, found from this source file's location (`#filePath`).
enum PackagePaths {
    /// The package root: three levels above `Tests/PersistentCacheTests/Support/`.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Rick and Morty dump, read at test time from `../shared/data/rickandmorty/` (never copied).
    static let characters: URL = root.appendingPathComponent("../shared/data/rickandmorty/characters.json")
        .standardizedFileURL

    /// The built `CacheStressWriter` fixture (see `BuiltExecutable` for where it is looked for).
    static var stressWriter: URL? { BuiltExecutable.url(named: "CacheStressWriter") }
}
