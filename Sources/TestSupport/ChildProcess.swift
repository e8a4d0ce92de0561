import Foundation

/// Runs a program to completion with posix_spawn and waitpid. Unlike `Process`, it gives the
/// child a clean signal mask and default dispositions (threads of a test process block most
/// signals, and a tmux server inheriting that mask never reaps its children), and it does not
/// read past a buffer as `Process.run()` does while counting the open descriptors. Every child
/// gets an `IsolatedEnvironment`: never the `HOME` or XDG folders of whoever runs the tests.
public enum ChildProcess {
    /// The program could not be started or waited for.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `arguments[0]` (a path) with the rest as arguments and awaits its end, waiting on a
    /// thread of its own (`onOwnThread`); its exit status, standard output and standard error.
    /// `environment` nil: an isolated one of its own (`IsolatedEnvironment`), removed after.
    public static func run(_ arguments: [String], environment: IsolatedEnvironment? = nil) async throws -> (
        status: Int32, output: String, errors: String
    ) {
        try await onOwnThread { try runBlocking(arguments, environment: environment) }
    }

    /// Runs `arguments[0]` (a path) with the rest as arguments; returns its exit status, standard
    /// output and standard error (collected through files, so daemons keeping descriptors do not
    /// block). Its environment is `environment`, or (nil) an isolated one in the run's own
    /// temporary folder, removed with it: never this process's `HOME` or XDG folders. It blocks:
    /// from a task, call `run` instead.
    public static func runBlocking(_ arguments: [String], environment: IsolatedEnvironment? = nil) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let folder = try temporaryRunFolder("child")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputPath = folder.appendingPathComponent("out").path
        let errorPath = folder.appendingPathComponent("err").path
        let status = try spawnAndWait(
            arguments, standardInput: "/dev/null", standardOutput: outputPath, standardError: errorPath,
            environment: environment ?? IsolatedEnvironment(root: folder.appendingPathComponent("environment")))
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return (status, output, errors)
    }

    /// A new folder `<temporary folder>/<prefix>-<UUID>` for one run; the caller removes it.
    static func temporaryRunFolder(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs `arguments[0]` with its standard streams opened on the files at these paths (output
    /// and error created or truncated) and `environment`, and waits for it. The exit status, or
    /// the signal number for a child ended by a signal.
    static func spawnAndWait(
        _ arguments: [String], standardInput: String, standardOutput: String, standardError: String,
        environment: IsolatedEnvironment
    ) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = cleanSpawnAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.entries.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &envp)
        guard spawned == 0 else {
            throw Failure(description: "posix_spawn \(arguments[0]) failed: \(spawned)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return signal != 0 ? signal : (status >> 8) & 0xFF
    }

    /// Spawn attributes that give the child an empty signal mask and every signal's default
    /// disposition (a test process's threads block most signals). The caller destroys them.
    static func cleanSpawnAttributes() -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var emptySet = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&emptySet)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &emptySet)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return attributes
    }
}
