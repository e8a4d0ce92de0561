import Dispatch
import Foundation
import TestSupport
import Testing

/// `onOwnThread`, which every blocking wait of the tests goes through: the concurrency pool has
/// one thread per core, so a wait held on it stops the rest of the run.
@Suite("Blocking waits of the tests run off the concurrency pool")
struct OwnThreadTests {
    @TaskLocal static var marker = "unset"

    @Test("Eight bodies blocked at once leave the pool free: a task releases them all")
    func blockedBodiesLeaveThePoolFree() async throws {
        // GIVEN eight bodies each blocked on a semaphore, more than the pool has threads
        let semaphore = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let count = 8
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask {
                    try await onOwnThread {
                        started.signal()
                        // (bounded, so a regression fails instead of hanging the run)
                        return semaphore.wait(timeout: .now() + 60) == .success
                    }
                }
            }
            // WHEN a task of the pool releases them once all have started
            group.addTask {
                for _ in 0..<count { await Self.waitOffThePool(started) }
                for _ in 0..<count { semaphore.signal() }
                return true
            }
            // THEN every body was released, none timed out
            var released = 0
            for try await outcome in group where outcome { released += 1 }
            #expect(released == count + 1)
        }
    }

    @Test("The body keeps the calling task's task-locals, so its expectations are the test's")
    func taskLocalsFollowTheBody() async throws {
        let seen = try await Self.$marker.withValue("set by the test") {
            try await onOwnThread { Self.marker }
        }
        #expect(seen == "set by the test")
    }

    @Test("What the body throws is what the caller catches")
    func errorsPassThrough() async throws {
        struct Expected: Error, Equatable {}
        await #expect(throws: Expected()) { try await onOwnThread { throw Expected() } }
    }

    /// Waits for one signal of `semaphore` without holding a thread of the pool.
    static func waitOffThePool(_ semaphore: DispatchSemaphore) async {
        _ = try? await onOwnThread { semaphore.wait(timeout: .now() + 60) == .success }
    }
}
