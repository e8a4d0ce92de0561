@testable import BrowserApp
import CharacterData
import Foundation
import RepositoryCore
import TerminalUI
import Testing

/// How the Cache screen sits among the others: `Tab` cycles the three lists and the Cache screen,
/// and `Enter` on an open entry opens its entity in the explorer.
@Suite("The Cache screen among the other screens")
struct CacheScreenNavigationTests {
    private static func top(_ driver: Driver) -> String {
        guard let screen = driver.state.screens.last else { return "none" }
        if screen is CacheScreen { return "cache" }
        if let lists = screen as? ListScreen {
            return lists.resource.map { RickAndMortyLists.kind(of: $0).rawValue } ?? ""
        }
        return String(describing: type(of: screen))
    }

    @Test("Tab cycles characters, episodes, locations, the Cache screen, and characters again")
    func tabCyclesAllFour() {
        var driver = Driver()
        driver.answerPage(1)
        var seen = [Self.top(driver)]
        for _ in 0..<5 {
            driver.press(.tab)
            seen.append(Self.top(driver))
        }
        #expect(seen == ["character", "episode", "location", "cache", "character", "episode"])
        #expect(driver.state.screens.count == 1, "the Cache screen is popped, not stacked")
    }

    @Test("Enter on an open character entry opens the character in the explorer; Esc comes back")
    func enterExplores() throws {
        var driver = Driver()
        driver.answerPage(1)
        driver.press("4")
        CacheScreenKeysSetup.fill(&driver)
        driver.press(.enter)
        let cache = try #require(driver.state.screens.last as? CacheScreen)
        let key = try #require(cache.state.detail?.entry.key)
        let json = String(decoding: try JSONEncoder().encode(SampleData.character(1)), as: UTF8.self)
        driver.deliver(
            CacheScreenMessage.result(.entryRead(key: key, entry: nil, value: .success(json)), at: Driver.now))
        driver.press(.enter)
        // The entry's character, by its id, named as the entry until its read answers
        let detail = try #require(driver.state.screens.last as? ExplorerDetailScreen)
        #expect(detail.characterID != nil && detail.characterID == cache.state.detail?.entry.entity?.1)
        #expect(detail.crumb == cache.state.detail?.entry.title)
        driver.press(.escape)
        #expect(Self.top(driver) == "cache")
    }
}
