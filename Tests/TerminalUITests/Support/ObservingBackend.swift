import TerminalUI

/// A headless backend that runs a hook after each present (with the frame number, from 1).
final class ObservingBackend: TerminalBackend {
    let headless: HeadlessBackend
    private let afterPresent: (Int) -> Void

    init(_ headless: HeadlessBackend, afterPresent: @escaping (Int) -> Void) {
        self.headless = headless
        self.afterPresent = afterPresent
    }

    var size: TerminalSize { headless.size }
    var pacing: InputPacing { headless.pacing }
    var wakeSignal: any WakeSignal { headless.wakeSignal }

    func present(_ buffer: CellBuffer) -> Int {
        let written = headless.present(buffer)
        afterPresent(headless.frames.count)
        return written
    }

    func nextInput(timeout: Duration?) throws(TerminalBackendError) -> InputPoll {
        try headless.nextInput(timeout: timeout)
    }

    func shutdown() { headless.shutdown() }
}
