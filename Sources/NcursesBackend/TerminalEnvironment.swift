import Foundation

/// What the process knows about its terminal before opening it: whether standard input and
/// output are terminals, the terminal type, and the NO_COLOR preference. A plain value;
/// `detect` reads the real process, tests build one by hand.
public struct TerminalEnvironment: Sendable, Hashable {
    /// Whether standard input is a terminal.
    public var inputIsTerminal: Bool
    /// Whether standard output is a terminal.
    public var outputIsTerminal: Bool
    /// The value of TERM, if set.
    public var terminalType: String?
    /// Whether NO_COLOR is set to a non-empty value (colors off, bold and reverse kept).
    public var noColor: Bool
    /// Whether the program runs inside tmux (`TMUX` set): escape sequences for the outer terminal
    /// (the clipboard's) go through tmux's passthrough.
    public var insideTmux: Bool

    /// An environment with the given facts.
    public init(
        inputIsTerminal: Bool, outputIsTerminal: Bool, terminalType: String?, noColor: Bool,
        insideTmux: Bool = false
    ) {
        self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal
        self.terminalType = terminalType
        self.noColor = noColor
        self.insideTmux = insideTmux
    }

    /// The facts about `inputDescriptor`, `outputDescriptor` and `variables`
    /// (by default the process's standard input, output and environment).
    public static func detect(
        inputDescriptor: Int32 = STDIN_FILENO, outputDescriptor: Int32 = STDOUT_FILENO,
        variables: [String: String] = ProcessInfo.processInfo.environment
    ) -> TerminalEnvironment {
        TerminalEnvironment(
            inputIsTerminal: isatty(inputDescriptor) == 1, outputIsTerminal: isatty(outputDescriptor) == 1,
            terminalType: variables["TERM"], noColor: !(variables["NO_COLOR"] ?? "").isEmpty,
            insideTmux: !(variables["TMUX"] ?? "").isEmpty)
    }

    /// Why a full-screen UI cannot run here, or nil when it can.
    public var refusal: NcursesBackendError? {
        if !inputIsTerminal { return .notATerminal(stream: "standard input") }
        if !outputIsTerminal { return .notATerminal(stream: "standard output") }
        guard let terminalType, !terminalType.isEmpty, terminalType != "dumb" else {
            return .unsupportedTerminal(terminalType ?? "")
        }
        return nil
    }
}
