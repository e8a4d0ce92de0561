#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which sanitizers the running test binary was built with (`swift test --sanitize=…`), found
/// by their runtimes' symbols. Stateless; thread-safe.
public enum Sanitizers {
    /// Whether AddressSanitizer's runtime is linked in (its `__asan_init` is in the global scope):
    /// its allocator replaces the C library's, so the C library's heap counts (`mallinfo2`) read
    /// zero in the processes it runs.
    public static let address: Bool = dlsym(nil, "__asan_init") != nil
}
