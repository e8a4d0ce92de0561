import Testing

@testable import NcursesBackend

@Suite("Reading SGR mouse reports after their CSI <")
struct SGRMouseReportTests {
    /// What the reader makes of `text`: the step after its last character, or the first that
    /// was not `needsMore`.
    static func read(_ text: String) -> SGRMouseReport.Reader.Step {
        var reader = SGRMouseReport.Reader()
        var step = SGRMouseReport.Reader.Step.needsMore
        for scalar in text.unicodeScalars {
            step = reader.read(scalar.value)
            if step != .needsMore { return step }
        }
        return step
    }

    @Test("Presses, releases and the wheel, with cells counted from 0 and no limit at 223")
    func wellFormed() {
        #expect(Self.read("0;10;5M") == .complete(SGRMouseReport(button: 0, column: 9, row: 4, isRelease: false)))
        #expect(Self.read("0;10;5m") == .complete(SGRMouseReport(button: 0, column: 9, row: 4, isRelease: true)))
        #expect(
            Self.read("65;1000;400M")
                == .complete(SGRMouseReport(button: 65, column: 999, row: 399, isRelease: false)))
        #expect(Self.read("64;3;2") == .needsMore)
    }

    @Test(
        "Not a report: empty fields, too many or too few, six digits, cell 0, another character",
        arguments: ["M", ";1;1M", "0;;1M", "0;1M", "0;1;1;1M", "0;1;M", "123456", "0;0;5M", "0;5;0M", "0;5x", "0;5;5\u{1B}"])
    func malformed(text: String) {
        #expect(Self.read(text) == .malformed)
    }

    @Test("A left press or a wheel notch, whatever modifiers were held; releases, motion and other buttons are nothing")
    func meaning() {
        func report(_ button: Int, release: Bool = false) -> NcursesMouseMapping.Report? {
            SGRMouseReport(button: button, column: 0, row: 0, isRelease: release).report
        }
        #expect(report(0) == .press)
        #expect(report(0 + 4 + 8 + 16) == .press)
        #expect(report(64) == .wheelUp)
        #expect(report(65 + 16) == .wheelDown)
        #expect(report(0, release: true) == nil)
        #expect(report(32) == nil)  // a drag
        #expect(report(35) == nil)  // motion with no button
        #expect(report(1) == nil)
        #expect(report(2) == nil)
        #expect(report(66) == nil)  // a horizontal wheel
    }

    @Test("Only X10's kmous makes the backend read SGR itself")
    func whenTheBackendReadsSGR() {
        #expect(NcursesMouseMapping.readsSGRReportsItself(kmous: "\u{1B}[M"))
        #expect(!NcursesMouseMapping.readsSGRReportsItself(kmous: "\u{1B}[<"))
        #expect(!NcursesMouseMapping.readsSGRReportsItself(kmous: nil))
    }
}
