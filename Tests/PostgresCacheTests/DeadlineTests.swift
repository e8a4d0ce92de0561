import RepositoryCore
import TestSupport
import Testing

@testable import PostgresCache

@Suite("An operation's deadline ends the wait even when the work ignores cancellation")
struct DeadlineTests {
    @Test(
        "A body that never ends and ignores cancellation fails with timedOut once the limit passes",
        .hangGuard)
    func abandonsStuckBody() async throws {
        // GIVEN work that waits on a gate in a task of its own (cancelling the caller does not reach it)
        let gate = Gate()
        defer { gate.open() }
        // WHEN it runs under a deadline of 50 ms
        await #expect {
            try await PostgresCacheStore.withDeadline(.milliseconds(50)) {
                try await Task { try await gate.wait() }.value
            }
        } throws: { error in
            // THEN the caller gets the timeout, without the work having ended
            if case .timedOut(let limit) = error as? PostgresCacheFailure {
                return limit == .milliseconds(50)
            }
            return false
        }
        #expect(gate.arrivals.value == 1)
    }

    @Test("A body that ends first gives its value; a body that throws gives its error")
    func bodyWins() async throws {
        let value = try await PostgresCacheStore.withDeadline(.seconds(30)) { 42 }
        #expect(value == 42)
        await #expect(throws: RepositoryError.notFound(query: "x")) {
            try await PostgresCacheStore.withDeadline(.seconds(30)) { () async throws -> Int in
                throw RepositoryError.notFound(query: "x")
            }
        }
    }

    @Test("Cancelling the caller ends the wait at once with CancellationError")
    func callerCancelled() async throws {
        let gate = Gate()
        defer { gate.open() }
        let waiting = Task {
            try await PostgresCacheStore.withDeadline(.seconds(30)) {
                try await Task { try await gate.wait() }.value
            }
        }
        await gate.arrivals.reach(1)
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test(
        "A value the body gives after the caller was cancelled goes to late (a connection closed, not dropped)",
        .hangGuard)
    func lateValueHandedOver() async throws {
        let gate = Gate()
        defer { gate.open() }
        let handedOver = AsyncCounter()
        let late: @Sendable (Int) async -> Void = { value in if value == 7 { handedOver.increment() } }
        // GIVEN a caller cancelled while its body still works
        let waiting = Task {
            try await PostgresCacheStore.withDeadline(.seconds(30), late: late) {
                try await Task { try await gate.wait() }.value
                return 7
            }
        }
        await gate.arrivals.reach(1)
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        // WHEN the body ends after all THEN its value goes to late
        gate.open()
        await handedOver.reach(1)
        // AND a body that wins gives its value to the caller, not to late
        #expect(try await PostgresCacheStore.withDeadline(.seconds(30), late: late) { 7 } == 7)
        #expect(handedOver.value == 1)
    }
}
