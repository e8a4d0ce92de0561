@testable import BrowserApp
import ExplorerData
import ExplorerModel
import RepositoryCore
import RickAndMortyModel
import TerminalUI
import Testing

/// Moving around while exploring: `1`–`3` and `:` from every screen (a list, a detail, the Cache
/// and Changes screens), the picker's choice shown by the list under it, `g`/`G`; without an
/// explored API, `1`–`3` show Rick and Morty's lists from every screen too, and `:` does nothing.
/// And a profile's columns on the list, filled in as the rows' entities are read.
@Suite("Explorer moves and columns")
struct ExplorerMovesTests {
    static func list(_ driver: Driver) -> ListScreen? { driver.state.screens.last as? ListScreen }

    /// A driver exploring the sample with people's page 1 read, then `keys` pressed.
    static func exploring(_ keys: [Key]) -> Driver {
        var driver = Driver(explorer: nil)
        driver.answerExplorerPage(1)
        for key in keys { driver.press(key) }
        return driver
    }

    @Test("1–3 from a detail, the Cache and the Changes screen show the resource in the list at the bottom")
    func numbersFromEveryScreen() {
        let cases: [(from: [Key], crumb: String)] = [
            ([.enter], "people › Person 1"), ([.character("4")], "people › Cache"), ([.character("5")], "people › Changes"),
        ]
        for (keys, crumb) in cases {
            for (number, name) in [("1", "people"), ("2", "planets"), ("3", "films")] {
                var driver = Self.exploring(keys)
                #expect(driver.state.screens.count == 2, "\(keys)")
                #expect(driver.state.breadcrumb.hasPrefix(crumb.components(separatedBy: " › ")[0]))
                driver.press(Character(number))
                #expect(driver.state.screens.count == 1, "\(keys) \(number)")
                #expect(driver.state.breadcrumb == name, "\(keys) \(number)")
                #expect(Self.list(driver)?.resource?.name == name)
            }
        }
    }

    @Test("A resource shown again is where it was left: its selection and pages, read again only where missing")
    func placesKept() {
        // GIVEN people's list with its fourth row selected
        var driver = Self.exploring([.character("j"), .character("j"), .character("j")])
        #expect(Self.list(driver)?.list.selection.selected == 3)
        // WHEN planets are shown in its place, then people again
        driver.press("2")
        #expect(driver.state.breadcrumb == "planets")
        #expect(Self.list(driver)?.list.selection.selected == 0)
        #expect(Self.list(driver)?.list.loading[1] == .localFirst)
        let effects = driver.press("1")
        // THEN people's fourth row is selected again; its page 1 is not read again, only the pages
        // in view whose reads were cancelled when planets were shown
        #expect(driver.state.breadcrumb == "people")
        #expect(Self.list(driver)?.list.selection.selected == 3)
        #expect(Self.list(driver)?.list.loading[1] == nil && Self.list(driver)?.list.loading[2] == .localFirst)
        #expect(!effects.shapes.contains(.run(key: "page-1")))
        #expect(driver.frame.joined(separator: "\n").contains("people 4/82"))
        // AND planets, left with its page unanswered, reads it again when shown again
        driver.press("2")
        #expect(Self.list(driver)?.list.loading[1] == .localFirst)
    }

    @Test(": from a detail, the Cache and the Changes screen opens the picker; Enter shows the choice in the list")
    func pickerFromEveryScreen() {
        for keys in [[Key.enter], [.character("4")], [.character("5")], []] {
            var driver = Self.exploring(keys)
            let below = driver.state.screens.count
            driver.press(":")
            #expect(driver.state.screens.last is ExplorerPickerScreen, "\(keys)")
            #expect(driver.state.screens.count == below + 1)
            driver.type("spec")
            driver.press(.enter)
            #expect(driver.state.screens.count == 1, "\(keys): the list under it shows it, no new list")
            #expect(driver.state.breadcrumb == "species")
            #expect(Self.list(driver)?.list.loading[1] == .localFirst)
        }
    }

