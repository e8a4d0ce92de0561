@testable import BrowserApp
import RickAndMortyModel
import TerminalUI
import Testing

/// Task keys are the screen's own, scoped by its address: two screens of one kind on the stack
/// never cancel or replace each other's tasks.
@Suite("Screens' task keys")
struct ScreenTaskKeyTests {
    @Test("Two episode details on the stack: each one's read, replaced or cancelled, is its own")
    func twoDetailsOfOneKind() {
        var driver = Driver()
        driver.state.screens += [
            ExplorerDetailScreen(target: .rickAndMorty(.episode, id: 1), knownTitle: "Pilot"),
            ExplorerDetailScreen(target: .rickAndMorty(.episode, id: 2), knownTitle: "Lawnmower Dog"),
        ]
        let lower = driver.browser.call(1, .open, state: &driver.state).compactMap(\.runKey)
        let upper = driver.browser.call(2, .open, state: &driver.state).compactMap(\.runKey)
        #expect(!lower.isEmpty && !upper.isEmpty)
        #expect(Set(lower).isDisjoint(with: upper), "the upper read would replace the lower one")
        let cancels = driver.browser.call(1, .suspend, state: &driver.state).compactMap(\.cancelKey)
        #expect(cancels == lower, "the lower detail cancels its own read")
        #expect(Set(cancels).isDisjoint(with: upper), "and not the upper detail's")
    }
}

extension Effect {
    /// The key of a task this effect starts, if any.
    var runKey: String? {
        if case .run(let key, _) = self { key } else { nil }
    }

    /// The key this effect cancels, if any.
    var cancelKey: String? {
        if case .cancel(let key) = self { key } else { nil }
    }
}
