import CNcurses
import CTerminalSupport
import Foundation
import TerminalUI

extension NcursesBackend {
    /// Waits in `ppoll` on standard input and the wake pipe, with the terminal's signals let in
    /// (see `cts_poll_with_terminal_signals`), then reads every key ncurses has. SIGWINCH
    /// also wakes the pipe, after which ncurses reports KEY_RESIZE.
    public func nextInput(timeout: Duration?) throws(TerminalBackendError) -> InputPoll {
        guard !isClosed else { return .closed }
        if pendingEvents.isEmpty { readAvailableKeys() }
        if !pendingEvents.isEmpty { return .event(pendingEvents.removeFirst()) }
        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakePipe.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let ready = cts_poll_with_terminal_signals(&descriptors, 2, Self.milliseconds(timeout))
        if ready < 0, errno != EINTR { throw .inputFailed(operation: "poll", code: errno) }
        if descriptors[1].revents != 0 { wakePipe.drain() }
        readAvailableKeys()
        if !pendingEvents.isEmpty { return .event(pendingEvents.removeFirst()) }
        let hungUp = Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)
        if descriptors[0].revents & hungUp != 0 && descriptors[0].revents & Int16(POLLIN) == 0 {
            return .closed
        }
        return .interrupted
    }

    /// Moves every key ncurses can deliver without waiting into `pendingEvents`.
    private func readAvailableKeys() {
        var value: wint_t = 0
        while true {
            let status = wget_wch(window, &value)
            if status == OK {
                if let key = NcursesKeyMapping.key(character: UInt32(value)) {
                    pendingEvents.append(.key(key))
                }
            } else if status == KEY_CODE_YES {
                let code = Int32(bitPattern: value)
                if code == NcursesKeyMapping.resizeCode {
                    pendingEvents.append(.resize(adoptWindowSize()))
                } else if let key = NcursesKeyMapping.key(code: code) {
                    pendingEvents.append(.key(key))
                }
            } else {
                return
            }
        }
    }

    /// `timeout` in whole milliseconds for `poll`, rounded up; -1 (forever) when nil.
    static func milliseconds(_ timeout: Duration?) -> Int32 {
        guard let timeout else { return -1 }
        guard timeout > .zero else { return 0 }
        let (seconds, attoseconds) = timeout.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: total)
    }
}
