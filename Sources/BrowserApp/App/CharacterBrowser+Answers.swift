import RepositoryCore
import RickAndMortyModel
import TerminalUI

extension CharacterBrowser {
    /// Applies what background work reported. Every read answer or failure that still belongs
    /// to what is on screen is recorded in the status pane and reported to `onAnswer`, in order.
    func apply(_ message: BrowserMessage, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        switch message {
        case .pageRead(let request, let report):
            return applyPage(
                CharacterListKind.self, number: request.number, generation: request.generation,
                policy: request.policy, query: request.query, report, state: &state)
        case .characterRead(let id, let policy, let report):
            applyCharacter(id: id, policy: policy, report, state: &state)
        case .episodesRead(let characterID, let ids, let policy, let report):
            applyEpisodes(characterID: characterID, ids: ids, policy: policy, report, state: &state)
        case .episodePageRead(let request, let report):
            return applyPage(
                EpisodeListKind.self, number: request.number, generation: request.generation,
                policy: request.policy, query: request.query, report, state: &state)
        case .locationPageRead(let request, let report):
            return applyPage(
                LocationListKind.self, number: request.number, generation: request.generation,
                policy: request.policy, query: request.query, report, state: &state)
        case .episodeRead(let id, let policy, let report):
            applyEntity(
                kind: .episode, id: id, policy: policy, report, store: { $0.episode = $1 }, state: &state)
        case .locationRead(let id, let policy, let report):
            applyEntity(
                kind: .location, id: id, policy: policy, report, store: { $0.location = $1 }, state: &state)
        case .membersRead(let kind, let id, let ids, let policy, let report):
            applyMembers(kind: kind, id: id, ids: ids, policy: policy, report, state: &state)
        case .avatarProgress, .avatarLoaded:
            applyAvatar(message, state: &state)
        case .cacheCleared(let scope, let failure, let metrics):
            state.loads.clearing = false
            state.metrics = metrics
            if let failure {
                showToast("Clearing the cache failed: \(failure.description)", kind: .error, state: &state)
            } else {
                let what = scope == .memory ? "Memory cache cleared." : "Memory and disk caches cleared."
                showToast(what, kind: .info, state: &state)
            }
        case .characterChanged(let change):
            if let character = change.entry?.value { show(character, state: &state) }
        case .episodeChanged(let change):
            if let episode = change.entry?.value { show(episode, state: &state) }
        case .locationChanged(let change):
            if let location = change.entry?.value { show(location, state: &state) }
        case .sharedCacheHealthChanged(let health):
            applySharedCacheHealth(health, state: &state)
        }
        return []
    }

    private func applyCharacter(
        id: Int, policy: CachePolicy, _ report: ReadReport<ShowCharacter>, state: inout BrowserState
    ) {
        guard var detail = state.detail, detail.characterID == id, state.loads.detail == policy else {
            return
        }
        record(query: QueryText.character(id), policy: policy, report, state: &state)
        switch report.result {
        case .success(let answer):
            detail.character = answer.value
            if answer.value.episodeIDs.isEmpty {
                detail.episodes = []
                state.loads.detail = nil
            }
        case .failure(let error):
            state.loads.detail = nil
            showToast(
                "Could not load \(QueryText.character(id)): \(error.description)", kind: .error, state: &state
            )
        }
        state.detail = detail
        // The list's row and any cast or residents below show the value just read.
        if case .success(let answer) = report.result { show(answer.value, state: &state) }
        clampDetailScroll(&state)
    }

    private func applyEpisodes(
        characterID: Int, ids: [Int], policy: CachePolicy, _ report: ReadReport<[Episode]>,
        state: inout BrowserState
    ) {
        guard var detail = state.detail, detail.characterID == characterID, state.loads.detail == policy
        else {
            return
        }
        state.loads.detail = nil
        record(query: QueryText.episodes(ids), kind: .episode, policy: policy, report, state: &state)
        switch report.result {
        case .success(let answer):
            detail.episodes = answer.value
            detail.episodesFailure = nil
        case .failure(let error):
            if detail.episodes == nil { detail.episodesFailure = error.description }
            showToast("Could not load the episodes: \(error.description)", kind: .error, state: &state)
        }
        state.detail = detail
        clampDetailScroll(&state)
    }

    /// Records an applied read: the status pane's latest answer and counters, the events log,
    /// and a warning toast when the answer fell back to the cache.
    func record<Value>(
        query: String, kind: EntityKind = .character, policy: CachePolicy, _ report: ReadReport<Value>,
        state: inout BrowserState
    ) {
        let event = AnswerEvent(query: query, kind: kind, policy: policy, report: report)
        state.latest = event
        state.recent.insert(event, at: 0)
        if state.recent.count > BrowserState.recentLimit { state.recent.removeLast() }
        state.metrics = report.metrics
        switch report.result {
        case .success(let answer):
            state.tally.record(origin: answer.origin, isStale: answer.isStale, kind: kind)
            if let fallback = answer.fallbackError {
                showToast(
                    "Showing cached \(query) (\(answer.origin.rawValue)): \(fallback.description)",
                    kind: .warning,
                    state: &state)
            }
        case .failure:
            state.tally.record(origin: nil, isStale: false, kind: kind)
        }
        services.onAnswer(event)
    }
}
