import EntityWrites
@testable import BrowserApp
import CharacterData
import RickAndMortyHTTP
import RickAndMortyModel
import TerminalUI
import Testing

/// When the browser sends the writes its cache keeps: at start, back online, after a network
/// answer while some are pending, and after a backoff while the server cannot be reached.
@Suite("Sending the kept writes")
struct KeptWritesSendingTests {
    static func sent(_ outcome: WriteOutcome, method: EntityWrite.Method = .patch) -> WriteReport {
        WriteReport(
            event: WriteEvent(sequence: 1, entity: "/api/character/1", method: method, outcome: outcome),
            elapsed: .milliseconds(4))
    }

    @Test("Still out of reach: the outbox read again, a send after 2 s, then 4, 8, … 60")
    func backoff() {
        var driver = Driver()
        driver.deliver(.keptWritesSent([Self.sent(.retrying(reason: "offline", notBefore: nil))]))
        #expect(
            driver.effects.shapes == [
                .run(key: CharacterBrowser.keptWritesReadKey), .subscribe(key: CharacterBrowser.sendBackoffKey),
            ])
        #expect(driver.state.sendFailures == 1)
        #expect(CharacterBrowser.backoff(after: 1) == .seconds(2))
        #expect(CharacterBrowser.backoff(after: 3) == .seconds(8))
        #expect(CharacterBrowser.backoff(after: 9) == .seconds(60))
        // The backoff over, a send starts, once.
        driver.deliver(.keptWritesRead([ChangesScreenTests.kept(1, state: .pending)], now: Driver.now))
        driver.deliver(.sendKeptWritesAgain)
        #expect(driver.effects.shapes == [.run(key: CharacterBrowser.keptWritesKey)])
        driver.deliver(.sendKeptWritesAgain)
        #expect(driver.effects.isEmpty, "one send at a time")
    }

    @Test("A write still out of reach is sent after the backoff though a later one was applied")
    func backoffAfterMixedAnswers() {
        var driver = Driver()
        let event = WriteEvent(
            sequence: 2, entity: "/api/character/2", method: .patch, outcome: .applied(merged: false))
        let applied = WriteReport(event: event, elapsed: .milliseconds(3))
        driver.deliver(.keptWritesSent([Self.sent(.retrying(reason: "503", notBefore: nil)), applied]))
        #expect(driver.effects.shapes.contains(.subscribe(key: CharacterBrowser.sendBackoffKey)))
        #expect(driver.state.sendFailures == 1)
    }

    @Test("An edit kept while online (its answer lost) is sent again after the backoff; offline it waits for o")
    func editKeptOnline() {
        for online in [true, false] {
            var driver = EditFormTests.onDetail()
            driver.state.isOnline = online
            driver.press("e")
            driver.press("!")
            driver.press(.enter)
            let effects = driver.deliver(
                EditCharacterScreen.Message.saved(
                    .success(EditFormTests.event(.retrying(reason: "no answer", notBefore: nil))),
                    elapsed: .milliseconds(2)),
                to: EditCharacterScreen.self)
            let backoff = effects.shapes.contains(.subscribe(key: CharacterBrowser.sendBackoffKey))
            #expect(backoff == online, "online: \(online)")
        }
    }

    @Test("A network answer while writes are pending sends them; with none pending it sends nothing")
    func afterNetworkAnswer() {
        var driver = Driver()
        driver.answerPage(1)
        #expect(!driver.effects.contains { $0.shape == .run(key: CharacterBrowser.keptWritesKey) })
        driver.deliver(.keptWritesSent([]))  // the start's send, done
        driver.deliver(.keptWritesRead([ChangesScreenTests.kept(1, state: .pending)], now: Driver.now))
        driver.answerPage(2)
        #expect(driver.effects.contains { $0.shape == .run(key: CharacterBrowser.keptWritesKey) })
    }

    @Test("A conflict or a refusal met while sending is a toast that names the Changes screen")
    func conflictToast() {
        var driver = Driver()
        driver.deliver(.keptWritesSent([Self.sent(.conflict(fields: ["name"]))]))
        #expect(driver.state.toast?.message.contains("Changes screen (5)") == true)
        driver.deliver(.keptWritesSent([Self.sent(.rejected(reason: "422: name is too long", field: "name"))]))
        #expect(driver.state.toast?.message.contains("refused") == true)
        #expect(driver.state.sendFailures == 0)
    }
}
