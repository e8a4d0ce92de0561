import Locking

/// Shares one in-flight call per key between concurrent callers (single flight); thread-safe.
///
/// The first caller for a key starts the work in its own task; later callers join it while it
/// runs and receive the same result (`joined == true`). A caller whose task is cancelled gets
/// `.cancelled` at once; the shared work is cancelled only when every caller has cancelled.
/// A finished call is forgotten: the next caller starts a new one.
public final class SingleFlight<Key: Hashable & Sendable, Output: Sendable>: Sendable {
    private let flights = PThreadMutex<[Key: Flight<Output>]>([:])
    private let observer: (@Sendable (_ key: Key, _ waiters: Int) -> Void)?

    /// Creates an empty group. `observer` is told, outside any lock, each time a caller starts
    /// (`waiters == 1`, before the work begins) or joins a call, with the number of callers now
    /// waiting (for tracing and tests).
    public init(observer: (@Sendable (_ key: Key, _ waiters: Int) -> Void)? = nil) {
        self.observer = observer
    }

    /// Runs `work` for `key`, or joins the call already running for it.
    public func run(
        _ key: Key, _ work: @escaping @Sendable () async throws(RepositoryError) -> Output
    ) async throws(RepositoryError) -> (value: Output, joined: Bool) {
        let (flight, ticket) = flights.withLock { flights in
            if let running = flights[key], let ticket = running.join() { return (running, ticket) }
            let started = Flight<Output>()
            flights[key] = started
            return (started, Flight<Output>.Ticket(waiter: 0, waiters: 1))
        }
        let joined = ticket.waiter != 0
        observer?(key, ticket.waiters)
        if !joined {
            flight.attach(
                Task { [weak self] in
                    let outcome: Result<Output, RepositoryError>
                    do throws(RepositoryError) { outcome = .success(try await work()) } catch {
                        outcome = .failure(error)
                    }
                    self?.forget(flight, for: key)
                    flight.complete(outcome)
                })
        }
        return (try await flight.wait(ticket.waiter).get(), joined)
    }

    /// The number of keys with a call in flight.
    public var inFlightCount: Int { flights.withLock { $0.count } }

    private func forget(_ flight: Flight<Output>, for key: Key) {
        flights.withLock { flights in
            if flights[key] === flight { flights[key] = nil }
        }
    }
}
