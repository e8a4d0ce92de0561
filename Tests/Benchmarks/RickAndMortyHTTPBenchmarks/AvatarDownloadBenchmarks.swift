import Benchmark
import DownloadCache
import Foundation

// (t4) 1,000 avatars from the embedded server, 8 downloads at a time, each streamed into a
// file through a `DownloadTransport` (the sample's avatars in turn, about 10 KB each).
func avatarBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds, maxDuration: .seconds(60),
        maxIterations: 15)
    let transports: [(String, @Sendable () -> any DownloadTransport)] = [
        (
            "(t4) 1,000 avatars 8 at a time, HTTPExchangeTransport (AsyncHTTPExchange)",
            { HTTPExchangeTransport(timeout: 60) }
        )
    ]
    for (name, make) in transports {
        Benchmark(
            name, configuration: configuration,
            closure: { benchmark, fixture in
                let transport = make()
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(
                        try await downloadAvatars(
                            1_000, concurrently: 8, through: transport, fixture: fixture))
                }
            }, setup: { try await TransportFixture.shared() })
    }
}

/// Downloads `count` avatars, `width` at a time, each worker into a file of its own; the bytes received.
func downloadAvatars(
    _ count: Int, concurrently width: Int, through transport: any DownloadTransport, fixture: TransportFixture
) async throws -> Int {
    try await withThrowingTaskGroup(of: Int.self) { group in
        for worker in 0..<width {
            group.addTask {
                let file = fixture.folder.appendingPathComponent("worker-\(worker).jpeg")
                var bytes = 0
                for index in stride(from: worker, to: count, by: width) {
                    let response = try await transport.fetch(
                        DownloadRequest(url: fixture.avatarURL(index)), bodyFile: file, progress: { _ in })
                    guard response.statusCode == 200 else {
                        throw DownloadBenchmarkError.status(response.statusCode)
                    }
                    bytes += Int(response.headers["Content-Length"] ?? "") ?? 0
                }
                return bytes
            }
        }
        return try await group.reduce(0, +)
    }
}

/// An avatar download answered something else than 200.
enum DownloadBenchmarkError: Error { case status(Int) }
