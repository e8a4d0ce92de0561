@testable import BrowserApp
import RepositoryCore
import RickAndMortyModel
import TerminalUI
import Testing

@Suite("Filters: the name prompt, the status cycle, clearing")
struct FilterTests {
    @Test("/ opens the prompt; typing edits it, q types a q, Backspace deletes")
    func promptEditing() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press("/")
        #expect(driver.state.prompt == "")
        driver.type("ricq")
        #expect(driver.effects.isEmpty)
        driver.press(.backspace)
        driver.type("k")
        #expect(driver.state.prompt == "rick")
        #expect(driver.frame.last?.hasPrefix("Filter by name: rick") == true)
    }

    @Test("Enter applies the name filter: the list starts over from page 1 with it")
    func promptApplies() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press("j")
        let generation = driver.state.characters.generation
        driver.press("/")
        driver.type("rick")
        let effects = driver.press(.enter)
        #expect(driver.state.prompt == nil)
        #expect(driver.state.characters.filter == ["name": "rick"])
        #expect(driver.state.characters.generation == generation + 1)
        #expect(driver.state.characters.rowCount == 0)
        #expect(driver.state.characters.selection.selected == 0)
        #expect(effects.shapes == [.run(key: "page-1")])
        #expect(driver.pageRequest(1).query == "page 1 (name=rick)")
    }

    @Test("Esc cancels the prompt and keeps the filter")
    func promptCancels() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press("/")
        driver.type("morty")
        #expect(driver.press(.escape).isEmpty)
        #expect(driver.state.prompt == nil)
        #expect(driver.state.characters.filter.isEmpty)
        #expect(driver.state.characters.rowCount == 20)
    }

    @Test("A filter change cancels page reads in flight, and a late answer of the old filter is dropped")
    func supersededReads() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press("G")
        let oldRequest = driver.pageRequest(2)
        driver.press("/")
        driver.type("rick")
        let effects = driver.press(.enter)
        #expect(effects.shapes == [.cancel(key: "page-2"), .run(key: "page-1")])
        // WHEN the old page 2 answers anyway THEN it is ignored
        let reported = driver.events.all.count
        driver.deliver(
            .pageRead(
                oldRequest,
                ReadReport(
                    result: .success(
                        SampleData.answer(SampleData.page(2), origin: .network, policy: .localFirst)))))
        #expect(driver.state.characters.rowCount == 0)
        #expect(driver.events.all.count == reported)
    }

    @Test("s cycles the status filter any → alive → dead → unknown → any, reloading each time")
    func statusCycle() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        for expected in ["alive", "dead", "unknown", ""] {
            let effects = driver.press("s")
            #expect(driver.state.characters.filter["status", default: ""] == expected)
            #expect(effects.shapes.last == .run(key: "page-1"))
            driver.answerPage(1)
        }
        #expect(driver.state.characters.filter["status"] == nil)
    }

    @Test("Esc in the list clears an applied filter; without one it does nothing")
    func escClears() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        #expect(driver.press(.escape).isEmpty)
        driver.press("s")
        driver.answerPage(1)
        let effects = driver.press(.escape)
        #expect(driver.state.characters.filter.isEmpty)
        #expect(effects.shapes == [.run(key: "page-1")])
    }

    @Test("A filter with no match shows an empty list with a message and reads no more")
    func noMatch() {
        var driver = Driver(size: NavigationTests.small)
        driver.answerPage(1)
        driver.press("/")
        driver.type("zzz")
        driver.press(.enter)
        #expect(driver.answerPage(1, of: []).isEmpty)
        #expect(driver.state.characters.isEmptyResult)
        #expect(!driver.state.characters.hasMorePages)
        #expect(driver.press("j").isEmpty)
        #expect(driver.press(.enter).isEmpty)
        #expect(driver.frame.contains { $0.contains("No character matches name=zzz.") })
    }

    @Test(
        "The filter in words names each filled field once; blank fields (spaces, tabs, no-break spaces) are left out"
    )
    func summary() {
        func summary(_ filter: CharacterFilter) -> String {
            RickAndMortyLists.summary(filter.parameters, of: .character)
        }
        #expect(summary(CharacterFilter()) == "")
        #expect(
            summary(CharacterFilter(name: "rick", status: "alive", gender: "male"))
                == "name=rick, status=alive, gender=male")
        #expect(
            summary(CharacterFilter(name: " \t\u{00A0}\u{3000}", species: "x")) == "species=x"
        )
        #expect(summary(CharacterFilter(name: " a ")) == "name= a ")
    }
}
