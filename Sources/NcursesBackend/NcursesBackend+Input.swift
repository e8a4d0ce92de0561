import CNcurses
import CTerminalSupport
import Foundation
import TerminalUI

extension NcursesBackend {
    /// Waits in `ppoll` on the terminal's input and the wake pipe, with the terminal's signals
    /// let in (see `cts_poll_with_terminal_signals`), then reads every key ncurses has. SIGWINCH
    /// also wakes the pipe, after which ncurses reports KEY_RESIZE.
    ///
    /// Returns `.closed` once the terminal has gone (closed window, killed tmux session, dropped
    /// SSH connection): the poll reports a hang-up or an error on the input, or the input reads
    /// as ready while no key comes and the terminal no longer answers (`tcgetattr` fails, as it
    /// does with `EIO` on a hung-up terminal). So a dead terminal ends the run at the round that
    /// sees it, and the loop never spins on it; so does input that keeps reading as ready and
    /// brings no key (`IdleWakeLimit`). Writing to a dead terminal fails with `EIO` (a
    /// terminal raises no `SIGPIPE`) and the next wait sees the hang-up.
    public func nextInput(timeout: Duration?) throws(TerminalBackendError) -> InputPoll {
        guard !isClosed, !hasEnded else { return .closed }
        if pendingEvents.isEmpty { readAvailableKeys() }
        if !pendingEvents.isEmpty { return nextEvent() }
        inputWaits += 1
        var descriptors = [
            pollfd(fd: device.input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakePipe.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let ready = cts_poll_with_terminal_signals(&descriptors, 2, Self.milliseconds(timeout))
        if ready < 0 {
            if errno == EINTR { return .interrupted }
            throw .inputFailed(operation: "poll", code: errno)
        }
        if descriptors[1].revents != 0 { wakePipe.drain() }
        readAvailableKeys()
        if !pendingEvents.isEmpty { return nextEvent() }
        let revents = descriptors[0].revents
        if Self.inputHasEnded(revents: revents, terminalAnswers: { terminalAnswers })
            || (revents & Int16(POLLIN) != 0 && idleWakes.recordEmptyWake(at: .now))
        {
            hasEnded = true
            return .closed
        }
        return .interrupted
    }

    /// The oldest pending event; a key also clears the count of wakes that brought none.
    private func nextEvent() -> InputPoll {
        idleWakes.reset()
        return .event(pendingEvents.removeFirst())
    }

    /// Whether a wait whose input reported `revents`, and after which no key came, means the
    /// terminal has gone: a hang-up, an error or a closed descriptor; or input ready to read that
    /// yields nothing from a terminal that no longer answers. (`terminalAnswers` is asked only then.)
    static func inputHasEnded(revents: Int16, terminalAnswers: () -> Bool) -> Bool {
        let hungUp = Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)
        if revents & hungUp != 0 { return true }
        if revents & Int16(POLLIN) != 0 { return !terminalAnswers() }
        return false
    }

    /// Whether the input is still a terminal that answers (`tcgetattr` fails on a hung-up one).
    private var terminalAnswers: Bool {
        var attributes = termios()
        return tcgetattr(device.input, &attributes) == 0
    }

    /// Moves every key ncurses can deliver without waiting into `pendingEvents`. An ESC that
    /// opens a sequence ncurses did not know is read with `EscapeSequenceReader`; one alone at the
    /// end of what came is the Escape key.
    private func readAvailableKeys() {
        var value: wint_t = 0
        while true {
            let status = wget_wch(window, &value)
            if status == OK {
                if sgrReader != nil {
                    readSGRReport(UInt32(value))
                } else if escapeReader != nil {
                    readEscapeSequence(UInt32(value))
                } else if value == 27 {
                    escapeReader = EscapeSequenceReader()
                } else if let key = NcursesKeyMapping.key(character: UInt32(value)) {
                    pendingEvents.append(.key(key))
                }
            } else if status == KEY_CODE_YES {
                sgrReader = nil  // (a key code never comes inside a report: it was not one)
                if escapeReader.take()?.isBare == true { pendingEvents.append(.key(.escape)) }
                let code = Int32(bitPattern: value)
                if code == NcursesMouseMapping.sgrLeadInCode {
                    sgrReader = SGRMouseReport.Reader()
                } else if code == NcursesKeyMapping.resizeCode {
                    pendingEvents.append(.resize(adoptWindowSize()))
                } else if code == NcursesMouseMapping.mouseCode {
                    if let mouse = readMouse() { pendingEvents.append(.mouse(mouse)) }
                } else if let key = NcursesKeyMapping.key(code: code) {
                    pendingEvents.append(.key(key))
                }
            } else {
                if escapeReader?.isBare == true {
                    escapeReader = nil
                    pendingEvents.append(.key(.escape))
                }
                return
            }
        }
    }

    /// Takes the next character after an ESC: a sequence's key when it ends, the Escape key and
    /// the character itself when the ESC opened none.
    private func readEscapeSequence(_ character: UInt32) {
        guard var reader = escapeReader else { return }
        switch reader.read(character) {
        case .needsMore:
            escapeReader = reader
        case .complete(let key):
            escapeReader = nil
            if let key { pendingEvents.append(.key(key)) }
        case .notASequence:
            escapeReader = nil
            pendingEvents.append(.key(.escape))
            if character == 27 {
                escapeReader = EscapeSequenceReader()
            } else if let key = NcursesKeyMapping.key(character: character) {
                pendingEvents.append(.key(key))
            }
        }
    }

    /// The mouse event ncurses holds after `KEY_MOUSE`: a wheel notch, or a press of the left
    /// button (a double click when it follows a click on the same cell closely); nil for the
    /// rest (releases, other buttons) and while the mouse is off.
    private func readMouse() -> MouseEvent? {
        var event = MEVENT()
        guard mouseIsOn, getmouse(&event) == OK,
            let report = NcursesMouseMapping.report(buttonState: event.bstate)
        else { return nil }
        return mouseEvent(report, column: Int(event.x), row: Int(event.y))
    }

    /// Takes the next character of the SGR report being read; a complete one becomes a mouse
    /// event, a malformed one is dropped with the character that broke it.
    private func readSGRReport(_ character: UInt32) {
        guard var reader = sgrReader else { return }
        switch reader.read(character) {
        case .needsMore:
            sgrReader = reader
        case .malformed:
            sgrReader = nil
        case .complete(let sgr):
            sgrReader = nil
            if let report = sgr.report, let mouse = mouseEvent(report, column: sgr.column, row: sgr.row) {
                pendingEvents.append(.mouse(mouse))
            }
        }
    }

    /// The event of `report` at a cell; a press becomes a click or a double click.
    private func mouseEvent(_ report: NcursesMouseMapping.Report, column: Int, row: Int) -> MouseEvent? {
        switch report {
        case .wheelUp: return MouseEvent(.wheelUp, column: column, row: row)
        case .wheelDown: return MouseEvent(.wheelDown, column: column, row: row)
        case .doubleClick: return MouseEvent(.doubleClick, column: column, row: row)
        case .press: return clicks.press(column: column, row: row, at: clickClockOrigin.duration(to: .now))
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
