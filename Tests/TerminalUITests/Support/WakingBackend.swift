import Dispatch
import TerminalUI

/// A headless backend whose input wait, before the script's input number `waitsBefore` (from
/// 0), blocks until `until` holds, waking whenever background work wakes it (a message posted,
/// a task ended), then returns `.interrupted` once so that the loop applies what arrived; at
/// the latest at `deadline`.
final class WakingBackend: TerminalBackend {
    let headless: HeadlessBackend
    private let waitsBefore: Int
    private let deadline: DispatchTime
    private let until: @Sendable () -> Bool
    private let signal = SemaphoreWake()
    private var inputsGiven = 0
    private var hasWaited = false
    /// Whether the wait ended with `until` holding rather than at the deadline.
    private(set) var conditionHeld = false

    init(
        _ headless: HeadlessBackend, waitsBefore: Int, deadline: DispatchTime = .now() + .seconds(60),
        until: @escaping @Sendable () -> Bool
    ) {
        self.headless = headless
        self.waitsBefore = waitsBefore
        self.deadline = deadline
        self.until = until
    }

    var size: TerminalSize { headless.size }
    var pacing: InputPacing { headless.pacing }
    var wakeSignal: any WakeSignal { signal }

    func present(_ buffer: CellBuffer) -> Int { headless.present(buffer) }

    func nextInput(timeout: Duration?) throws(TerminalBackendError) -> InputPoll {
        if inputsGiven == waitsBefore, !hasWaited {
            hasWaited = true
            while !until(), signal.wait(until: deadline) {}
            conditionHeld = until()
            return .interrupted
        }
        let poll = try headless.nextInput(timeout: timeout)
        if case .event = poll { inputsGiven += 1 }
        return poll
    }

    func shutdown() { headless.shutdown() }
}

/// A wake signal a test thread can wait on. Thread-safe: a semaphore.
final class SemaphoreWake: WakeSignal {
    private let semaphore = DispatchSemaphore(value: 0)

    func wake() { semaphore.signal() }

    /// Waits for a wake; false when `deadline` passed first.
    func wait(until deadline: DispatchTime) -> Bool { semaphore.wait(timeout: deadline) == .success }
}
