import Foundation
import NcursesBackend
import TerminalUI
import Testing

extension SignalGuardTests {
    /// Keys typed on a real pseudo-terminal in forms its TERM's entry does not name, as tmux sends
    /// them under `xterm-256color` (serialized with the guard's tests: one guard per process).
    @Suite("Escape sequences the terminal's entry does not name")
    struct EscapeSequenceInputTests {
        @Test("tmux's Home and End are Home and End; an unknown sequence is dropped whole, never Escape")
        func sequencesOutsideTheEntry() throws {
            let pty = try PseudoTerminal(columns: 100, rows: 30)
            let backend = try pty.backend()
            defer { backend.shutdown() }
            _ = backend.present(CellBuffer(size: backend.size))
            let next = { try MouseInputTests.next(backend) }
            // Home and End as tmux, screen and rxvt send them (xterm-256color's entry says ESC O H)
            for (typed, key) in [
                ("\u{1B}[1~", Key.home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
                ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[3~", .delete),
            ] {
                pty.type(typed)
                #expect(try next() == .event(.key(key)), "\(typed.debugDescription)")
            }
            // A sequence that means nothing here: dropped, the next key comes as itself
            pty.type("\u{1B}[99~x")
            #expect(try next() == .event(.key(.character("x"))))
            pty.type("\u{1B}[200;5;9qy")
            #expect(try next() == .event(.key(.character("y"))))
            // Esc alone is Escape, and Esc before a letter is Escape then the letter
            pty.type("\u{1B}")
            #expect(try next() == .event(.key(.escape)))
            pty.type("\u{1B}j")
            #expect(try next() == .event(.key(.escape)))
            #expect(try next() == .event(.key(.character("j"))))
        }
    }
}
