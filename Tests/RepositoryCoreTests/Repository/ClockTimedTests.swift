import RepositoryCore
import TestSupport
import Testing

@Suite("Clock.timed")
struct ClockTimedTests {
    @Test("Returns the body's value and the time the clock moved while it ran")
    func valueAndElapsed() async {
        let clock = ManualClock()
        clock.advance(by: .seconds(5))
        let (value, elapsed) = await clock.timed {
            clock.advance(by: .milliseconds(250))
            return "answer"
        }
        #expect(value == "answer")
        #expect(elapsed == .milliseconds(250))
    }
}
