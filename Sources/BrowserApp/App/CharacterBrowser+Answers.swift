import CharacterData
import EntityWrites
import RepositoryCore
import RickAndMortyModel
import TerminalUI

extension CharacterBrowser {
    /// Applies what background work reported: a screen's message to that screen alone, a change
    /// on every screen that shows the entity, the app's own messages here.
    func apply(_ message: BrowserMessage, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        switch message {
        case .screen(let address, let own):
            return deliver(own, to: address, state: &state)
        case .cacheCleared(let scope, let failure, let metrics):
            state.isClearing = false
            state.metrics = metrics
            if let failure {
                showToast("Clearing the cache failed: \(failure.description)", kind: .error, state: &state)
            } else {
                let what = scope == .memory ? "Memory cache cleared." : "Memory and disk caches cleared."
                showToast(what, kind: .info, state: &state)
            }
        case .characterChanged(let change):
            if let character = change.entry?.value {
                show(.character(character), state: &state)
                // A write's change (a delete discarded or refused) may bring back a row a list let
                // go for it: the list on top reads that page now.
                if change.cause == .written { return callEach(.settle, state: &state) }
            } else if change.cause == .deleted, let id = Int(change.id) {
                show(.characterDeleted(id: id), state: &state)
            }
        case .episodeChanged(let change):
            if let episode = change.entry?.value { show(.episode(episode), state: &state) }
        case .locationChanged(let change):
            if let location = change.entry?.value { show(.location(location), state: &state) }
        case .sharedCacheHealthChanged(let health):
            applySharedCacheHealth(health, state: &state)
        case .diskWritesChanged(let failure):
            applyDiskWrites(failure, state: &state)
        case .keptWritesRead(let writes, let now):
            state.keptWrites = WriteCounts(writes)
            let repository = services.repository
            state.pendingCharacterIDs = Set(
                writes.filter(\.isOpen).compactMap { repository.characterID(of: $0.entity) })
            // The Changes screen, when open, shows the same read.
            if let message = state.message(.read(writes, now: now), to: ChangesScreen.self) {
                return apply(message, state: &state)
            }
        case .keptWritesSent(let sent, let fromTask):
            return applySent(sent, state: &state, fromTask: fromTask)
        case .sendKeptWritesAgain:
            return sendKeptWritesIfAny(state: &state)
        case .reconnected(let number):
            // Not when `o` was pressed again meanwhile.
            guard number == state.switchSettings, state.isOnline else { return [] }
            return callEach(.reconnected, state: &state)
        }
        return []
    }

    /// Records an applied answer (status, counters, recent answers, pulses, revalidations, a
    /// fallback's warning) and tells every screen; `onAnswer` is called in the order applied.
    func record(_ answer: AppliedAnswer, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        let event = answer.event
        state.latest = event
        state.recent.insert(event, at: 0)
        if state.recent.count > BrowserState.recentLimit { state.recent.removeLast() }
        if let metrics = answer.metrics { state.metrics = metrics }
        if let tally = answer.tally {
            state.tally.record(origin: tally.origin, isStale: tally.isStale, kind: tally.kind)
        }
        if let warning = answer.warning { showToast(warning, kind: .warning, state: &state) }
        let time = services.now()
        state.pulses.record(event, at: time)
        state.revalidating.record(event)
        let onAnswer = services.onAnswer
        // The server answered a read: writes kept while it could not be reached may go now.
        let fromNetwork = answer.tally?.origin == .network || answer.tally?.origin == .revalidated
        let sending = fromNetwork ? sendKeptWritesIfAny(state: &state) : []
        return [.call { onAnswer(event) }] + callEach(.answered(event, at: time), state: &state) + sending
    }
}