    @Test("While exploring, 1–3 and : do the explorer's moves on every screen's scope, Rick and Morty's too")
    func everyScope() {
        for scope in ScreenCatalog.scopes {
            #expect(KeyTable.action(for: .character("1"), in: scope, hasToast: false, exploring: true) == .openResource(0), "\(scope)")
            #expect(KeyTable.action(for: .character("3"), in: scope, hasToast: false, exploring: true) == .openResource(2), "\(scope)")
            #expect(KeyTable.action(for: .character(":"), in: scope, hasToast: false, exploring: true) == .pickResource, "\(scope)")
            #expect(
                KeyTable.action(for: .character("q"), in: scope, hasToast: false, exploring: true)
                    == KeyTable.action(for: .character("q"), in: scope, hasToast: false))
        }
    }

    @Test("The picker: Home and End go to the first and the last resource; g types")
    func pickerEnds() {
        var driver = Self.exploring([.character(":")])
        driver.press(.end)
        #expect((driver.state.screens.last as? ExplorerPickerScreen)?.list.selected == 3)
        driver.press(.home)
        #expect((driver.state.screens.last as? ExplorerPickerScreen)?.list.selected == 0)
        driver.press("g")
        #expect((driver.state.screens.last as? ExplorerPickerScreen)?.query == "g")
    }

    @Test("g and G on the Cache and Changes screens while exploring, as without")
    func topAndEnd() {
        for opener in ["4", "5"] {
            var driver = Self.exploring([.character(Character(opener))])
            let scope = driver.state.keyScope
            #expect(KeyTable.action(for: .character("g"), in: scope, hasToast: false, exploring: true) == .first)
            #expect(KeyTable.action(for: .character("G"), in: scope, hasToast: false, exploring: true) == .last)
            driver.press("G")
            driver.press("g")
            #expect(driver.state.screens.count == 2)
        }
    }

    @Test("Not exploring, 1–3 show Rick and Morty's lists from a detail, the Cache and Changes screens; : does not")
    func rickAndMortyFromEveryScreen() {
        let kinds: [Character: EntityKind] = ["1": .character, "2": .episode, "3": .location]
        for opener in ["4", "5", "enter"] {
            for (key, kind) in kinds {
                var driver = Driver()
                driver.answerPage(1)
                if opener == "enter" { driver.press(.enter) } else { driver.press(Character(opener)) }
                #expect(driver.state.screens.count == 2, "\(opener)")
                let crumb = driver.state.breadcrumb
                driver.press(":")
                #expect(driver.state.breadcrumb == crumb, "\(opener) then :")
                driver.press(key)
                #expect(driver.state.screens.count == 1, "\(opener) then \(key)")
                #expect(driver.state.activeList == kind, "\(opener) then \(key)")
            }
        }
    }

    @Test("A profile's columns: headings at once, a row's cells as its entity is read, read once per row")
    func profileColumns() throws {
        let profile = try ProfileReader.read(
            #"{"order": ["films"], "resources": {"people": {"columns": ["gender", {"field": "birth_year", "label": "born"}]}}}"#,
            name: "test").get()
        var driver = Driver(explorer: nil, profile: profile)
        driver.press("2")  // films first, by the profile's order: 2 is people
        #expect(driver.state.breadcrumb == "people")
        let effects = driver.answerExplorerPage(1)
        let keys = effects.compactMap { if case .run(let key?) = $0.shape { key } else { nil } }
        #expect(keys.contains("values-1"))
        var frame = driver.frame.joined(separator: "\n")
        #expect(frame.contains("gender") && frame.contains("born"))
        #expect(frame.contains("Person 1"))
        let luke = ExplorerSample.entity(
            #"{"name": "Luke Skywalker", "gender": "male", "birth_year": "19BBY"}"#, at: "/api/people/1", title: "Luke Skywalker")
        driver.deliver(
            ListScreen.Message.values(RowValues(of: luke, profile: try #require(profile.resource("people")))),
            to: ListScreen.self)
        frame = driver.frame.joined(separator: "\n")
        #expect(frame.contains("Luke Skywalker"))
        #expect(frame.contains("male") && frame.contains("19BBY"))
        // Moving within the rows asked for asks nothing again.
        let moved = driver.press("j")
        #expect(!moved.contains { if case .run(let key?) = $0.shape { key.hasPrefix("values-") } else { false } })
    }

    @Test("A filtered list asks again for the values of rows the unfiltered list had: its rows start with none")
    func valuesAfterFilter() throws {
        let profile = try ProfileReader.read(
            #"{"resources": {"people": {"columns": ["gender"], "filters": ["gender"]}}}"#, name: "test").get()
        var driver = Driver(explorer: nil, profile: profile)
        let valueReads = { (effects: [Effect<BrowserMessage>]) in
            effects.compactMap { if case .run(let key?) = $0.shape, key.hasPrefix("values-") { key } else { nil } }
        }
        #expect(valueReads(driver.answerExplorerPage(1)) == ["values-1"])
        // WHEN the list is filtered on the server and its first page holds the same people
        driver.press("/")
        driver.type("gender=male")
        driver.press(.enter)
        let filtered = try #require(driver.state.screens.last as? ListScreen)
        #expect(filtered.list.filter == ["gender": "male"] && filtered.list.rowValues.isEmpty)
        // THEN their values are asked for again, not left as `…` for good
        #expect(valueReads(driver.answerExplorerPage(1)) == ["values-2"])
    }
}
