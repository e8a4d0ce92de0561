import AsyncHTTPExchange
import Foundation
import HTTPExchange

/// The real HTTP client, with the requests whose path `counts` holds each let through only once
/// `limit` of them are in flight together (or every one of `total` has started), so a reader that
/// keeps more than `limit` in flight shows it in `most`, and one that keeps `limit` never waits
/// for long. Thread-safe: the count is an actor's.
struct LimitedExchange: HTTPExchanging {
    let counts: @Sendable (String) -> Bool
    let flights: InFlight

    func exchange<Value: Sendable>(
        _ request: HTTPExchangeRequest,
        reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
    ) async throws(HTTPExchangeError) -> Value {
        guard counts(request.url.path) else {
            return try await AsyncHTTPExchange.shared.exchange(request, reading: read)
        }
        await flights.enter()
        do {
            let value = try await AsyncHTTPExchange.shared.exchange(request, reading: read)
            await flights.leave()
            return value
        } catch {
            await flights.leave()
            throw error
        }
    }
}

/// The requests in flight, the most at once, and the ones held until enough are in flight.
actor InFlight {
    let limit: Int
    let total: Int
    private(set) var most = 0
    private(set) var started = 0
    private var now = 0
    private var held: [CheckedContinuation<Void, Never>] = []

    init(limit: Int, total: Int) {
        self.limit = limit
        self.total = total
    }

    func enter() async {
        now += 1
        started += 1
        most = max(most, now)
        if now >= limit || started >= total {
            let released = held
            held = []
            for waiter in released { waiter.resume() }
            return
        }
        await withCheckedContinuation { held.append($0) }
    }

    func leave() { now -= 1 }
}
