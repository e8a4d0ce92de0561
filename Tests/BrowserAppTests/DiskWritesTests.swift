@testable import BrowserApp
import RepositoryCore
import TerminalUI
import Testing

/// The disk cache's writes failing (a full disk) and working again, as the user learns it: a
/// toast each time, and the status pane's network row while they fail.
@Suite("The disk cache's writes failing")
struct DiskWritesTests {
    @Test("Writes failing: a warning with the file's reason and a mark on the network row; working again: both go")
    func failingThenWorking() {
        var driver = Driver(size: TerminalSize(width: 120, height: 36))
        driver.answerPage(1)
        let networkRow = { (frame: [String]) in frame.first { $0.contains("network:") } ?? "" }
        #expect(!networkRow(driver.frame).contains("disk"))
        // WHEN the file refuses a write
        driver.deliver(.diskWritesChanged(.storageFailure(detail: "SQLite error 13: database or disk is full")))
        // THEN the toast says why and what it means, and the network row keeps saying it
        var frame = driver.frame.joined(separator: "\n")
        #expect(frame.contains("The disk cache cannot be written (SQLite error 13: database or disk is full)"))
        #expect(networkRow(driver.frame).contains("online · disk not written"))
        // WHEN a write succeeds again THEN a toast says so and the mark is gone
        driver.deliver(.diskWritesChanged(nil))
        frame = driver.frame.joined(separator: "\n")
        #expect(frame.contains("The disk cache is written again."))
        #expect(!networkRow(driver.frame).contains("disk"))
    }
}
