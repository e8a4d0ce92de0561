import Foundation

/// Runs a program to completion with posix_spawn and waitpid. Unlike `Process`, it gives the
/// child a clean signal mask and default dispositions: threads of a test process block most
/// signals, and a tmux server inheriting that mask never reaps its children.
public enum ChildProcess {
    /// The program could not be started or waited for.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `arguments[0]` (a path) with the rest as arguments; returns its exit status and
    /// standard output (collected through a file, so daemons keeping descriptors do not block).
    public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID()).out")
            .path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptySet = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&emptySet)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &emptySet)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard spawned == 0 else {
            throw Failure(description: "posix_spawn \(arguments[0]) failed: \(spawned)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return ((status >> 8) & 0xFF, output)
    }
}
