import CharacterData
import RepositoryCore
import RickAndMortyModel
import TerminalUI

extension CharacterBrowser {
    /// `1` `2` `3` and Tab at the bottom of the stack: shows another list, reading its first
    /// page when nothing of it is loaded yet.
    func switchList(to kind: EntityKind, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard state.screens.count == 1, kind != state.activeList else { return [] }
        if kind != .character, services.graph == nil {
            showToast("Only characters can be listed here.", kind: .info, state: &state)
            return []
        }
        state.activeList = kind
        switch kind {
        case .character: return []
        case .episode:
            guard state.episodes.reachedPages == 0, state.episodes.loading.isEmpty else { return [] }
            return requestEntityPage(1, list: \.episodes, policy: .localFirst, state: &state)
        case .location:
            guard state.locations.reachedPages == 0, state.locations.loading.isEmpty else { return [] }
            return requestEntityPage(1, list: \.locations, policy: .localFirst, state: &state)
        }
    }

    /// The next list in Tab order.
    static func nextList(after kind: EntityKind) -> EntityKind {
        switch kind {
        case .character: .episode
        case .episode: .location
        case .location: .character
        }
    }

    /// An action on the episode or location list.
    func performOnEntityList(_ action: BrowserAction, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        switch state.activeList {
        case .episode: performOnEntityList(action, list: \.episodes, state: &state)
        case .location: performOnEntityList(action, list: \.locations, state: &state)
        case .character: []
        }
    }

    private func performOnEntityList<Row: ListedEntity>(
        _ action: BrowserAction, list path: WritableKeyPath<BrowserState, EntityList<Row>>,
        state: inout BrowserState
    ) -> [Effect<BrowserMessage>] {
        let visible = state.layout.visibleListRows
        let count = state[keyPath: path].rowCount
        func move(_ delta: Int) -> [Effect<BrowserMessage>] {
            state.pendingSelection[Row.kind] = nil
            state[keyPath: path].list.move(by: delta, rowCount: count, visibleRows: visible)
            return loadMoreIfNeeded(list: path, state: &state)
        }
        switch action {
        case .moveDown: return move(1)
        case .moveUp: return move(-1)
        case .pageDown: return move(max(1, visible - 1))
        case .pageUp: return move(-max(1, visible - 1))
        case .first: return move(-count)
        case .last: return move(count)
        case .open:
            guard let row = state[keyPath: path].selectedRow else { return [] }
            return openEntity(
                EntityDetailState(kind: Row.kind, id: row.id, name: row.displayName), state: &state)
        case .filter:
            state.prompt = state[keyPath: path].filterSummary
            return []
        case .clearFilters:
            guard !state[keyPath: path].filters.isEmpty else { return [] }
            return reloadEntityList(path, filters: [:], state: &state)
        default: return []
        }
    }

    /// Applies the `/` prompt's text to the episode or location list.
    func applyEntityFilter(_ text: String, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        switch state.activeList {
        case .episode:
            let filters = EntityList<Episode>.parseFilters(text)
            guard filters != state.episodes.filters else { return [] }
            return reloadEntityList(\.episodes, filters: filters, state: &state)
        case .location:
            let filters = EntityList<Location>.parseFilters(text)
            guard filters != state.locations.filters else { return [] }
            return reloadEntityList(\.locations, filters: filters, state: &state)
        case .character: return []
        }
    }

    /// `r` on the episode or location list: rereads the page under the selection, remoteFirst.
    func refreshEntityList(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        switch state.activeList {
        case .episode:
            let number = state.episodes.pageNumber(ofRow: state.episodes.list.selected) ?? 1
            return requestEntityPage(number, list: \.episodes, policy: .remoteFirst, state: &state)
        case .location:
            let number = state.locations.pageNumber(ofRow: state.locations.list.selected) ?? 1
            return requestEntityPage(number, list: \.locations, policy: .remoteFirst, state: &state)
        case .character: return []
        }
    }

    private func reloadEntityList<Row: ListedEntity>(
        _ path: WritableKeyPath<BrowserState, EntityList<Row>>, filters: [String: String],
        state: inout BrowserState
    ) -> [Effect<BrowserMessage>] {
        let cancels = state[keyPath: path].loading.keys.sorted().map { number in
            Effect<BrowserMessage>.cancel(key: "\(Row.kind.rawValue)-page-\(number)")
        }
        state[keyPath: path].reset(filters: filters)
        state.pendingSelection[Row.kind] = nil
        return cancels + requestEntityPage(1, list: path, policy: .localFirst, state: &state)
    }

    private func loadMoreIfNeeded<Row: ListedEntity>(
        list path: WritableKeyPath<BrowserState, EntityList<Row>>, state: inout BrowserState
    ) -> [Effect<BrowserMessage>] {
        let list = state[keyPath: path]
        let count = list.rowCount
        guard count > 0, list.hasMorePages else { return [] }
        let atEnd = list.list.selected >= count - 1
        let underfilled = count < list.list.offset + state.layout.visibleListRows
        guard atEnd || underfilled else { return [] }
        return requestEntityPage(list.nextPageNumber, list: path, policy: .localFirst, state: &state)
    }

    /// Starts reading page `number` of a list unless a read of it is in flight.
    func requestEntityPage<Row: ListedEntity>(
        _ number: Int, list path: WritableKeyPath<BrowserState, EntityList<Row>>, policy: CachePolicy,
        state: inout BrowserState
    ) -> [Effect<BrowserMessage>] {
        guard let graph = services.graph, state[keyPath: path].loading[number] == nil else { return [] }
        state[keyPath: path].loading[number] = policy
        let list = state[keyPath: path]
        let request = EntityPageRequest(
            kind: Row.kind, number: number, filters: list.filters, generation: list.generation, policy: policy
        )
        let services = services
        return [
            .task(key: request.taskKey) {
                switch request.kind {
                case .location:
                    let report = await services.read {
                        () async throws(RepositoryError) -> Answer<Page<Location>> in
                        try await graph.locationPage(number, filters: request.filters, policy: policy)
                    }
                    return .locationPageRead(request, report)
                case .episode, .character:
                    let report = await services.read {
                        () async throws(RepositoryError) -> Answer<Page<Episode>> in
                        try await graph.episodePage(number, filters: request.filters, policy: policy)
                    }
                    return .episodePageRead(request, report)
                }
            }
        ]
    }

    /// Applies a page of a list that still belongs to its filters.
    func applyEntityPage<Row: ListedEntity>(
        _ request: EntityPageRequest, _ report: ReadReport<Page<Row>>,
        list path: WritableKeyPath<BrowserState, EntityList<Row>>, state: inout BrowserState
    ) -> [Effect<BrowserMessage>] {
        guard request.generation == state[keyPath: path].generation,
            state[keyPath: path].loading[request.number] == request.policy
        else { return [] }
        state[keyPath: path].loading[request.number] = nil
        record(query: request.query, kind: Row.kind, policy: request.policy, report, state: &state)
        switch report.result {
        case .success(let answer):
            guard state[keyPath: path].apply(answer.value, number: request.number) else { return [] }
            let count = state[keyPath: path].rowCount
            state[keyPath: path].list.clamp(rowCount: count, visibleRows: state.layout.visibleListRows)
            if restoreSelection(list: path, state: &state) {
                return requestEntityPage(
                    state[keyPath: path].nextPageNumber, list: path, policy: .localFirst, state: &state)
            }
            return loadMoreIfNeeded(list: path, state: &state)
        case .failure(let error):
            showToast("Could not load \(request.query): \(error.description)", kind: .error, state: &state)
            return []
        }
    }
}
