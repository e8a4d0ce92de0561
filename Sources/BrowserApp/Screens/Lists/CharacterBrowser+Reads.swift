import RepositoryCore
import RickAndMortyModel
import TerminalUI

extension CharacterBrowser {
    /// The task key of the detail read; a newer detail read replaces an older one.
    static let detailTaskKey = "detail"

    /// The task key of a refresh of the list's pages.
    static let refreshTaskKey = "refresh"

    /// Starts reading page `number` of the current filter, `localFirst`, unless a read of that
    /// page is already in flight (so a key pressed during a load never starts a second one).
    func requestPage(_ number: Int, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard state.loads.pages[number] == nil else { return [] }
        state.loads.pages[number] = .localFirst
        let request = PageRequest(
            number: number, filter: state.listing.filter, generation: state.listing.generation,
            policy: .localFirst)
        let services = services
        return [
            .task(key: request.taskKey) {
                .pageRead(request, await services.readPage(request))
            }
        ]
    }

    /// Rereads pages `numbers`, `remoteFirst`, one after the other in one task (so their answers
    /// arrive in page order), replacing any navigation read of the same pages.
    func refreshPages(_ numbers: [Int], state: inout BrowserState) -> [Effect<BrowserMessage>] {
        let replaced = numbers.filter { state.loads.pages[$0] == .localFirst }
        let requests = numbers.map { number in
            state.loads.pages[number] = .remoteFirst
            return PageRequest(
                number: number, filter: state.listing.filter, generation: state.listing.generation,
                policy: .remoteFirst)
        }
        let services = services
        let refresh = Effect<BrowserMessage>.stream(key: Self.refreshTaskKey) { sink in
            for request in requests {
                if Task.isCancelled { return }
                sink.send(.pageRead(request, await services.readPage(request)))
            }
        }
        return replaced.map { .cancel(key: PageRequest.taskKey(page: $0)) } + [refresh]
    }

    /// Starts over with `filter`: cancels the page reads in flight, forgets the pages, reads page 1.
    func reload(filter: CharacterFilter, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        let pending = state.loads.pages
        var cancels = pending.filter { $0.value == .localFirst }.keys.sorted().map {
            Effect<BrowserMessage>.cancel(key: PageRequest.taskKey(page: $0))
        }
        if pending.values.contains(.remoteFirst) { cancels.append(.cancel(key: Self.refreshTaskKey)) }
        state.loads.pages = [:]
        state.loads.pendingAdvance = 0
        state.listing.reset(filter: filter)
        state.pendingSelection[.character] = nil
        state.list = ListState()
        return cancels + requestPage(1, state: &state)
    }

    /// Opens the selected character: shows what the list knows at once and reads the character
    /// and then its episodes, `localFirst`.
    func openDetail(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard let character = state.selectedCharacter else { return [] }
        state.screens = [
            .list, .character(CharacterDetailState(characterID: character.id, character: character)),
        ]
        return readDetail(id: character.id, policy: .localFirst, state: &state)
            + loadAvatar(refresh: false, state: &state)
    }

    /// Back one screen; a detail read or avatar load still in flight is cancelled.
    func closeDetail(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        goBack(state: &state)
    }

    /// Reads character `id` and its episodes (one multi-id request). The episodes the open
    /// character is known to have are read at the same time as the character; when the answer
    /// lists other episodes, those are read after it.
    func readDetail(id: Int, policy: CachePolicy, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        state.loads.detail = policy
        let services = services
        let known = state.detail?.characterID == id ? state.detail?.character?.episodeIDs ?? [] : []
        return [
            .stream(key: Self.detailTaskKey) { sink in
                async let early = known.isEmpty ? nil : Self.readEpisodes(known, policy: policy, services)
                let character = await services.read {
                    () async throws(RepositoryError) -> Answer<ShowCharacter> in
                    try await services.repository.character(id: id, policy: policy)
                }
                sink.send(.characterRead(id: id, policy: policy, character))
                guard case .success(let answer) = character.result, !Task.isCancelled else { return }
                let ids = answer.value.episodeIDs
                guard !ids.isEmpty else { return }
                let prefetched = ids == known ? await early : nil
                let episodes: ReadReport<[Episode]>
                if let prefetched {
                    episodes = prefetched
                } else {
                    episodes = await Self.readEpisodes(ids, policy: policy, services)
                }
                sink.send(.episodesRead(characterID: id, ids: ids, policy: policy, episodes))
            }
        ]
    }

    /// Reads episodes `ids` with `policy`, through the graph when there is one.
    private static func readEpisodes(_ ids: [Int], policy: CachePolicy, _ services: BrowserServices) async
        -> ReadReport<[Episode]>
    {
        await services.read { () async throws(RepositoryError) -> Answer<[Episode]> in
            if let graph = services.graph {
                try await graph.episodes(ids: ids, policy: policy)
            } else {
                try await services.repository.episodes(ids: ids, policy: policy)
            }
        }
    }

    /// The `r` key: rereads what is on screen `remoteFirst` — every page with a visible row, or
    /// the open character and its episodes. Ignored while a refresh is running.
    func refresh(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard !state.loads.isRefreshing else { return [] }
        switch state.screen {
        case .episode, .location:
            guard let entity = state.entity else { return [] }
            return readEntity(kind: entity.kind, id: entity.id, policy: .remoteFirst, state: &state)
        case .detail:
            guard let detail = state.detail else { return [] }
            return readDetail(id: detail.characterID, policy: .remoteFirst, state: &state)
                + loadAvatar(refresh: true, state: &state)
        case .list where state.activeList != .character:
            return refreshEntityList(state: &state)
        case .list:
            var numbers = state.listing.pageNumbers(ofRows: visibleRowRange(state))
            if numbers.isEmpty { numbers = [1] }
            return refreshPages(numbers, state: &state)
        }
    }

    /// The rows the list shows at the current size.
    func visibleRowRange(_ state: BrowserState) -> Range<Int> {
        let rowCount = state.listing.rowCount
        let visible = state.layout.visibleListRows
        let top = state.list.clamped(rowCount: rowCount, visibleRows: visible).offset
        return top..<min(rowCount, top + visible)
    }

    /// The `o` key: flips the network switch and shows its new state.
    ///
    /// The one side effect `update` performs itself: flipping a `Mutex`-guarded flag is instant,
    /// and doing it here keeps the screen in step with the switch however fast `o` is pressed
    /// (two tasks racing to flip it could leave the screen showing the opposite of the truth).
    func toggleNetwork(state: inout BrowserState) {
        state.isOnline = services.networkSwitch.toggle()
        showToast(
            state.isOnline
                ? "Online: reads may use the network again." : "Offline: only cached data can answer.",
            kind: .info, state: &state)
    }

    /// The `c` and `C` keys: empties memory, or memory and disk.
    func clearCache(_ scope: CacheClearing, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        state.loads.clearing = true
        let repository = services.repository
        let graph = services.graph
        return [
            .task(key: "clear") {
                var failure: RepositoryError?
                switch scope {
                case .memory:
                    await repository.clearMemory()
                    await graph?.clearMemory()
                case .memoryAndDisk:
                    do throws(RepositoryError) {
                        try await repository.clearAll()
                        try await graph?.clearAll()
                    } catch {
                        failure = error
                    }
                }
                return .cacheCleared(scope, failure: failure, metrics: repository.metricsSnapshot())
            }
        ]
    }
}
