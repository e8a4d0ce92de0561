import CTestProcessSetup

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The limit on open descriptors of a process that links TestSupport (the test bundle, the
/// fixtures, the probes). Its C part (`CTestProcessSetup`) raises the soft limit to the hard
/// limit, at most `cap`, as the process loads: the suite's tests, all running at once, hold some
/// 2,000 descriptors, past the 1,024 a login session gets on most Linux systems. Stateless.
public enum DescriptorLimit {
    /// The highest soft limit the process raises itself to.
    public static let cap = Int(CHARBROWSER_TEST_DESCRIPTOR_LIMIT_CAP)

    /// The soft and hard limits now (`Int.max` for no limit); nil when they cannot be read.
    public static func current() -> (soft: Int, hard: Int)? {
        var limit = rlimit()
        #if canImport(Glibc)
            guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        #else
            guard getrlimit(RLIMIT_NOFILE, &limit) == 0 else { return nil }
        #endif
        // No limit (RLIM_INFINITY, every bit set) and anything past Int are Int.max.
        func count(_ value: rlim_t) -> Int { value > Int.max ? Int.max : Int(value) }
        return (count(limit.rlim_cur), count(limit.rlim_max))
    }
}
