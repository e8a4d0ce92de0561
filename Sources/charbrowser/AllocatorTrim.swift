import Foundation

#if canImport(Glibc)
    import CMallocInfo
#endif

/// `--malloc-trim-every SECONDS`: gives the free memory glibc's allocator keeps back to the system
/// (`malloc_trim(0)`: the whole free pages inside every arena) at that interval, in a background
/// task. A value; `run` is its only loop, and each trim takes the arenas' locks for its duration.
struct AllocatorTrim: Sendable {
    let interval: Duration

    /// Trims every `interval` of `clock` until the task is cancelled.
    func run<C: Clock>(clock: C) async where C.Duration == Duration {
        while (try? await clock.sleep(for: interval)) != nil {
            Self.trim()
        }
    }

    /// Gives the allocator's free pages back now; does nothing where the C library is not glibc.
    static func trim() {
        #if canImport(Glibc)
            _ = malloc_trim(0)
        #endif
    }
}
