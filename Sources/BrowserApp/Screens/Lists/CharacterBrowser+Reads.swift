import RepositoryCore
import RickAndMortyModel
import TerminalUI

extension CharacterBrowser {
    /// The task key of the detail read; a newer detail read replaces an older one.
    static let detailTaskKey = "detail"

    /// The task key of a refresh of the character list's pages.
    static var refreshTaskKey: String { CharacterListKind.refreshTaskKey }

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
        guard !state.isRefreshing else { return [] }
        switch state.screen {
        case .episode, .location:
            guard let entity = state.entity else { return [] }
            return readEntity(kind: entity.kind, id: entity.id, policy: .remoteFirst, state: &state)
        case .detail:
            guard let detail = state.detail else { return [] }
            return readDetail(id: detail.characterID, policy: .remoteFirst, state: &state)
                + loadAvatar(refresh: true, state: &state)
        case .list:
            switch state.activeList {
            case .character: return refreshList(CharacterListKind.self, state: &state)
            case .episode: return refreshList(EpisodeListKind.self, state: &state)
            case .location: return refreshList(LocationListKind.self, state: &state)
            }
        }
    }

    /// The `o` key: flips the network switch and shows its new state at once; the switch is set
    /// by the effect returned (see `setNetworkSwitch`).
    func toggleNetwork(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        let effects = setNetworkSwitch(!state.isOnline, state: &state)
        showToast(
            state.isOnline
                ? "Online: reads may use the network again." : "Offline: only cached data can answer.",
            kind: .info, state: &state)
        return effects
    }

    /// Sets the network switch to `isOnline`: the state says so at once, and the effect sets the
    /// switch. Each setting is numbered, so however fast `o` is pressed and however the effects
    /// are scheduled, the switch ends as the last setting says (never the opposite of the screen).
    func setNetworkSwitch(_ isOnline: Bool, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        state.isOnline = isOnline
        state.switchSettings += 1
        let number = state.switchSettings
        let setter = services.switchSetter
        return [.stream(key: Self.networkSwitchKey) { _ in setter.set(isOnline, number: number) }]
    }

    /// The task key of the effect that sets the network switch.
    public static var networkSwitchKey: String { "network-switch" }

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
