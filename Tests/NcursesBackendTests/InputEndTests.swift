import Foundation
import Testing

@testable import NcursesBackend

@Suite("When terminal input has ended")
struct InputEndTests {
    @Test("A hang-up, an error or a closed descriptor ends input; input ready ends it only from a terminal that no longer answers")
    func pollOutcomes() {
        let hangUp = Int16(POLLHUP), error = Int16(POLLERR), closed = Int16(POLLNVAL), ready = Int16(POLLIN)
        #expect(NcursesBackend.inputHasEnded(revents: hangUp | ready, terminalAnswers: { true }))
        #expect(NcursesBackend.inputHasEnded(revents: error, terminalAnswers: { true }))
        #expect(NcursesBackend.inputHasEnded(revents: closed, terminalAnswers: { true }))
        #expect(NcursesBackend.inputHasEnded(revents: ready, terminalAnswers: { false }))
        #expect(!NcursesBackend.inputHasEnded(revents: ready, terminalAnswers: { true }))
        // A wait that ended on its timeout or a wake asks the terminal nothing
        #expect(!NcursesBackend.inputHasEnded(revents: 0, terminalAnswers: { Issue.record("asked"); return false }))
    }

    @Test("More than 200 empty wakes within a second end input; as many spread out, or with a key between, do not")
    func idleWakes() {
        let start = ContinuousClock.now
        var burst = IdleWakeLimit()
        let ended = (1...201).map { burst.recordEmptyWake(at: start + .milliseconds($0)) }
        #expect(ended.dropLast().allSatisfy { !$0 })
        #expect(ended.last == true)

        var spread = IdleWakeLimit()
        let spreadEnded = (1...1_000).map { spread.recordEmptyWake(at: start + .milliseconds(10 * $0)) }
        #expect(!spreadEnded.contains(true))

        var typed = IdleWakeLimit()
        for index in 1...200 { _ = typed.recordEmptyWake(at: start + .milliseconds(index)) }
        typed.reset()
        let endedAfterAKey = typed.recordEmptyWake(at: start + .milliseconds(201))
        #expect(!endedAfterAKey)
    }
}
