@testable import AsyncHTTPExchange
import HTTPExchange
import TestSupport
import Testing

/// The body's deadline on a clock the test moves: an idle timeout starts again with each part, a
/// total one does not, and `watch()` fires once it has passed.
@Suite("The body's watchdog")
struct WatchdogTests {
    @Test("Under an idle timeout each part moves the deadline on")
    func idleRestarts() {
        let clock = ManualClock()
        let watchdog = Watchdog(.idle(.seconds(1)), clock: clock)
        // GIVEN a part at 0.8 s
        clock.advance(by: .milliseconds(800))
        watchdog.sawBytes()
        // WHEN 1.6 s have passed (past the first deadline, within 1 s of the part) THEN it holds
        clock.advance(by: .milliseconds(800))
        #expect(watchdog.check() != nil)
        #expect(!watchdog.hasFired)
        // AND 1 s after the last part it fires
        clock.advance(by: .milliseconds(200))
        #expect(watchdog.check() == nil)
        #expect(watchdog.hasFired)
    }

    @Test("Under a total timeout parts do not move the deadline")
    func totalStays() {
        let clock = ManualClock()
        let watchdog = Watchdog(.total(.seconds(1)), clock: clock)
        clock.advance(by: .milliseconds(800))
        watchdog.sawBytes()
        clock.advance(by: .milliseconds(200))
        #expect(watchdog.check() == nil)
        #expect(watchdog.hasFired)
    }

    @Test("watch() sleeps to the deadline the last part set, and fires there")
    func watchFires() async {
        let clock = ManualClock()
        let watchdog = Watchdog(.idle(.seconds(1)), clock: clock)
        clock.advance(by: .milliseconds(500))
        watchdog.sawBytes()
        await watchdog.watch()
        #expect(watchdog.hasFired)
        #expect(clock.now.offset == .milliseconds(1_500))
    }

    @Test("A cancelled watch returns without firing")
    func cancelled() async {
        let watchdog = Watchdog(.total(.seconds(60)), clock: ManualClock())
        let watch = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await watchdog.watch()
        }
        await watch.value
        #expect(!watchdog.hasFired)
    }
}
