import Foundation

/// Finds and runs the package's built executables (`charbrowser`, `CacheStressWriter`) from tests.
///
/// `swift build --build-tests` and `swift test` build every target, executables included, into the
/// folder of the test bundle (`.build/<triple>/debug/`). That folder is found from the running test
/// binary (`CommandLine.arguments[0]`, `Bundle.main`, the loaded `.xctest` bundles), with
/// `<package>/.build/debug/` as a fallback. An environment variable named after the executable in
/// upper snake case (`CHARBROWSER`, `CACHE_STRESS_WRITER`) overrides the search. Stateless.
public enum BuiltExecutable {
    /// The executable `name`, or nil when it has not been built.
    public static func url(named name: String) -> URL? {
        let manager = FileManager.default
        if let path = ProcessInfo.processInfo.environment[environmentKey(for: name)], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var folders: [URL] = []
        if let first = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL {
            folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        folders.append(SharedData.packageRoot.appendingPathComponent(".build/debug", isDirectory: true))
        return folders.map { $0.appendingPathComponent(name) }.first {
            manager.isExecutableFile(atPath: $0.path)
        }
    }

    /// `CacheStressWriter` → `CACHE_STRESS_WRITER`.
    static func environmentKey(for name: String) -> String {
        var key = ""
        for character in name {
            if character.isUppercase, !key.isEmpty { key.append("_") }
            key.append(contentsOf: character.uppercased())
        }
        return key
    }

    /// What a finished run printed and how it ended.
    public struct Outcome: Sendable {
        /// The exit status (or the signal number, for a process ended by a signal).
        public var status: Int32
        /// Everything written to standard output.
        public var standardOutput: String
        /// Everything written to standard error.
        public var standardError: String
    }

    /// Runs `url` with `arguments` and `input` on standard input, to completion, waiting on a
    /// thread of its own (not one of the task pool's: `onOwnThread`), in `environment`; nil: an
    /// isolated one in the run's own temporary folder, removed after the run.
    public static func run(
        _ url: URL, arguments: [String], input: String = "", environment: IsolatedEnvironment? = nil
    ) async throws -> Outcome {
        try await onOwnThread {
            try runBlocking(url, arguments: arguments, input: input, environment: environment)
        }
    }

    /// Spawns the program with `ChildProcess` (not `Foundation.Process`, whose `run()` reads past a
    /// buffer while it counts the open descriptors: AddressSanitizer reports it, and a test runner
    /// crashed on it); its standard input, output and error are files, so no pipe can fill up.
    private static func runBlocking(
        _ url: URL, arguments: [String], input: String, environment: IsolatedEnvironment?
    ) throws -> Outcome {
        let folder = try ChildProcess.temporaryRunFolder("built-run")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (inputPath, outputPath, errorPath) = (
            folder.appendingPathComponent("in").path, folder.appendingPathComponent("out").path,
            folder.appendingPathComponent("err").path
        )
        try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
        let status = try ChildProcess.spawnAndWait(
            [url.path] + arguments, standardInput: inputPath, standardOutput: outputPath, standardError: errorPath,
            environment: environment ?? IsolatedEnvironment(root: folder.appendingPathComponent("environment")))
        let output = (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) ?? Data()
        let errors = (try? Data(contentsOf: URL(fileURLWithPath: errorPath))) ?? Data()
        return Outcome(
            status: status,
            standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: errors, as: UTF8.self))
    }
}

