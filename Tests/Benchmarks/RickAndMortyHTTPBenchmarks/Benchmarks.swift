import Benchmark

// The HTTP transports side by side, each workload through each: (t1, t2) a page of characters
// over loopback from the embedded server; (t3, t4) 1,000 avatars downloaded 8 at a time;
// (t5, t6) the resident peak of a child process refusing a 400 MiB answer (limit 16 MiB),
// above its baseline.
let benchmarks: @Sendable () -> Void = {
    pageBenchmarks()
    avatarBenchmarks()
    refusalBenchmarks()
}
