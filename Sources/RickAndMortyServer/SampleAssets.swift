import Foundation

/// Finds the hand-written sample data (`Assets/` at the package root) at run time. Pure lookups.
///
/// Search order: the `CHARBROWSER_ASSETS` environment variable; the package folder found from this
/// source file's path (`#filePath`, valid wherever the package was built); then the executable's
/// folder and each of its parents, looking for an `Assets` folder. The first folder that holds the
/// three dump files wins. The sample is not a SwiftPM resource: resources must live inside a target
/// folder, and the sample is meant to sit at the package root, laid out exactly like a dump.
public enum SampleAssets {
    /// The environment variable that overrides the search.
    public static let environmentKey = "CHARBROWSER_ASSETS"

    /// The folders searched, in order.
    public static func candidates(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = Bundle.main.executablePath
    ) -> [URL] {
        var folders: [URL] = []
        if let override = environment[environmentKey], !override.isEmpty {
            folders.append(URL(fileURLWithPath: override, isDirectory: true))
        }
        let packageRoot = URL(fileURLWithPath: #filePath)  // …/Sources/RickAndMortyServer/SampleAssets.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(packageRoot.appendingPathComponent("Assets", isDirectory: true))
        if let executablePath, !executablePath.isEmpty {
            var folder = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
                .deletingLastPathComponent()
            for _ in 0..<6 {
                folders.append(folder.appendingPathComponent("Assets", isDirectory: true))
                folder = folder.deletingLastPathComponent()
            }
        }
        return folders
    }

    /// The first candidate that holds a dump, or `sampleNotFound` listing what was searched.
    public static func folder(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = Bundle.main.executablePath
    ) throws(DatasetError) -> URL {
        let searched = candidates(environment: environment, executablePath: executablePath)
        guard let found = searched.first(where: Dataset.looksLikeDump) else {
            throw .sampleNotFound(searched: searched.map(\.path))
        }
        return found
    }
}

extension Dataset {
    /// The hand-written sample from `Assets/` (see `SampleAssets` for where it is looked up).
    public static func sample(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = Bundle.main.executablePath
    ) throws(DatasetError) -> Dataset {
        try load(from: SampleAssets.folder(environment: environment, executablePath: executablePath))
    }
}
