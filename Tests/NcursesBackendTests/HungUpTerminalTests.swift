import CTerminalSupport
import Foundation
import NcursesBackend
import TerminalUI
import Testing

/// A pseudo-terminal pair opened for a test: the backend gets the terminal side, the test plays
/// the terminal emulator on the other side and closes it to hang the terminal up, as closing a
/// window, killing a tmux session or dropping an SSH connection does.
final class PseudoTerminal {
    private(set) var controller: Int32
    let terminal: Int32

    init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
        var controller: Int32 = -1
        var terminal: Int32 = -1
        try #require(cts_open_pseudo_terminal(&controller, &terminal) == 0, "errno \(errno)")
        self.controller = controller
        self.terminal = terminal
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    }

    /// Types `text` as the user would.
    func type(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(controller, &bytes, bytes.count)
    }

    /// Closes the emulator's side: the terminal is hung up.
    func hangUp() {
        guard controller >= 0 else { return }
        close(controller)
        controller = -1
    }

    deinit {
        hangUp()
        close(terminal)
    }

    /// A backend on the terminal side, for an xterm (or `terminalType`), the mouse on or off.
    func backend(terminalType: String = "xterm-256color", mouse: Bool = true) throws -> NcursesBackend {
        try NcursesBackend(
            configuration: NcursesBackend.Configuration(
                environment: TerminalEnvironment(
                    inputIsTerminal: true, outputIsTerminal: true, terminalType: terminalType, noColor: true),
                device: NcursesBackend.TerminalDevice(input: terminal, output: terminal), mouse: mouse))
    }

    /// What the program wrote to the terminal so far (what an emulator would read), waiting up to
    /// `timeout` for the first bytes.
    func output(timeout: Duration = .seconds(2)) -> String {
        var bytes: [UInt8] = []
        var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        var wait = Int32(timeout.components.seconds * 1_000)
        while poll(&descriptor, 1, wait) > 0 {
            var chunk = [UInt8](repeating: 0, count: 4_096)
            let count = read(controller, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
            wait = 50
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension SignalGuardTests {
    /// The backend on a real pseudo-terminal (serialized with the guard's tests: one guard per process).
    @Suite("A terminal that goes away")
    struct HungUpTerminalTests {
        @Test("A key typed on the terminal arrives, and a quiet terminal's wait times out without closing")
        func liveTerminal() throws {
            let pty = try PseudoTerminal()
            let backend = try pty.backend()
            defer { backend.shutdown() }
            // GIVEN nothing typed: the wait ends on its timeout, and input stays open
            #expect(try backend.nextInput(timeout: .milliseconds(20)) == .interrupted)
            // WHEN a key is typed THEN it arrives
            pty.type("j")
            #expect(try backend.nextInput(timeout: .seconds(5)) == .event(.key(.character("j"))))
        }

        @Test("A hung-up terminal closes input at the first wait, and every later call says closed without waiting")
        func hangUpClosesInput() throws {
            // GIVEN a backend on a terminal that then hangs up
            let pty = try PseudoTerminal()
            let backend = try pty.backend()
            defer { backend.shutdown() }
            _ = backend.present(CellBuffer(size: backend.size))
            let before = backend.inputWaits
            pty.hangUp()
            // WHEN the loop asks for input, as many as 1,000 times (a spinning loop's rounds)
            var rounds = 0
            var outcome = InputPoll.interrupted
            while outcome != .closed, rounds < 1_000 {
                outcome = try backend.nextInput(timeout: .seconds(5))
                rounds += 1
            }
            // THEN the first round said closed, after one wait; later calls wait no more
            #expect(outcome == .closed)
            #expect(rounds == 1)
            #expect(backend.inputWaits - before == 1)
            #expect(try backend.nextInput(timeout: .seconds(5)) == .closed)
            #expect(backend.inputWaits - before == 1)
            // AND drawing on the dead terminal is no error (nothing to retry)
            _ = backend.present(CellBuffer(size: backend.size))
        }

        @Test("Keys typed before the hang-up are delivered first, then input closes")
        func keysBeforeTheHangUp() throws {
            let pty = try PseudoTerminal()
            let backend = try pty.backend()
            defer { backend.shutdown() }
            pty.type("jk")
            #expect(try backend.nextInput(timeout: .seconds(5)) == .event(.key(.character("j"))))
            pty.hangUp()
            #expect(try backend.nextInput(timeout: .seconds(5)) == .event(.key(.character("k"))))
            #expect(try backend.nextInput(timeout: .seconds(5)) == .closed)
        }
    }
}
