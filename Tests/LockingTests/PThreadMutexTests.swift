import Locking
import Testing

/// `PThreadMutex` from its doc comments, through the public API: the value is reached only inside
/// `withLock`, one caller at a time; a throw leaves the lock free; `withLockIfAvailable` skips the
/// body while the lock is held. The time limit is TestSupport's `hangGuard` (ten minutes: a hang
/// guard, not a speed check), written out: this target does without TestSupport.
@Suite("PThreadMutex", .timeLimit(.minutes(10)))
struct PThreadMutexTests {
    struct Failure: Error, Equatable {}

    @Test("concurrent increments under the lock all count")
    func concurrentIncrements() async {
        let counter = PThreadMutex(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test("a read-modify-write spanning several statements is never interleaved")
    func wholeBodiesAreExclusive() async {
        // Each body appends its id twice; were two bodies interleaved, a pair would split.
        let log = PThreadMutex<[Int]>([])
        await withTaskGroup(of: Void.self) { group in
            for id in 0..<8 {
                group.addTask {
                    for _ in 0..<500 {
                        log.withLock { entries in
                            entries.append(id)
                            entries.append(id)
                        }
                    }
                }
            }
        }
        let entries = log.withLock { $0 }
        #expect(entries.count == 8_000)
        #expect(stride(from: 0, to: entries.count, by: 2).allSatisfy { entries[$0] == entries[$0 + 1] })
    }

    @Test("a typed throw from the body comes out as it is, keeps the changes made, and frees the lock")
    func throwingBodyFreesTheLock() {
        let lock = PThreadMutex("start")
        #expect(throws: Failure()) {
            try lock.withLock { (value: inout String) throws(Failure) -> Void in
                value = "changed"
                throw Failure()
            }
        }
        #expect(lock.withLockIfAvailable { $0 } == "changed")
    }

    @Test("withLockIfAvailable runs the body when the lock is free and skips it while it is held")
    func tryLock() {
        let lock = PThreadMutex(1)
        #expect(
            lock.withLockIfAvailable { value -> Int in
                value += 1
                return value
            } == 2)
        // Held (by this very thread, inside withLock): the body must not run.
        let inner: Int? = lock.withLock { _ in
            lock.withLockIfAvailable { (value: inout Int) -> Int in
                value = 99
                return value
            }
        }
        #expect(inner == nil)
        #expect(lock.withLock { $0 } == 2)
    }

    @Test("a noncopyable value moves in and is changed in place")
    func noncopyableValue() {
        struct Token: ~Copyable { var uses = 0 }
        let lock = PThreadMutex(Token())
        lock.withLock { $0.uses += 1 }
        #expect(lock.withLock { $0.uses } == 1)
    }

    @Test("the value is released with the lock")
    func valueIsReleased() {
        final class Tracked: Sendable {}
        weak var tracked: Tracked?
        do {
            let value = Tracked()
            tracked = value
            let lock = PThreadMutex<Tracked?>(value)
            #expect(lock.withLock { $0 } != nil)
        }
        #expect(tracked == nil)
    }
}
