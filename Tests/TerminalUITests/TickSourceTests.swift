import Locking
import Testing

@testable import TerminalUI

@Suite("Tick sources")
struct TickSourceTests {
    @Test("A clock tick source is due once per interval and does not queue missed ticks")
    func clockTicks() {
        // GIVEN a 100 ms tick source on a manual clock
        let clock = ManualClock()
        var ticks = ClockTickSource(interval: .milliseconds(100), clock: clock)
        // WHEN time has not reached the deadline THEN it reports the wait and no tick
        #expect(ticks.timeUntilNextTick() == .milliseconds(100))
        clock.advance(by: .milliseconds(40))
        #expect(ticks.timeUntilNextTick() == .milliseconds(60))
        #expect(ticks.takeTick() == false)
        // WHEN the deadline passes THEN one tick is due, and the next is an interval later
        clock.advance(by: .milliseconds(60))
        #expect(ticks.takeTick() == true)
        #expect(ticks.takeTick() == false)
        // WHEN several intervals pass at once THEN still a single tick
        clock.advance(by: .milliseconds(350))
        #expect(ticks.timeUntilNextTick() == .zero)
        #expect(ticks.takeTick() == true)
        #expect(ticks.takeTick() == false)
    }

    @Test("No ticks never waits and is never due")
    func noTicks() {
        let ticks = NoTicks()
        #expect(ticks.timeUntilNextTick() == nil)
        #expect(ticks.takeTick() == false)
    }

    @Test("A task effect delivers its operation's result through the sink")
    func taskEffect() async throws {
        let effect = Effect<String>.task(key: "k") { "done" }
        guard case .run(let key, let operation) = effect else {
            Issue.record("expected a run effect")
            return
        }
        let received = Received()
        await operation(MessageSink { received.append($0) })
        #expect(key == "k")
        #expect(received.values == ["done"])
    }
}

/// Collects messages from any thread.
final class Received: Sendable {
    private let storage = PThreadMutex<[String]>([])
    func append(_ value: String) { storage.withLock { $0.append(value) } }
    var values: [String] { storage.withLock { $0 } }
}
