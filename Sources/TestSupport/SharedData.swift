import Foundation

/// Locates the Rick and Morty API dump that lives beside the package (`../shared/data/rickandmorty`).
///
/// The dump is read at test and benchmark time, never copied into the project. Override the
/// folder with `CHARBROWSER_SHARED_DATA`. Pure lookups: thread-safe.
public enum SharedData {
    /// The folder holding `characters.json`, `episodes.json` and `locations.json`.
    public static var folder: URL {
        if let override = ProcessInfo.processInfo.environment["CHARBROWSER_SHARED_DATA"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return packageRoot.deletingLastPathComponent()
            .appendingPathComponent("shared/data/rickandmorty", isDirectory: true)
    }

    /// The package root (the folder holding Package.swift), found from this file's path.
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath)  // …/Sources/TestSupport/SharedData.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The bytes of one dump file (`characters.json`, …).
    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }
}
