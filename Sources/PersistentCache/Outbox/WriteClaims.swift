import Foundation  // and with it the C library: open, flock, getpid
import Locking

/// The write scopes one `CacheDatabase` has claimed (`claimWrites`): a lock file's descriptor
/// each, closed at `close()` or when the database goes. Thread-safe (a `PThreadMutex`).
final class WriteClaims: Sendable {
    private let descriptors = PThreadMutex([String: Int32]())

    deinit { releaseAll() }

    /// Claims `scope` through `lockFile`, unless already claimed here.
    func claim(_ scope: String, lockFile: URL) -> Result<Void, WriteClaimRefusal> {
        descriptors.withLock { held in
            held[scope] != nil ? .success(()) : Self.lock(lockFile).map { held[scope] = $0 }
        }
    }

    /// Releases every claim: other processes may claim the scopes now.
    func releaseAll() {
        descriptors.withLock { held in
            for descriptor in held.values { close(descriptor) }
            held = [:]
        }
    }

    /// An exclusive `flock` on `lockFile` (made if missing), with this process's id written in it;
    /// the refusal names the holder's.
    private static func lock(_ lockFile: URL) -> Result<Int32, WriteClaimRefusal> {
        let descriptor = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return .failure(.unavailable("cannot open \(lockFile.path): \(errorText())")) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let refusal: WriteClaimRefusal =
                errno == EWOULDBLOCK
                ? .held(by: processID(in: descriptor)) : .unavailable("cannot lock \(lockFile.path): \(errorText())")
            close(descriptor)
            return .failure(refusal)
        }
        // Who holds it, for the next claim's refusal to name (a failure here costs only the name).
        let text = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) == 0 {
            _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        }
        return .success(descriptor)
    }

    /// The process id the holder wrote in the lock file open on `descriptor`, if it is one.
    private static func processID(in descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

extension CacheDatabase {
    /// Claims `scope`'s writes for this database, across processes: a `SQLiteWriteStore` scope takes
    /// one book at a time (a running browser keeps its writes in memory too). An exclusive `flock`
    /// on `<file>.<scope, percent-encoded>.lock` beside the file, held until `close()`, or until
    /// the process ends (`kill -9` too); claiming a scope again here succeeds. In memory, nothing
    /// is shared and the claim always succeeds. The refusal names the process that holds it.
    public func claimWrites(scope: String) -> Result<Void, WriteClaimRefusal> {
        guard case .file(let file) = location else { return .success(()) }
        let safe = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        let name = scope.addingPercentEncoding(withAllowedCharacters: safe) ?? "writes"
        let lockFile = file.deletingLastPathComponent().appendingPathComponent("\(file.lastPathComponent).\(name).lock")
        return writeClaims.claim(scope, lockFile: lockFile)
    }
}

/// Why a scope's writes could not be claimed. A value.
public enum WriteClaimRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another process holds them (its process id, when it wrote one).
    case held(by: Int32?)
    /// The lock file could not be opened or locked, and why.
    case unavailable(String)

    /// Who holds the claim: `process 1234`, else `another process`; nil when none is known to.
    public var holder: String? {
        guard case .held(let id) = self else { return nil }
        return id.map { "process \($0)" } ?? "another process"
    }

    public var description: String {
        switch self {
        case .held: "\(holder ?? "another process") keeps this cache file's writes"
        case .unavailable(let reason): reason
        }
    }
}
