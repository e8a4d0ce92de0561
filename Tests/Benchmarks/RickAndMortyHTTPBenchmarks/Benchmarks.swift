import Benchmark

/// The executable's entry: registers `benchmarks` with package-benchmark's runner.
@main enum BenchmarkRunner: BenchmarkRunnerHooks {
    static func registerBenchmarks() { benchmarks() }
}

// The HTTP transport (AsyncHTTPExchange): (t2) a page of characters over loopback from the
// embedded server; (t4) 1,000 avatars downloaded 8 at a time; (t6) the resident peak of a child
// process refusing a 400 MiB answer (limit 16 MiB), above its baseline. (t1), (t3) and (t5) were
// the same through the URLSession transports, measured beside these before they were removed
// (docs/benchmarks.md).
let benchmarks: @Sendable () -> Void = {
    pageBenchmarks()
    avatarBenchmarks()
    refusalBenchmarks()
}
