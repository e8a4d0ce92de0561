@testable import BrowserApp
import CharacterData
import Foundation
import RepositoryCore
import TerminalUI

/// The Cache screen in the key table's tests: rows to act on, where its selection stands, and
/// what each of its own commands does.
enum CacheScreenKeysSetup {
    /// Forty character rows of every state, delivered as the screen's first page, and a census.
    static func fill(_ driver: inout Driver) {
        let entries = (1...40).map { id in
            let key = CacheEntryKey(kind: "character", key: "id:\(100 + id)")
            let info = CacheEntryInfo(
                key: key, bytes: 100 + id, storedAt: Driver.now.addingTimeInterval(-Double(id * 20)),
                etag: "\"\(id)\"")
            return CacheListEntry(
                row: CacheRow(
                    merged: MergedCacheEntry(key: key, holders: [.init(tier: "memory", info: info)])))
        }
        driver.deliver(CacheScreenMessage.result(.pageRead(page: 0, entries: entries, next: nil), at: Driver.now))
        driver.deliver(
            CacheScreenMessage.result(.counted(CacheCensus(states: [.fresh: 14, .stale: 26])), at: Driver.now))
    }

    static func screen(_ state: BrowserState) -> CacheScreen? { state.screens.last as? CacheScreen }

    /// The entry page's scroll when one is open, else the selected row.
    static func position(_ state: BrowserState) -> Int {
        guard let screen = screen(state) else { return -1 }
        return screen.state.detail?.scroll ?? screen.state.list.selection
    }

    /// Whether `command` did what its binding says.
    static func did(
        _ command: CacheScreenCommand, before: BrowserState, after: BrowserState,
        effects: [Effect<BrowserMessage>]
    ) -> Bool {
        guard let old = screen(before)?.state, let new = screen(after)?.state else { return false }
        switch command {
        case .cycleSort: return new.list.sort == old.list.sort.next
        case .toggleProblemsOnly:
            return new.list.problemsOnly != old.list.problemsOnly && new.list.shown.count < 40
        case .evictFromTier: return before.asking == nil && after.asking != nil
        case .evictEverywhere, .revalidate: return effects.count == 1
        case .purge: return after.asking?.question.prompt.hasPrefix("purge which tier") == true
        case .answer: return before.asking != nil && after.asking?.question != before.asking?.question
        }
    }
}

extension BrowserAction {
    /// What the key `character` does on the Cache screen, as its key table says.
    static func cacheKey(_ character: Character) -> BrowserAction {
        KeyTable.action(for: .character(character), in: .cache, hasToast: false) ?? .back
    }
}
