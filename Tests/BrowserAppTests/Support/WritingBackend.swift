import Dispatch
import TerminalUI

/// A headless backend that, before the script's input number `before` (from 0), runs `write`
/// (blocking the loop thread until it is done) and then gives the loop the time to apply what
/// background work sends: it waits to be woken, lets the loop apply the messages, and presses
/// a key no screen binds so a frame is drawn, until a row of that frame contains `awaited` (at
/// most `attempts` times, each wait at most ten seconds). Then the script goes on.
final class WritingBackend: TerminalBackend {
    let headless: HeadlessBackend
    private let before: Int
    private let awaited: String
    private let write: @Sendable () async -> Void
    private let signal = SemaphoreWake()
    private var inputsGiven = 0
    private var phase = Phase.notWritten
    private var attemptsLeft: Int

    private enum Phase {
        case notWritten, waiting, probing, checking, done
    }

    init(
        _ headless: HeadlessBackend, before: Int, awaited: String, attempts: Int = 50,
        write: @escaping @Sendable () async -> Void
    ) {
        self.headless = headless
        self.before = before
        self.awaited = awaited
        self.attemptsLeft = attempts
        self.write = write
    }

    var size: TerminalSize { headless.size }
    var pacing: InputPacing { headless.pacing }
    var wakeSignal: any WakeSignal { signal }

    func present(_ buffer: CellBuffer) -> Int { headless.present(buffer) }

    func nextInput(timeout: Duration?) throws(TerminalBackendError) -> InputPoll {
        if inputsGiven == before {
            switch phase {
            case .notWritten:
                signal.drain()
                let done = DispatchSemaphore(value: 0)
                let write = write
                Task.detached {
                    await write()
                    done.signal()
                }
                done.wait()
                phase = .waiting
                return try nextInput(timeout: timeout)
            case .waiting:
                _ = signal.wait(limit: .seconds(10))
                phase = .probing
                return .interrupted
            case .probing:
                phase = .checking
                return .event(.key(.character("¤")))
            case .checking:
                attemptsLeft -= 1
                if headless.lastFrame.contains(where: { $0.contains(awaited) }) || attemptsLeft <= 0 {
                    phase = .done
                } else {
                    phase = .waiting
                }
                return try nextInput(timeout: timeout)
            case .done:
                break
            }
        }
        let poll = try headless.nextInput(timeout: timeout)
        if case .event = poll { inputsGiven += 1 }
        return poll
    }

    func shutdown() { headless.shutdown() }
}

/// A wake signal a test's loop thread can wait on. Thread-safe: a semaphore.
final class SemaphoreWake: WakeSignal {
    private let semaphore = DispatchSemaphore(value: 0)

    func wake() { semaphore.signal() }

    /// Waits for a wake; false when `limit` passed first.
    func wait(limit: DispatchTimeInterval) -> Bool { semaphore.wait(timeout: .now() + limit) == .success }

    /// Forgets the wakes so far.
    func drain() { while semaphore.wait(timeout: .now()) == .success {} }
}
