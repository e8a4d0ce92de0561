import AsyncHTTPExchange
import Benchmark
import Foundation
import HTTPExchange

// (t2) Page 1 of the characters from the embedded server over loopback, one request after
// another, its body whole (limit 16 MiB), with the headers a read sends.
func pageBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(5),
        maxIterations: 20_000)
    let headers = [("User-Agent", "charbrowser/0.1"), ("Accept", "application/json")]

    Benchmark(
        "(t2) a page over loopback, AsyncHTTPExchange", configuration: configuration,
        closure: { benchmark, fixture in
            let exchange = AsyncHTTPExchange.shared
            let request = HTTPExchangeRequest(
                method: "GET", url: fixture.pageURL, headers: headers.map { HTTPHeaderField($0.0, $0.1) },
                timeout: .total(.seconds(10)))
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try await exchange.exchange(request, limit: 16 << 20).body.count)
            }
        }, setup: { try await TransportFixture.shared() })
}
