@testable import BrowserApp
import ExplorerData
import ExplorerModel
import Locking
import RepositoryCore
import RickAndMortyModel
import TerminalUI
import Testing

/// `y` and `Y` on the explorer's screens: the list's selected row (its URL at once, its entity's
/// JSON once read through the cache), the detail's entity or the link on the cursor; through the
/// one clipboard path (a toast, `services.clipboard`), sanitized.
@Suite("Copying on the explorer's screens")
struct ExplorerCopyTests {
    /// What reached the clipboard, in order.
    final class Clipboard: Sendable {
        private let copies = PThreadMutex<[ClipboardCopy]>([])
        var all: [ClipboardCopy] { copies.withLock { $0 } }
        func take(_ copy: ClipboardCopy) { copies.withLock { $0.append(copy) } }
    }

    /// A browser on the sample API whose copies land in `clipboard`, page 1 of people read.
    static func driver(_ clipboard: Clipboard, size: TerminalSize = TerminalSize(width: 100, height: 40)) -> Driver {
        var driver = Driver(explorer: nil, size: size) { $0.clipboard = { clipboard.take($0) } }
        driver.answerExplorerPage(1)
        return driver
    }

    static func hasCopyRead(_ effects: [Effect<BrowserMessage>]) -> Bool {
        effects.contains { if case .run(let key?) = $0.shape { key == "copy" } else { false } }
    }

    @Test("Y on the list copies the selected row's URL as the API writes it, with a toast naming the row")
    func listURL() throws {
        let clipboard = Clipboard()
        var driver = Self.driver(clipboard)
        driver.press("j")
        driver.press("Y")
        let copy = try #require(clipboard.all.first)
        #expect(clipboard.all.count == 1)
        #expect(copy.format == "url")
        #expect(copy.text == "http://api.test/api/people/2/")
        #expect(copy.label == "people/2 (Person 2)")
        #expect(driver.state.toast?.message.hasPrefix("copied people/2 (Person 2) · ") == true)
    }

    @Test("y on the list reads the row's entity through the cache, then copies its JSON pretty-printed")
    func listJSON() throws {
        let clipboard = Clipboard()
        var driver = Self.driver(clipboard)
        let effects = driver.press("y")
        // Nothing is copied before the entity is read: the read is under way, recorded like any.
        #expect(Self.hasCopyRead(effects))
        #expect(clipboard.all.isEmpty)
        #expect(ExplorerScreensTests.list(driver)?.activity.shownReads.last == "entity to copy")
        let address = ExplorerSample.address("/api/people/1")
        let read = ExplorerRead(
            policy: .localFirst, result: .success(ExplorerSample.answer(ExplorerSample.luke, origin: .memory)),
            elapsed: .milliseconds(1))
        driver.deliverCopy(address, read)
        let copy = try #require(clipboard.all.first)
        #expect(copy.format == "json")
        #expect(copy.text.contains("\"name\" : \"Luke Skywalker\""))
        #expect(copy.text.contains("\"homeworld\" : \"http://api.test/api/planets/1/\""))
        #expect(copy.text.split(separator: "\n").count > 10, "pretty-printed: one member a line")
        #expect(copy.label == "people/1 (Luke Skywalker)")
        #expect(driver.state.latest?.query == "entity /api/people/1")
        #expect(driver.state.latest?.origin == .repository(.memory))
        #expect(driver.state.toast?.message.hasPrefix("copied people/1 (Luke Skywalker) · ") == true)
    }

    @Test("A copy whose read fails says why and copies nothing; one for another row is dropped")
    func listJSONFails() {
        let clipboard = Clipboard()
        var driver = Self.driver(clipboard)
        driver.press("y")
        let address = ExplorerSample.address("/api/people/1")
        let stale = ExplorerRead(
            policy: .localFirst, result: .success(ExplorerSample.answer(ExplorerSample.luke)), elapsed: .zero)
        // An answer for a row no copy waits for is not copied.
        driver.deliverCopy(ExplorerSample.address("/api/people/9"), stale)
        #expect(clipboard.all.isEmpty)
        let failed = ExplorerRead<ExplorerEntity>(
            policy: .localFirst, result: .failure(.notFound(url: "http://api.test/api/people/1/")),
            elapsed: .milliseconds(1))
        driver.deliverCopy(address, failed)
        #expect(clipboard.all.isEmpty)
        #expect(driver.state.toast?.message.hasPrefix("Not copied: Nothing was found at") == true)
    }

    @Test("On the detail y copies the entity as JSON; Y the link on the cursor, else the entity's URL")
    func detail() throws {
        let clipboard = Clipboard()
        var driver = Self.driver(clipboard)
        driver.press(.enter)
        driver.press("y")
        #expect(clipboard.all.isEmpty, "nothing before the entity is read")
        #expect(driver.state.toast?.message.hasPrefix("Nothing to copy yet") == true)
        driver.answerExplorerEntity()
        driver.press("y")
        driver.press("Y")
        driver.press("n")
        driver.press("Y")
        let copies = clipboard.all
        try #require(copies.count == 3)
        #expect(copies[0].format == "json" && copies[0].text.contains("\"height\" : \"172\""))
        #expect(copies[1].format == "url" && copies[1].text == "http://api.test/api/people/1/")
        #expect(copies[1].label == "people/1 (Luke Skywalker)")
        #expect(copies[2].format == "url" && copies[2].text == "http://api.test/api/planets/1/")
        #expect(copies[2].label == "planets/1")
    }

    @Test("Hostile text from the API reaches neither the clipboard nor the toast")
    func hostile() throws {
        let clipboard = Clipboard()
        var driver = Self.driver(clipboard)
        driver.press(.enter)
        let evil = ExplorerSample.entity(
            #"{"name": "Evil\u001b]52;c;ZWNobyBwd25lZA==\u0007 Morty\u202etxt.exe", "note": "rm -rf ~\u2066\r\n"}"#,
            at: "/api/people/1", title: "Evil\u{1B}]52;c;ZWNobyBwd25lZA==\u{07} Morty\u{202E}txt.exe")
        driver.answerExplorerEntity(evil)
        driver.press("y")
        driver.press("Y")
        let copies = clipboard.all
        try #require(copies.count == 2)
        for copy in copies {
            #expect(!CopyTests.hasUnsafe(copy.text), "\(copy.text)")
            #expect(!CopyTests.hasUnsafe(copy.label), "\(copy.label)")
        }
        #expect(copies[0].text.contains("\"name\" : \"Evil"))
        #expect(driver.state.toast.map { !CopyTests.hasUnsafe($0.message) } == true)
    }
}
