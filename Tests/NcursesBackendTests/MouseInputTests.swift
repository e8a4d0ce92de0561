import CNcurses
import Foundation
import NcursesBackend
import TerminalUI
import Testing

extension SignalGuardTests {
    /// Mouse reports typed on a real pseudo-terminal as an emulator sends them, read back through
    /// ncurses (serialized with the guard's tests: one guard per process).
    @Suite("Mouse reports from the terminal")
    struct MouseInputTests {
        /// The next event the backend reads, waiting up to 5 s in all.
        static func next(_ backend: NcursesBackend) throws -> InputPoll {
            for _ in 0..<20 {
                let poll = try backend.nextInput(timeout: .milliseconds(250))
                if poll != .interrupted { return poll }
            }
            return .interrupted
        }

        @Test(
            "An xterm (kmous \\E[<) gets SGR 1006 reports: clicks anywhere, columns past 223 too, and the wheel"
        )
        func sgrReports() throws {
            let pty = try PseudoTerminal(columns: 300, rows: 40)
            let backend = try pty.backend()
            defer { backend.shutdown() }
            #expect(backend.mouseIsOn && !backend.readsSGRReportsItself)
            // The terminal was asked for button events in SGR encoding
            _ = backend.present(CellBuffer(size: backend.size))
            let setup = pty.output()
            #expect(setup.contains("\u{1B}[?1006"), "\(setup.debugDescription)")
            // A press and its release at column 10, row 5 (from 1): one click at (9, 4)
            pty.type("\u{1B}[<0;10;5M\u{1B}[<0;10;5m")
            #expect(try Self.next(backend) == .event(.mouse(MouseEvent(.click, column: 9, row: 4))))
            // Past column 223, where X10 cannot reach
            pty.type("\u{1B}[<0;290;30M\u{1B}[<0;290;30m")
            #expect(try Self.next(backend) == .event(.mouse(MouseEvent(.click, column: 289, row: 29))))
            // The wheel: buttons 64 and 65
            pty.type("\u{1B}[<64;3;2M")
            #expect(try Self.next(backend) == .event(.mouse(MouseEvent(.wheelUp, column: 2, row: 1))))
            pty.type("\u{1B}[<65;3;2M")
            #expect(try Self.next(backend) == .event(.mouse(MouseEvent(.wheelDown, column: 2, row: 1))))
            // Two clicks on one cell in quick succession: a double click, whether they arrive
            // apart (counted here) or in one read (which ncurses merges into one double click)
            pty.type("\u{1B}[<0;7;7M\u{1B}[<0;7;7m")
            #expect(try Self.next(backend) == .event(.mouse(MouseEvent(.click, column: 6, row: 6))))
            pty.type("\u{1B}[<0;7;7M\u{1B}[<0;7;7m")
            #expect(try Self.next(backend) == .event(.mouse(MouseEvent(.doubleClick, column: 6, row: 6))))
            pty.type("\u{1B}[<0;8;8M\u{1B}[<0;8;8m\u{1B}[<0;8;8M\u{1B}[<0;8;8m")
            #expect(try Self.next(backend) == .event(.mouse(MouseEvent(.doubleClick, column: 7, row: 7))))
            // Keys still arrive as keys
            pty.type("j")
            #expect(try Self.next(backend) == .event(.key(.character("j"))))
        }

        @Test(
            "tmux-256color (kmous \\E[M): the terminal is asked for SGR, read by the backend past column 223; X10 still works; the mode is undone at the end"
        )
        func sgrReadByTheBackend() throws {
            let pty = try PseudoTerminal(columns: 300, rows: 40)
            let backend = try pty.backend(terminalType: "tmux-256color")
            #expect(backend.mouseIsOn && backend.readsSGRReportsItself)
            _ = backend.present(CellBuffer(size: backend.size))
            let setup = pty.output()
            #expect(setup.contains("\u{1B}[?1006h") && setup.contains("\u{1B}[?1000h"), "\(setup.debugDescription)")
            // Past column 223, where X10 cannot reach
            pty.type("\u{1B}[<0;290;30M\u{1B}[<0;290;30m")
            #expect(try Self.next(backend) == .event(.mouse(MouseEvent(.click, column: 289, row: 29))))
            // The wheel, with Shift held (64 + 4) and with Control (65 + 16)
            pty.type("\u{1B}[<68;3;2M")
            #expect(try Self.next(backend) == .event(.mouse(MouseEvent(.wheelUp, column: 2, row: 1))))
            pty.type("\u{1B}[<81;3;2M")
            #expect(try Self.next(backend) == .event(.mouse(MouseEvent(.wheelDown, column: 2, row: 1))))
            // A report split across two reads: nothing until its end has come
            pty.type("\u{1B}[<0;12")
            #expect(try backend.nextInput(timeout: .milliseconds(200)) == .interrupted)
            pty.type(";7M\u{1B}[<0;12;7m")
            #expect(try Self.next(backend) == .event(.mouse(MouseEvent(.click, column: 11, row: 6))))
            // Two clicks on one cell: a double click
            pty.type("\u{1B}[<0;12;7M\u{1B}[<0;12;7m")
            #expect(try Self.next(backend) == .event(.mouse(MouseEvent(.doubleClick, column: 11, row: 6))))
            // Other buttons, a drag and a malformed report (row 0) are nothing; the key after them arrives
            pty.type("\u{1B}[<1;5;5M\u{1B}[<32;6;5M\u{1B}[<0;5;0Mj")
            #expect(try Self.next(backend) == .event(.key(.character("j"))))
            // A terminal that ignored the request sends X10: button byte 32 + 0 (left press), then
            // 32 + 3 (release); columns and rows 32 + n
            pty.type("\u{1B}[M \u{2A}\u{25}\u{1B}[M#\u{2A}\u{25}")
            #expect(try Self.next(backend) == .event(.mouse(MouseEvent(.click, column: 9, row: 4))))
            pty.type("\u{1B}[Ma\u{23}\u{22}")
            #expect(try Self.next(backend) == .event(.mouse(MouseEvent(.wheelDown, column: 2, row: 1))))
            // Esc alone is still Esc
            pty.type("\u{1B}")
            #expect(try Self.next(backend) == .event(.key(.escape)))
            backend.shutdown()
            #expect(pty.output().contains("\u{1B}[?1006l"))
        }

        @Test("With the mouse off the terminal is not asked for reports")
        func mouseOff() throws {
            let pty = try PseudoTerminal(columns: 100, rows: 30)
            let backend = try pty.backend(mouse: false)
            defer { backend.shutdown() }
            #expect(!backend.mouseIsOn)
            _ = backend.present(CellBuffer(size: backend.size))
            #expect(!pty.output().contains("\u{1B}[?1000"))
        }

        @Test("A copy is written to the terminal as OSC 52")
        func clipboard() throws {
            let pty = try PseudoTerminal(columns: 100, rows: 30)
            let backend = try pty.backend()
            defer { backend.shutdown() }
            _ = backend.present(CellBuffer(size: backend.size))
            _ = pty.output()
            #expect(backend.clipboard.copy("héllo"))
            #expect(pty.output().contains("\u{1B}]52;c;aMOpbGxv\u{07}"))
            #expect(!backend.clipboard.copy(String(repeating: "a", count: 60_000)))
        }
    }
}
