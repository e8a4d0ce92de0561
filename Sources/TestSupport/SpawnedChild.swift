import Foundation
import Locking

/// A child process that runs alongside a test (a server), started with `posix_spawn` as
/// `ChildProcess` starts its children: a clean signal mask and default dispositions, and none of
/// `Process.run()`'s reads past a buffer while it counts open descriptors (which crashes a test
/// process when other threads open and close descriptors meanwhile). Its standard output and
/// error go to one pipe, `output`. Thread-safe: the pid is a constant, and the exit status is
/// reaped once under a lock, so no signal is ever sent to a pid the system could have reused.
public final class SpawnedChild: Sendable {
    /// The child's process id.
    public let pid: pid_t
    /// The read end of the child's standard output and error.
    public let output: FileHandle
    /// The exit status once reaped (the signal number for a child ended by one).
    private let exit = PThreadMutex<Int32?>(nil)

    /// Starts `arguments[0]` (a path) with the rest as arguments, standard input on /dev/null.
    public init(_ arguments: [String]) throws {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else {
            throw ChildProcess.Failure(description: "pipe failed: \(errno)")
        }
        // Neither end leaks into children other threads start (the child's copies are dup2's).
        _ = fcntl(pipe[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipe[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
        var attributes = ChildProcess.cleanSpawnAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
        close(pipe[1])
        guard spawned == 0 else {
            close(pipe[0])
            throw ChildProcess.Failure(description: "posix_spawn \(arguments[0]) failed: \(spawned)")
        }
        self.pid = pid
        output = FileHandle(fileDescriptor: pipe[0], closeOnDealloc: true)
    }

    /// Sends `signal` unless the child has been reaped.
    public func send(_ signal: Int32) {
        exit.withLock { status in
            if status == nil { _ = kill(pid, signal) }
        }
    }

    /// Whether the child has not ended (reaping it when it has).
    public var isRunning: Bool {
        exit.withLock { status in
            guard status == nil else { return false }
            var raw: Int32 = 0
            guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
            status = Self.decode(raw)
            return false
        }
    }

    /// Blocks until the child ends; its exit status (the signal number when a signal ended it).
    /// From a task, call it inside `onOwnThread`.
    @discardableResult
    public func waitForExit() -> Int32 {
        if let status = exit.withLock({ $0 }) { return status }
        var raw: Int32 = 0
        var waited: pid_t
        repeat { waited = waitpid(pid, &raw, 0) } while waited < 0 && errno == EINTR
        return exit.withLock { status in
            if status == nil { status = waited == pid ? Self.decode(raw) : -1 }
            return status ?? -1
        }
    }

    /// Reads and drops whatever the child writes from now on, on a thread of its own, so a child
    /// that logs never blocks on a full pipe.
    public func drainOutput() {
        let output = output
        Thread.detachNewThread {
            while !output.availableData.isEmpty {}
        }
    }

    private static func decode(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        return signal != 0 ? signal : (raw >> 8) & 0xFF
    }
}
