import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One load run: `requests` GETs spread over `clients` concurrent clients sharing one URLSession,
/// each client sending its share one after another. Counts every request that is not a 200 (or
/// fails in transport) as an error.
struct LoadRun: Sendable {
    /// What a run measured.
    struct Outcome: Sendable {
        var latencies: [Duration]
        var errors: Int
        var firstError: String?
        var elapsed: Duration

        var requestsPerSecond: Double {
            Double(latencies.count) / max(elapsed.seconds, 1e-9)
        }

        /// The latency below which `fraction` of the requests finished.
        func percentile(_ fraction: Double) -> Duration {
            let sorted = latencies.sorted()
            guard !sorted.isEmpty else { return .zero }
            let rank = Int((Double(sorted.count) * fraction).rounded(.up)) - 1
            return sorted[min(max(rank, 0), sorted.count - 1)]
        }
    }

    let root: String
    let clients: Int
    let requests: Int
    /// The path of request number `index` (0-based).
    let path: @Sendable (Int) -> String

    func run(session: URLSession) async -> Outcome {
        let clock = ContinuousClock()
        let started = clock.now
        let perClient = requests / clients
        let results = await withTaskGroup(of: Outcome.self) { group in
            for client in 0..<clients {
                group.addTask {
                    var outcome = Outcome(latencies: [], errors: 0, firstError: nil, elapsed: .zero)
                    outcome.latencies.reserveCapacity(perClient)
                    for step in 0..<perClient {
                        let index = client * perClient + step
                        let began = clock.now
                        let failure = await Self.fetch(root + path(index), session: session)
                        outcome.latencies.append(clock.now - began)
                        if let failure {
                            outcome.errors += 1
                            if outcome.firstError == nil { outcome.firstError = failure }
                        }
                    }
                    return outcome
                }
            }
            var total = Outcome(latencies: [], errors: 0, firstError: nil, elapsed: .zero)
            for await outcome in group {
                total.latencies += outcome.latencies
                total.errors += outcome.errors
                total.firstError = total.firstError ?? outcome.firstError
            }
            return total
        }
        var outcome = results
        outcome.elapsed = clock.now - started
        return outcome
    }

    /// nil on a 200 with a body, else what went wrong.
    static func fetch(_ address: String, session: URLSession) async -> String? {
        guard let url = URL(string: address) else { return "bad URL \(address)" }
        do {
            let (body, response) = try await session.data(from: url)
            let status = (response as? HTTPURLResponse)?.statusCode ?? -1
            return status == 200 && !body.isEmpty ? nil : "\(address): status \(status)"
        } catch {
            return "\(address): \(error)"
        }
    }

    /// A session for `clients` concurrent connections to one host, with no cache.
    static func session(clients: Int) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.httpMaximumConnectionsPerHost = clients
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    var microseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000)
    }
}
