import Foundation
import TerminalUI
import Testing

@testable import NcursesBackend

@Suite("Refusing what cannot show a full-screen UI")
struct TerminalRefusalTests {
    private let terminal = TerminalEnvironment(
        inputIsTerminal: true, outputIsTerminal: true, terminalType: "xterm-256color", noColor: false)

    @Test("Standard input or output that is not a terminal is refused with a pointer to --headless")
    func notATerminal() {
        var pipedOutput = terminal
        pipedOutput.outputIsTerminal = false
        let error = #expect(throws: NcursesBackendError.self) {
            try NcursesBackend(configuration: .init(environment: pipedOutput))
        }
        #expect(error == .notATerminal(stream: "standard output"))
        #expect(error?.description.contains("--headless") == true)

        var pipedInput = terminal
        pipedInput.inputIsTerminal = false
        #expect(pipedInput.refusal == .notATerminal(stream: "standard input"))
    }

    @Test("TERM=dumb, empty or unset is refused with a pointer to --headless", arguments: ["dumb", "", nil])
    func dumbTerminal(type: String?) {
        var environment = terminal
        environment.terminalType = type
        let error = #expect(throws: NcursesBackendError.self) {
            try NcursesBackend(configuration: .init(environment: environment))
        }
        #expect(error == .unsupportedTerminal(type ?? ""))
        #expect(error?.description.contains("--headless") == true)
    }

    @Test("Pipes are detected as non-terminals, and starting on them fails with the clear error")
    func detectsPipes() throws {
        // GIVEN real pipe descriptors standing in for standard input and output
        var descriptors: [Int32] = [-1, -1]
        try #require(pipe(&descriptors) == 0)
        defer { descriptors.forEach { _ = close($0) } }
        // WHEN the environment is detected from them
        let environment = TerminalEnvironment.detect(
            inputDescriptor: descriptors[0], outputDescriptor: descriptors[1],
            variables: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        // THEN neither is a terminal, the variables are read, and the backend refuses to start
        #expect(!environment.inputIsTerminal && !environment.outputIsTerminal)
        #expect(environment.terminalType == "xterm-256color" && environment.noColor)
        #expect(throws: NcursesBackendError.notATerminal(stream: "standard input")) {
            try NcursesBackend(configuration: .init(environment: environment))
        }
    }

    @Test("NO_COLOR counts only when set to something")
    func noColor() {
        #expect(TerminalEnvironment.detect(variables: ["NO_COLOR": ""]).noColor == false)
        #expect(TerminalEnvironment.detect(variables: [:]).noColor == false)
        #expect(TerminalEnvironment.detect(variables: ["NO_COLOR": "yes"]).noColor == true)
    }
}
