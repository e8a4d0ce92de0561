@testable import BrowserApp
import TerminalUI
import Testing

/// One way to ask: every screen's question is the app's, drawn in one place, its keys taken in
/// one place, its answer given to the screen that asked.
@Suite("Questions")
struct QuestionTests {
    @Test("The Cache screen's questions are drawn on its pane's last row, the footer keeping its hints")
    func cacheQuestionInItsPane() throws {
        var driver = Driver()
        driver.answerPage(1)
        driver.press("4")
        CacheScreenKeysSetup.fill(&driver)
        let hints = driver.frame.last
        driver.press("P")
        let asked = "purge which tier: m memory  (Esc: cancel)"
        let row = try #require(driver.frame.firstIndex { $0.contains(asked) })
        #expect(row < driver.frame.count - 2, "inside the pane, above its border")
        #expect(driver.frame.last == hints)
        driver.press("M")
        #expect(
            driver.frame.contains { $0.contains("purge every entry of memory? y/n") },
            "a letter answers in either case")
        driver.press("j")
        #expect(driver.state.asking == nil, "any other key cancels a choice")
        #expect(!driver.frame.contains { $0.contains("purge every entry") })
    }

    @Test("A y/n question on the footer: a key that is no choice cancels it, and nothing is deleted")
    func otherKeyCancels() {
        var driver = EditFormTests.onDetail()
        driver.press("x")
        #expect(driver.frame.last?.contains("Delete Rick Sanchez (#1)?  y  yes   n  no") == true)
        #expect(driver.press("j").isEmpty)
        #expect(driver.state.asking == nil)
        #expect(driver.state.detail != nil)
    }

    @Test("The filter prompt takes at most 60 characters; Ctrl-U clears it")
    func textLimit() {
        var driver = Driver()
        driver.answerPage(1)
        driver.press("/")
        driver.type(String(repeating: "a", count: 70))
        #expect(driver.state.prompt?.count == 60)
        driver.press(.control("u"))
        #expect(driver.state.prompt == "")
    }
}
