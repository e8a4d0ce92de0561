import Testing

@testable import TerminalUI

@Suite("Key scripts: the wait token")
struct KeyScriptWaitTests {
    @Test("wait:TEXT is a step of its own, with the default timeout, its token and position")
    func waitStep() throws {
        let steps = try KeyScript.steps("j wait:Rick q")
        #expect(
            steps == [
                .input(.key(.character("j"))),
                .wait(KeyScriptWait(text: "Rick", timeout: .seconds(10), token: "wait:Rick", position: 2)),
                .input(.key(.character("q"))),
            ])
    }

    @Test("parse leaves waits out: it lists the input events only")
    func parseLeavesWaitsOut() throws {
        #expect(try KeyScript.parse("j wait:Rick q") == [.key(.character("j")), .key(.character("q"))])
        #expect(try KeyScript.steps("j wait:Rick q").compactMap(\.event) == KeyScript.parse("j wait:Rick q"))
    }

    @Test(
        "Escapes: \\s is a space and \\\\ a backslash; the text keeps its case and its colons; the name has none",
        arguments: [
            (#"wait:Rick\sSanchez"#, "Rick Sanchez"), (#"wait:a\\b"#, #"a\b"#), ("WAIT:Rick", "Rick"),
            ("wait:rick", "rick"), ("wait:page:1", "page:1"), ("wait:@5s", "@5s"),
            (#"wait:\s\s"#, "  "),
        ])
    func escapes(token: String, text: String) throws {
        let steps = try KeyScript.steps(token)
        guard case .wait(let wait) = try #require(steps.first) else {
            Issue.record("not a wait: \(steps)")
            return
        }
        #expect(steps.count == 1)
        #expect(wait.text == text)
        #expect(wait.token == token)
    }

    @Test(
        "wait@DURATION: seconds or milliseconds",
        arguments: [
            ("wait@30s:Rick", Duration.seconds(30)), ("wait@500ms:Rick", .milliseconds(500)),
            ("wait@1.5s:Rick", .milliseconds(1_500)), ("Wait@2S:Rick", .seconds(2)),
            ("wait@3600s:Rick", .seconds(3_600)), ("wait@1ms:Rick", .milliseconds(1)),
        ])
    func timeouts(token: String, timeout: Duration) throws {
        guard case .wait(let wait) = try #require(try KeyScript.steps(token).first) else {
            Issue.record("not a wait")
            return
        }
        #expect(wait.timeout == timeout)
        #expect(wait.text == "Rick")
    }

    @Test("A timeout is shown as a person writes it")
    func timeoutDescriptions() {
        func text(_ timeout: Duration) -> String {
            KeyScriptWait(text: "x", timeout: timeout, token: "wait:x", position: 1).timeoutDescription
        }
        #expect(text(.seconds(10)) == "10 s")
        #expect(text(.milliseconds(1_500)) == "1.5 s")
        #expect(text(.milliseconds(250)) == "250 ms")
    }

    @Test(
        "Bad waits are rejected naming the token, its position and what is wrong",
        arguments: [
            ("wait:", "needs the text"), ("wait@:Rick", "timeout"), ("wait@0s:Rick", "timeout"),
            ("wait@3601s:Rick", "timeout"), ("wait@5:Rick", "timeout"), ("wait@5m:Rick", "timeout"),
            ("wait@-5s:Rick", "timeout"), ("wait@infs:Rick", "timeout"), ("wait@0.0001s:Rick", "timeout"),
            (#"wait:Rick\tSanchez"#, "escapes"), (#"wait:Rick\"#, "escapes"), ("wait@10s:", "needs the text"),
        ])
    func badWaits(token: String, problem: String) {
        let error = #expect(throws: KeyScriptError.self) { try KeyScript.steps("j \(token) q") }
        #expect(error?.token == token)
        #expect(error?.position == 2)
        #expect(error?.reason.contains(problem) == true, "\(String(describing: error))")
    }

    @Test("A bare 'wait' is an unknown key whose message shows the wait forms")
    func bareWait() {
        let error = #expect(throws: KeyScriptError.self) { try KeyScript.steps("wait") }
        #expect(error?.description.contains("wait:TEXT") == true)
    }
}
