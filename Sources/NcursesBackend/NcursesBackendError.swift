/// Why the ncurses backend could not start. Each description says what to do instead.
public enum NcursesBackendError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `stream` ("standard input" or "standard output") is not a terminal.
    case notATerminal(stream: String)
    /// TERM is unset, empty or "dumb": no cursor addressing.
    case unsupportedTerminal(String)
    /// ncurses does not know this TERM.
    case unknownTerminal(String)
    /// The wake pipe could not be created (`errno` value).
    case wakePipeFailed(code: Int32)
    /// The terminal device's descriptors could not be opened as streams (`errno` value).
    case deviceFailed(code: Int32)

    public var description: String {
        switch self {
        case .notATerminal(let stream):
            "\(stream) is not a terminal; the full-screen UI needs one. Use --headless to run without a terminal."
        case .unsupportedTerminal(let type):
            "terminal type '\(type.isEmpty ? "(unset)" : type)' cannot show a full-screen UI; "
                + "set TERM (for example TERM=xterm-256color) or use --headless."
        case .unknownTerminal(let type):
            "ncurses does not know terminal type '\(type)'; set TERM to a known type "
                + "(for example xterm-256color) or use --headless."
        case .wakePipeFailed(let code):
            "could not create the terminal's wake pipe (error \(code))."
        case .deviceFailed(let code):
            "could not open the terminal device (error \(code))."
        }
    }
}
