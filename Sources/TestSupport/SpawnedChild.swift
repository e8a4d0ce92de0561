import Foundation
import Locking

/// A child process that runs alongside a test (a server, a worker), started with `posix_spawn` as
/// `ChildProcess` starts its children: a clean signal mask and default dispositions, and none of
/// `Process.run()`'s reads past a buffer while it counts open descriptors (which crashes a test
/// process holding many). Each standard stream goes to /dev/null or to a pipe of its own; standard
/// error may share standard output's. Thread-safe: the pid is a constant, and the end is reaped
/// once under a lock, so no signal is ever sent to a pid the system could have reused. Its
/// environment is an `IsolatedEnvironment`: never the `HOME` or XDG folders of whoever runs the tests.
public final class SpawnedChild: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// /dev/null.
        case null
        /// A pipe of its own, read (or, for standard input, written) through this object.
        case pipe
        /// Standard output's pipe (standard error only).
        case output
    }

    /// How the child ended.
    public enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal ended it.
        case signalled(Int32)
    }

    /// The child's process id.
    public let pid: pid_t
    /// The read end of the child's standard output (with its standard error when that is
    /// `.output`); reads as ended at once when the output went to /dev/null.
    public let output: FileHandle
    /// The read end of the child's standard error when it is `.pipe`; reads as ended otherwise.
    public let errors: FileHandle
    /// The write end of the child's standard input when it is `.pipe`; /dev/null otherwise.
    public let input: FileHandle
    /// How the child ended, once reaped.
    private let end = PThreadMutex<Termination?>(nil)
    /// The folder of the isolated environment made for this child when none was given; removed
    /// when this object goes.
    private let ownFolder: URL?

    /// Starts `arguments[0]` (a path) with the rest as arguments, its standard input on /dev/null
    /// and its standard output and error on one pipe, `output`; `environment` as `init(_:input:…)`.
    public convenience init(_ arguments: [String], environment: IsolatedEnvironment? = nil) throws {
        try self.init(arguments, input: .null, output: .pipe, errors: .output, environment: environment)
    }

    /// Starts `arguments[0]` (a path) with the rest as arguments and its standard streams where
    /// `input`, `output` and `errors` say (`.output` is for `errors` only), in `environment`; nil:
    /// an isolated one in a temporary folder of its own, removed when this object goes.
    public init(
        _ arguments: [String], input: Stream, output: Stream, errors: Stream, environment: IsolatedEnvironment? = nil
    ) throws {
        let (environment, ownFolder) = try Self.chosen(environment)
        var started = false
        defer {
            if !started, let ownFolder { try? FileManager.default.removeItem(at: ownFolder) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The parent's ends, and the child's ends to close here once it has its copies.
        var parentEnds: [Int32] = []
        var childEnds: [Int32] = []
        /// A new pipe whose one end becomes the child's descriptors `targets` (the write end when
        /// `childWrites`); returns the other end, the parent's.
        func attachPipe(to targets: [Int32], childWrites: Bool) throws -> Int32 {
            var ends: [Int32] = [0, 0]
            guard Glibc.pipe(&ends) == 0 else {
                (parentEnds + childEnds).forEach { close($0) }
                throw ChildProcess.Failure(description: "pipe failed: \(errno)")
            }
            // Neither end leaks into children other threads start (the child's copies are dup2's).
            ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
            let (child, parent) = childWrites ? (ends[1], ends[0]) : (ends[0], ends[1])
            targets.forEach { posix_spawn_file_actions_adddup2(&actions, child, $0) }
            childEnds.append(child)
            parentEnds.append(parent)
            return parent
        }
        let inputEnd = input == .pipe ? try attachPipe(to: [0], childWrites: false) : nil
        let outputEnd = output == .pipe ? try attachPipe(to: errors == .output ? [1, 2] : [1], childWrites: true) : nil
        let errorsEnd = errors == .pipe ? try attachPipe(to: [2], childWrites: true) : nil
        if inputEnd == nil { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
        if outputEnd == nil { posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) }
        if errorsEnd == nil && (errors != .output || outputEnd == nil) {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var attributes = ChildProcess.cleanSpawnAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.entries.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &envp)
        childEnds.forEach { close($0) }
        guard spawned == 0 else {
            parentEnds.forEach { close($0) }
            throw ChildProcess.Failure(description: "posix_spawn \(arguments[0]) failed: \(spawned)")
        }
        self.pid = pid
        started = true
        self.ownFolder = ownFolder
        func handle(_ descriptor: Int32?) -> FileHandle {
            descriptor.map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) } ?? .nullDevice
        }
        self.input = handle(inputEnd)
        self.output = handle(outputEnd)
        self.errors = handle(errorsEnd)
    }

    deinit {
        if let ownFolder { try? FileManager.default.removeItem(at: ownFolder) }
    }

    /// `given`, or an isolated environment in a new folder of its own, returned for removal.
    private static func chosen(_ given: IsolatedEnvironment?) throws -> (IsolatedEnvironment, URL?) {
        if let given { return (given, nil) }
        let folder = try ChildProcess.temporaryRunFolder("spawned")
        return (IsolatedEnvironment(root: folder), folder)
    }

    /// Sends `signal` unless the child has been reaped.
    public func send(_ signal: Int32) {
        end.withLock { termination in
            if termination == nil { _ = kill(pid, signal) }
        }
    }

    /// Whether the child has not ended (reaping it when it has).
    public var isRunning: Bool {
        end.withLock { termination in
            guard termination == nil else { return false }
            var raw: Int32 = 0
            guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
            termination = Self.decode(raw)
            return false
        }
    }

    /// Blocks until the child ends; how it ended. From a task, call it inside `onOwnThread`.
    @discardableResult
    public func waitForTermination() -> Termination {
        if let termination = end.withLock({ $0 }) { return termination }
        var raw: Int32 = 0
        var waited: pid_t
        repeat { waited = waitpid(pid, &raw, 0) } while waited < 0 && errno == EINTR
        return end.withLock { termination in
            if termination == nil { termination = waited == pid ? Self.decode(raw) : .exited(-1) }
            return termination ?? .exited(-1)
        }
    }

    /// Blocks until the child ends; its exit status, or the signal number when a signal ended it
    /// (as `Process.terminationStatus` gives it). From a task, call it inside `onOwnThread`.
    @discardableResult
    public func waitForExit() -> Int32 {
        switch waitForTermination() {
        case .exited(let status), .signalled(let status): status
        }
    }

    /// Reads and drops whatever the child writes to `output` from now on, on a thread of its own,
    /// so a child that logs never blocks on a full pipe.
    public func drainOutput() {
        let output = output
        Thread.detachNewThread {
            while !output.nextChunk().isEmpty {}
        }
    }

    private static func decode(_ raw: Int32) -> Termination {
        let signal = raw & 0x7F
        return signal != 0 ? .signalled(signal) : .exited((raw >> 8) & 0xFF)
    }
}
