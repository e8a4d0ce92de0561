@testable import BrowserApp
import Foundation
import RickAndMortyModel
import TerminalUI
import Testing

/// `y` and `Y` on the Cache screen: outside a prompt they copy the opened entry's value (as
/// read) and its API URL; inside one, `y` answers it.
@Suite("y and Y on the Cache screen")
struct CacheScreenCopyTests {
    /// The Cache screen with its first entry opened and read as `character`.
    static func opened(with character: ShowCharacter) throws -> Driver {
        var driver = Driver()
        driver.answerPage(1)
        driver.press("4")
        CacheScreenKeysSetup.fill(&driver)
        driver.press(.enter)
        let cache = try #require(driver.state.screens.last as? CacheScreen)
        let key = try #require(cache.state.detail?.entry.key)
        let json = String(decoding: try JSONEncoder().encode(character), as: UTF8.self)
        driver.deliver(
            CacheScreenMessage.result(.entryRead(key: key, entry: nil, value: .success(json)), at: Driver.now))
        return driver
    }

    @Test("With an entry open, y copies its value and Y its URL, sanitized; with none, a toast says so")
    func copiesTheOpenedEntry() throws {
        var rick = SampleData.character(1)
        rick.name = "Rick\u{202E}\u{1B}[2J Sanchez"
        var driver = try Self.opened(with: rick)
        driver.press("y")
        let json = try #require(driver.state.toast?.message)
        #expect(json.hasPrefix("copied "), "\(json)")
        driver.press("Y")
        #expect(driver.state.toast?.message.hasPrefix("copied ") == true)

        let cache = try #require(driver.state.screens.last as? CacheScreen)
        let subject = try #require(cache.state.openedSubject)
        let copy = ClipboardCopy(subject, format: .json)
        #expect(copy.text.contains("Rick"))
        #expect(!copy.text.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{1B}" })
        #expect(ClipboardCopy(subject, format: .url).text == rick.url)

        // (The first Esc puts the toast away, the second closes the entry.)
        driver.press(.escape)
        driver.press(.escape)
        #expect((driver.state.screens.last as? CacheScreen)?.state.detail == nil)
        driver.press("y")
        #expect(driver.state.toast?.message.hasPrefix("Nothing to copy") == true, "\(driver.state.toast?.message ?? "no toast")")
    }

    @Test("In the purge prompt, y answers it: nothing is copied")
    func yAnswersThePrompt() throws {
        var driver = try Self.opened(with: SampleData.character(1))
        driver.press(.escape)
        driver.press("P")
        driver.press("m")
        #expect(driver.state.asking != nil)
        driver.press("Y")
        #expect(driver.state.asking == nil)
        #expect(driver.state.toast?.message.hasPrefix("copied ") != true)
    }
}
