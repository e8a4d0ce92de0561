#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a POSIX mutex, with the `init` and `withLock` of `Synchronization.Mutex`;
/// thread-safe: the value is only reached inside `withLock`, which holds the mutex throughout.
///
/// It exists for ThreadSanitizer: TSan intercepts `pthread_mutex_lock` and `pthread_mutex_unlock`
/// and so orders every hand-over of the value, where `Mutex`'s contended path (a futex in an
/// uninstrumented library) makes it report races that cannot happen. The mutex and the value
/// live in one heap cell of their own, so their addresses never move; the lock is not recursive
/// (taking it again inside `withLock` on the same thread deadlocks, as with `Mutex`).
public final class PThreadMutex<Value: ~Copyable>: @unchecked Sendable {
    // Sendable because the value is only ever reached inside `withLock`, under the mutex, and
    // crosses into the lock and out of it only as `sending` values (as with `Mutex`); the cell's
    // pointer itself never changes after `init` and is freed only in `deinit`, when no other
    // reference to the lock (and so no call of `withLock`) can remain.
    @usableFromInline let cell: UnsafeMutablePointer<Cell>

    @usableFromInline
    struct Cell: ~Copyable {
        @usableFromInline var mutex = pthread_mutex_t()
        @usableFromInline var value: Value

        init(value: consuming Value) { self.value = value }
    }

    /// A lock guarding `initialValue`.
    public init(_ initialValue: consuming sending Value) {
        cell = UnsafeMutablePointer<Cell>.allocate(capacity: 1)
        cell.initialize(to: Cell(value: initialValue))
        // Default attributes: a plain, non-recursive mutex; initialising one cannot fail here.
        pthread_mutex_init(&cell.pointee.mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(&cell.pointee.mutex)
        cell.deinitialize(count: 1)
        cell.deallocate()
    }

    /// Runs `body` with exclusive access to the value, holding the lock until it returns or throws.
    @inlinable
    public func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(&cell.pointee.mutex)
        defer { pthread_mutex_unlock(&cell.pointee.mutex) }
        return try body(&cell.pointee.value)
    }

    /// Runs `body` with exclusive access to the value if the lock is free now; `nil` if another
    /// thread holds it (the body does not run then).
    @inlinable
    public func withLockIfAvailable<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        guard pthread_mutex_trylock(&cell.pointee.mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(&cell.pointee.mutex) }
        return try body(&cell.pointee.value)
    }
}
